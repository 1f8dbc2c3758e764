import { sql, type RawBuilder } from 'kysely';
import type { Engine } from '.';
import { valueOnly } from './plan-hints';

/**
 * The key that names a row of `table` in a sub-select of the same table (`key in (select key …)`):
 * SQLite's rowid, the cheapest to look up; PostgreSQL has none, and uses the primary key, uuid.
 * `valueOnly` keeps the planner from reading rows by it, so it walks the list's order and tests
 * each row against the sub-select instead.
 */
export function rowKey(
  engine: Engine,
  table: string,
  options: { valueOnly?: boolean } = {},
): RawBuilder<unknown> {
  const key = sql.ref(`${table}.${engine === 'postgres' ? 'uuid' : 'rowid'}`);
  return options.valueOnly ? valueOnly(key) : sql`${key}`;
}
