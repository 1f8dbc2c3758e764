import { randomUUID } from 'node:crypto';
import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import type { BusboyFileStream } from '@fastify/busboy';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MAX_FILE_BYTES, MAX_FILES_PER_UPLOAD } from '@rules/files';
import { ApiError, badRequest, payloadTooLarge } from './errors';

declare module 'fastify' {
  interface FastifyInstance {
    uploadMemory: UploadMemory;
    /** Where uploaded files wait on disk until stored (DATA_DIR/incoming). */
    uploadSpool: string;
  }
}

/** The folder of the data directory where uploads wait on disk, beside (not in) DATA_DIR/files. */
export function uploadSpoolDir(dataDir: string): string {
  return path.join(dataDir, 'incoming');
}

/** Bytes of a file kept in memory to judge its type; the rest goes to disk as it arrives. */
const HEAD_BYTES = 64;

/** The most files one upload call may carry: a shared rule, so the console batches to it. */
export { MAX_FILES_PER_UPLOAD };

/**
 * Limits for every multipart body, set once for every upload route. The guard app sends a few
 * short text fields beside its photos (an incident's description the longest, up to 5,000
 * characters), so a field is cut at 20 KiB and a handful in all: memory stays bounded whatever a
 * caller sends.
 */
export const MULTIPART_LIMITS = {
  fieldNameSize: 100,
  fieldSize: 20 * 1024,
  fields: 20,
  fileSize: MAX_FILE_BYTES,
  files: MAX_FILES_PER_UPLOAD,
  parts: MAX_FILES_PER_UPLOAD + 20,
  headerPairs: 20,
} as const;

/** Room for part headers, boundaries and text fields beside the files' own bytes. */
const ENVELOPE_BYTES = 512 * 1024;

/** How long a caller refused for memory is told to wait before it tries again, in seconds. */
export const UPLOAD_BUSY_RETRY_SECONDS = 5;

/**
 * The bytes of uploads one server process holds in memory at once, across all its requests. An
 * upload's files go to disk as they arrive (issue 35): what is held is each chunk between its
 * arrival and its write, so the budget bounds the chunks in flight. Past it an upload is refused
 * with 503 and Retry-After; each request's bytes are let go as they are written, and whatever is
 * left once its answer is out. A process's own memory, so it is counted in the process.
 */
export function createUploadMemory(budgetBytes: number) {
  let held = 0;
  const heldBy = new WeakMap<FastifyRequest, number>();
  return {
    /** Counts `bytes` more as held by `request`, or refuses them when the budget is spent. */
    hold(request: FastifyRequest, bytes: number): void {
      if (held + bytes > budgetBytes) {
        throw new ApiError(
          503,
          'UPLOADS_BUSY',
          'The server is busy receiving other uploads. Please try again in a few seconds.',
          { 'Retry-After': String(UPLOAD_BUSY_RETRY_SECONDS) },
        );
      }
      held += bytes;
      heldBy.set(request, (heldBy.get(request) ?? 0) + bytes);
    },
    /** Lets go of `bytes` the request held (written to disk). */
    free(request: FastifyRequest, bytes: number): void {
      const mine = heldBy.get(request) ?? 0;
      const freed = Math.min(mine, bytes);
      held -= freed;
      heldBy.set(request, mine - freed);
    },
    release(request: FastifyRequest): void {
      held -= heldBy.get(request) ?? 0;
      heldBy.delete(request);
    },
    /** Bytes held now, by all requests. */
    held: () => held,
  };
}

export type UploadMemory = ReturnType<typeof createUploadMemory>;

/** The files a request spooled, removed when it ends (a stored one has moved away already). */
const spooledBy = new WeakMap<FastifyRequest, string[]>();

async function removeSpooled(request: FastifyRequest): Promise<void> {
  const paths = spooledBy.get(request) ?? [];
  spooledBy.delete(request);
  await Promise.all(paths.map((file) => rm(file, { force: true })));
}

/** Multipart parsing for one door's routes, its uploads held within the app's `uploadMemory`. */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
  const memory = app.uploadMemory;
  // Sent, failed or cut off by the client: either way the request's bytes are let go, and the
  // files it spooled and did not store are removed.
  const done = async (request: FastifyRequest) => {
    memory.release(request);
    await removeSpooled(request);
  };
  app.addHook('onResponse', done);
  app.addHook('onRequestAbort', done);
}

export interface UploadedPart {
  filename: string;
  /** The type the client declared: only for messages, never trusted (the bytes decide). */
  declaredType: string;
  /** The file's first bytes, by which its type is judged. */
  head: Buffer;
  size: number;
  /** Where its bytes wait on disk until stored; removed when the request ends. */
  path: string;
}

interface UploadRules {
  /** The multipart field the files come in ('file' for a photo, 'files' for several). */
  field: string;
  maxFiles: number;
  /** The message for a file over MAX_FILE_BYTES, as the form that sends it words it. */
  tooLargeMessage: string;
}

/**
 * A client's file name as it may be stored and shown: no folders, no control characters and no
 * bidirectional overrides (which make 'gpj.exe' read as 'exe.jpg'), at most 255 characters.
 */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // Cc: control characters; Cf: format characters, the bidirectional marks and overrides among them.
  const plain = base.replace(/[\p{Cc}\p{Cf}]/gu, '');
  return [...plain.trim()].slice(0, 255).join('') || 'file';
}

/** A multipart form as read: its files and its text fields (the last value of each name). */
export interface UploadedForm {
  files: UploadedPart[];
  fields: Record<string, string>;
}

