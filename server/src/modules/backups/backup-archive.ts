import { execFile } from 'node:child_process';
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import {
  cp,
  lstat,
  mkdir,
  mkdtemp,
  open,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { serverKey } from '../../auth/server-keys';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { DATABASE_FILE } from '../../db/open-data-dir';
import { createPostgresDatabaseIfMissing, openPostgres } from '../../db/engine/postgres';

const run = promisify(execFile);

/**
 * Backups (issue 21): one dated archive (`guard-console-backup-<UTC time>.gcbackup`) holding a
 * consistent copy of the database, the uploaded files and a manifest with every file's SHA-256,
 * as a tar.gz made and read with the system's tar. The database's copy is each engine's own:
 * SQLite's VACUUM INTO, or pg_dump's custom format; both are taken while the server runs.
 *
 * The tar.gz is sealed (issue 35): encrypted with AES-256-GCM under a key derived from the backup
 * key (BACKUP_KEY, or DATA_DIR/keys/backup.key), whose tag signs every byte and the header. An
 * archive holds visitors' IC numbers and phones (docs/privacy.md); a restore refuses one that was
 * changed by a single bit, or sealed with another key, before it unpacks anything.
 */
export const ARCHIVE_PREFIX = 'guard-console-backup-';
export const ARCHIVE_SUFFIX = '.gcbackup';
/** A sealed archive's first bytes: the format and its version. */
const SEAL_MAGIC = Buffer.from('GCBACKUP\x02', 'latin1');
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = SEAL_MAGIC.length + IV_BYTES;
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
  return `${ARCHIVE_PREFIX}${now.toISOString().replace(/[:.]/g, '-')}${ARCHIVE_SUFFIX}`;
}

/** The backup key of a server's settings: BACKUP_KEY, else its data directory's. */
export function backupKeyOf(config: { dataDir: string; backups: { key: string | null } }): Buffer {
  return serverKey(config.dataDir, 'backup', config.backups.key ?? undefined);
}

/** The archive's encryption key, derived from the backup key for this one use. */
function sealKey(backupKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', backupKey, Buffer.alloc(0), 'guard-console backup v2', 32));
}

/** Encrypts and signs `plain` into `sealed`: header (magic, IV), ciphertext, tag. */
export async function sealArchive(plain: string, sealed: string, backupKey: Buffer): Promise<void> {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', sealKey(backupKey), iv);
  cipher.setAAD(SEAL_MAGIC);
  const out = await open(sealed, 'w', 0o600);
  try {
    await out.write(Buffer.concat([SEAL_MAGIC, iv]));
    for await (const chunk of createReadStream(plain)) {
      await out.write(cipher.update(chunk as Buffer));
    }
    await out.write(Buffer.concat([cipher.final(), cipher.getAuthTag()]));
  } finally {
    await out.close();
  }
}

/**
 * Checks and decrypts a sealed archive into `plain`; throws, naming the archive, when it is not
 * one, or does not check against the key (changed, damaged, or sealed with another key). The
 * plain file is removed on failure: nothing unchecked is ever unpacked.
 */
export async function unsealArchive(
  sealed: string,
  plain: string,
  backupKey: Buffer,
): Promise<void> {
  const handle = await open(sealed, 'r');
  let header: Buffer;
  let tag: Buffer;
  let size: number;
  try {
    size = (await handle.stat()).size;
    header = Buffer.alloc(HEADER_BYTES);
    tag = Buffer.alloc(TAG_BYTES);
    await handle.read(header, 0, HEADER_BYTES, 0);
    await handle.read(tag, 0, TAG_BYTES, Math.max(0, size - TAG_BYTES));
  } finally {
    await handle.close();
  }
  if (
    size < HEADER_BYTES + TAG_BYTES ||
    !header.subarray(0, SEAL_MAGIC.length).equals(SEAL_MAGIC)
  ) {
    throw new Error(
      `${sealed} is not a signed backup: only archives made by npm run backup since backups are signed (.gcbackup) can be restored.`,
    );
  }
  const decipher = createDecipheriv(
    'aes-256-gcm',
    sealKey(backupKey),
    header.subarray(SEAL_MAGIC.length),
  );
  decipher.setAAD(SEAL_MAGIC);
  decipher.setAuthTag(tag);
  const out = await open(plain, 'w', 0o600);
  try {
    for await (const chunk of createReadStream(sealed, {
      start: HEADER_BYTES,
      end: size - TAG_BYTES - 1,
    })) {
      await out.write(decipher.update(chunk as Buffer));
    }
    await out.write(decipher.final());
    await out.close();
  } catch {
    await out.close().catch(() => undefined);
    await rm(plain, { force: true });
    throw new Error(
      `${sealed} does not check against the backup key: it was changed or damaged, or made with another key. To restore a backup from another server, set BACKUP_KEY to that server's key (its DATA_DIR/keys/backup.key).`,
    );
  }
}

