import { type Kysely, sql } from 'kysely';
import { createSearchIndex, dropSearchIndex } from '../engine/search-indexes';

// Frozen once landed. What keeps the console as fast at a million rows as on day one:
// partial indexes for the dashboard's figures, whose size follows what is open now (shifts not
// checked out, passes not used), not history; trigram indexes for substring search; and the
// identity of each request's caller found by its profile.

/**
 * The searchable text columns of each table, each in a trigram index (engine/search-indexes.ts:
 * FTS5 on SQLite, pg_trgm on PostgreSQL).
 */
const SEARCH_INDEXES: Array<{ table: string; columns: string[] }> = [
  { table: 'guards', columns: ['name', 'guard_id'] },
  { table: 'residences', columns: ['name'] },
  { table: 'security_companies', columns: ['name', 'brn', 'license_number'] },
  { table: 'user_profiles', columns: ['name', 'email'] },
  { table: 'visitors', columns: ['name', 'category', 'car_plate_number', 'status'] },
];

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
  for (const { table, columns } of SEARCH_INDEXES) await dropSearchIndex(db, table, columns);
  await db.schema.dropIndex('identities_profile').execute();
  await db.schema.dropIndex('visitors_inside').execute();
  await db.schema.dropIndex('visitors_upcoming_date').execute();
  await db.schema.dropIndex('attendances_open_checkin').execute();
}