const malformed = () =>
  badRequest(
    'The upload could not be read: it is not well-formed multipart/form-data.',
    'MALFORMED_UPLOAD',
  );

const notMultipart = (rules: UploadRules) =>
  badRequest(`Send the upload as multipart/form-data, in the field '${rules.field}'.`);

/** Maps what the multipart parser throws to answers that say what was wrong. */
function uploadError(error: unknown, rules: UploadRules): ApiError {
  if (error instanceof ApiError) return error;
  switch ((error as { code?: unknown }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return payloadTooLarge(rules.tooLargeMessage, 'FILE_TOO_LARGE');
    case 'FST_FILES_LIMIT':
      return payloadTooLarge(
        `Send at most ${rules.maxFiles} file${rules.maxFiles === 1 ? '' : 's'} in one upload.`,
      );
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return payloadTooLarge('The upload has too many parts. Send only the files.');
    default:
      // Busboy's own errors (no boundary, a truncated body, a bad part header) carry no status.
      return malformed();
  }
}

/**
 * Writes a file's bytes to the spool as they arrive, each chunk counted in the process's upload
 * memory from its arrival until it is written; answers the file's head, size and spooled path.
 * A file that reaches the size limit is refused there: busboy would otherwise pass over the rest
 * of its part, to the end of the body, before the file's stream ends.
 */
async function spoolFile(
  request: FastifyRequest,
  file: BusboyFileStream,
  rules: UploadRules,
): Promise<{ head: Buffer; size: number; path: string }> {
  const tooLarge = () => payloadTooLarge(rules.tooLargeMessage, 'FILE_TOO_LARGE');
  const memory = request.server.uploadMemory;
  await mkdir(request.server.uploadSpool, { recursive: true });
  const spooled = path.join(request.server.uploadSpool, `${randomUUID()}.part`);
  spooledBy.set(request, [...(spooledBy.get(request) ?? []), spooled]);
  const out = await open(spooled, 'w', 0o600);
  try {
    return await new Promise((resolve, reject) => {
      let head = Buffer.alloc(0);
      let size = 0;
      let writing = Promise.resolve();
      let failed = false;
      const fail = (error: unknown) => {
        if (failed) return;
        failed = true;
        file.pause();
        reject(error);
      };
      file.on('data', (chunk: Buffer) => {
        try {
          memory.hold(request, chunk.byteLength);
        } catch (error) {
          fail(error);
          return;
        }
        if (head.byteLength < HEAD_BYTES) {
          head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.byteLength)]);
        }
        size += chunk.byteLength;
        // One write at a time, the stream paused meanwhile: a chunk is held only until written.
        file.pause();
        writing = writing
          .then(() => out.write(chunk))
          .then(() => {
            memory.free(request, chunk.byteLength);
            if (!failed) file.resume();
          })
          .catch(fail);
      });
      file.once('limit', () => fail(tooLarge()));
      file.once('end', () => {
        void writing.then(() => {
          if (failed) return;
          if (file.truncated) fail(tooLarge());
          else resolve({ head, size, path: spooled });
        });
      });
      file.once('error', (error) => fail(file.truncated ? tooLarge() : error));
    });
  } finally {
    await out.close();
  }
}

/**
 * Reads a multipart form within MULTIPART_LIMITS: a body announced as too large is refused before
 * any of it is read, and one that grows past a limit is refused there (413, and the connection
 * closes instead of reading the rest). Files come only in `rules.field`; none is required here.
 */
export async function readUploadedForm(
  request: FastifyRequest,
  rules: UploadRules,
): Promise<UploadedForm> {
  const encoding = request.headers['content-encoding'];
  if (encoding && encoding.toLowerCase() !== 'identity') {
    throw new ApiError(415, 'UNSUPPORTED_ENCODING', 'Send the upload uncompressed.');
  }
  if (!request.isMultipart()) throw notMultipart(rules);
  const announced = Number(request.headers['content-length'] ?? 0);
  const largest = rules.maxFiles * MAX_FILE_BYTES + ENVELOPE_BYTES;
  if (announced > largest) {
    throw payloadTooLarge(
      rules.maxFiles === 1
        ? rules.tooLargeMessage
        : 'The upload is too large. Send fewer or smaller files.',
    );
  }
  const files: UploadedPart[] = [];
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: { files: rules.maxFiles } })) {
      if (part.type === 'field') {
        if (part.valueTruncated || part.fieldnameTruncated) {
          throw payloadTooLarge('A form field in the upload is too large.');
        }
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== rules.field) throw notMultipart(rules);
      const spooled = await spoolFile(request, part.file, rules);
      // Belt and braces: busboy marks a stream it cut at the limit as truncated.
      if (part.file.truncated || spooled.size > MAX_FILE_BYTES) {
        throw payloadTooLarge(rules.tooLargeMessage, 'FILE_TOO_LARGE');
      }
      files.push({
        filename: safeFileName(part.filename),
        declaredType: part.mimetype,
        ...spooled,
      });
    }
  } catch (error) {
    throw uploadError(error, rules);
  }
  return { files, fields };
}

/** Reads the files of an upload that must carry at least one (the console's upload calls). */
export async function readUploadedFiles(
  request: FastifyRequest,
  rules: UploadRules,
): Promise<[UploadedPart, ...UploadedPart[]]> {
  const [first, ...rest] = (await readUploadedForm(request, rules)).files;
  if (!first) throw notMultipart(rules);
  return [first, ...rest];
}
