import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../../server/src/app';
import { readConfig } from '../../server/src/config';
import type { DB } from '../../server/src/db/database';
import { outboxDirectory } from '../../server/src/mail/mailer';
import { createUser, PASSWORD } from './factories';
import { openTestDatabase } from './test-database';

export const APP_KEY = 'test-app-key';

export interface TestApp {
  app: FastifyInstance;
  db: DB;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * A fresh app on a freshly migrated database (test-database.ts: SQLite, PGlite or PostgreSQL), with its own data directory. `env` adds
 * settings as the environment would give them; `passwordGate` shrinks the gate to see its limits.
 */
export async function makeTestApp(
  options: { env?: NodeJS.ProcessEnv; passwordGate?: AppOptions['passwordGate'] } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'guard-console-test-'));
  const { db, close } = await openTestDatabase();
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
      await close();
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

export type Caller = 'admin' | 'company' | 'supervisor';

/**
 * A login of each role, signed in: admin@example.com, company@example.com of `companyUuid` and
 * supervisor@example.com of `supervisorSites` in that company. Answers their tokens by role.
 */
export async function signInEveryRole(
  t: TestApp,
  companyUuid: string,
  supervisorSites: string[],
): Promise<Record<Caller, string>> {
  await createUser(t.db, { email: 'admin@example.com', role: 'superadmin' });
  await createUser(t.db, { email: 'company@example.com', role: 'securitycompany', companyUuid });
  await createUser(t.db, {
    email: 'supervisor@example.com',
    role: 'sitesupervisor',
    companyUuid,
    siteUuids: supervisorSites,
  });
  return {
    admin: await signIn(t.app, 'admin@example.com', PASSWORD),
    company: await signIn(t.app, 'company@example.com', PASSWORD),
    supervisor: await signIn(t.app, 'supervisor@example.com', PASSWORD),
  };
}

/** The four callers of tests that set two companies against each other. */
export const TWO_COMPANY_USERS = {
  root: 'root@example.com',
  alpha: 'ops@alpha.example.com',
  alphaSupervisor: 'sup@alpha.example.com',
  bravo: 'ops@bravo.example.com',
} as const;

/**
 * Signs in the superadmin, a user of each company and a supervisor of `alpha`'s `supervisorSites`;
 * answers each session token by email.
 */
export async function signInTwoCompanies(
  t: TestApp,
  companies: { alpha: string; bravo: string },
  supervisorSites: string[],
): Promise<Record<string, string>> {
  const users = TWO_COMPANY_USERS;
  await createUser(t.db, { email: users.root, role: 'superadmin' });
  await createUser(t.db, {
    email: users.alpha,
    role: 'securitycompany',
    companyUuid: companies.alpha,
  });
  await createUser(t.db, {
    email: users.alphaSupervisor,
    role: 'sitesupervisor',
    companyUuid: companies.alpha,
    siteUuids: supervisorSites,
  });
  await createUser(t.db, {
    email: users.bravo,
    role: 'securitycompany',
    companyUuid: companies.bravo,
  });
  const tokens: Record<string, string> = {};
  for (const email of Object.values(users)) tokens[email] = await signIn(t.app, email, PASSWORD);
  return tokens;
}

/** The mails written to the outbox, oldest first, as text with quoted-printable undone. */
export function outboxMails(dataDir: string): string[] {
  const directory = outboxDirectory(dataDir);
  return readdirSync(directory)
    .sort()
    .map((file) =>
      readFileSync(path.join(directory, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    );
}
