import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app';
import { readConfig } from '../../server/src/config';
import { migrateToLatest, openDatabase, type DB } from '../../server/src/db/database';
import { COUNT_CAP } from '../../server/src/query';
import { sqlRows } from '../support/sql';
import { createCompany, createSite, createUser, PASSWORD } from './factories';
import { APP_KEY, authHeaders, signIn } from './test-app';

// At 100,000 attendance rows SQLite's statistics made it walk the whole created_at order for a
// search that matched nothing or one guard (52-68 ms, against 1 ms at a million). The list now
// chooses the plan by the search's matches itself: these check the plan, not the time.

const ROWS = 100_000;
const GUARDS = 10_000;

let db: DB;
let app: FastifyInstance;
let dataDir: string;
let token: string;
/** Every statement the server ran, as it ran it. */
const statements: CompiledQuery[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'guard-console-plans-'));
  db = openDatabase(':memory:', {
    log: (event) => {
      if (event.level === 'query') statements.push(event.query);
    },
  });
  await migrateToLatest(db);
  const company = await createCompany(db, 'Aegis Guarding');
  const sites = [
    await createSite(db, company, { name: 'Alpha Towers' }),
    await createSite(db, company, { name: 'Bravo Court' }),
  ];
  await sql`with recursive n(i) as (select 0 union all select i + 1 from n where i < ${sql.lit(GUARDS - 1)})
    insert into guards (uuid, guard_id, name, security_company_uuid)
    select 'guard-' || i, 'G-' || i, 'Guard Tan ' || i, ${company} from n`.execute(db);
  await sql`with recursive n(i) as (select 0 union all select i + 1 from n where i < ${sql.lit(ROWS - 1)})
    insert into attendances (uuid, guard_uuid, residence_uuid, checkin_at, created_at)
    select 'att-' || i, 'guard-' || (i % ${sql.lit(GUARDS)}),
      case when i % 2 = 0 then ${sites[0]} else ${sites[1]} end,
      datetime('2024-01-01', '+' || (i * 300) || ' seconds'),
      datetime('2024-01-01', '+' || (i * 300) || ' seconds')
    from n`.execute(db);
  await sql`analyze`.execute(db);
  await createUser(db, { email: 'admin@example.com', role: 'superadmin' });
  app = await buildApp({
    config: readConfig({ DATA_DIR: dataDir, APP_KEYS: APP_KEY, STATIC_DIR: '' }),
    db,
  });
  token = await signIn(app, 'admin@example.com', PASSWORD);
}, 120_000);

afterAll(async () => {
  await app.close();
  await db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Lists attendance with a filter and answers the plan of the statement that read the page. */
async function planOfPage(filter: string, extra = '') {
  statements.length = 0;
  const response = await app.inject({
    method: 'GET',
    url: `/kgapi/attendances/list?filter=${encodeURIComponent(filter)}&limit=8${extra}`,
    headers: authHeaders(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  const page = statements.find(
    (statement) =>
      statement.sql.startsWith('select "attendances"') && statement.sql.includes('limit'),
  );
  if (!page) throw new Error('No page statement was run.');
  const plan = await db.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`explain query plan ${page.sql}`, [...page.parameters]),
  );
  return {
    body: response.json<{ resource: Array<{ uuid: string }>; meta?: { count: number } }>(),
    plan: plan.rows.map((row) => row.detail),
  };
}

/** A plan that reads the whole list in its created_at order, testing each row. */
const walksTheWholeOrder = (plan: string[]) =>
  plan.some((step) =>
    /^SCAN attendances USING (COVERING )?INDEX attendances_created_uuid/.test(step),
  );

/** The console's attendance search: Guard ID, name or site (src/api/attendances.ts). */
const search = (text: string) =>
  `(guard_id like '%${text}%') OR (guard_name like '%${text}%') OR (residence_name like '%${text}%')`;

describe('GET /attendances/list at 100,000 rows: the search drives the plan', () => {
  it('answers a search that matches nothing from its matches, not by walking the order', async () => {
    const { body, plan } = await planOfPage(search('Nobody Here'));
    expect(body.resource).toEqual([]);
    expect(body.meta?.count).toBe(0);
    expect(walksTheWholeOrder(plan), plan.join('\n')).toBe(false);
  });

  it('answers a one-guard search from that guard’s rows, on the first page and the next', async () => {
    const guardRows = ROWS / GUARDS;
    const first = await planOfPage(search('Tan 9999'));
    expect(walksTheWholeOrder(first.plan), first.plan.join('\n')).toBe(false);
    expect(first.body.meta?.count).toBe(guardRows);
    expect(first.body.resource).toHaveLength(8);
    // The next page of a list the console has counted: asked without a count.
    const next = await planOfPage(search('Tan 9999'), '&offset=8&include_count=false');
    expect(walksTheWholeOrder(next.plan), next.plan.join('\n')).toBe(false);
    expect(next.body.meta).toBeUndefined();
    expect(next.body.resource).toHaveLength(guardRows - 8);
    const newestFirst = await sqlRows(
      db,
      `select uuid from attendances where guard_uuid = 'guard-9999'
       order by created_at desc, uuid desc`,
    );
    expect([...first.body.resource, ...next.body.resource].map((row) => row.uuid)).toEqual(
      newestFirst.map((row) => row.uuid),
    );
  });

  it.each([search('Guard Tan'), search('an'), "guard_name like '%an%'"])(
    'answers %s, which most rows match, by a walk in the order that stops after a page',
    async (filter) => {
      for (const extra of ['', '&offset=8&include_count=false']) {
        const { body, plan } = await planOfPage(filter, extra);
        expect(body.resource).toHaveLength(8);
        // Read through each guard's index instead, every matching row was gathered and sorted
        // (a multi-index OR): 370 ms for a superadmin's two-letter search at a million rows.
        expect(walksTheWholeOrder(plan), plan.join('\n')).toBe(true);
        expect(plan.join('\n')).not.toMatch(/MULTI-INDEX OR/);
      }
    },
  );

  it('answers a search most rows match with the newest rows first, counted up to the cap', async () => {
    const { body } = await planOfPage(search('Guard Tan'));
    expect(body.meta).toEqual({ count: COUNT_CAP, count_capped: true });
    const exact = await planOfPage(search('Guard Tan'), '&include_count=exact');
    expect(exact.body.meta).toEqual({ count: ROWS });
    const newest = await sqlRows(
      db,
      'select uuid from attendances order by created_at desc, uuid desc limit 8',
    );
    expect(body.resource.map((row) => row.uuid)).toEqual(newest.map((row) => row.uuid));
  });
});
