import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, type Expression, type SqlBool } from 'kysely';
import { beforeAll, afterAll, describe, it, expect } from 'vitest';
import { isValueOfWrongType } from '../../server/src/db/errors';
import { openScratchDatabase } from './test-database';
import {
  FILTER_LIMITS,
  QueryError,
  compileFilter,
  formatUtcTimestamp,
  parseFilter,
  type QueryErrorCode,
} from '../../server/src/query';

/** Filters compiled to Kysely and run against a real in-memory SQLite database. */

interface TestDatabase {
  guards: {
    uuid: string;
    name: string;
    guard_id: string;
    kipleguard_enabled: number;
    checkin_at: string | null;
    deleted_at: string | null;
    score: number | null;
    company_uuid: string | null;
  };
  companies: { uuid: string; name: string };
}

const FIELDS = {
  uuid: 'guards.uuid',
  name: 'guards.name',
  guard_id: 'guards.guard_id',
  kipleguard_enabled: 'guards.kipleguard_enabled',
  checkin_at: 'guards.checkin_at',
  deleted_at: 'guards.deleted_at',
  score: 'guards.score',
  'company.name': 'sc.name',
};

const GUARDS: TestDatabase['guards'][] = [
  {
    uuid: 'g1',
    name: 'Alice Tan',
    guard_id: 'G-001',
    kipleguard_enabled: 1,
    checkin_at: '2024-05-01 08:00:00',
    deleted_at: null,
    score: 4.5,
    company_uuid: 'c1',
  },
  {
    uuid: 'g2',
    name: "Bob O'Neil",
    guard_id: 'G-002',
    kipleguard_enabled: 0,
    checkin_at: '2024-05-01 16:00:00',
    deleted_at: null,
    score: -3.5,
    company_uuid: 'c1',
  },
  {
    uuid: 'g3',
    name: 'CHARLIE "Chuck" Lim',
    guard_id: 'g-003',
    kipleguard_enabled: 1,
    checkin_at: '2024-05-02 09:30:00',
    deleted_at: '2024-06-01 00:00:00',
    score: 0,
    company_uuid: 'c2',
  },
  {
    uuid: 'g4',
    name: 'Dana 50% Off',
    guard_id: '007',
    kipleguard_enabled: 0,
    checkin_at: '2999-01-01 00:00:00',
    deleted_at: null,
    score: 10,
    company_uuid: 'c2',
  },
  {
    uuid: 'abc-123',
    name: 'Eve',
    guard_id: 'G-005',
    kipleguard_enabled: 1,
    checkin_at: null,
    deleted_at: '2024-01-01 00:00:00',
    score: null,
    company_uuid: null,
  },
];

let db: Kysely<TestDatabase>;

let closeDb: () => Promise<void>;
/** Compiles only, for the tests of the SQL text: SQLite's placeholders are `?`. */
const sqliteCompiler = new Kysely<TestDatabase>({
  dialect: new SqliteDialect({ database: new Database(':memory:') }),
});

