import { readdirSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, type PlaywrightTestProject } from '@playwright/test';

/**
 * One zone for the server, the browser and the tests' own reading of the database, so "today"
 * and local times agree everywhere; not UTC, so the UTC-to-local conversions are really exercised.
 */
export const E2E_TIME_ZONE = 'Asia/Kuala_Lumpur';
process.env.TZ = E2E_TIME_ZONE;

/** Debian's Chromium, headless on this closed network: no background calls out, no GPU. */
export const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/** A server the browser tests run against, on a fresh demo database of its own. */
export interface Backend {
  engine: 'sqlite' | 'postgres';
  port: number;
  /** Its data directory: the SQLite file (on SQLite), uploads and the mail outbox. */
  dataDir: string;
  /** Its PostgreSQL database, dropped and made afresh at each run. */
  databaseUrl?: string;
}

// Overridable so that two runs on one machine do not share a port, database or build.
const port = Number(process.env.E2E_PORT ?? 8181);
const dataDir = process.env.E2E_DATA_DIR ?? '.e2e-data';
const staticDir = process.env.E2E_STATIC_DIR ?? 'dist';
const BACKENDS: Backend[] = [
  { engine: 'sqlite', port, dataDir },
  // With E2E_DATABASE_URL, a second server on that PostgreSQL database, beside the first.
  ...(process.env.E2E_DATABASE_URL
    ? [
        {
          engine: 'postgres' as const,
          port: port + 1,
          dataDir: `${dataDir}-postgres`,
          databaseUrl: process.env.E2E_DATABASE_URL,
        },
      ]
    : []),
];

/**
 * The specs whose outcome can depend on the database engine: searches, ordering, uniqueness,
 * dates and times, counts, the audit trail. They run against both servers.
 */
const ENGINE_SPECS = [
  'admin-screens',
  'audit',
  'dashboard',
  'guard-phone',
  'guards',
  'incidents',
  'kiosk',
  'password',
  'patrols',
  'rosters',
  'sites',
  'visitor-passes',
  'visitors',
  'watch',
  'watchlist',
];
/** The specs that check the page itself (axe, focus, layout, a viewport): SQLite only. */
const PAGE_SPECS = ['accessibility', 'keyboard', 'layout', 'tablet'];
/** Specs that only read, run first, two tests at a time: no other test writes meanwhile. */
const READING_SPECS = ['accessibility', 'dashboard', 'tablet'];
/** Run last, so that they see the other tests' records too (long names and emails). */
const LAST_SPECS = ['layout'];

// A spec in neither list would never run: say so rather than skip it.
const unlisted = readdirSync(path.join(import.meta.dirname, 'test/e2e'))
  .filter((file) => file.endsWith('.spec.ts'))
  .map((file) => file.slice(0, -'.spec.ts'.length))
  .filter((spec) => !ENGINE_SPECS.includes(spec) && !PAGE_SPECS.includes(spec));
if (unlisted.length > 0) {
  throw new Error(
    `playwright.config.ts: list ${unlisted.join(', ')} in ENGINE_SPECS or PAGE_SPECS.`,
  );
}

/**
 * A backend's tests in three phases: the reading specs, two at a time; then the others, one at a
 * time; then the last ones, one at a time. On PostgreSQL only the engine's specs run. A phase
 * that fails leaves the next ones unrun (`--no-deps` runs a project alone).
 */
function projectsOf(backend: Backend): PlaywrightTestProject[] {
  const name = (phase: string) => `${backend.engine}-${phase}`;
  const specs = backend.engine === 'sqlite' ? [...ENGINE_SPECS, ...PAGE_SPECS] : ENGINE_SPECS;
  const files = (names: string[]) => names.map((spec) => `${spec}.spec.ts`);
  const reading = specs.filter((spec) => READING_SPECS.includes(spec));
  const last = specs.filter((spec) => LAST_SPECS.includes(spec));
  const writing = specs.filter((spec) => !reading.includes(spec) && !last.includes(spec));
  const common = { use: { baseURL: `http://127.0.0.1:${backend.port}` }, metadata: backend };
  return [
    { ...common, name: name('reading'), testMatch: files(reading), fullyParallel: true },
    {
      ...common,
      name: name('writing'),
      testMatch: files(writing),
      dependencies: [name('reading')],
      // One test at a time: a test that writes may change what another one counts or lists.
      workers: 1,
    },
    {
      ...common,
      name: name('last'),
      testMatch: files(last),
      dependencies: [name('writing')],
      // One at a time too: the layout check's two widths share a login, and a list's columns
      // are remembered per login.
      workers: 1,
    },
  ].filter((project) => project.testMatch.length > 0);
}

/** Browser tests drive Debian's Chromium against the real server on a fresh demo database. */
export default defineConfig({
  testDir: 'test/e2e',
  // Two at a time where a phase allows it: a SQLite project's test beside a PostgreSQL one's, or
  // two reading tests.
  workers: 2,
  retries: 0,
  timeout: 60_000,
  // A limit on a wait for a condition, which returns as soon as it holds, not a speed goal: room
  // for a loaded two-core machine running two browsers.
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    trace: 'retain-on-failure',
    timezoneId: E2E_TIME_ZONE,
    launchOptions: CHROMIUM,
  },
  projects: BACKENDS.flatMap(projectsOf),
  webServer: BACKENDS.map((backend) => ({
    // Each run starts on a fresh database: the data directory goes, and so does a PostgreSQL
    // database, which the server then creates again as it does the SQLite file.
    command: [
      `rm -rf ${backend.dataDir}`,
      ...(backend.databaseUrl ? ['npx tsx test/e2e/drop-database.ts'] : []),
      'npm start',
    ].join(' && '),
    url: `http://127.0.0.1:${backend.port}/login`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe' as const,
    env: {
      PORT: String(backend.port),
      HOST: '127.0.0.1',
      DATA_DIR: backend.dataDir,
      // Empty keeps the SQLite file, whatever the calling shell has set.
      DATABASE_URL: backend.databaseUrl ?? '',
      DEMO_DATA: 'on',
      APP_KEYS: 'guard-console-demo-key',
      STATIC_DIR: staticDir,
      TZ: E2E_TIME_ZONE,
      // The roster watch every 2 s, so watch.spec sees a no-show without waiting a minute.
      WATCH_EVERY_SECONDS: '2',
    },
  })),
});
