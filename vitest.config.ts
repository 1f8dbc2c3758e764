import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { sharedAliases } from './scripts/shared-aliases.ts';

const SERVER_TESTS = ['test/server/**/*.test.ts'];
/** SQLite's plans (EXPLAIN QUERY PLAN) and SQL text, and the parser, which has no engine. */
const SQLITE_ONLY = [
  'test/server/attendances-plans.test.ts',
  'test/server/incident-numbers-migration.test.ts',
  'test/server/backups.test.ts',
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
      // A test that makes its own app waits for a PostgreSQL database: seconds, not milliseconds.
      testTimeout: 30_000,
      hookTimeout: 30_000,
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
    projects: [
      {
        extends: true,
        test: { name: 'server', environment: 'node', include: SERVER_TESTS },
      },
      // The same server tests on PostgreSQL, in this process (PGlite), in `npm test`.
      onPostgres('server-pglite', 'pglite'),
      // And on a real PostgreSQL server when TEST_DATABASE_URL names one (.ci/run starts one).
      ...(process.env.TEST_DATABASE_URL ? [onPostgres('server-postgres', 'postgres')] : []),
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['test/unit/**/*.test.{ts,tsx}', 'test/components/**/*.test.{ts,tsx}'],
          setupFiles: ['test/setup-web.ts'],
          // A test waits up to 5 s for each thing it expects (asyncUtilTimeout); the whole test
          // needs room for several such waits on a loaded two-core CI machine. A limit on hangs,
          // not a speed goal.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
