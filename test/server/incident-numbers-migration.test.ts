import { randomUUID } from 'node:crypto';
import { Migrator, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type DB } from '../../server/src/db/database';
import { migrationProvider } from '../../server/src/db/migrations';
import { createCompany, createIncident, createSite } from './factories';

// The migration that numbers incidents per company makes SQLite's incidents table again (a
// column's own UNIQUE cannot be dropped there). What was written before must come through whole.

let db: DB;

beforeEach(async () => {
  db = openDatabase(':memory:');
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error } = await migrator.migrateTo('2026-11-24T06-job-leases');
  if (error) throw error;
});
afterEach(async () => {
  await db.destroy();
});

const rowsOf = (query: string) => sql.raw<Record<string, unknown>>(query).execute(db);

describe('migration 2026-11-24T07: incident numbers per company', () => {
  it('keeps every incident, its rowid, its files and the indexes and triggers it had', async () => {
    const alpha = await createCompany(db, 'Alpha Guards');
    const bravo = await createCompany(db, 'Bravo Guards');
    const alphaSite = await createSite(db, alpha);
    const bravoSite = await createSite(db, bravo);
    const withFile = await createIncident(db, alphaSite);
    await createIncident(db, bravoSite);
    await createIncident(db, alphaSite);
    const file = randomUUID();
    await db
      .insertInto('files')
      .values({
        uuid: file,
        access_key: file,
        storage_name: `${file}.jpg`,
        filename: 'gate.jpg',
        mime_type: 'image/jpeg',
        size: 3,
        uploaded_by: null,
      })
      .execute();
    await db
      .insertInto('incident_files')
      .values({ incident_uuid: withFile, file_uuid: file })
      .execute();
    const query = 'select rowid, * from incidents order by rowid';
    const before = (await rowsOf(query)).rows;
    const schemaQuery = `select type, name from sqlite_master where tbl_name = 'incidents'
      and name not like 'sqlite_autoindex%' order by name`;
    const schemaBefore = (await rowsOf(schemaQuery)).rows;

    await migrateToLatest(db);

    const after = (await rowsOf(query)).rows;
    expect(after).toEqual(
      before.map((row) => ({
        ...row,
        number_sequence: row.residence_uuid === bravoSite ? bravo : alpha,
      })),
    );
    expect((await rowsOf('select * from incident_files')).rows).toEqual([
      { incident_uuid: withFile, file_uuid: file, position: 0 },
    ]);
    expect((await rowsOf(schemaQuery)).rows).toEqual(
      [...schemaBefore, { type: 'index', name: 'incidents_sequence_number' }].sort((a, b) =>
        String(a.name).localeCompare(String(b.name)),
      ),
    );
    expect((await rowsOf('pragma foreign_keys')).rows).toEqual([{ foreign_keys: 1 }]);
    // The per-site counts' triggers came back: a new incident is counted.
    const counted = `select coalesce(sum(n), 0) as n from site_row_counts where list = 'incidents'`;
    const { n: countBefore } = (await rowsOf(counted)).rows[0] as { n: number };
    await createIncident(db, alphaSite);
    expect((await rowsOf(counted)).rows[0]).toEqual({ n: countBefore + 1 });
  });

  it('lets two companies hold the same number, and never one company twice', async () => {
    const alpha = await createCompany(db);
    const bravo = await createCompany(db);
    await migrateToLatest(db);
    const { uuid: category } = await db
      .selectFrom('incident_categories')
      .select('uuid')
      .executeTakeFirstOrThrow();
    const write = (sequence: string, site: string) =>
      db
        .insertInto('incidents')
        .values({
          uuid: randomUUID(),
          kg_incident_id: 'INC-000001',
          number_sequence: sequence,
          category_uuid: category,
          residence_uuid: site,
          incident_date: '2026-01-01 10:00:00',
          description: 'Gate left open',
        })
        .execute();
    await write(alpha, await createSite(db, alpha));
    await write(bravo, await createSite(db, bravo));
    await expect(write(alpha, await createSite(db, alpha))).rejects.toThrow(/UNIQUE/);
  });
});
