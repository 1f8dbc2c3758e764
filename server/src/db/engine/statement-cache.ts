import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** Prepared statements kept, the least recently used dropped first. */
export const STATEMENTS_KEPT = 500;

/**
 * SQLite's connection as Kysely uses it, with its prepared statements kept by SQL text: Kysely
 * prepares every statement afresh, each request, and compiling SQL was a tenth of a first page's
 * CPU. A statement kept stays right across a schema change (SQLite prepares it again by itself
 * when a migration changes a table it reads) and fails, as a fresh one would, when its table is
 * gone. One still running (a streamed read) is never handed out twice: a fresh one is prepared
 * beside it. PostgreSQL's driver prepares no statement of its own, so this is SQLite's alone.
 */
export function withStatementCache(
  sqlite: SQLite.Database,
  kept: number = STATEMENTS_KEPT,
): SqliteDatabase & { readonly cached: number } {
  const statements = new Map<string, SQLite.Statement>();
  return {
    get cached() {
      return statements.size;
    },
    close() {
      statements.clear();
      sqlite.close();
    },
    prepare(text) {
      const known = statements.get(text);
      if (known && !known.busy) {
        // Most recently used last, so the first key is the one to drop.
        statements.delete(text);
        statements.set(text, known);
        return known;
      }
      const statement = sqlite.prepare(text);
      if (!known) {
        statements.set(text, statement);
        if (statements.size > kept) {
          const oldest = statements.keys().next().value;
          if (oldest !== undefined) statements.delete(oldest);
        }
      }
      return statement;
    },
  };
}
