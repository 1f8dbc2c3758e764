import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql, type LogConfig } from 'kysely';
import pg from 'pg';
import { migrateToLatest, openDatabase, openSqlite, type DB } from '../../server/src/db/database';
import { engineOf } from '../../server/src/db/engine';
import { PostgresSchemaTranslation } from '../../server/src/db/engine/schema-translation';
import { openPostgres } from '../../server/src/db/engine/postgres';
import type { Database } from '../../server/src/db/schema';
import { pglitePool } from './pglite-pool';

/**
 * The engine the server tests run on: TEST_DATABASE=sqlite (the default, an in-memory file),
 * pglite (PostgreSQL in this process, for `npm test`) or postgres (a real server at
 * TEST_DATABASE_URL, for CI). Every test gets a database as freshly migrated.
 */
export const TEST_ENGINE = (process.env.TEST_DATABASE ?? 'sqlite') as
  'sqlite' | 'pglite' | 'postgres';

export interface TestDatabase {
  db: DB;
  close(): Promise<void>;
}

/**
 * PostgreSQL test databases. Making and migrating one costs seconds (PGlite) or half of one (a
 * server), so a database a test has closed is kept, and the next test gets it back emptied to
 * the migrated state: every table truncated, the rows the migrations wrote put back. Databases
 * open at the same time (two apps in one file) are separate.
 */
interface PostgresHarness {
  /** A new database, migrated unless told not to, and a connection to it. */
  make(migrate?: boolean): Promise<DB>;
  /** A connection to a database of `make`, after the one before it closed. */
  reconnect(db: DB): DB;
}

type Reset = (db: DB) => Promise<void>;

/** Reads what a freshly migrated database holds, and answers how to put a used one back to it. */
async function resetterOf(db: DB): Promise<Reset> {
  const tables = (
    await sql<{ name: string }>`select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'
      and table_name not like 'kysely_migration%' order by table_name`.execute(db)
  ).rows.map((row) => row.name);
  const seeded: Array<{ table: string; rows: Record<string, unknown>[] }> = [];
  for (const table of tables) {
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db))
      .rows;
    if (rows.length > 0) seeded.push({ table, rows });
  }
  return async (used) => {
    // The audit table refuses TRUNCATE to the application (engine/append-only.ts); the test
    // harness, a superuser, empties it with triggers off for this one statement.
    await used.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await sql`truncate table ${sql.join(tables.map((table) => sql.table(table)))} restart identity cascade`.execute(
        trx,
      );
    });
    for (const { table, rows } of seeded) {
      await used
        .insertInto(table as never)
        .values(rows as never)
        .execute();
    }
  };
}

/** PGlite: the first database is migrated and copied; later ones start from the copy. */
function pgliteHarness(): PostgresHarness {
  const pools = new WeakMap<DB, ReturnType<typeof pglitePool>>();
  const connect = (database: PGlite, pool = pglitePool(database)): DB => {
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: pool as never }),
      plugins: [new PostgresSchemaTranslation()],
    });
    pools.set(db, pool);
    return db;
  };
  // Numerics read as numbers, as the server's pg pool reads them (engine/postgres.ts).
  const options = { extensions: { pg_trgm }, parsers: { 1700: Number } };
  let migrated: Promise<Blob> | null = null;
  return {
    async make() {
      if (migrated === null) {
        const database = await PGlite.create(options);
        const db = connect(database);
        migrated = migrateToLatest(db).then(() => database.dumpDataDir('none'));
        await migrated;
        return db;
      }
      return connect(await PGlite.create({ ...options, loadDataDir: await migrated }));
    },
    // One pool per PGlite, kept across connections: it lends the one connection to one caller
    // at a time, so a transaction's statements never interleave with another's.
    reconnect: (db) => {
      const pool = pools.get(db);
      if (!pool) throw new Error('Not a PGlite test database.');
      return connect(pool.database, pool);
    },
  };
}

/** Test databases on a PostgreSQL server are named after the process that made them. */
const SERVER_DATABASE_PREFIX = 'guard_console_';

/** Whether the process `pid` of this machine is still running. */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Drops the test databases that processes no longer running left on the server (a test process
 * does not drop its own on exit), once per process.
 */
let swept: Promise<void> | null = null;
function sweepLeftDatabases(server: pg.Client): Promise<void> {
  swept ??= (async () => {
    const { rows } = await server.query<{ datname: string }>(
      `select datname from pg_database where datname like $1`,
      [`${SERVER_DATABASE_PREFIX}%`],
    );
    for (const { datname } of rows) {
      const pid = Number(/_p(\d+)_/.exec(datname)?.[1]);
      if (pid && !isRunning(pid)) {
        await server.query(`drop database if exists ${datname} with (force)`);
      }
    }
  })();
  return swept;
}

/**
 * A PostgreSQL server (TEST_DATABASE_URL): databases named by their use, the test process and a
 * number, so that processes running at once never share one.
 */
