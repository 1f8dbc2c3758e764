import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keywordFilter } from '../../src/api/filters';
import { buildApp } from '../../server/src/app';
import { readConfig } from '../../server/src/config';
import { migrateToLatest, openDatabase, type DB } from '../../server/src/db/database';
import { createCompany, createSite, createUser, PASSWORD } from './factories';
import { APP_KEY, authHeaders, signIn } from './test-app';

// At the list bench's 100 k size (10,000 guards, 20,000 passes, 5,000 incidents over a few
// sites), SQLite's statistics say a site or a company holds thousands of rows, so a search of
// a site's or a company's name was tested on every guard, pass and incident: 8 to 18 ms for a
// search that matched nothing. The search's union now reads the matching sites or companies
// first and only their rows. These check the plans and the answers, not the time.

const GUARDS = 10_000;
const PASSES = 20_000;
const INCIDENTS = 5_000;

let db: DB;
let app: FastifyInstance;
let dataDir: string;
let token: string;
const statements: CompiledQuery[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'guard-console-search-plans-'));
  db = openDatabase(':memory:', {
    log: (event) => {
      if (event.level === 'query') statements.push(event.query);
    },
  });
  await migrateToLatest(db);
  const company = await createCompany(db, 'Aegis Guarding');
  const alpha = await createSite(db, company, { name: 'Alpha Towers' });
  const bravo = await createSite(db, company, { name: 'Bravo Court' });
  const site = (i: string) => sql`case when ${sql.raw(i)} % 2 = 0 then ${alpha} else ${bravo} end`;
  const numbers = (count: number) =>
    sql`with recursive n(i) as (select 0 union all select i + 1 from n where i < ${sql.lit(count - 1)})`;
  await sql`${numbers(GUARDS)}
    insert into guards (uuid, guard_id, name, security_company_uuid)
    select 'guard-' || i, 'G-' || i, 'Guard Tan ' || i, ${company} from n`.execute(db);
  await sql`${numbers(PASSES)}
    insert into visitors (uuid, residence_uuid, name, category, date, start_time, end_time, qr_code, created_at)
    select 'pass-' || i, ${site('i')}, 'Guest ' || i, 'Visitor', '2025-01-01', '00:00:00',
      '23:59:00', 'QR-' || i, datetime('2025-01-01', '+' || i || ' minutes')
    from n`.execute(db);
  await sql`${numbers(INCIDENTS)}
    insert into incidents (uuid, kg_incident_id, category_uuid, residence_uuid, incident_date, description, created_at)
    select 'incident-' || i, 'INC-' || i, (select uuid from incident_categories limit 1),
      ${site('i')}, '2025-01-01', 'Gate left open', datetime('2025-01-01', '+' || i || ' minutes')
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
  {
    table: 'incidents',
    url: '/kgapi/incidents/list',
    search: ['residence_name', 'user_email', 'guard_id'],
  },
] as const;

/** Searches a list as the console does; answers the page and the plans of its statements. */
async function search(list: (typeof LISTS)[number], text: string) {
  statements.length = 0;
  const response = await app.inject({
    method: 'GET',
    url: list.url,
    query: { filter: keywordFilter([...list.search], text), order: 'created_at desc', limit: '8' },
    headers: authHeaders(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  const plans = await Promise.all(
    statements
      .filter((statement) => statement.sql.includes(`"${list.table}"`))
      .map(async (statement) => {
        const plan = await db.executeQuery<{ detail: string }>(
          CompiledQuery.raw(`explain query plan ${statement.sql}`, [...statement.parameters]),
        );
        return plan.rows.map((row) => row.detail);
      }),
  );
  return {
    body: response.json<{ resource: Array<{ uuid: string }>; meta: { count: number } }>(),
    plans,
  };
}

/** A step that reads every row of the listed table, in any order. */
const readsEveryRow = (table: string, plan: string[]) =>
  plan.some((step) => new RegExp(`^SCAN ${table}\\b`).test(step));

describe.each(LISTS)('$url at the 100 k size: a search reads its matches', (list) => {
  it('answers a search that matches nothing without reading every row', async () => {
    const { body, plans } = await search(list, 'Nobody Here');
    expect(body).toEqual({ resource: [], meta: { count: 0 } });
    expect(plans.length).toBeGreaterThan(0);
    for (const plan of plans) expect(readsEveryRow(list.table, plan), plan.join('\n')).toBe(false);
  });
});

describe('a search of a related row’s name finds the rows it names', () => {
  it('answers a site’s passes and incidents, newest first, counted', async () => {
    for (const list of LISTS.slice(1)) {
      const { body } = await search(list, 'Bravo');
      const rows = list.table === 'visitors' ? PASSES : INCIDENTS;
      expect(body.meta.count, list.url).toBe(Math.min(rows / 2, 10_000));
      const prefix = list.table === 'visitors' ? 'pass-' : 'incident-';
      expect(body.resource.map((row) => row.uuid)).toEqual(
        Array.from({ length: 8 }, (_, i) => `${prefix}${rows - 1 - 2 * i}`),
      );
    }
  });

  it('answers a company’s guards', async () => {
    const { body } = await search(LISTS[0], 'Aegis');
    expect(body.meta.count).toBe(GUARDS);
  });
});
