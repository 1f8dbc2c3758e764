import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { createAccountsRepository } from './auth/accounts.repository';
import { registerAuthentication } from './auth/authenticate';
import { createSessionsRepository } from './auth/sessions';
import type { ServerConfig } from './config';
import type { DB } from './db/database';
import { notFound, registerErrorHandling } from './http/errors';
import { adminRoutes } from './modules/admin/admin.routes';
import { createDashboardRepository } from './modules/dashboard/dashboard.repository';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { createFilesRepository } from './modules/files/files.repository';
import { filesRoutes } from './modules/files/files.routes';
import { sessionRoutes } from './modules/session/session.routes';

export const API_PREFIX = '/kgapi';

export interface AppOptions {
  config: ServerConfig;
  db: DB;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the whole app without listening, so tests drive it with app.inject(). */
export async function buildApp({
  config,
  db,
  logger = false,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger, bodyLimit: 1_048_576 });
  registerErrorHandling(app);

  const accounts = createAccountsRepository(db);
  const sessions = createSessionsRepository(db, config.sessionTtlHours);
  const files = createFilesRepository(db, config.dataDir);
  const dashboard = createDashboardRepository(db);

  await app.register(
    async (api) => {
      registerAuthentication(api, { appKeys: config.appKeys, sessions, accounts });
      sessionRoutes(api, { accounts, sessions });
      adminRoutes(api, { accounts });
      dashboardRoutes(api, { dashboard });
      filesRoutes(api, { files, dataDir: config.dataDir });
      api.setNotFoundHandler(() => {
        throw notFound('There is no such API call.');
      });
    },
    { prefix: API_PREFIX },
  );

  const index = config.staticDir && path.join(config.staticDir, 'index.html');
  if (config.staticDir && index && existsSync(index)) {
    await app.register(fastifyStatic, { root: config.staticDir, wildcard: false });
    // Client-side routes (/dashboard, /guard-details/…) all load the SPA.
    app.setNotFoundHandler((request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') throw notFound('Not found.');
      return reply.type('text/html').sendFile('index.html');
    });
  }
  return app;
}