function serverHarness(use: 'test' | 'scratch'): PostgresHarness {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE=postgres needs TEST_DATABASE_URL (postgres://…).');
  const urls = new WeakMap<DB, string>();
  let made = 0;
  const connect = (url: string): DB => {
    const db = openPostgres(url, { poolSize: 4 });
    urls.set(db, url);
    return db;
  };
  return {
    async make(migrate = true) {
      made += 1;
      const name = `${SERVER_DATABASE_PREFIX}${use}_p${process.pid}_${made}`;
      const server = new pg.Client({ connectionString: serverUrl });
      await server.connect();
      try {
        await sweepLeftDatabases(server);
        await server.query(`create database ${name}`);
      } finally {
        await server.end();
      }
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const db = connect(url.toString());
      if (migrate) await migrateToLatest(db);
      return db;
    },
    reconnect: (db) => connect(urls.get(db) ?? ''),
  };
}

/**
 * A freshly migrated SQLite database as an image, made once per worker: each test's database is
 * an in-memory copy of it (a millisecond, where migrating takes a hundred).
 */
let sqliteImage: Promise<Buffer> | null = null;

async function migratedSqliteImage(): Promise<Buffer> {
  const sqlite = openSqlite(':memory:');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  await migrateToLatest(db);
  const image = sqlite.serialize();
  await db.destroy();
  return image;
}

let harness: PostgresHarness | null = null;
let scratch: PostgresHarness | null = null;
let reset: Promise<Reset> | null = null;
/** Databases closed by their tests, ready to be emptied and lent again. */
const idle: DB[] = [];

/** A database as freshly migrated, on the engine TEST_DATABASE names. */
export async function openTestDatabase(options: { log?: LogConfig } = {}): Promise<TestDatabase> {
  if (TEST_ENGINE === 'sqlite') {
    sqliteImage ??= migratedSqliteImage();
    const db = openDatabase(await sqliteImage, options);
    return { db, close: () => db.destroy() };
  }
  harness ??= TEST_ENGINE === 'pglite' ? pgliteHarness() : serverHarness('test');
  const used = idle.pop();
  let db: DB;
  if (used === undefined) {
    db = await harness.make();
    reset ??= resetterOf(db);
    await reset;
  } else {
    db = harness.reconnect(used);
    await (
      await (reset ?? resetterOf(db))
    )(db);
  }
  return {
    db,
    close: async () => {
      await db.destroy();
      idle.push(db);
    },
  };
}

/**
 * An empty database of the test engine, without the app's migrations, for tests that make
 * tables of their own (the filter language's): SQLite in memory, a new PGlite, or a new database
 * on the PostgreSQL server. Its columns and indexes behave as the app's do on that engine.
 */
export async function openScratchDatabase<Schema>(): Promise<{
  db: Kysely<Schema>;
  close(): Promise<void>;
}> {
  if (TEST_ENGINE === 'sqlite') {
    const db = new Kysely<Schema>({
      dialect: new SqliteDialect({ database: new SQLite(':memory:') }),
    });
    return { db, close: () => db.destroy() };
  }
  if (TEST_ENGINE === 'pglite') {
    const database = await PGlite.create({ parsers: { 1700: Number } });
    const db = new Kysely<Schema>({
      dialect: new PostgresDialect({ pool: pglitePool(database) as never }),
      plugins: [new PostgresSchemaTranslation()],
    });
    return {
      db,
      close: async () => {
        await db.destroy();
        await database.close();
      },
    };
  }
  scratch ??= serverHarness('scratch');
  const db = (await scratch.make(false)) as unknown as Kysely<Schema>;
  return { db, close: () => db.destroy() };
}

/**
 * Makes every insert into `table` that meets `when` (a condition on `new.` columns) fail inside
 * the database while `run` runs: a write that fails half-way, to see that nothing of it stays.
 */
export async function refuseInserts(
  db: DB,
  table: string,
  when: string,
  run: () => Promise<void>,
): Promise<void> {
  const postgres = engineOf(db) === 'postgres';
  if (postgres) {
    await sql
      .raw(
        `create function refuse_insert() returns trigger language plpgsql as $$
         begin if ${when} then raise exception 'insert refused by the test'; end if; return new; end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger refuse_insert before insert on ${table} for each row execute function refuse_insert()`,
      )
      .execute(db);
  } else {
    await sql
      .raw(
        `create trigger refuse_insert before insert on ${table} when ${when}
         begin select raise(abort, 'insert refused by the test'); end`,
      )
      .execute(db);
  }
  try {
    await run();
  } finally {
    await sql
      .raw(postgres ? `drop trigger refuse_insert on ${table}` : 'drop trigger refuse_insert')
      .execute(db);
    if (postgres) await sql`drop function refuse_insert()`.execute(db);
  }
}
