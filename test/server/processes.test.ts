import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../server/src/db/engine/postgres';
import { COMPANY_EMAIL, SUPERADMIN_EMAIL } from '../../server/src/db/seed/demo-catalogue';
import { DEMO_PASSWORD } from '../../server/src/db/seed/demo';
import { demoCompanySite } from '../../server/src/db/seed/demo-organisation';
import { toDbTime } from '../../server/src/db/time';
import { TEST_ENGINE } from './test-database';

// Two server processes on one PostgreSQL database, each on its own port: whatever one process
// learns (a session, a failed sign-in, an incident number) the other must know, since it lives in
// the database and not in a process. Needs a real server (TEST_DATABASE_URL): PGlite lives inside
// one process.

const APP_KEY = 'processes-test-key';
const root = path.resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts `npm run server` with `env`; resolves once it prints that it is running. */
function startServer(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const timer = setTimeout(() => reject(new Error(`No start in 60 s:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Guard Console is running')) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The server ended (${code}):\n${output}`));
    });
  });
}

describe.skipIf(TEST_ENGINE !== 'postgres')(
  'two server processes on one PostgreSQL database',
  () => {
    const servers: ChildProcess[] = [];
    const bases: string[] = [];
    let databaseUrl = '';
    let dataDir = '';

    beforeAll(async () => {
      const serverUrl = new URL(process.env.TEST_DATABASE_URL ?? '');
      const name = `guard_console_processes_p${process.pid}_1`;
      const admin = new pg.Client({ connectionString: serverUrl.toString() });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      serverUrl.pathname = `/${name}`;
      databaseUrl = serverUrl.toString();
      dataDir = mkdtempSync(path.join(tmpdir(), 'guard-console-processes-'));
      // The first creates, migrates and seeds the database; the second finds it ready.
      for (let i = 0; i < 2; i += 1) {
        const port = await freePort();
        const env = {
          DATABASE_URL: databaseUrl,
          DATA_DIR: dataDir,
          PORT: String(port),
          HOST: '127.0.0.1',
          APP_KEYS: APP_KEY,
          STATIC_DIR: '',
          DEMO_DATA: 'on',
          WORKERS: '1',
        };
        servers.push(await startServer(env));
        bases.push(`http://127.0.0.1:${port}/kgapi`);
      }
    }, 120_000);

    afterAll(async () => {
      await Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.once('exit', () => resolve());
              server.kill('SIGTERM');
            }),
        ),
      );
      rmSync(dataDir, { recursive: true, force: true });
    });

    async function signIn(base: string, email: string, password: string) {
      return fetch(`${base}/admin/session`, {
        method: 'POST',
        headers: { 'x-application-key': APP_KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ identifier: email, challenge: password }),
      });
    }
    const headers = (token: string) => ({
      'x-application-key': APP_KEY,
      authorization: `Bearer ${token}`,
    });

    it('takes a session made on one process on the other, and ends it on both', async () => {
      const [a = '', b = ''] = bases;
      const signedIn = await signIn(a, SUPERADMIN_EMAIL, DEMO_PASSWORD);
      expect(signedIn.status).toBe(200);
      const { session_token: token } = (await signedIn.json()) as { session_token: string };
      expect((await fetch(`${b}/guards/list?limit=1`, { headers: headers(token) })).status).toBe(
        200,
      );
      const signedOut = await fetch(`${b}/identity/session`, {
        method: 'DELETE',
        headers: headers(token),
      });
      expect(signedOut.status, await signedOut.text()).toBe(200);
      expect((await fetch(`${a}/guards/list?limit=1`, { headers: headers(token) })).status).toBe(
        401,
      );
    });

    it('never gives one incident number twice under 20 adds at once, spread over both', async () => {
      const [a = '', b = ''] = bases;
      const signedIn = await signIn(a, COMPANY_EMAIL, DEMO_PASSWORD);
      const { session_token: token } = (await signedIn.json()) as { session_token: string };
      const db = openPostgres(databaseUrl);
      const site = await demoCompanySite(db, 'kipleguard_reporting');
      const category = await db
        .selectFrom('incident_categories')
        .select('uuid')
        .executeTakeFirstOrThrow();
      const adds = Array.from({ length: 20 }, (_, i) =>
        fetch(`${i % 2 === 0 ? a : b}/incidents/add`, {
          method: 'POST',
          headers: { ...headers(token), 'content-type': 'application/json' },
          body: JSON.stringify({
            incident_date: toDbTime(new Date(Date.now() - 60_000)),
            residence_uuid: site.uuid,
            category_uuid: category.uuid,
            description: `Parallel report ${i}`,
            actions_taken: '',
            status: 'PENDING',
            files: [],
          }),
        }),
      );
      const answers = await Promise.all(adds);
      expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
      const numbers = await db
        .selectFrom('incidents')
        .select('kg_incident_id')
        .where('description', 'like', 'Parallel report %')
        .execute();
      await db.destroy();
      expect(numbers).toHaveLength(20);
      expect(new Set(numbers.map((row) => row.kg_incident_id)).size).toBe(20);
    });

    it('counts failed sign-ins from one address across both processes', async () => {
      const [a = '', b = ''] = bases;
      // Five failures are free per address; the sixth makes it wait. Three on each process.
      for (let i = 0; i < 6; i += 1) {
        const answer = await signIn(i % 2 === 0 ? a : b, 'nobody@example.com', 'Wrong@12345');
        expect(answer.status, `failure ${i + 1}`).toBe(401);
      }
      const refused = await signIn(b, 'nobody@example.com', 'Wrong@12345');
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
        /^Too many failed sign-in attempts from your network\. Please try again in \d+ seconds?\.$/,
      );
    });
  },
);
