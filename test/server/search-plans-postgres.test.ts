import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql, type CompiledQuery, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keywordFilter } from '../../src/api/filters';
import { buildApp } from '../../server/src/app';
import { readConfig } from '../../server/src/config';
import type { DB } from '../../server/src/db/database';
import { createCompany, createSite, createUser, PASSWORD } from './factories';
import { APP_KEY, authHeaders, signIn } from './test-app';
import { openTestDatabase, TEST_ENGINE, type TestDatabase } from './test-database';

// Issue 37: on PostgreSQL a search of a list's fields, one of them a related row's name (a pass's
// site, a guard's company), read every row of the list, page and count alike: the related arm
// was `key in (sub-select)`, a hashed sub-plan no index serves, inside the search's OR. The
// related rows are now read first and their keys given as values (readListQuery), which the
// planner sees, so each arm can read its own index. At a test's size the planner rightly prefers
// reading every row anyway (docs/performance.md has the plans at 200,000 passes), so these check
// the statements each role's search runs, and their answers, not the plans or the time.

const GUARDS = 2_000;
const PASSES = 4_000;
const SITES = 20;

let opened: TestDatabase;
let app: FastifyInstance;
let dataDir: string;
const tokens: Record<'admin' | 'company' | 'supervisor', string> = {
  admin: '',
  company: '',
  supervisor: '',
};
const statements: CompiledQuery[] = [];
let siteNames: string[] = [];

/** Keeps each statement the app runs, compiled, to explain it afterwards. */
function capturing(db: DB): KyselyPlugin {
  return {
    transformQuery(args) {
      statements.push(db.getExecutor().compileQuery(args.node, args.queryId));
      return args.node;
    },
    async transformResult(args) {
      return args.result;
    },
  };
}

const onPostgres = TEST_ENGINE !== 'sqlite';

beforeAll(async () => {
  if (!onPostgres) return;
  dataDir = mkdtempSync(path.join(tmpdir(), 'guard-console-pg-plans-'));
  opened = await openTestDatabase();
  const db = opened.db;
  const aegis = await createCompany(db, 'Aegis Guarding');
  const benteng = await createCompany(db, 'Benteng Protection');
  const sites: string[] = [];
  for (let i = 0; i < SITES; i += 1) {
    sites.push(await createSite(db, i % 2 === 0 ? aegis : benteng, { name: `Laman ${i} Court` }));
  }
  siteNames = sites.map((_, i) => `Laman ${i} Court`);
  // Bulk rows with the tables' triggers off (the per-site counts, the audit): only plans matter.
  await db.transaction().execute(async (trx) => {
    await sql`set local session_replication_role = replica`.execute(trx);
    await sql`insert into guards (uuid, guard_id, name, security_company_uuid)
      select 'guard-' || i, 'G-' || i, 'Guard Tan ' || i,
        case when i % 2 = 0 then ${aegis} else ${benteng} end
      from generate_series(0, ${GUARDS - 1}) as i`.execute(trx);
    await sql`insert into visitors (uuid, residence_uuid, name, category, date, start_time,
        end_time, qr_code, created_at, car_plate_number)
      select 'pass-' || i, (${sql.val(sites)}::text[])[1 + i % ${SITES}], 'Guest ' || i, 'Visitor',
        '2025-01-01', '00:00:00', '23:59:00', 'QR-' || i,
        to_char(timestamp '2025-01-01' + i * interval '1 minute', 'YYYY-MM-DD HH24:MI:SS'),
        'WXY ' || i
      from generate_series(0, ${PASSES - 1}) as i`.execute(trx);
  });
  await sql`analyze`.execute(db);
  await createUser(db, { email: 'admin@example.com', role: 'superadmin' });
  await createUser(db, {
    email: 'company@example.com',
    role: 'securitycompany',
    companyUuid: aegis,
  });
  await createUser(db, {
    email: 'supervisor@example.com',
    role: 'sitesupervisor',
    companyUuid: aegis,
    siteUuids: [sites[0] ?? '', sites[2] ?? ''],
  });
  app = await buildApp({
    config: readConfig({ DATA_DIR: dataDir, APP_KEYS: APP_KEY, STATIC_DIR: '' }),
    db: db.withPlugin(capturing(db)),
  });
  tokens.admin = await signIn(app, 'admin@example.com', PASSWORD);
  tokens.company = await signIn(app, 'company@example.com', PASSWORD);
  tokens.supervisor = await signIn(app, 'supervisor@example.com', PASSWORD);
}, 300_000);

