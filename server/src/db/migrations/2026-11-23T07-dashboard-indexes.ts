import { type Kysely, sql } from 'kysely';
import { analyzeIndexes } from '../engine/statistics';

// Frozen once landed. What keeps the dashboard's figures under 50 ms for every role at 100k guards
// and a million attendance rows: each figure read scope first, from indexes that hold the columns
// its condition needs, so no shift history and (for a company) no guard row is read. The guards
// linked to a site come from guard_residences_residence_guard (2026-11-23T08-guard-list-indexes).

/** Each index, and its table. */
const INDEXES = [
  { index: 'attendances_open_site', table: 'attendances' },
  { index: 'guards_live_company_uuid', table: 'guards' },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  // On duty at the caller's sites: open shifts by site and check-in time.
  await db.schema
    .createIndex('attendances_open_site')
    .on('attendances')
    .columns(['residence_uuid', 'checkin_at', 'guard_uuid'])
    .where(sql<boolean>`checkout_at is null and checkin_at is not null`)
    .execute();
  // A company's live guards, counted within the index, and whether a guard is one of them (on
  // duty, a site's total) without reading its row. deleted_at is a column too: SQLite reads a
  // partial index as covering only when every column the query names is in it, its condition's
  // included. Every live guard is counted in it as well (the superadmin's total).
  await db.schema
    .createIndex('guards_live_company_uuid')
    .on('guards')
    .columns(['security_company_uuid', 'uuid', 'deleted_at'])
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  // The planner's statistics for the new indexes now, not at the next hourly refresh: without
  // them SQLite may keep reading a site's whole attendance through attendances_residence_created.
  await analyzeIndexes(db, INDEXES);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { index } of [...INDEXES].reverse()) await db.schema.dropIndex(index).execute();
}
