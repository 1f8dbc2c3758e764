import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../../server/src/app';
import { readConfig } from '../../server/src/config';
import { migrateToLatest, openDatabase, type DB } from '../../server/src/db/database';

export const APP_KEY = 'test-app-key';

export interface TestApp {
  app: FastifyInstance;
  db: DB;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * A fresh app on a fresh, migrated in-memory database, with its own data directory. `env` adds
 * settings as the environment would give them; `passwordGate` shrinks the gate to see its limits.
 */
export async function makeTestApp(
  options: { env?: NodeJS.ProcessEnv; passwordGate?: AppOptions['passwordGate'] } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'guard-console-test-'));
  const db = openDatabase(':memory:');
  await migrateToLatest(db);
  const config = readConfig({
    DATA_DIR: dataDir,
    APP_KEYS: APP_KEY,
    STATIC_DIR: '',
    ...options.env,
  });
  const app = await buildApp({ config, db, passwordGate: options.passwordGate });
  return {
    app,
    db,
    dataDir,
    async close() {
      await app.close();
      await db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function authHeaders(token: string): Record<string, string> {
  return { 'x-application-key': APP_KEY, authorization: `Bearer ${token}` };
}

/** Signs in through the API and answers the session token. */
export async function signIn(
  app: FastifyInstance,
  email: string,
  password: string,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/kgapi/admin/session',
    headers: { 'x-application-key': APP_KEY },
    payload: { identifier: email, challenge: password },
  });
  if (response.statusCode !== 200) {
    throw new Error(`Sign-in as ${email} failed: ${response.statusCode} ${response.body}`);
  }
  return response.json<{ session_token: string }>().session_token;
}