afterAll(async () => {
  if (!onPostgres) return;
  await app.close();
  await opened.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The console's search box of each list (src/api/<list>.ts) and the table it lists. */
const LISTS = [
  {
    table: 'guards',
    url: '/kgapi/guards/list',
    search: ['guard_id', 'name', 'security_company_name'],
  },
  {
    table: 'visitors',
    url: '/kgapi/visitors/list',
    search: ['residence_name', 'category', 'name', 'car_plate_number', 'status'],
  },
] as const;

/** Searches a list as the console does; answers the page and the plans of its statements. */
async function search(list: (typeof LISTS)[number], role: keyof typeof tokens, text: string) {
  statements.length = 0;
  const response = await app.inject({
    method: 'GET',
    url: list.url,
    query: { filter: keywordFilter([...list.search], text), order: 'created_at desc', limit: '8' },
    headers: authHeaders(tokens[role]),
  });
  expect(response.statusCode, response.body).toBe(200);
  const reading = statements.filter(
    (statement) =>
      statement.sql.startsWith('select') &&
      new RegExp(`\\b"?${list.table}"?\\b`).test(statement.sql),
  );
  return {
    body: response.json<{ resource: Array<{ uuid: string }>; meta: { count: number } }>(),
    statements: reading.map((statement) => statement.sql),
  };
}

describe.skipIf(!onPostgres)('searches on PostgreSQL read a related row’s matches first', () => {
  describe.each(LISTS)('$url', (list) => {
    it.each(['admin', 'company', 'supervisor'] as const)(
      'as %s, searches a related row’s name through its keys, not a sub-select in the OR',
      async (role) => {
        const { body, statements: run } = await search(list, role, 'Nobody Here');
        expect(body).toEqual({ resource: [], meta: { count: 0 } });
        // The page and its count, each with the related arm as values (none match: no arm).
        expect(run.length).toBeGreaterThanOrEqual(2);
        for (const text of run) {
          expect(text).toMatch(/1 = 0/);
          expect(text).not.toMatch(/"filter_(site|company)"/);
        }
      },
    );
  });

  it('finds the passes of the sites a search names, with the other fields’ matches, in the caller’s scope', async () => {
    // Site 3 is Benteng's: its passes, and only for those who see Benteng's sites.
    const admin = await search(LISTS[1], 'admin', siteNames[3] ?? '');
    expect(admin.body.meta.count).toBe(PASSES / SITES);
    expect(admin.body.resource.map((row) => row.uuid)).toEqual(
      Array.from({ length: 8 }, (_, i) => `pass-${PASSES - SITES + 3 - SITES * i}`),
    );
    expect((await search(LISTS[1], 'company', siteNames[3] ?? '')).body.meta.count).toBe(0);
    // A supervisor finds the passes of its own site by its name.
    const both = await search(LISTS[1], 'supervisor', 'Laman 2 Court');
    expect(both.body.meta.count).toBe(PASSES / SITES);
    const plate = await search(LISTS[1], 'admin', `WXY ${PASSES - 1}`);
    expect(plate.body.resource.map((row) => row.uuid)).toEqual([`pass-${PASSES - 1}`]);
  });

  it('finds a company’s guards by its name', async () => {
    const { body } = await search(LISTS[0], 'admin', 'Benteng');
    expect(body.meta.count).toBe(GUARDS / 2);
    expect((await search(LISTS[0], 'company', 'Benteng')).body.meta.count).toBe(0);
  });
});
