import pg from 'pg';
import { Kysely, PostgresDialect, type LogConfig } from 'kysely';
import type { Database } from '../schema';
import { PostgresSchemaTranslation } from './schema-translation';

const INT8 = 20;
const NUMERIC = 1700;

/**
 * Counts and sums arrive as int8 or numeric, which pg answers as text (they may pass 2^53); every
 * count here is far below that, and SQLite answers numbers, so both are read as numbers.
 */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8 || oid === NUMERIC
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

export interface PostgresOptions {
  log?: LogConfig;
  /** Connections per server process. */
  poolSize?: number;
}

/**
 * Set on each connection as it opens. JIT compilation off: it pays for itself on long analytic
 * queries, while this server's statements take milliseconds; PostgreSQL's cost estimates still
 * passed its threshold for the dashboard's counts at a million shifts, and compiling took 30–75 ms
 * of a 12 ms count (docs/performance.md, issue 36). A SET after connecting rather than a startup
 * parameter, which poolers such as PgBouncer refuse.
 */
export const CONNECTION_SETTINGS = 'set jit = off';

/** A pool of connections to the PostgreSQL database at `url` (postgres://user:pass@host/db). */
export function openPostgres(url: string, options: PostgresOptions = {}): Kysely<Database> {
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10, types });
  // A client runs its queries in order, so this comes before the first statement handed to it.
  pool.on('connect', (client) => {
    client.query(CONNECTION_SETTINGS).catch(() => undefined);
  });
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new PostgresSchemaTranslation()],
    log: options.log,
  });
}

/**
 * Creates the database `url` names when it does not exist yet, as SQLite creates its file on
 * first start: connects to the server's `postgres` database to do it. An existing one is kept.
 */
export async function createPostgresDatabaseIfMissing(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (name === '')
    throw new Error('DATABASE_URL must name a database, as in postgres://host/guard_console.');
  const probe = new pg.Client({ connectionString: url });
  try {
    await probe.connect();
    return;
  } catch (error) {
    // 3D000: invalid_catalog_name, the database does not exist.
    if ((error as { code?: string }).code !== '3D000') throw error;
  } finally {
    await probe.end().catch(() => undefined);
  }
  const server = new URL(url);
  server.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: server.toString() });
  await admin.connect();
  try {
    await admin.query(`create database ${pg.escapeIdentifier(name)}`);
  } catch (error) {
    // 42P04: duplicate_database, another process created it meanwhile.
    if ((error as { code?: string }).code !== '42P04') throw error;
  } finally {
    await admin.end();
  }
}
