import { principalOf } from '../../auth/authenticate';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { PHOTO_TOO_LARGE, PHOTO_TYPE_NOT_ALLOWED } from '../../../../src/lib/rules/files';
import { isUniqueViolation } from '../../db/errors';
import { ApiError, badRequest, conflict, notFound } from '../../http/errors';
import { readUploadedFiles } from '../../http/uploads';
import { sniffContentType } from './file-content';
import { filesDirectory, type FilesRepository } from './files.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UPLOAD_NAME = /^(.*)-original$/;

const fileExists = () => conflict('A file with this uuid already exists.', 'FILE_EXISTS');

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
      // A cheap early answer; the unique uuid in the database decides a race (below).
      if (await deps.files.exists(uuid)) throw fileExists();
      const [{ bytes, filename }] = await readUploadedFiles(request, {
        field: 'file',
        maxFiles: 1,
        tooLargeMessage: PHOTO_TOO_LARGE,
      });
      const type = sniffContentType(bytes);
      if (type !== 'image/png' && type !== 'image/jpeg') {
        throw new ApiError(415, 'FILE_TYPE_NOT_ALLOWED', PHOTO_TYPE_NOT_ALLOWED);
      }
      try {
        return await deps.files.save({
          bytes,
          filename,
          type,
          uuid,
          uploadedBy: principalOf(request).profileUuid,
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw fileExists();
        throw error;
      }
    },
  );
}
