import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { DATABASE_FILE } from '../../db/open-data-dir';
import { createPostgresDatabaseIfMissing, openPostgres } from '../../db/engine/postgres';

const run = promisify(execFile);

/**
 * Backups (issue 21): one dated archive (`guard-console-backup-<UTC time>.tar.gz`, made and read
 * with the system's tar) holding a consistent copy of the database, the uploaded files and a
 * manifest with every file's SHA-256. The database's copy is each engine's own: SQLite's
 * VACUUM INTO, or pg_dump's custom format; both are taken while the server runs and writes.
 */
export const ARCHIVE_PREFIX = 'guard-console-backup-';
const MANIFEST = 'manifest.json';
const SQLITE_COPY = 'database.sqlite';
const POSTGRES_DUMP = 'database.pgdump';
const FILES = 'files';

export interface BackupManifest {
  format: 1;
  engine: 'sqlite' | 'postgres';
  created_at: string;
  files: Array<{ path: string; bytes: number; sha256: string }>;
}

export interface BackupTarget {
  dataDir: string;
  /** PostgreSQL's URL, or null for the SQLite file in the data directory. */
  databaseUrl: string | null;
}

/** Where backups go unless told: DATA_DIR/backups. */
export function defaultBackupDir(dataDir: string): string {
  return path.join(dataDir, 'backups');
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Every file under `root`, as paths relative to it with '/' between folders, sorted. */
async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) =>
      path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
    )
    .sort();
}

/** The archive's name for a moment: sortable, and safe on every file system. */
export function archiveName(now: Date): string {
  return `${ARCHIVE_PREFIX}${now.toISOString().replace(/[:.]/g, '-')}.tar.gz`;
}

/**
 * Copies the database and the uploaded files into one archive in `outDir`; answers its path.
 * The database is copied first, then the files: a file uploaded meanwhile is in the archive
 * unattached (and removed in time), where the other order could leave a record without its file.
 */
