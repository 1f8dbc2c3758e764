import { type Kysely, sql } from 'kysely';

// Frozen once landed. What keeps the console as fast at a million rows as on day one:
// partial indexes for the dashboard's figures, whose size follows what is open now (shifts not
// checked out, passes not used), not history; trigram indexes for substring search; and the
// identity of each request's caller found by its profile.

/**
 * The searchable text columns of each table, each in an FTS5 trigram index kept in step by
 * triggers. The index is external-content (it stores no copy of the text, only trigrams), keyed
 * by the table's rowid. SQLite only: PostgreSQL would use pg_trgm GIN indexes with plain LIKE.
 */
const SEARCH_INDEXES: Array<{ table: string; columns: string[] }> = [
  { table: 'guards', columns: ['name', 'guard_id'] },
  { table: 'residences', columns: ['name'] },
  { table: 'security_companies', columns: ['name', 'brn', 'license_number'] },
  { table: 'user_profiles', columns: ['name', 'email'] },
  { table: 'visitors', columns: ['name', 'category', 'car_plate_number', 'status'] },
];

async function createSearchIndex(db: Kysely<unknown>, table: string, columns: string[]) {
  const index = `${table}_search`;
  const list = columns.join(', ');
  const fromNew = columns.map((column) => `new.${column}`).join(', ');
  const fromOld = columns.map((column) => `old.${column}`).join(', ');
  await sql
    .raw(
      `create virtual table ${index} using fts5(${list}, content='${table}', content_rowid='rowid', tokenize='trigram')`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${index}_insert after insert on ${table} begin
         insert into ${index}(rowid, ${list}) values (new.rowid, ${fromNew});
       end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${index}_delete after delete on ${table} begin
         insert into ${index}(${index}, rowid, ${list}) values ('delete', old.rowid, ${fromOld});
       end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${index}_update after update of ${list} on ${table} begin
         insert into ${index}(${index}, rowid, ${list}) values ('delete', old.rowid, ${fromOld});
         insert into ${index}(rowid, ${list}) values (new.rowid, ${fromNew});
       end`,
    )
    .execute(db);
  await sql.raw(`insert into ${index}(${index}) values ('rebuild')`).execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // On duty: shifts checked in and not out, by check-in time.
  await db.schema
    .createIndex('attendances_open_checkin')
    .on('attendances')
    .columns(['checkin_at', 'guard_uuid', 'residence_uuid'])
    .where(sql<boolean>`checkout_at is null and checkin_at is not null`)
    .execute();
  // Upcoming visitors: valid passes nobody has scanned yet, by date.
  await db.schema
    .createIndex('visitors_upcoming_date')
    .on('visitors')
    .columns(['date', 'residence_uuid'])
    .where(sql<boolean>`deleted_at is null and status = 'VALID' and latest_scan_type is null`)
    .execute();
  // Checked-in visitors: passes whose latest scan is IN.
  await db.schema
    .createIndex('visitors_inside')
    .on('visitors')
    .columns(['residence_uuid'])
    .where(sql<boolean>`deleted_at is null and latest_scan_type = 'IN'`)
    .execute();

  // Every request reads its caller's sign-in identity by profile.
  await db.schema
    .createIndex('identities_profile')
    .on('identities')
    .column('user_profile_uuid')
    .execute();

  for (const { table, columns } of SEARCH_INDEXES) await createSearchIndex(db, table, columns);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { table } of SEARCH_INDEXES) {
    for (const trigger of ['insert', 'delete', 'update']) {
      await sql.raw(`drop trigger ${table}_search_${trigger}`).execute(db);
    }
    await sql.raw(`drop table ${table}_search`).execute(db);
  }
  await db.schema.dropIndex('identities_profile').execute();
  await db.schema.dropIndex('visitors_inside').execute();
  await db.schema.dropIndex('visitors_upcoming_date').execute();
  await db.schema.dropIndex('attendances_open_checkin').execute();
}
