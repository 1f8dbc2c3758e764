import { principalOf } from '../../auth/authenticate';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import {
  MAX_FILE_BYTES,
  PHOTO_TOO_LARGE,
  PHOTO_TYPE_NOT_ALLOWED,
} from '../../../../src/lib/rules/files';
import { ApiError, badRequest, notFound } from '../../http/errors';
import { sniffContentType } from './file-content';
import { filesDirectory, type FilesRepository } from './files.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UPLOAD_NAME = /^(.*)-original$/;

const tooLarge = () => new ApiError(413, 'FILE_TOO_LARGE', PHOTO_TOO_LARGE);

/** Reads the whole upload, refusing it as soon as it passes the size limit. */
async function readWithinLimit(app: FastifyInstance, part: MultipartFile): Promise<Buffer> {
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw tooLarge();
    throw error;
  }
  // Belt and braces: busboy marks a stream it cut at the limit as truncated.
  if (part.file.truncated || bytes.byteLength > MAX_FILE_BYTES) throw tooLarge();
  return bytes;
}

export function filesRoutes(
  app: FastifyInstance,
  deps: { files: FilesRepository; dataDir: string },
): void {
  app.get<{ Params: { key: string } }>(
    '/files/view/:key',
    {
      config: { access: 'none' },
      schema: {
        params: {
          type: 'object',
          properties: { key: { type: 'string', pattern: '^[0-9a-f]{64}$' } },
        },
      },
    },
    async (request, reply) => {
      const file = await deps.files.findByAccessKey(request.params.key);
      if (!file) throw notFound('File does not exist.');
      return reply
        .type(file.mime_type)
        .header('Content-Length', file.size)
        .header('Cache-Control', 'private, max-age=86400, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .send(createReadStream(path.join(filesDirectory(deps.dataDir), file.storage_name)));
    },
  );

  /**
   * A guard photo, stored under the uuid the console chose (path and query carry the same one).
   * The content decides the type, never the name or the declared type; the answer's URL is the
   * only way back to the file.
   */
  app.post<{ Params: { name: string }; Querystring: { uuid?: string } }>(
    '/files/Kgguards/:name',
    {
      schema: {
        params: {
          type: 'object',
          properties: { name: { type: 'string', maxLength: 200 } },
        },
        querystring: {
          type: 'object',
          properties: { uuid: { type: 'string', maxLength: 100 } },
        },
      },
    },
    async (request) => {
      const uuid = UPLOAD_NAME.exec(request.params.name)?.[1] ?? '';
      if (!UUID.test(uuid) || request.query.uuid !== uuid) {
        throw badRequest(
          'Upload to /files/Kgguards/{uuid}-original?uuid={uuid}, with the same UUID in both places.',
        );
      }
      if (!request.isMultipart()) {
        throw badRequest("Send the photo as multipart/form-data, in the field 'file'.");
      }
      if (await deps.files.exists(uuid)) {
        throw new ApiError(409, 'FILE_EXISTS', 'A file with this uuid already exists.');
      }
      const part = await request.file();
      if (!part || part.fieldname !== 'file') {
        throw badRequest("Send the photo as multipart/form-data, in the field 'file'.");
      }
      const bytes = await readWithinLimit(app, part);
      const type = sniffContentType(bytes);
      if (type !== 'image/png' && type !== 'image/jpeg') {
        throw new ApiError(415, 'FILE_TYPE_NOT_ALLOWED', PHOTO_TYPE_NOT_ALLOWED);
      }
      return deps.files.save({
        bytes,
        filename: part.filename,
        type,
        uuid,
        uploadedBy: principalOf(request).profileUuid,
      });
    },
  );
}
