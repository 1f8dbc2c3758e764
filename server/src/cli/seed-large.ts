// `npm run seed:large -- --guards 100000 --attendance 1000000`: adds a large data set to the
// database in DATA_DIR (default ./data), on top of what is there, to try the console at scale.
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { readConfig } from '../config';
import { openDataDir } from '../db/open-data-dir';
import { seedLargeData } from '../db/seed/large';

const DEFAULT_GUARDS = 100_000;
const DEFAULT_ATTENDANCE = 1_000_000;

function parseCount(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const count = Number(value.replaceAll('_', ''));
  if (!Number.isSafeInteger(count) || count < 0) {
    throw new Error(`--${name} must be a whole number of 0 or more, not '${value}'.`);
  }
  return count;
}

async function main(): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const { values } = parseArgs({
    options: { guards: { type: 'string' }, attendance: { type: 'string' } },
  });
  const guards = parseCount('guards', values.guards, DEFAULT_GUARDS);
  const attendance = parseCount('attendance', values.attendance, DEFAULT_ATTENDANCE);
  const { dataDir } = readConfig();
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;

  console.log(`Adding ${guards} guards and ${attendance} attendance rows in ${dataDir}.`);
  const db = await openDataDir(dataDir);
  try {
    await seedLargeData(db, {
      dataDir,
      guards,
      attendance,
      onProgress: (message) => console.log(`[${elapsed()}] ${message}`),
    });
  } finally {
    await db.destroy();
  }
  console.log(`Done in ${elapsed()}.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
