import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { sharedAliases } from './scripts/shared-aliases.ts';

const SERVER_TESTS = ['test/server/**/*.test.ts'];
/**
 * SQLite's plans (EXPLAIN QUERY PLAN) and SQL text, the parser, which has no engine, and the data
 * directory's lock, which only a SQLite server takes.
 */
const SQLITE_ONLY = [
  'test/server/attendances-plans.test.ts',
  'test/server/incident-numbers-migration.test.ts',
  'test/server/backups.test.ts',
  'test/server/data-dir-lock.test.ts',
  'test/server/query-list.test.ts',
  'test/server/query-parser.test.ts',
  'test/server/search-plans.test.ts',
];

/** The server tests on a PostgreSQL engine (test/server/test-database.ts). */
function onPostgres(name: string, engine: 'pglite' | 'postgres'): TestProjectInlineConfiguration {
  return {
    extends: true,
    test: {
      name,
      environment: 'node',
      include: SERVER_TESTS,
      exclude: SQLITE_ONLY,
      env: { TEST_DATABASE: engine },
      // Files share a worker's modules, so its databases (seconds each to make and migrate on
      // PGlite) serve every file rather than being made again per file.
      isolate: false,
      // Limits on a hang, not speed goals: a test that makes its own app waits for a PostgreSQL
      // database, and a file that seeds thousands of rows takes tens of seconds when the machine
      // runs another suite beside it (issue 33's loaded runs).
      testTimeout: 120_000,
      hookTimeout: 120_000,
      // After the SQLite and web projects, not beside them: PGlite's WebAssembly takes a whole
      // core, and the component tests' 5 s waits then run out on a two-core machine.
      sequence: { groupOrder: 1 },
    },
  };
}

export default defineConfig({
  plugins: [react()],
  resolve: { alias: sharedAliases(import.meta.dirname) },
  test: {
    // Vitest would use one worker on this two-core machine; two halve the run.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        // Files share a worker's modules (as on PostgreSQL): each makes its own app and database.
        // Timeouts are limits on a hang, sized for a loaded two-core machine.
        test: {
          name: 'server',
          environment: 'node',
          include: SERVER_TESTS,
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      // The same server tests on PostgreSQL: on the real server TEST_DATABASE_URL names (.ci/run
      // starts one), or else in this process on PGlite, so `npm test` covers PostgreSQL anywhere.
      process.env.TEST_DATABASE_URL
        ? onPostgres('server-postgres', 'postgres')
        : onPostgres('server-pglite', 'pglite'),
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['test/unit/**/*.test.{ts,tsx}', 'test/components/**/*.test.{ts,tsx}'],
          setupFiles: ['test/setup-web.ts'],
          // Files share a worker's modules and its jsdom (a fresh render, store, MSW handlers
          // and storage per test, test/setup-web.ts): less than half the time of a fresh
          // environment per file.
          isolate: false,
          // A test waits up to 15 s for each thing it expects (asyncUtilTimeout); the whole test
          // needs room for several such waits on a loaded two-core CI machine. A limit on hangs,
          // not a speed goal.
          testTimeout: 60_000,
        },
      },
    ],
  },
});
