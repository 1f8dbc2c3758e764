import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import {
  backupKeyOf,
  createBackup,
  restoreBackup,
  rotateBackups,
  sealArchive,
  unsealArchive,
} from '../../server/src/modules/backups/backup-archive';
import { DATABASE_FILE, openDataDir } from '../../server/src/db/open-data-dir';
import type { DB } from '../../server/src/db/database';
import { seedDemoData } from '../../server/src/db/seed/demo';
import { createVisitor } from './factories';
import { fileHashes } from './file-hashes';

// A backup taken while writers run restores to a database identical to the one at some moment
// of the writes: every table as it was, the written one holding the writes up to that moment
// and none after, and every uploaded file byte for byte.

let root: string;
let dataDir: string;
let db: DB;
/** The backup key of the data directory (DATA_DIR/keys/backup.key), as the CLI makes it. */
let key: Buffer;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'guard-console-backups-'));
  dataDir = path.join(root, 'data');
  db = await openDataDir(dataDir);
  await seedDemoData(db, { dataDir, now: new Date('2026-11-24T02:00:00Z') });
  key = backupKeyOf({ dataDir, backups: { key: null } });
}, 60_000);
afterAll(async () => {
  await db.destroy();
  rmSync(root, { recursive: true, force: true });
});

/** Every table's row count and a checksum of its rows (each row's JSON, sorted). */
function tablesOf(
  file: string,
  except: string[] = [],
): Map<string, { rows: number; sha256: string }> {
  const database = new SQLite(file, { readonly: true });
  try {
    const names = database
      .prepare(
        "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and sql not like 'create virtual%' order by name",
      )
      .pluck()
      .all() as string[];
    return new Map(
      names
        .filter((name) => !except.includes(name))
        .map((name) => {
          const rows = database
            .prepare(`select * from "${name}"`)
            .all()
            .map((row) => JSON.stringify(row))
            .sort();
          const sha256 = createHash('sha256').update(rows.join('\n')).digest('hex');
          return [name, { rows: rows.length, sha256 }];
        }),
    );
  } finally {
    database.close();
  }
}

/** Runs one of the server's command-line tools as `npm run` would, with these settings. */
function runCli(script: string, args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', script, ...args],
      { env: { ...process.env, ...env }, cwd: path.resolve(import.meta.dirname, '../..') },
      (error, _stdout, stderr) => (error ? reject(new Error(stderr || String(error))) : resolve()),
    );
  });
}

