import type { InsertObject } from 'kysely';
import type { DB } from '../database';
import type { Database } from '../schema';

/** SQLite refuses a statement with more than 32766 bound parameters. */
const MAX_PARAMETERS = 32_766;

/**
 * Inserts rows with as few multi-row statements as the parameter limit allows, which is far
 * faster than one statement a row. Every row must carry the same columns: SQLite has no DEFAULT
 * keyword inside VALUES for a missing one.
 */
export async function insertInBatches<T extends keyof Database & string>(
  db: DB,
  table: T,
  rows: readonly InsertObject<Database, T>[],
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const rowsPerStatement = Math.floor(MAX_PARAMETERS / Object.keys(first).length);
  for (let start = 0; start < rows.length; start += rowsPerStatement) {
    await db
      .insertInto(table)
      .values(rows.slice(start, start + rowsPerStatement))
      .execute();
  }
}