export async function createBackup(
  target: BackupTarget,
  options: { outDir: string; now?: Date },
): Promise<string> {
  const now = options.now ?? new Date();
  await mkdir(options.outDir, { recursive: true });
  const staging = await mkdtemp(path.join(options.outDir, '.staging-'));
  try {
    if (target.databaseUrl === null) {
      // VACUUM INTO copies one read transaction's view: writers go on meanwhile (WAL), and the
      // copy never restarts, as the online backup API does each time another connection writes.
      const source = new SQLite(path.join(target.dataDir, DATABASE_FILE), { readonly: true });
      try {
        source.prepare('vacuum into ?').run(path.join(staging, SQLITE_COPY));
      } finally {
        source.close();
      }
    } else {
      await run('pg_dump', [
        '--format=custom',
        '--no-owner',
        `--file=${path.join(staging, POSTGRES_DUMP)}`,
        target.databaseUrl,
      ]);
    }
    const uploads = path.join(target.dataDir, FILES);
    await mkdir(path.join(staging, FILES), { recursive: true });
    if (existsSync(uploads)) await cp(uploads, path.join(staging, FILES), { recursive: true });
    const manifest: BackupManifest = {
      format: 1,
      engine: target.databaseUrl === null ? 'sqlite' : 'postgres',
      created_at: now.toISOString(),
      files: [],
    };
    for (const file of await filesUnder(staging)) {
      const full = path.join(staging, file);
      manifest.files.push({
        path: file,
        bytes: (await stat(full)).size,
        sha256: await sha256Of(full),
      });
    }
    await writeFile(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    const archive = path.join(options.outDir, archiveName(now));
    await run('tar', ['-czf', archive, '-C', staging, '.']);
    return archive;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Unpacks an archive and checks it against its manifest; throws naming what is wrong. */
async function unpackChecked(archive: string, into: string): Promise<BackupManifest> {
  if (!existsSync(archive)) throw new Error(`No backup archive at ${archive}.`);
  await run('tar', ['-xzf', archive, '-C', into]);
  const manifestFile = path.join(into, MANIFEST);
  if (!existsSync(manifestFile)) throw new Error(`${archive} has no ${MANIFEST}: not a backup.`);
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as BackupManifest;
  if (manifest.format !== 1) throw new Error(`${archive} is a backup of an unknown format.`);
  const listed = new Set(manifest.files.map((file) => file.path));
  for (const file of await filesUnder(into)) {
    if (file !== MANIFEST && !listed.has(file)) {
      throw new Error(`${archive} holds ${file}, which its manifest does not list.`);
    }
  }
  for (const file of manifest.files) {
    const full = path.join(into, file.path);
    if (!existsSync(full))
      throw new Error(`${archive} lacks ${file.path}, listed in its manifest.`);
    if ((await sha256Of(full)) !== file.sha256) {
      throw new Error(
        `${file.path} in ${archive} does not match its checksum: the archive is damaged.`,
      );
    }
  }
  return manifest;
}

/** Whether the PostgreSQL database at `url` has any table of its own. */
async function postgresHasTables(url: string): Promise<boolean> {
  const db = openPostgres(url);
  try {
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from information_schema.tables
      where table_schema = current_schema()`.execute(db);
    return Number(rows[0]?.n ?? 0) > 0;
  } finally {
    await db.destroy();
  }
}

/**
 * Puts a backup back into an empty data directory or database: the manifest is checked first,
 * and live data is replaced only with `force`. The server must not run meanwhile.
 */
export async function restoreBackup(
  target: BackupTarget,
  options: { archive: string; force?: boolean },
): Promise<BackupManifest> {
  const unpacked = await mkdtemp(
    path.join(path.dirname(path.resolve(options.archive)), '.restore-'),
  );
  try {
    const manifest = await unpackChecked(options.archive, unpacked);
    const engine = target.databaseUrl === null ? 'sqlite' : 'postgres';
    if (manifest.engine !== engine) {
      throw new Error(
        manifest.engine === 'sqlite'
          ? 'This archive holds a SQLite backup: restore it with DATABASE_URL unset.'
          : 'This archive holds a PostgreSQL backup: restore it with DATABASE_URL set.',
      );
    }
    const uploads = path.join(target.dataDir, FILES);
    if (target.databaseUrl === null) {
      const database = path.join(target.dataDir, DATABASE_FILE);
      if (existsSync(database) && !options.force) {
        throw new Error(
          `${target.dataDir} already holds a database. Restore into an empty data directory, or add --force to replace it.`,
        );
      }
      await mkdir(target.dataDir, { recursive: true });
      for (const suffix of ['', '-wal', '-shm']) await rm(`${database}${suffix}`, { force: true });
      await cp(path.join(unpacked, SQLITE_COPY), database);
    } else {
      await createPostgresDatabaseIfMissing(target.databaseUrl);
      if ((await postgresHasTables(target.databaseUrl)) && !options.force) {
        throw new Error(
          'The database at DATABASE_URL already holds tables. Restore into an empty database, or add --force to replace them.',
        );
      }
      await run('pg_restore', [
        '--no-owner',
        ...(options.force ? ['--clean', '--if-exists'] : []),
        `--dbname=${target.databaseUrl}`,
        path.join(unpacked, POSTGRES_DUMP),
      ]);
    }
    if (options.force) await rm(uploads, { recursive: true, force: true });
    await mkdir(uploads, { recursive: true });
    await cp(path.join(unpacked, FILES), uploads, { recursive: true });
    return manifest;
  } finally {
    await rm(unpacked, { recursive: true, force: true });
  }
}

/** Keeps the newest `keep` archives in `dir` and deletes the rest; answers the deleted names. */
export async function rotateBackups(dir: string, keep: number): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const archives = (await readdir(dir))
    .filter((name) => name.startsWith(ARCHIVE_PREFIX) && name.endsWith('.tar.gz'))
    .sort()
    .reverse();
  const old = archives.slice(keep);
  for (const name of old) await rm(path.join(dir, name), { force: true });
  return old;
}