describe('npm run backup and npm run restore (SQLite)', { timeout: 60_000 }, () => {
  it('backs up while passes are written, and restores a database identical up to one moment of the writes', async () => {
    const site = (await db.selectFrom('residences').select('uuid').executeTakeFirstOrThrow()).uuid;
    const written: string[] = [];
    let writing = true;
    const writer = (async () => {
      while (writing) {
        written.push(await createVisitor(db, site, { name: `Writer ${written.length}` }));
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    // The backup in a process of its own, as `npm run backup` runs beside the server.
    const outDir = path.join(root, 'out');
    await runCli('server/src/cli/backup.ts', ['--out', outDir], { DATA_DIR: dataDir });
    writing = false;
    await writer;
    const [archiveName] = readdirSync(outDir);
    const archive = path.join(outDir, archiveName ?? '');
    expect(path.basename(archive)).toMatch(
      /^guard-console-backup-\d{4}-\d\d-\d\dT[\d-]+Z\.gcbackup$/,
    );
    // Sealed: no tool reads it without the key.
    expect(() => execFileSync('tar', ['-tzf', archive], { stdio: 'pipe' })).toThrow();

    const restoredDir = path.join(root, 'restored');
    const manifest = await restoreBackup(
      { dataDir: restoredDir, databaseUrl: null },
      { archive, key },
    );
    expect(manifest.engine).toBe('sqlite');

    const source = path.join(dataDir, DATABASE_FILE);
    const restored = path.join(restoredDir, DATABASE_FILE);
    // The written tables apart, and the record of this backup and its audit entry, written once
    // it was taken.
    const changing = [
      'visitors',
      'site_row_counts',
      'visitors_search_data',
      'visitors_search_idx',
      'visitors_search_docsize',
      'backups',
      'audit_entries',
      'audit_names',
      'audit_names_search_data',
      'audit_names_search_idx',
      'audit_names_search_docsize',
    ];
    expect(tablesOf(restored, changing)).toEqual(tablesOf(source, changing));
    expect(await db.selectFrom('backups').select('archive').execute()).toEqual([
      { archive: path.basename(archive) },
    ]);
    // Each backup is logged in the audit trail, by the system.
    expect(
      await db
        .selectFrom('audit_entries')
        .select(['action', 'entity_label', 'actor_role'])
        .where('entity', '=', 'backup')
        .execute(),
    ).toEqual([{ action: 'backup', entity_label: path.basename(archive), actor_role: 'system' }]);
    // The passes: the demo's, then a prefix of the writes, in order, with nothing after it.
    const restoredDb = new SQLite(restored, { readonly: true });
    const writerPasses = restoredDb
      .prepare("select uuid from visitors where name like 'Writer %' order by rowid")
      .pluck()
      .all();
    restoredDb.close();
    expect(written.length).toBeGreaterThan(0);
    expect(writerPasses).toEqual(written.slice(0, writerPasses.length));
    expect(fileHashes(path.join(restoredDir, 'files'))).toEqual(
      fileHashes(path.join(dataDir, 'files')),
    );
  });

  it('refuses to restore over live data unless forced', async () => {
    const outDir = path.join(root, 'out-refusals');
    const archive = await createBackup({ dataDir, databaseUrl: null }, { outDir, key });
    await expect(restoreBackup({ dataDir, databaseUrl: null }, { archive, key })).rejects.toThrow(
      `${dataDir} already holds a database. Restore into an empty data directory, or add --force to replace it.`,
    );
    await expect(
      restoreBackup(
        { dataDir: path.join(root, 'pg'), databaseUrl: 'postgres://nowhere/db' },
        { archive, key },
      ),
    ).rejects.toThrow('This archive holds a SQLite backup: restore it with DATABASE_URL unset.');
  });

  describe('refuses an archive it did not make, before unpacking it', () => {
    let archive: string;
    let unpacked: string;
    const fresh = () => ({
      dataDir: path.join(root, `fresh-${randomBytes(4).toString('hex')}`),
      databaseUrl: null,
    });
    const notChecked = (made: string) =>
      `${made} does not check against the backup key: it was changed or damaged, or made with another key.`;

    beforeAll(async () => {
      archive = await createBackup(
        { dataDir, databaseUrl: null },
        { outDir: path.join(root, 'out-forged'), key },
      );
      unpacked = path.join(root, 'forged');
      execFileSync('mkdir', ['-p', unpacked]);
      const plain = path.join(root, 'forged.tar.gz');
      await unsealArchive(archive, plain, key);
      execFileSync('tar', ['-xzf', plain, '-C', unpacked]);
    });

    /** The unpacked archive, changed by `change`, packed and sealed with `sealKey`. */
    async function forged(name: string, sealKey: Buffer, change: () => void): Promise<string> {
      change();
      const plain = path.join(root, `${name}.tar.gz`);
      execFileSync('tar', ['-czf', plain, '-C', unpacked, '.']);
      const sealed = path.join(root, `${name}.gcbackup`);
      await sealArchive(plain, sealed, sealKey);
      return sealed;
    }

    it('one byte changed', async () => {
      const damaged = path.join(root, 'damaged.gcbackup');
      execFileSync('cp', [archive, damaged]);
      const handle = await import('node:fs/promises').then((fs) => fs.open(damaged, 'r+'));
      const byte = Buffer.alloc(1);
      await handle.read(byte, 0, 1, 100);
      await handle.write(Buffer.from([(byte[0] ?? 0) ^ 1]), 0, 1, 100);
      await handle.close();
      await expect(restoreBackup(fresh(), { archive: damaged, key })).rejects.toThrow(
        notChecked(damaged),
      );
    });

    it('a database changed, its checksum updated, and sealed again without the key', async () => {
      const sqliteCopy = path.join(unpacked, 'database.sqlite');
      const tampered = await forged('tampered', randomBytes(32), () => {
        const copy = new SQLite(sqliteCopy);
        copy.prepare("update identities set challenge_hash = 'scrypt$forged'").run();
        copy.close();
        const manifestFile = path.join(unpacked, 'manifest.json');
        const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
          files: Array<{ path: string; bytes: number; sha256: string }>;
        };
        for (const file of manifest.files) {
          if (file.path === 'database.sqlite') {
            file.sha256 = createHash('sha256').update(readFileSync(sqliteCopy)).digest('hex');
          }
        }
        writeFileSync(manifestFile, JSON.stringify(manifest));
      });
      await expect(restoreBackup(fresh(), { archive: tampered, key })).rejects.toThrow(
        notChecked(tampered),
      );
    });

    it('an archive of before, unsigned', async () => {
      const plain = path.join(root, 'unsigned.tar.gz');
      execFileSync('tar', ['-czf', plain, '-C', unpacked, '.']);
      await expect(restoreBackup(fresh(), { archive: plain, key })).rejects.toThrow(
        `${plain} is not a signed backup`,
      );
    });

    it('a link inside, even sealed with the right key', async () => {
      const linked = await forged('linked', key, () => {
        symlinkSync('/etc/passwd', path.join(unpacked, 'files', 'link'));
      });
      await expect(restoreBackup(fresh(), { archive: linked, key })).rejects.toThrow(
        `${linked} holds files/link, which is not a plain file: it is not a backup.`,
      );
      rmSync(path.join(unpacked, 'files', 'link'));
    });

    it('a member outside the archive, even sealed with the right key', async () => {
      const outside = path.join(root, 'outside.gcbackup');
      const plain = path.join(root, 'outside.tar.gz');
      writeFileSync(path.join(root, 'escape.txt'), 'written outside the data directory');
      // GNU tar keeps a member name with '..' when it is told to (-P).
      execFileSync('tar', ['-czPf', plain, '-C', unpacked, '.', '../escape.txt'], {
        stdio: 'pipe',
      }).toString();
      await sealArchive(plain, outside, key);
      await expect(restoreBackup(fresh(), { archive: outside, key })).rejects.toThrow(
        `${outside} holds ../escape.txt, outside the archive: it is not a backup.`,
      );
    });
  });

  it('keeps the newest archives when rotating', async () => {
    const outDir = path.join(root, 'out-rotation');
    const made: string[] = [];
    for (const hour of [1, 2, 3]) {
      made.push(
        await createBackup(
          { dataDir, databaseUrl: null },
          { outDir, now: new Date(`2026-11-24T0${hour}:00:00Z`), key },
        ),
      );
    }
    expect(await rotateBackups(outDir, 2)).toEqual([path.basename(made[0] ?? '')]);
    expect(readdirSync(outDir).sort()).toEqual(made.slice(1).map((file) => path.basename(file)));
  });
});
