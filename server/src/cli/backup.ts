// `npm run backup [-- --out DIR]`: a consistent copy of the database and the uploaded files in one
// dated archive, taken while the server runs (server/src/modules/backups/backup-archive.ts).
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readConfig } from '../config';
import { openConfiguredDatabase } from '../db/open-data-dir';
import {
  backupKeyOf,
  createBackup,
  defaultBackupDir,
  rotateBackups,
} from '../modules/backups/backup-archive';
import { createBackupsRepository } from '../modules/backups/backups.repository';

const USAGE = `Backs up the database and the uploaded files into one archive, while the server runs.

Usage: npm run backup [-- --out DIR] [--keep N]

  --out    the folder the archive goes to (default: DATA_DIR/backups)
  --keep   then keep only the newest N archives in that folder
  --help   show this help

It reads the server's settings (DATA_DIR, DATABASE_URL, BACKUP_KEY) from the environment and
.env. The archive is encrypted and signed with BACKUP_KEY (or DATA_DIR/keys/backup.key, made on
first use): keep that key apart from the archives, as a restore needs it.
A PostgreSQL backup needs pg_dump on the PATH; every backup needs tar.`;

async function main(): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      keep: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const keep = values.keep === undefined ? null : Number(values.keep);
  if (keep !== null && (!Number.isInteger(keep) || keep < 1)) {
    throw new Error(
      `--keep must be a whole number of 1 or more, not '${values.keep}'.\n\n${USAGE}`,
    );
  }
  const config = readConfig();
  const outDir = path.resolve(values.out ?? defaultBackupDir(config.dataDir));
  const now = new Date();
  const archive = await createBackup(config, { outDir, now, key: backupKeyOf(config) });
  // Recorded in the database, so the superadmin's dashboard and every process know of it.
  const db = await openConfiguredDatabase(config);
  try {
    await createBackupsRepository(db).record(
      path.basename(archive),
      (await stat(archive)).size,
      now,
    );
  } finally {
    await db.destroy();
  }
  console.log(`Backup written: ${archive}`);
  if (keep !== null) {
    for (const removed of await rotateBackups(outDir, keep)) console.log(`Removed ${removed}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
