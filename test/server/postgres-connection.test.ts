import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, TEST_ENGINE, type TestDatabase } from './test-database';

// Every connection of the server's PostgreSQL pool (engine/postgres.ts) has JIT compilation off:
// on by default, it added 30–75 ms to the dashboard's 12 ms counts at a million shifts. A real
// server only (TEST_DATABASE_URL, as .ci/run starts one): PGlite has no JIT to turn off.

describe.runIf(TEST_ENGINE === 'postgres')('the PostgreSQL connections', () => {
  let opened: TestDatabase;
  beforeAll(async () => {
    opened = await openTestDatabase();
  });
  afterAll(async () => {
    await opened.close();
  });

  it('have JIT off, each of the pool', async () => {
    // Four at once, so the pool opens a connection for each.
    const answers = await opened.db.transaction().execute(async (first) => {
      const others = await Promise.all(
        [1, 2, 3].map(() =>
          opened.db.transaction().execute(async (trx) => {
            const { rows } = await sql<{
              jit: string;
              pid: number;
            }>`select current_setting('jit') as jit, pg_backend_pid() as pid`.execute(trx);
            await sql`select pg_sleep(0.05)`.execute(trx);
            return rows[0];
          }),
        ),
      );
      const { rows } = await sql<{
        jit: string;
        pid: number;
      }>`select current_setting('jit') as jit, pg_backend_pid() as pid`.execute(first);
      return [rows[0], ...others];
    });
    expect(new Set(answers.map((answer) => answer?.pid)).size).toBe(4);
    expect(answers.map((answer) => answer?.jit)).toEqual(['off', 'off', 'off', 'off']);
  });
});
