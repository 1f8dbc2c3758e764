import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, sql, type SqlBool } from 'kysely';
import { describe, it, expect } from 'vitest';
import {
  DEFAULT_MAX_LIMIT,
  FEW_MATCHES,
  QueryError,
  applyListQuery,
  walksInOrder,
  parseListQuery,
  type ListQueryParams,
  type QueryErrorCode,
  type ResourceQuerySpec,
} from '../../server/src/query';

/** order / limit / offset / related validation, and the parsed query applied to a real select. */

const SPEC: ResourceQuerySpec = {
  fields: {
    uuid: 'sites.uuid',
    name: 'sites.name',
    created_at: 'sites.created_at',
    secret_note: 'sites.secret_note',
  },
  sortable: ['uuid', 'name', 'created_at'],
  related: ['security_company', 'units'],
  defaultOrder: { field: 'created_at', direction: 'desc' },
};

function expectQueryError(params: ListQueryParams, code: QueryErrorCode, message?: string): void {
  let caught: unknown;
  try {
    parseListQuery(params, SPEC);
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(QueryError);
  const error = caught as QueryError;
  expect(error.statusCode).toBe(400);
  expect(error.code).toBe(code);
  if (message !== undefined) expect(error.message).toBe(message);
}

describe('parseListQuery: defaults', () => {
  it('gives no filter, the default order, the max limit, offset 0, no relations and a count', () => {
    const { whereFor, ...parsed } = parseListQuery({}, SPEC);
    expect(whereFor({ inOrder: true })).toBeNull();
    expect(parsed).toEqual({
      where: null,
      order: [{ field: 'created_at', ref: 'sites.created_at', direction: 'desc' }],
      limit: DEFAULT_MAX_LIMIT,
      offset: 0,
      related: [],
      includeCount: true,
      exactCount: false,
      readsSearchIndex: false,
      engine: 'sqlite',
    });
  });

  it('treats empty parameters as absent', () => {
    const { whereFor, ...parsed } = parseListQuery(
      { filter: ' ', order: '', limit: '', offset: '', related: '', include_count: '' },
      SPEC,
    );
    const { whereFor: absentWhereFor, ...absent } = parseListQuery({}, SPEC);
    expect(parsed).toEqual(absent);
    expect(whereFor({})).toBe(absentWhereFor({}));
  });

  it("uses the spec's default limit and max limit", () => {
    expect(parseListQuery({}, { ...SPEC, defaultLimit: 25 }).limit).toBe(25);
    expect(parseListQuery({}, { ...SPEC, maxLimit: 50 }).limit).toBe(50);
  });

  it('returns a filter expression when a filter is given', () => {
    expect(parseListQuery({ filter: "name like '%a%'" }, SPEC).where).not.toBeNull();
  });
});

describe('parseListQuery: filter', () => {
  it('rejects a hostile or unknown-field filter', () => {
    expectQueryError({ filter: "' OR 1=1 --" }, 'INVALID_FILTER');
    expectQueryError(
      { filter: 'password IS NULL' },
      'INVALID_FILTER',
      "Unknown field 'password' in filter.",
    );
  });

  it('rejects a repeated or non-text filter parameter', () => {
    expectQueryError(
      { filter: ['a=1', 'b=2'] },
      'INVALID_FILTER',
      "Parameter 'filter' must be given once.",
    );
    expectQueryError({ filter: { a: 1 } }, 'INVALID_FILTER', "Parameter 'filter' must be text.");
  });

  it('passes filter options through', () => {
    const params = { filter: 'name = 1 OR name = 2' };
    expect(() => parseListQuery(params, SPEC, { limits: { maxConditions: 1 } })).toThrow(
      'Filter has too many conditions (at most 1).',
    );
    expect(parseListQuery(params, SPEC).where).not.toBeNull();
  });
});

describe('parseListQuery: order', () => {
  const order = (text: string) => parseListQuery({ order: text }, SPEC).order;

  it('defaults to ascending and appends the default order as a tie-breaker', () => {
    expect(order('name')).toEqual([
      { field: 'name', ref: 'sites.name', direction: 'asc' },
      { field: 'created_at', ref: 'sites.created_at', direction: 'desc' },
    ]);
  });

  it('reads several fields with directions in any case', () => {
    expect(order(' name DESC ,uuid Asc')).toEqual([
      { field: 'name', ref: 'sites.name', direction: 'desc' },
      { field: 'uuid', ref: 'sites.uuid', direction: 'asc' },
      { field: 'created_at', ref: 'sites.created_at', direction: 'desc' },
    ]);
    expect(order('`name`  desc')[0]).toEqual({
      field: 'name',
      ref: 'sites.name',
      direction: 'desc',
    });
  });

  it('does not repeat the default field when the client sorts by it', () => {
    expect(order('created_at asc')).toEqual([
      { field: 'created_at', ref: 'sites.created_at', direction: 'asc' },
    ]);
  });

  it('allows every field when the spec lists no sortable fields', () => {
    const unrestricted = { ...SPEC, sortable: undefined };
    expect(parseListQuery({ order: 'secret_note' }, unrestricted).order[0]?.field).toBe(
      'secret_note',
    );
  });

  it.each([
    ['password', "Unknown field 'password' in order."],
    ['constructor', "Unknown field 'constructor' in order."],
    ['secret_note', "Field 'secret_note' cannot be used in order."],
    ['name sideways', "Invalid order 'name sideways': expected 'field [asc|desc]'."],
    [
      'name; DROP TABLE sites',
      "Invalid order 'name; DROP TABLE sites': expected 'field [asc|desc]'.",
    ],
    ['name,,uuid', "Invalid order '': expected 'field [asc|desc]'."],
    ['name, name desc', "Field 'name' appears twice in order."],
    ['(select 1)', "Invalid order '(select 1)': expected 'field [asc|desc]'."],
    ['`name desc', "Invalid order '`name desc': expected 'field [asc|desc]'."],
  ])('rejects %s', (text, message) => {
    expectQueryError({ order: text }, 'INVALID_ORDER', message);
  });

  it('rejects a repeated order parameter', () => {
    expectQueryError({ order: ['name', 'uuid'] }, 'INVALID_ORDER');
  });

  it('fails loudly, not as a 400, when the spec names a default order field it lacks', () => {
    const broken = { ...SPEC, defaultOrder: { field: 'missing', direction: 'asc' as const } };
    expect(() => parseListQuery({}, broken)).toThrow(Error);
    expect(() => parseListQuery({}, broken)).not.toThrow(QueryError);
  });
});

describe('parseListQuery: limit and offset', () => {
  it('accepts whole numbers as text or numbers', () => {
    expect(parseListQuery({ limit: '10', offset: '20' }, SPEC)).toMatchObject({
      limit: 10,
      offset: 20,
    });
    expect(parseListQuery({ limit: 1, offset: 0 }, SPEC)).toMatchObject({ limit: 1, offset: 0 });
    expect(parseListQuery({ limit: String(DEFAULT_MAX_LIMIT) }, SPEC).limit).toBe(
      DEFAULT_MAX_LIMIT,
    );
  });

  it.each(['0', '501', '-1', '1.5', 'abc', '1e2', ' 10', '10;', '0x10'])(
    'rejects limit %s',
    (limit) => {
      expectQueryError({ limit }, 'INVALID_LIMIT');
    },
  );

  it('names the allowed range', () => {
    expectQueryError(
      { limit: '0' },
      'INVALID_LIMIT',
      "Invalid limit '0': expected a whole number from 1 to 500.",
    );
  });

  it('rejects numeric and repeated limits outside the rules', () => {
    expectQueryError({ limit: 2.5 }, 'INVALID_LIMIT');
    expectQueryError(
      { limit: ['1', '2'] },
      'INVALID_LIMIT',
      "Parameter 'limit' must be given once.",
    );
  });

  it('honours a per-resource max limit', () => {
    const spec = { ...SPEC, maxLimit: 50 };
    expect(parseListQuery({ limit: '50' }, spec).limit).toBe(50);
    expect(() => parseListQuery({ limit: '51' }, spec)).toThrow(
      "Invalid limit '51': expected a whole number from 1 to 50.",
    );
  });

  it.each(['-1', 'x', '1.5', '99999999999999999999', '+3'])('rejects offset %s', (offset) => {
    expectQueryError({ offset }, 'INVALID_OFFSET');
  });

  it('names the rule for offset', () => {
    expectQueryError(
      { offset: '-1' },
      'INVALID_OFFSET',
      "Invalid offset '-1': expected a whole number of 0 or more.",
    );
  });
});

describe('parseListQuery: related', () => {
  const related = (text: string) => parseListQuery({ related: text }, SPEC).related;

  it('accepts allowed names, trimmed and without duplicates', () => {
    expect(related('units')).toEqual(['units']);
    expect(related(' units , security_company,units')).toEqual(['units', 'security_company']);
  });

  it('expands * to every allowed relation', () => {
    expect(related('*')).toEqual(['security_company', 'units']);
  });

  it('rejects unknown and empty names', () => {
    expectQueryError(
      { related: 'units,identities' },
      'INVALID_RELATED',
      "Unknown relation 'identities' in related. Allowed: security_company, units.",
    );
    expectQueryError({ related: 'units,' }, 'INVALID_RELATED', 'Empty name in related.');
    expectQueryError({ related: 'constructor' }, 'INVALID_RELATED');
  });

  it('rejects every relation when the spec allows none', () => {
    const withoutRelations = { ...SPEC, related: undefined };
    expect(() => parseListQuery({ related: 'units' }, withoutRelations)).toThrow(
      "Unknown relation 'units' in related.",
    );
    expect(parseListQuery({ related: '*' }, withoutRelations).related).toEqual([]);
  });
});

describe('applyListQuery', () => {
  interface SitesDatabase {
    sites: { uuid: string; name: string; created_at: string; secret_note: string };
  }

  async function sitesDatabase(): Promise<Kysely<SitesDatabase>> {
    const db = new Kysely<SitesDatabase>({
      dialect: new SqliteDialect({ database: new Database(':memory:') }),
    });
    await db.schema
      .createTable('sites')
      .addColumn('uuid', 'text', (column) => column.primaryKey())
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('secret_note', 'text', (column) => column.notNull())
      .execute();
    await db
      .insertInto('sites')
      .values(
        ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo'].map((name, index) => ({
          uuid: `s${index + 1}`,
          name,
          created_at: `2024-01-0${index + 1} 00:00:00`,
          secret_note: 'x',
        })),
      )
      .execute();
    return db;
  }

  it('applies filter, order, limit and offset with bound parameters', async () => {
    const db = await sitesDatabase();
    const list = parseListQuery(
      { filter: "name NOT LIKE '%ar%'", order: 'name desc', limit: '2', offset: '1' },
      SPEC,
    );
    const query = applyListQuery(db.selectFrom('sites').select('sites.name'), list);
    const { sql: text, parameters } = query.compile();
    expect(text).toBe(
      `select "sites"."name" from "sites" where lower("sites"."name") not like lower(?) escape '\\' order by "sites"."name" desc, "sites"."created_at" desc limit ? offset ?`,
    );
    expect(parameters).toEqual(['%ar%', 2, 1]);
    expect((await query.execute()).map((row) => row.name)).toEqual(['Delta', 'Bravo']);
    await db.destroy();
  });

  it('uses the default order and no where clause without parameters', async () => {
    const db = await sitesDatabase();
    const query = applyListQuery(
      db.selectFrom('sites').select('sites.uuid'),
      parseListQuery({}, SPEC),
    );
    expect(query.compile().sql).not.toContain('where');
    expect((await query.execute()).map((row) => row.uuid)).toEqual(['s5', 's4', 's3', 's2', 's1']);
    await db.destroy();
  });
});

