// `npm run restore -- ARCHIVE [--force]`: puts a backup back (server/src/modules/backups/backup-archive.ts).
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { backupKeyOf, restoreBackup } from '../modules/backups/backup-archive';
import { readConfig } from '../config';
import { lockDataDir } from '../db/data-dir-lock';

const USAGE = `Restores a backup archive made by npm run backup.

Usage: npm run restore -- ARCHIVE [--force]

  ARCHIVE  the .gcbackup archive; its signature, then its manifest's checksums, are checked first
  --force  replace the database and files already there (otherwise only an empty data
           directory or database is restored into)
  --help   show this help

Stop the server first. It reads DATA_DIR, DATABASE_URL and BACKUP_KEY from the environment and
.env; an archive made on another server needs that server's BACKUP_KEY (its DATA_DIR/keys/backup.key);
a PostgreSQL backup is restored with pg_restore, which must be on the PATH.`;

async function main(): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const [archive] = positionals;
  if (archive === undefined || positionals.length > 1) throw new Error(USAGE);
  const config = readConfig();
  // Not while a server uses the SQLite data directory.
  if (config.databaseUrl === null) lockDataDir(config.dataDir, 'restore');
  const manifest = await restoreBackup(config, {
    archive,
    force: values.force ?? false,
    key: backupKeyOf(config),
  });
  console.log(
    `Restored the backup of ${manifest.created_at} (${manifest.files.length} files checked) into ${
      config.databaseUrl === null ? config.dataDir : 'the database at DATABASE_URL'
    }.`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