beforeAll(async () => {
  ({ db, close: closeDb } = await openScratchDatabase<TestDatabase>());
  await db.schema
    .createTable('companies')
    .addColumn('uuid', 'text', (column) => column.primaryKey())
    .addColumn('name', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createTable('guards')
    .addColumn('uuid', 'text', (column) => column.primaryKey())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('guard_id', 'text', (column) => column.notNull())
    .addColumn('kipleguard_enabled', 'integer', (column) => column.notNull())
    .addColumn('checkin_at', 'text')
    .addColumn('deleted_at', 'text')
    .addColumn('score', 'real')
    .addColumn('company_uuid', 'text')
    .execute();
  await db
    .insertInto('companies')
    .values([
      { uuid: 'c1', name: 'Acme Security' },
      { uuid: 'c2', name: 'Sentinel' },
    ])
    .execute();
  await db.insertInto('guards').values(GUARDS).execute();
});

afterAll(async () => {
  await closeDb();
  await sqliteCompiler.destroy();
});

function selectGuards(where: Expression<SqlBool>, on = db) {
  return on
    .selectFrom('guards')
    .leftJoin('companies as sc', 'sc.uuid', 'guards.company_uuid')
    .select('guards.uuid')
    .where(where)
    .orderBy('guards.uuid');
}

async function uuidsMatching(filter: string): Promise<string[]> {
  const rows = await selectGuards(parseFilter(filter, FIELDS)).execute();
  return rows.map((row) => row.uuid);
}

function compiled(filter: string, now?: Date) {
  return selectGuards(parseFilter(filter, FIELDS, { now }), sqliteCompiler).compile();
}

async function guardCount(): Promise<number> {
  const row = await db
    .selectFrom('guards')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return row.count;
}

function expectQueryError(run: () => unknown, code: QueryErrorCode, message?: string): QueryError {
  let caught: unknown;
  try {
    run();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(QueryError);
  const error = caught as QueryError;
  expect(error.statusCode).toBe(400);
  expect(error.code).toBe(code);
  if (message !== undefined) expect(error.message).toContain(message);
  return error;
}

describe('parseFilter: accepted forms select the right rows', () => {
  const cases: Array<[string, string[]]> = [
    ['deleted_at IS NULL', ['g1', 'g2', 'g4']],
    ['deleted_at is not null', ['abc-123', 'g3']],
    ['deleted_at IS NOT NULL', ['abc-123', 'g3']],
    ['deleted_at Is nOT nUll', ['abc-123', 'g3']],
    ["(kipleguard_enabled=1) AND (uuid='g1')", ['g1']],
    ['(uuid=abc-123)', ['abc-123']],
    ['(checkin_at >= 2024-05-01 16:00:00)', ['g2', 'g3', 'g4']],
    ['(checkin_at = 2024-05-01 16:00:00   )', ['g2']],
    ["(name like '%an%') OR (guard_id like '%an%')", ['g1', 'g4']],
    ["(name like '%CHUCK%')", ['g3']],
    ["guard_id LIKE 'g-%'", ['abc-123', 'g1', 'g2', 'g3']],
    ["name not like '%A%'", ['abc-123', 'g2']],
    ['name NOT LIKE %a%', ['abc-123', 'g2']],
    ['kipleguard_enabled = 1', ['abc-123', 'g1', 'g3']],
    ['kipleguard_enabled != 1', ['g2', 'g4']],
    ['kipleguard_enabled <> 1', ['g2', 'g4']],
    ['score < 0', ['g2']],
    ['score <= 0', ['g2', 'g3']],
    ['score > 0', ['g1', 'g4']],
    ['score >= 4.5', ['g1', 'g4']],
    ['score = -3.5', ['g2']],
    ["uuid IN ('g1', 'g2')", ['g1', 'g2']],
    ['uuid in (g1, g3, abc-123)', ['abc-123', 'g1', 'g3']],
    ['kipleguard_enabled IN (0)', ['g2', 'g4']],
    ["uuid NOT IN ('g1','g2')", ['abc-123', 'g3', 'g4']],
    ["uuid In ('g1') Or uuid iN ('g2')", ['g1', 'g2']],
    ['kipleguard_enabled = 1 OR score > 5 AND deleted_at IS NULL', ['abc-123', 'g1', 'g3', 'g4']],
    ['(kipleguard_enabled = 1 OR score > 5) AND deleted_at IS NULL', ['g1', 'g4']],
    ["((uuid='g1' OR (uuid='g2')) AND ((kipleguard_enabled=0)))", ['g2']],
    ['NOT (kipleguard_enabled = 1)', ['g2', 'g4']],
    ["not (uuid='g1' or uuid='g2') AND NOT (deleted_at IS NULL)", ['abc-123', 'g3']],
    ['uuid=g1 AND kipleguard_enabled=1', ['g1']],
    ['uuid = g1 or uuid = g2', ['g1', 'g2']],
    ['checkin_at < NOW()', ['g1', 'g2', 'g3']],
    ['checkin_at > now ( )', ['g4']],
    ["name = 'Bob O''Neil'", ['g2']],
    ['name = "Bob O\'Neil"', ['g2']],
    ['name = "CHARLIE ""Chuck"" Lim"', ['g3']],
    ["`name` like 'eve'", ['abc-123']],
    ["company.name = 'Acme Security'", ['g1', 'g2']],
    ['`company.name` like %sent%', ['g3', 'g4']],
    ['guard_id = 007', ['g4']],
    ['guard_id like 007', ['g4']],
    [`${'('.repeat(FILTER_LIMITS.maxDepth)}uuid='g1'${')'.repeat(FILTER_LIMITS.maxDepth)}`, ['g1']],
    [Array.from({ length: FILTER_LIMITS.maxConditions }, () => "uuid='g4'").join(' OR '), ['g4']],
    [
      `uuid IN (${Array.from({ length: FILTER_LIMITS.maxInValues }, (_, i) => `g${i}`).join(',')})`,
      ['g1', 'g2', 'g3', 'g4'],
    ],
  ];

  it.each(cases)('%s', async (filter, expected) => {
    expect(await uuidsMatching(filter)).toEqual(expected);
  });

  it('accepts a filter of exactly the maximum length', async () => {
    const filter = `name = '${'x'.repeat(FILTER_LIMITS.maxLength - 9)}'`;
    expect(filter).toHaveLength(FILTER_LIMITS.maxLength);
    expect(await uuidsMatching(filter)).toEqual([]);
  });
});

describe('parseFilter: compiled SQL binds every value', () => {
  it('binds quoted and bare values as parameters, numbers as numbers', () => {
    const query = compiled("(uuid='g1') AND (kipleguard_enabled=1) AND (score=-3.5)");
    expect(query.sql).toContain(
      'where ("guards"."uuid" = ? and "guards"."kipleguard_enabled" = ? and "guards"."score" = ?)',
    );
    expect(query.parameters).toEqual(['g1', 1, -3.5]);
    expect(query.sql).not.toContain('g1');
  });

  it('binds bare text values as strings', () => {
    const query = compiled('(checkin_at >= 2024-05-01 16:00:00) AND (uuid=abc-123)');
    expect(query.parameters).toEqual(['2024-05-01 16:00:00', 'abc-123']);
    expect(query.sql).not.toMatch(/2024|abc/);
  });

  it('takes a backslash before % or _ as the plain character', async () => {
    // 'Dana 50% Off' holds a real %; every name is longer than '50' plus one character.
    expect(await uuidsMatching("name like '%50\\%%'")).toEqual(['g4']);
    expect(await uuidsMatching("name like '%5\\%%'")).toEqual([]);
    expect(await uuidsMatching("name like '%\\_%'")).toEqual([]);
    expect(await uuidsMatching("name like '%_%'")).toHaveLength(5);
  });

  it('compiles LIKE as lower(column) like lower(?)', () => {
    const query = compiled("name like '%Tan%'");
    expect(query.sql).toContain('lower("guards"."name") like lower(?)');
    expect(query.parameters).toEqual(['%Tan%']);
    expect(compiled("name NOT LIKE 'x'").sql).toContain('lower("guards"."name") not like lower(?)');
  });

  it('binds a LIKE pattern as text even when it looks numeric', () => {
    expect(compiled('guard_id like 7').parameters).toEqual(['7']);
  });

  it('binds each IN value as its own parameter', () => {
    const query = compiled("uuid IN ('a', b, 3)");
    expect(query.sql).toContain('"guards"."uuid" in (?, ?, ?)');
    expect(query.parameters).toEqual(['a', 'b', 3]);
    expect(compiled("uuid not in ('a')").sql).toContain('"guards"."uuid" not in (?)');
  });

  it('binds NOW() as UTC text, the same instant for every use in one filter', () => {
    const now = new Date('2024-05-01T16:07:08.999Z');
    const query = compiled('checkin_at < NOW() OR deleted_at > now()', now);
    expect(query.parameters).toEqual(['2024-05-01 16:07:08', '2024-05-01 16:07:08']);
    expect(formatUtcTimestamp(new Date('2030-12-31T23:59:59Z'))).toBe('2030-12-31 23:59:59');
  });

  it('keeps hostile-looking text inside a value as a parameter', () => {
    const query = compiled("name = 'x''); DROP TABLE guards; --'");
    expect(query.parameters).toEqual(["x'); DROP TABLE guards; --"]);
    expect(query.sql).not.toContain('DROP');
  });

  it('quotes column references instead of splicing them', () => {
    expect(compiled('company.name IS NULL').sql).toContain('"sc"."name" is null');
  });
});

describe('parseFilter: hostile and invalid input is a 400 QueryError', () => {
  const hostile: Array<[string, string]> = [
    ["' OR 1=1 --", 'Unterminated string starting at position 1 in filter.'],
    ["(name='a'); DROP TABLE guards", "Unexpected ';' at position 11 in filter."],
    ["name='a' UNION SELECT * FROM identities", "Unexpected 'UNION' at position 10"],
    ['name = a UNION SELECT uuid FROM identities', "Unexpected 'UNION' at position 10"],
    ['name = x; drop table guards', "Unexpected ';'"],
    ['uuid = 1 union all select 1', "Unexpected 'union' at position 10"],
    ["password = 'x'", "Unknown field 'password' in filter."],
    ["(name='a' AND password IS NULL)", "Unknown field 'password' in filter."],
    ['constructor = 1', "Unknown field 'constructor' in filter."],
    ['__proto__ IS NULL', "Unknown field '__proto__' in filter."],
    ['toString = 1', "Unknown field 'toString' in filter."],
    ["(name='a'", 'Unbalanced parentheses in filter.'],
    ["name='a')", 'Unbalanced parentheses in filter.'],
    ["((name='a') OR (uuid='b')", 'Unbalanced parentheses in filter.'],
    ['(uuid IN (SELECT uuid FROM guards))', 'Sub-queries are not allowed in filter'],
    ['(uuid IN (select 1))', 'Sub-queries are not allowed in filter'],
    ['(uuid=(select 1))', 'Sub-queries and expressions are not allowed as values'],
    ['uuid = select 1', 'Sub-queries are not allowed in filter'],
    ["uuid IN ('a', ('b'))", 'Sub-queries and expressions are not allowed as values'],
    ["name='a' -- comment", "Comment marker '--' at position 10"],
    ["name='a' /* x */", "Comment marker '/*' at position 10"],
    ['name=a--', "Comment marker '--' at position 7"],
    ['name=a/* x */', "Comment marker '/*' at position 7"],
    ["name = 'a' */", "Unexpected '*'"],
    ['1=1', "Unexpected '1' at position 1"],
    ["name = 'a' OR 1=1", "Unexpected '1' at position 15"],
    ["name = 'a' OR 'a'='a'", "Unexpected string 'a' at position 15"],
    ["name == 'a'", "Unexpected '=' at position 7"],
    ["name = 'a' || 'b'", "Unexpected '|'"],
    ['name = sleep(5)', "Unexpected '(' at position 13"],
    ['name = char(65)', "Unexpected '('"],
    ["name = 'a'; SELECT 1", "Unexpected ';'"],
    ['name = \u0000', 'Unexpected U+0000 at position 8 in filter; expected a value.'],
    ["name = 'a' AND", 'Unexpected end of filter; expected a field name.'],
    ['()', "Unexpected ')' at position 2 in filter; expected a field name."],
    ['name', "expected an operator after 'name'"],
    ['uuid IN ()', "Unexpected ')' at position 10 in filter; expected a value."],
    ['`pass word` = 1', "Invalid field name 'pass word'"],
    ['name = `uuid`', "Unexpected '`'"],
    ['   ', 'Filter is empty.'],
    [`name = '${'x'.repeat(10_000)}'`, 'Filter is too long (10009 characters; at most 2000).'],
    [
      `${'('.repeat(11)}uuid='g1'${')'.repeat(11)}`,
      'Filter is nested too deeply (at most 10 levels).',
    ],
    [
      Array.from({ length: 51 }, () => "uuid='g1'").join(' OR '),
      'Filter has too many conditions (at most 50).',
    ],
    [
      `uuid IN (${Array.from({ length: 201 }, (_, i) => i).join(',')})`,
      'IN list has too many values (at most 200).',
    ],
  ];

  it.each(hostile)('%s', async (filter, message) => {
    const before = await guardCount();
    expectQueryError(() => parseFilter(filter, FIELDS), 'INVALID_FILTER', message);
    expect(await guardCount()).toBe(before);
  });

  it('rejects a field the tree names but the resource does not expose, at compile time', () => {
    expectQueryError(
      () => compileFilter({ kind: 'isNull', field: 'password', negated: false }, FIELDS),
      'INVALID_FILTER',
      "Unknown field 'password' in filter.",
    );
  });

  it('cuts long client text short in messages', () => {
    const error = expectQueryError(
      () => parseFilter(`${'a'.repeat(500)} = 1`, FIELDS),
      'INVALID_FILTER',
    );
    expect(error.message.length).toBeLessThan(100);
  });

  it('answers mutated filters only with a QueryError or a query the database runs', async () => {
    // Valid filters with random insertions and cuts reach deep into the grammar; a fixed seed keeps
    // the run reproducible.
    const seeds = [
      "(kipleguard_enabled=1) AND (uuid='x')",
      '(checkin_at >= 2024-05-01 16:00:00) OR deleted_at IS NOT NULL',
      "NOT (name like '%a%') AND uuid NOT IN (g1, 'g2', NOW())",
      '`company.name` <> "Acme" OR score <= -2.5',
    ];
    const pieces = [
      '(',
      ')',
      ' ',
      ',',
      "'",
      '"',
      '`',
      '--',
      '/*',
      ';',
      '=',
      '!=',
      '<',
      '>=',
      ' AND ',
      ' OR ',
      'NOT ',
      ' IN ',
      ' LIKE ',
      ' IS ',
      'NULL',
      'NOW()',
      'name',
      'password',
      'select ',
      '1',
      '-2.5',
      '%a%',
      "''",
      '\\',
      'é',
      '😀',
      '\n',
    ];
    let state = 42;
    const random = (below: number): number => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      return state % below;
    };
    const mutate = (text: string): string => {
      const at = random(text.length + 1);
      return random(2) === 0
        ? text.slice(0, at) + (pieces[random(pieces.length)] ?? '') + text.slice(at)
        : text.slice(0, at) + text.slice(at + 1 + random(6));
    };
    const before = await guardCount();
    let accepted = 0;
    let rejected = 0;
    for (let round = 0; round < 3000; round += 1) {
      let filter = seeds[random(seeds.length)] ?? '';
      for (let step = random(3); step >= 0; step -= 1) filter = mutate(filter);
      let where: Expression<SqlBool>;
      try {
        where = parseFilter(filter, FIELDS);
      } catch (error) {
        expect(error, filter).toBeInstanceOf(QueryError);
        rejected += 1;
        continue;
      }
      try {
        await selectGuards(where).execute();
        accepted += 1;
      } catch (error) {
        // PostgreSQL refuses a value of another type for a column, where SQLite compares it
        // (the API answers 400 then: http/errors.ts).
        expect(isValueOfWrongType(error), filter).toBe(true);
        rejected += 1;
      }
    }
    expect(accepted).toBeGreaterThan(100);
    expect(rejected).toBeGreaterThan(100);
    expect(await guardCount()).toBe(before);
  });
});