describe('parseListQuery: whether a filter reads a search index', () => {
  const INDEXED: ResourceQuerySpec = {
    fields: {
      name: {
        column: 'guards.name',
        search: { table: 'guards_search', column: 'name', rowid: 'guards.rowid' },
      },
      guard_id: 'guards.guard_id',
      created_at: 'guards.created_at',
    },
    defaultOrder: { field: 'created_at', direction: 'desc' },
  };
  const reads = (filter: string) => parseListQuery({ filter }, INDEXED).readsSearchIndex;

  it('says so for three letters or more searched in an indexed field, alone or in an OR', () => {
    expect(reads("(name like '%sit%')")).toBe(true);
    expect(reads("(guard_id like '%G-1%') OR (name like '%siti%')")).toBe(true);
  });

  it('says not for fewer letters, a field without an index, a negated LIKE or no LIKE', () => {
    expect(reads("(name like '%si%')")).toBe(false);
    expect(reads("(guard_id like '%G-001%')")).toBe(false);
    expect(reads("(name not like '%siti%')")).toBe(false);
    expect(reads("(name = 'siti')")).toBe(false);
  });
});

describe('parseListQuery: a search over several fields of the listed table', () => {
  const search = (column: string) => ({
    column: `guards.${column}`,
    search: { table: 'guards_search', column, rowid: 'guards.rowid' },
  });
  const SEARCHED: ResourceQuerySpec = {
    table: 'guards',
    fields: {
      name: search('name'),
      guard_id: search('guard_id'),
      address: 'guards.address',
      created_at: 'guards.created_at',
    },
    defaultOrder: { field: 'created_at', direction: 'desc' },
  };
  const db = new Kysely<{ guards: { uuid: string } }>({
    dialect: new SqliteDialect({ database: new Database(':memory:') }),
  });
  const sqlOf = (where: ReturnType<typeof parseListQuery>['where']) => {
    const query = db.selectFrom('guards').select('uuid');
    return (where === null ? query : query.where(where)).compile().sql;
  };
  const BOTH = "(name like '%siti%') OR (guard_id like '%siti%')";

  it('reads the matches of all the fields of one index in one MATCH, first', () => {
    const list = parseListQuery({ filter: BOTH }, SEARCHED);
    const text = sqlOf(list.where);
    expect(text).toContain('("guards"."rowid" in (select "guards"."rowid" from "guards" where');
    expect(text.match(/ match /g)).toHaveLength(1);
    expect(list.readsSearchIndex).toBe(true);
  });

  it('tests each row against the matches in the form for a walk in order', () => {
    const list = parseListQuery({ filter: BOTH }, SEARCHED);
    expect(sqlOf(list.whereFor({ inOrder: true }))).toContain(
      '(coalesce("guards"."rowid", "guards"."rowid") in (select',
    );
  });

  it('applies the caller’s scope inside the union too, when given one', () => {
    const list = parseListQuery({ filter: BOTH }, SEARCHED);
    const text = sqlOf(list.whereFor({ within: sql<SqlBool>`guards.company = 'c1'` }));
    expect(text).toContain(`where "guards"."deleted_at" is null and guards.company = 'c1' and (`);
  });

  it('keeps a plain OR when a field has no index, the text is short, or the spec names no table', () => {
    for (const [filter, spec] of [
      ["(name like '%siti%') OR (address like '%siti%')", SEARCHED],
      ["(name like '%si%') OR (guard_id like '%si%')", SEARCHED],
      [BOTH, { ...SEARCHED, table: undefined }],
    ] as const) {
      const list = parseListQuery({ filter }, spec);
      expect(sqlOf(list.where), filter).not.toContain('union all');
      expect(sqlOf(list.where), filter).not.toContain('select "guards"."rowid"');
      expect(sqlOf(list.whereFor({ inOrder: true }))).toBe(sqlOf(list.where));
    }
  });

  it('walks in order only for more than FEW_MATCHES matches in the default order', () => {
    const list = parseListQuery({ filter: BOTH }, SEARCHED);
    expect(walksInOrder(list, FEW_MATCHES)).toBe(false);
    expect(walksInOrder(list, FEW_MATCHES + 1)).toBe(true);
    const byName = parseListQuery({ filter: BOTH, order: 'name' }, SEARCHED);
    expect(walksInOrder(byName, FEW_MATCHES + 1)).toBe(false);
  });
});
