import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app';
import { readConfig } from '../../server/src/config';
import { copyDatabase, type CopiedTable } from '../../server/src/db/copy';
import { migrateToLatest, openDatabase, type DB } from '../../server/src/db/database';
import { SUPERADMIN_EMAIL } from '../../server/src/db/seed/demo-catalogue';
import { DEMO_PASSWORD, seedDemoData } from '../../server/src/db/seed/demo';
import { APP_KEY, authHeaders, signIn } from './test-app';
import { openTestDatabase, TEST_ENGINE } from './test-database';
import { recordAudit } from '../../server/src/modules/audit/audit.repository';

// db:copy moves a company from the SQLite file to PostgreSQL: after it, the same API must answer
// the same from both databases.

/** Every list's first page, as the console asks for it, and the dashboard's figures. */
const CALLS = [
  '/kgapi/guards/list?limit=10&related=*',
  '/kgapi/attendances/list?limit=10',
  '/kgapi/visitors/list?limit=10',
  '/kgapi/incidents/list?limit=10&related=*',
  '/kgapi/securitycompanies/list?limit=10',
  '/kgapi/sitesupervisors/list?limit=10',
  "/kgapi/logins/list?limit=10&filter=(access_type='securitycompany')&related=residences",
  '/kgapi/data/residences?limit=10',
  '/kgapi/kiosks/list?limit=10',
  '/kgapi/dashboard/data',
];

describe.skipIf(TEST_ENGINE === 'sqlite')('db:copy from SQLite to PostgreSQL', () => {
  let source: DB;
  let target: { db: DB; close(): Promise<void> };
  let dataDir: string;
  let copied: CopiedTable[];
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'guard-console-copy-'));
    source = openDatabase(':memory:');
    await migrateToLatest(source);
    await seedDemoData(source, { dataDir });
    for (const action of ['backup', 'retention'] as const) {
      await recordAudit(source, { action, entity: action, entityUuid: null });
    }
    target = await openTestDatabase();
    copied = await copyDatabase(source, target.db);
    const config = readConfig({ DATA_DIR: dataDir, APP_KEYS: APP_KEY, STATIC_DIR: '' });
    for (const db of [source, target.db]) apps.push(await buildApp({ config, db }));
  }, 120_000);

  afterAll(async () => {
    for (const app of apps) await app.close();
    await source.destroy();
    await target.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('copies every row of every table, the counts checked table by table', () => {
    expect(copied.length).toBeGreaterThan(20);
    for (const table of copied) expect(table.target, table.table).toBe(table.source);
    const byName = new Map(copied.map((table) => [table.table, table.source]));
    expect(byName.get('guards')).toBeGreaterThan(100);
    expect(byName.get('attendances')).toBeGreaterThan(100);
    expect(byName.get('audit_entries')).toBe(2);
  });

  it('keeps the audit entries’ numbers, and numbers the next one after them', async () => {
    await recordAudit(target.db, { action: 'backup', entity: 'backup', entityUuid: null });
    const ids = await target.db.selectFrom('audit_entries').select('id').orderBy('id').execute();
    expect(ids.map((row) => row.id)).toEqual([1, 2, 3]);
  });

  it('answers every list’s first page and count, and the dashboard, the same from both', async () => {
    const tokens = await Promise.all(
      apps.map((app) => signIn(app, SUPERADMIN_EMAIL, DEMO_PASSWORD)),
    );
    for (const url of CALLS) {
      const [fromSqlite, fromPostgres] = await Promise.all(
        apps.map((app, i) =>
          app.inject({ method: 'GET', url, headers: authHeaders(tokens[i] ?? '') }),
        ),
      );
      expect(fromSqlite?.statusCode, url).toBe(200);
      expect(fromPostgres?.json(), url).toEqual(fromSqlite?.json());
    }
  });

  it('refuses a target that already holds data', async () => {
    await expect(copyDatabase(source, target.db)).rejects.toThrow(
      'The target database already holds data (user_profiles); db:copy fills only an empty database.',
    );
  });
});
