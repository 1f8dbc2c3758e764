import { CompiledQuery } from 'kysely';
import type { DB } from '../../server/src/db/database';
import { engineOf } from '../../server/src/db/engine';

/**
 * Rows of plain SQL on a test database: the oracle that tests hold the server's answers to.
 * Parameters are written `?`, and numbered ($1, $2, …) for PostgreSQL.
 */
export async function sqlRows<Row = Record<string, unknown>>(
  db: DB,
  text: string,
  params: unknown[] = [],
): Promise<Row[]> {
  let position = 0;
  const numbered = engineOf(db) === 'postgres' ? text.replace(/\?/g, () => `$${++position}`) : text;
  const result = await db.executeQuery<Row>(CompiledQuery.raw(numbered, params));
  return result.rows;
}

/** The `n` of a plain SQL count on a test database. */
export async function sqlCount(db: DB, text: string, params: unknown[] = []) {
  const [row] = await sqlRows(db, text, params);
  return Number(row?.n);
}
