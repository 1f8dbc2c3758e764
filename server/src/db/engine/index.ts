import { PostgresAdapter, type Kysely } from 'kysely';

/**
 * The two database engines: the embedded SQLite file (the default) and PostgreSQL (when
 * DATABASE_URL names one). Repositories are engine-neutral Kysely; what one engine needs of its
 * own lives in this folder, one file per mechanism, each with both engines' forms side by side.
 */
export type Engine = 'sqlite' | 'postgres';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any database schema
export function engineOf(db: Kysely<any>): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
