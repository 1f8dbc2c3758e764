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
    // Four transactions held open until all four have read: the pool opens a connection each.
    let arrived = 0;
    let release: () => void = () => undefined;
    const allIn = new Promise<void>((resolve) => (release = resolve));
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() =>
        opened.db.transaction().execute(async (trx) => {
          const { rows } = await sql<{
            jit: string;
            pid: number;
          }>`select current_setting('jit') as jit, pg_backend_pid() as pid`.execute(trx);
          arrived += 1;
          if (arrived === 4) release();
          await allIn;
          return rows[0];
        }),
      ),
    );
    expect(new Set(answers.map((answer) => answer?.pid)).size).toBe(4);
    expect(answers.map((answer) => answer?.jit)).toEqual(['off', 'off', 'off', 'off']);
  });
});
