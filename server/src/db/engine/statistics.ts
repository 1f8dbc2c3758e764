import { sql, type Kysely } from 'kysely';
import { engineOf } from '.';

/**
 * Brings the planner's statistics up to date as data grows; the server runs it every hour.
 * SQLite analyses the tables that changed much since last time (pragma optimize). PostgreSQL's
 * autovacuum daemon does that by itself, so there it has nothing to do (and no process need run it
 * once for all).
 */
export async function refreshPlannerStatistics<Schema>(db: Kysely<Schema>): Promise<void> {
  if (engineOf(db) === 'sqlite') await sql`pragma optimize`.execute(db);
}

/** Reads statistics for the named indexes now (SQLite), or their tables (PostgreSQL). */
export async function analyzeIndexes(
  db: Kysely<unknown>,
  indexes: ReadonlyArray<{ index: string; table: string }>,
): Promise<void> {
  for (const { index, table } of indexes) {
    if (engineOf(db) === 'postgres') await sql`analyze ${sql.table(table)}`.execute(db);
    else await sql`analyze ${sql.id(index)}`.execute(db);
  }
}