/**
 * Copies the database and the uploaded files into one archive in `outDir`; answers its path.
 * The database is copied first, then the files: a file uploaded meanwhile is in the archive
 * unattached (and removed in time), where the other order could leave a record without its file.
 */
export async function createBackup(
  target: BackupTarget,
  options: { outDir: string; now?: Date; key: Buffer },
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
    const plain = `${staging}.tar.gz`;
    const archive = path.join(options.outDir, archiveName(now));
    try {
      await run('tar', ['-czf', plain, '-C', staging, '.']);
      // Written under a temporary name first: a half-written archive never looks like a backup.
      await sealArchive(plain, `${archive}.part`, options.key);
      await rename(`${archive}.part`, archive);
    } finally {
      await rm(plain, { force: true });
      await rm(`${archive}.part`, { force: true });
    }
    return archive;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** A member name that would land outside the folder it is unpacked in. */
function leavesRoot(name: string): boolean {
  const normal = path.posix.normalize(name);
  return path.posix.isAbsolute(name) || normal === '..' || normal.startsWith('../');
}

/** Every entry under `root` that is neither a plain file nor a folder (a link, a device…). */
async function oddEntriesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true });
  const odd: string[] = [];
  for (const entry of entries) {
    const info = await lstat(path.join(root, entry));
    if (!info.isFile() && !info.isDirectory()) odd.push(entry.split(path.sep).join('/'));
  }
  return odd;
}

/**
 * Checks a sealed archive, unpacks it and checks it against its manifest; throws naming what is
 * wrong. The seal is checked before anything is unpacked; then no member may leave the folder or
 * be anything but a file or a folder.
 */
async function unpackChecked(archive: string, into: string, key: Buffer): Promise<BackupManifest> {
  if (!existsSync(archive)) throw new Error(`No backup archive at ${archive}.`);
  const plain = path.join(into, '..', `${path.basename(into)}.tar.gz`);
  await unsealArchive(archive, plain, key);
  try {
    const { stdout } = await run('tar', ['-tzf', plain], { maxBuffer: 256 * 1024 * 1024 });
    const outside = stdout.split('\n').filter((name) => name && leavesRoot(name));
    if (outside.length > 0) {
      throw new Error(`${archive} holds ${outside[0]}, outside the archive: it is not a backup.`);
    }
    await run('tar', ['-xzf', plain, '-C', into, '--no-same-owner', '--no-same-permissions']);
  } finally {
    await rm(plain, { force: true });
  }
  const odd = await oddEntriesUnder(into);
  if (odd.length > 0) {
    throw new Error(`${archive} holds ${odd[0]}, which is not a plain file: it is not a backup.`);
  }
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
    if (leavesRoot(file.path))
      throw new Error(`${archive} lists ${file.path}, outside the archive.`);
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
  options: { archive: string; force?: boolean; key: Buffer },
): Promise<BackupManifest> {
  const unpacked = await mkdtemp(
    path.join(path.dirname(path.resolve(options.archive)), '.restore-'),
  );
  try {
    const manifest = await unpackChecked(options.archive, unpacked, options.key);
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
    .filter((name) => name.startsWith(ARCHIVE_PREFIX) && name.endsWith(ARCHIVE_SUFFIX))
    .sort()
    .reverse();
  const old = archives.slice(keep);
  for (const name of old) await rm(path.join(dir, name), { force: true });
  return old;
}
