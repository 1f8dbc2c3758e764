import { randomBytes } from 'node:crypto';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../server/src/db/database';
import { openPostgres } from '../../server/src/db/engine/postgres';
import { openConfiguredDatabase } from '../../server/src/db/open-data-dir';
import { seedDemoData } from '../../server/src/db/seed/demo';
import { recordAudit } from '../../server/src/modules/audit/audit.repository';
import { createBackup, restoreBackup } from '../../server/src/modules/backups/backup-archive';
import { fileHashes } from './file-hashes';
import { TEST_ENGINE } from './test-database';

// npm run backup and npm run restore on a real PostgreSQL server (TEST_DATABASE_URL, as .ci/run
// starts one): pg_dump's custom format into the archive, pg_restore into an empty database, every
// table's rows and every uploaded file the same afterwards. PGlite has no pg_dump, and SQLite's
// path is backups.test.ts.

/** A database of the test server by name: TEST_DATABASE_URL with another path. */
function databaseUrl(name: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://localhost/postgres');
  url.pathname = `/${name}`;
  return url.toString();
}

/** Every table's row count and an md5 of its rows as text, sorted. */
async function tablesOf(db: DB): Promise<Map<string, { rows: number; md5: string }>> {
  const tables = (
    await sql<{ name: string }>`select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(
      db,
    )
  ).rows.map((row) => row.name);
  const result = new Map<string, { rows: number; md5: string }>();
  for (const table of tables) {
    const { rows } = await sql<{ n: string; md5: string | null }>`select count(*) as n,
      md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as md5
      from ${sql.table(table)} as t`.execute(db);
    result.set(table, { rows: Number(rows[0]?.n ?? 0), md5: rows[0]?.md5 ?? '' });
  }
  return result;
}

describe.runIf(TEST_ENGINE === 'postgres')(
  'npm run backup and npm run restore (PostgreSQL)',
  { timeout: 120_000 },
  () => {
    const suffix = randomUUID().slice(0, 8);
    const sourceUrl = databaseUrl(`backup_source_${suffix}`);
    const restoredUrl = databaseUrl(`backup_restored_${suffix}`);
    let root: string;
    let dataDir: string;
    let source: DB;

    beforeAll(async () => {
      root = mkdtempSync(path.join(tmpdir(), 'guard-console-pg-backups-'));
      dataDir = path.join(root, 'data');
      source = await openConfiguredDatabase({ dataDir, databaseUrl: sourceUrl });
      await seedDemoData(source, { dataDir, now: new Date('2026-11-24T02:00:00Z') });
      await recordAudit(source, { action: 'backup', entity: 'backup', entityUuid: null });
    }, 120_000);
    afterAll(async () => {
      await source.destroy();
      const server = openPostgres(databaseUrl('postgres'));
      for (const url of [sourceUrl, restoredUrl]) {
        await sql`drop database if exists ${sql.id(new URL(url).pathname.slice(1))} with (force)`.execute(
          server,
        );
      }
      await server.destroy();
      rmSync(root, { recursive: true, force: true });
    });

    it('restores every table and file as they were, and refuses to restore over them', async () => {
      const key = randomBytes(32);
      const archive = await createBackup(
        { dataDir, databaseUrl: sourceUrl },
        { outDir: path.join(root, 'out'), key },
      );
      const restoredDir = path.join(root, 'restored');
      const manifest = await restoreBackup(
        { dataDir: restoredDir, databaseUrl: restoredUrl },
        { archive, key },
      );
      expect(manifest.engine).toBe('postgres');

      const restored = openPostgres(restoredUrl);
      try {
        const before = await tablesOf(source);
        expect(before.get('guards')?.rows).toBeGreaterThan(0);
        expect(before.get('audit_entries')?.rows).toBe(1);
        expect(await tablesOf(restored)).toEqual(before);
        // The append-only rule came back with the table.
        await expect(sql`delete from audit_entries`.execute(restored)).rejects.toThrow(
          /append-only/,
        );
        await expect(sql`truncate audit_entries`.execute(restored)).rejects.toThrow(/append-only/);
      } finally {
        await restored.destroy();
      }
      expect(fileHashes(path.join(restoredDir, 'files'))).toEqual(
        fileHashes(path.join(dataDir, 'files')),
      );
      await expect(
        restoreBackup({ dataDir: restoredDir, databaseUrl: restoredUrl }, { archive, key }),
      ).rejects.toThrow(
        'The database at DATABASE_URL already holds tables. Restore into an empty database, or add --force to replace them.',
      );
    });
  },
);
