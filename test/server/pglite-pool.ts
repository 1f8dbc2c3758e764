import type { PGlite } from '@electric-sql/pglite';

interface QueryAnswer {
  command: string;
  rowCount: number;
  rows: unknown[];
}

/**
 * PGlite (PostgreSQL compiled to WebAssembly, in this process) as the pool Kysely's
 * PostgresDialect expects of `pg`: one connection, lent to one caller at a time, so that a
 * transaction's statements are never interleaved with another's. Ending it leaves the database
 * open for another pool.
 */
export function pglitePool(database: PGlite) {
  let queue: Promise<void> = Promise.resolve();
  return {
    database,
    connect() {
      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const lent = queue.then(() => ({
        async query(text: string, parameters: unknown[]): Promise<QueryAnswer> {
          const answer = await database.query<Record<string, unknown>>(text, parameters);
          const command = /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? '';
          return {
            command,
            rowCount: answer.affectedRows ?? answer.rows.length,
            rows: answer.rows,
          };
        },
        release,
      }));
      queue = queue.then(() => released);
      return lent;
    },
    async end() {
      await queue;
    },
  };
}
