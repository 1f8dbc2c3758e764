import { sql, type Expression, type RawBuilder } from 'kysely';
import type { Engine } from '.';

/**
 * A column's value, read as a value rather than through the column's index: the planner then
 * cannot drive the query (or its order) by that index, and a search's few matches lead instead.
 * SQLite's idiom is a unary + (`+col`), which PostgreSQL refuses for text; coalesce(col, col)
 * keeps the value, its type, its NULLs and its order on both engines and hides the index alike.
 */
export function valueOnly(expression: Expression<unknown>): RawBuilder<unknown> {
  return sql`coalesce(${expression}, ${expression})`;
}

/**
 * Whether a search's OR of indexed conditions is written as a union of each one's matches
 * (to-kysely.ts, unionOfMatches). SQLite plans an OR of sub-selects as one walk testing every
 * row; PostgreSQL combines the indexes of an OR itself (a BitmapOr), and the union's extra
 * sorting made a broad visitor search 50 times slower there (25.8 s against 0.5 s for a test's
 * nine pages on PGlite).
 */
export function searchesOrsAsUnions(engine: Engine): boolean {
  return engine === 'sqlite';
}
