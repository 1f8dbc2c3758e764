import { sql, type Expression, type RawBuilder } from 'kysely';

/**
 * A column's value, read as a value rather than through the column's index: the planner then
 * cannot drive the query (or its order) by that index, and a search's few matches lead instead.
 * SQLite's idiom is a unary + (`+col`), which PostgreSQL refuses for text; coalesce(col, col)
 * keeps the value, its type, its NULLs and its order on both engines and hides the index alike.
 */
export function valueOnly(expression: Expression<unknown>): RawBuilder<unknown> {
  return sql`coalesce(${expression}, ${expression})`;
}
