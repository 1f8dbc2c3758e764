import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemoData } from '../../server/src/db/seed/demo';
import { authHeaders, makeTestApp, signIn, type TestApp } from './test-app';

// The query language's hostile inputs sent through real list calls: each must be a 400 with the
// error body, and the database (its rows and its schema) must be exactly as before.

let t: TestApp;
let token: string;

/** Every table with its columns (read by Kysely's introspection, on either engine) and rows. */
async function snapshot() {
  const tables = await t.db.introspection.getTables();
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const result = await t.db.executeQuery<{ n: number }>(
      CompiledQuery.raw(`select count(*) as n from "${table.name}"`),
    );
    counts[table.name] = Number(result.rows[0]?.n);
  }
  return { schema: tables, counts };
}

beforeAll(async () => {
  t = await makeTestApp();
  await seedDemoData(t.db, { dataDir: t.dataDir });
  token = await signIn(t.app, 'superadmin@example.com', DEMO_PASSWORD);
});
afterAll(async () => {
  await t.close();
});

const hostileFilters = [
  "' OR 1=1 --",
  "(name='a') OR 1=1 --",
  '(name=a); DROP TABLE residences',
  '; DROP TABLE residences; --',
  "name='a' UNION SELECT identifier FROM identities",
  'name = a UNION SELECT challenge_hash FROM identities',
  '(password IS NULL)',
  '(challenge_hash IS NOT NULL)',
  "((name='a')",
  "(name='a'))",
  '(uuid IN (SELECT uuid FROM guards))',
  '(uuid=(select 1))',
  "name='a' /* comment */",
  "(name = 'x') OR (name = 'y' -- ')",
  `(name='${'x'.repeat(10_000)}')`,
  `${'('.repeat(11)}name='a'${')'.repeat(11)}`,
];

describe.each(['/kgapi/data/residences', '/kgapi/guards/list', '/kgapi/attendances/list'])(
  'hostile filters on %s',
  (url) => {
    it.each(hostileFilters.map((filter) => [filter.slice(0, 60), filter]))(
      '%s → 400, nothing changed',
      async (_label, filter) => {
        const before = await snapshot();
        const response = await t.app.inject({
          method: 'GET',
          url,
          query: { filter },
          headers: authHeaders(token),
        });
        expect(response.statusCode, response.body).toBe(400);
        const body = response.json<{ error: { code: string; message: string } }>();
        expect(body.error.code).toMatch(/^INVALID_/);
        expect(body.error.message.length).toBeGreaterThan(0);
        expect(await snapshot()).toEqual(before);
      },
    );
  },
);

describe('hostile order, limit, offset and related', () => {
  it.each([
    ['order', 'name; DROP TABLE residences'],
    ['order', '(select 1)'],
    ['order', 'password desc'],
    ['limit', '-1'],
    ['limit', '1; DROP TABLE residences'],
    ['limit', '100000'],
    ['offset', '-5'],
    ['offset', '1 OR 1=1'],
    ['related', 'identities'],
  ])('%s=%s → 400', async (parameter, value) => {
    const before = await snapshot();
    const response = await t.app.inject({
      method: 'GET',
      url: '/kgapi/data/residences',
      query: { [parameter]: value },
      headers: authHeaders(token),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(await snapshot()).toEqual(before);
  });
});
