import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../http/errors';
import { filesDirectory, type FilesRepository } from './files.repository';

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
}
