import { sql, type Kysely, type SqlBool } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineOf } from '../../server/src/db/engine';
import { openScratchDatabase } from './test-database';
import {
  QueryError,
  applyListQuery,
  parseFilter,
  parseListQuery,
  type ResourceQuerySpec,
} from '../../server/src/query';

/** Computed fields: a field reached through another table, compiled by the resource itself. */

interface TestDatabase {
  guards: { uuid: string; name: string; company_uuid: string };
  companies: { uuid: string; name: string };
  guard_sites: { guard_uuid: string; site_uuid: string };
}

const SPEC: ResourceQuerySpec = {
  fields: {
    uuid: 'guards.uuid',
    name: 'guards.name',
    // Many-to-many: some link row satisfies the condition.
    site_uuid: {
      compile: (test) =>
        sql<SqlBool>`guards.uuid in (select gs.guard_uuid from guard_sites as gs where ${test(sql.ref('gs.site_uuid'))})`,
    },
    // Many-to-one: exact, and sortable through the page query's join.
    company_name: {
      compile: (test) =>
        sql<SqlBool>`guards.company_uuid in (select c.uuid from companies as c where ${test(sql.ref('c.name'))})`,
      orderBy: 'companies.name',
    },
  },
  defaultOrder: { field: 'uuid', direction: 'asc' },
};

let db: Kysely<TestDatabase>;

let closeDb: () => Promise<void>;

beforeAll(async () => {
  ({ db, close: closeDb } = await openScratchDatabase<TestDatabase>());
  await sql`create table companies (uuid text primary key, name text not null)`.execute(db);
  await sql`create table guards (uuid text primary key, name text not null, company_uuid text not null)`.execute(
    db,
  );
  await sql`create table guard_sites (guard_uuid text not null, site_uuid text not null)`.execute(
    db,
  );
  await db
    .insertInto('companies')
    .values([
      { uuid: 'c1', name: 'Zenith' },
      { uuid: 'c2', name: 'Aegis' },
    ])
    .execute();
  await db
    .insertInto('guards')
    .values([
      { uuid: 'g1', name: 'Alice', company_uuid: 'c1' },
      { uuid: 'g2', name: 'Bob', company_uuid: 'c1' },
      { uuid: 'g3', name: 'Chan', company_uuid: 'c2' },
      { uuid: 'g4', name: 'Dana', company_uuid: 'c2' },
    ])
    .execute();
  await db
    .insertInto('guard_sites')
    .values([
      { guard_uuid: 'g1', site_uuid: 's1' },
      { guard_uuid: 'g1', site_uuid: 's2' },
      { guard_uuid: 'g2', site_uuid: 's2' },
      { guard_uuid: 'g3', site_uuid: 's3' },
    ])
    .execute();
});

afterAll(async () => {
  await closeDb();
});

async function uuidsMatching(filter: string): Promise<string[]> {
  const rows = await db
    .selectFrom('guards')
    .select('guards.uuid')
    .where(parseFilter(filter, SPEC.fields))
    .orderBy('guards.uuid')
    .execute();
  return rows.map((row) => row.uuid);
}

describe('computed fields in filters', () => {
  it.each<[string, string[]]>([
    ["site_uuid = 's2'", ['g1', 'g2']],
    ["site_uuid = 's1' AND site_uuid = 's2'", ['g1']],
    ["site_uuid IN ('s1', 's3')", ['g1', 'g3']],
    ["NOT (site_uuid = 's2')", ['g3', 'g4']],
    ["site_uuid like 'S%'", ['g1', 'g2', 'g3']],
    ["(site_uuid = 's3') OR (name = 'Dana')", ['g3', 'g4']],
    ["company_name like '%aeg%'", ['g3', 'g4']],
    ["company_name != 'Aegis'", ['g1', 'g2']],
    ['company_name IS NULL', []],
  ])('%s', async (filter, expected) => {
    expect(await uuidsMatching(filter)).toEqual(expected);
  });

  it('binds every value, inside the sub-select too', () => {
    const query = db
      .selectFrom('guards')
      .select('guards.uuid')
      .where(parseFilter("site_uuid = 's1'' OR 1=1 --' AND name = 'x'", SPEC.fields))
      .compile();
    // The first placeholder: SQLite's ?, PostgreSQL's $1.
    const first = engineOf(db) === 'postgres' ? '$1' : '?';
    expect(query.sql).toContain(
      `(guards.uuid in (select gs.guard_uuid from guard_sites as gs where "gs"."site_uuid" = ${first}))`,
    );
    expect(query.parameters).toEqual(["s1' OR 1=1 --", 'x']);
  });

  it('still refuses fields outside the spec', () => {
    expect(() => parseFilter("site = 's1'", SPEC.fields)).toThrow(QueryError);
  });
});

describe('computed fields in order', () => {
  it('sorts by the orderBy column of a computed field', async () => {
    const list = parseListQuery({ order: 'company_name asc, name desc' }, SPEC);
    expect(list.order.map((term) => term.ref)).toEqual([
      'companies.name',
      'guards.name',
      'guards.uuid',
    ]);
    const query = db
      .selectFrom('guards')
      .innerJoin('companies', 'companies.uuid', 'guards.company_uuid')
      .select('guards.uuid');
    const rows = await applyListQuery(query, list).execute();
    expect(rows.map((row) => row.uuid)).toEqual(['g4', 'g3', 'g2', 'g1']);
  });

  it('refuses a computed field without a sort column, and leaves it out of the default sortable set', () => {
    expect(() => parseListQuery({ order: 'site_uuid' }, SPEC)).toThrow(
      "Field 'site_uuid' cannot be used in order.",
    );
    expect(() =>
      parseListQuery({ order: 'site_uuid' }, { ...SPEC, sortable: ['site_uuid'] }),
    ).toThrow("Field 'site_uuid' cannot be used in order.");
  });

  it('fails loudly when the default order names a field with no sort column', () => {
    const broken = { ...SPEC, defaultOrder: { field: 'site_uuid', direction: 'asc' as const } };
    expect(() => parseListQuery({}, broken)).toThrow(Error);
    expect(() => parseListQuery({}, broken)).not.toThrow(QueryError);
  });
});
