import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFound } from './errors';

/** Vite names every built asset by its content's hash (with .br or .gz beside it): such a file never changes. */
const HASHED_ASSET = /[/\\]assets[/\\][^/\\]+-[\w-]{8,}\.\w+(\.br|\.gz)?$/;

/**
 * Serves the built console: hashed assets cached for a year as immutable, everything else
 * (index.html above all) revalidated on every load, so a new build reaches users at once. Files
 * compressed at build time (.br, .gz) are sent to browsers that accept them.
 */
export async function registerConsoleFiles(
  app: FastifyInstance,
  staticDir: string | null,
): Promise<void> {
  if (!staticDir || !existsSync(path.join(staticDir, 'index.html'))) return;
  await app.register(fastifyStatic, {
    root: staticDir,
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    // Source maps are not served, even from a build made with them.
    allowedPath: (pathName) => !pathName.endsWith('.map'),
    setHeaders: (response, filePath) => {
      response.setHeader(
        'Cache-Control',
        HASHED_ASSET.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  // Client-side routes (/dashboard, /guard-details/…) all load the SPA.
  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') throw notFound('Not found.');
    return reply.type('text/html').header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
