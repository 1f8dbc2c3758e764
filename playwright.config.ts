import { defineConfig } from '@playwright/test';

// Overridable so that two runs on one machine do not share a port, database or build.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? '.e2e-data';
const E2E_STATIC_DIR = process.env.E2E_STATIC_DIR ?? 'dist';
/** PostgreSQL for the server when a run names one; without it, the SQLite file in E2E_DATA_DIR. */
export const E2E_DATABASE_URL = process.env.E2E_DATABASE_URL || undefined;

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

/** Browser tests drive Debian's Chromium against the real server on a fresh demo database. */
export default defineConfig({
  testDir: 'test/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: 'retain-on-failure',
    timezoneId: E2E_TIME_ZONE,
    launchOptions: CHROMIUM,
  },
  webServer: {
    // Each run starts on a fresh database: the data directory goes, and so does a PostgreSQL
    // database, which the server then creates again as it does the SQLite file.
    command: [
      `rm -rf ${E2E_DATA_DIR}`,
      ...(E2E_DATABASE_URL ? ['npx tsx test/e2e/drop-database.ts'] : []),
      'npm start',
    ].join(' && '),
    url: `http://127.0.0.1:${E2E_PORT}/login`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      // Empty keeps the SQLite file, whatever the calling shell has set.
      DATABASE_URL: E2E_DATABASE_URL ?? '',
      DEMO_DATA: 'on',
      APP_KEYS: 'guard-console-demo-key',
      STATIC_DIR: E2E_STATIC_DIR,
      TZ: E2E_TIME_ZONE,
    },
  },
});
