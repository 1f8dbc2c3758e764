import { principalOf } from '../../auth/authenticate';
import type { FastifyInstance } from 'fastify';
import type { UploadedFile } from '@contract/files';
import type { ResourceResponse } from '@contract/list';
import { INCIDENT_FILE_TOO_LARGE, incidentFileTypeNotAllowed, PHOTO_TOO_LARGE } from '@rules/files';
import { isUniqueViolation } from '../../db/errors';
import { ApiError, badRequest, conflict, notFound } from '../../http/errors';
import { MAX_FILES_PER_UPLOAD, readUploadedFiles } from '../../http/uploads';
import { sniffContentType } from './file-content';
import type { FilesRepository } from './files.repository';
import { storePhoto } from './files.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UPLOAD_NAME = /^(.*)-original$/;

/**
 * The one byte range a `Range: bytes=…` header asks for, within a file of `size` bytes; null to
 * send the whole file (no single range: several ranges, or another unit), or 'unsatisfiable'.
 */
function byteRange(
  header: string,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  const [first, last] = [match[1] ?? '', match[2] ?? ''];
  // 'bytes=-500' is the last 500 bytes.
  const start = first === '' ? Math.max(0, size - Number(last)) : Number(first);
  const end = first === '' || last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

const fileExists = () => conflict('A file with this uuid already exists.', 'FILE_EXISTS');

export function filesRoutes(app: FastifyInstance, deps: { files: FilesRepository }): void {
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
      reply
        .type(file.mime_type)
        .header('Accept-Ranges', 'bytes')
        .header('Cache-Control', 'private, max-age=86400, immutable')
        .header('X-Content-Type-Options', 'nosniff');
      // A video is scrubbed through byte ranges; a range that cannot be served answers 416.
      const range = request.headers.range ? byteRange(request.headers.range, file.size) : null;
      if (range === 'unsatisfiable') {
        return reply
          .status(416)
          .type('application/json')
          .header('Content-Range', `bytes */${file.size}`)
          .send({
            error: { code: 'RANGE_NOT_SATISFIABLE', message: 'The range is outside the file.' },
          });
      }
      if (range) {
        return reply
          .status(206)
          .header('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`)
          .header('Content-Length', range.end - range.start + 1)
          .send(deps.files.read(file.storage_name, range));
      }
      return reply.header('Content-Length', file.size).send(deps.files.read(file.storage_name));
    },
  );

  /**
   * Incident photos and videos, several in one request (field `files`), each judged by its bytes.
   * Every file is checked before any is stored, so a refused upload leaves nothing behind.
   */
  app.post(
    '/files/multiple/Kgguards',
    async (request): Promise<ResourceResponse<UploadedFile[]>> => {
      const uploads = await readUploadedFiles(request, {
        field: 'files',
        maxFiles: MAX_FILES_PER_UPLOAD,
        tooLargeMessage: INCIDENT_FILE_TOO_LARGE,
      });
      const judged = uploads.map((upload) => {
        const type = sniffContentType(upload.head);
        if (!type) {
          throw new ApiError(
            415,
            'FILE_TYPE_NOT_ALLOWED',
            `${upload.filename}: ${incidentFileTypeNotAllowed(upload.declaredType)}`,
          );
        }
        return { ...upload, type };
      });
      const uploadedBy = principalOf(request).profileUuid;
      const saved = [];
      for (const upload of judged) {
        saved.push(
          await deps.files.save({
            spooled: upload,
            filename: upload.filename,
            type: upload.type,
            uploadedBy,
          }),
        );
      }
      return { resource: saved };
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
      // A cheap early answer; the unique uuid in the database decides a race (below).
      if (await deps.files.exists(uuid)) throw fileExists();
      const [photo] = await readUploadedFiles(request, {
        field: 'file',
        maxFiles: 1,
        tooLargeMessage: PHOTO_TOO_LARGE,
      });
      try {
        return await storePhoto(deps.files, principalOf(request), photo, uuid);
      } catch (error) {
        if (isUniqueViolation(error)) throw fileExists();
        throw error;
      }
    },
  );
}
