import { PostgresAdapter, type Kysely } from 'kysely';

/**
 * The two database engines: the embedded SQLite file (the default) and PostgreSQL (when
 * DATABASE_URL names one). Repositories are engine-neutral Kysely; what one engine needs of its
 * own lives in this folder, one file per mechanism, each with both engines' forms side by side.
 */
export type Engine = 'sqlite' | 'postgres';

export function engineOf<Schema>(db: Kysely<Schema>): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
