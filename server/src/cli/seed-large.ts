// `npm run seed:large -- --guards 100000 --attendance 1000000 --visitors 200000 --incidents 50000`:
// adds a large data set to the database in DATA_DIR (default ./data), on top of what is there, to
// try the console at scale. Every flag is optional and takes a whole number (underscores allowed):
//   --guards N      guards spread over every company's sites (default 100,000)
//   --attendance N  past shifts of those guards, or of the guards already there (default 1,000,000)
//   --visitors N    visitor passes, with their scans, at the sites with the visitors service on
//                   (default 200,000)
//   --incidents N   incidents, numbered after the server's own, at the sites with reporting on
//                   (default 50,000)
// Give 0 to leave a kind out. The database is created and migrated if it does not exist yet.
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { readConfig } from '../config';
import { openDataDir } from '../db/open-data-dir';
import { seedLargeData } from '../db/seed/large';

const DEFAULT_GUARDS = 100_000;
const DEFAULT_ATTENDANCE = 1_000_000;
const DEFAULT_VISITORS = 200_000;
const DEFAULT_INCIDENTS = 50_000;

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
    options: {
      guards: { type: 'string' },
      attendance: { type: 'string' },
      visitors: { type: 'string' },
      incidents: { type: 'string' },
    },
  });
  const guards = parseCount('guards', values.guards, DEFAULT_GUARDS);
  const attendance = parseCount('attendance', values.attendance, DEFAULT_ATTENDANCE);
  const visitors = parseCount('visitors', values.visitors, DEFAULT_VISITORS);
  const incidents = parseCount('incidents', values.incidents, DEFAULT_INCIDENTS);
  const { dataDir } = readConfig();
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;

  console.log(
    `Adding ${guards} guards, ${attendance} attendance rows, ${visitors} visitor passes and ` +
      `${incidents} incidents in ${dataDir}.`,
  );
  const db = await openDataDir(dataDir);
  try {
    await seedLargeData(db, {
      dataDir,
      guards,
      attendance,
      visitors,
      incidents,
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
