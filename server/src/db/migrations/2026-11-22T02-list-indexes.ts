import { type Kysely, sql } from 'kysely';

// Frozen once landed. Indexes for the guards and attendance lists at scale (100,000 guards,
// 1,000,000 attendance rows; see server/bench/list-bench.ts). Each one ends with the lists'
// order, so a page is read in index order and stops after `limit` rows instead of sorting:
// created_at desc with uuid as the tie-breaker.

export async function up(db: Kysely<unknown>): Promise<void> {
  // Attendance: the whole list, one site (or a company's few sites), one guard.
  await db.schema
    .createIndex('attendances_created_uuid')
    .on('attendances')
    .columns(['created_at', 'uuid'])
    .execute();
  // guard_uuid too, so a company's search by guard reads this index alone, not every row.
  await db.schema
    .createIndex('attendances_residence_created')
    .on('attendances')
    .columns(['residence_uuid', 'created_at', 'uuid', 'guard_uuid'])
    .execute();
  // residence_uuid too, so the caller's site scope is checked in this index alone.
  await db.schema
    .createIndex('attendances_guard_created')
    .on('attendances')
    .columns(['guard_uuid', 'created_at', 'uuid', 'residence_uuid'])
    .execute();
  // The new indexes start with the old ones' columns, so they serve every query those did.
  await db.schema.dropIndex('attendances_created').execute();
  await db.schema.dropIndex('attendances_residence').execute();
  await db.schema.dropIndex('attendances_guard').execute();

  // Attendance sorted by guard name or Guard ID reads guards in that order (uuid keeps namesakes
  // apart), every guard, deleted or not, as attendance is history.
  await db.schema.createIndex('guards_name_uuid').on('guards').columns(['name', 'uuid']).execute();
  await db.schema
    .createIndex('guards_guard_id_uuid')
    .on('guards')
    .columns(['guard_id', 'uuid'])
    .execute();

  // Guards: live ones only (every list leaves deleted guards out), all or one company's, and the
  // Guard ID check of a save.
  await db.schema
    .createIndex('guards_live_created')
    .on('guards')
    .columns(['created_at', 'uuid'])
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('guards_live_company_created')
    .on('guards')
    .columns(['security_company_uuid', 'created_at', 'uuid'])
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('guards_live_company_guard_id')
    .on('guards')
    .columns(['security_company_uuid', 'guard_id'])
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'guards_live_company_guard_id',
    'guards_live_company_created',
    'guards_live_created',
    'guards_guard_id_uuid',
    'guards_name_uuid',
  ]) {
    await db.schema.dropIndex(name).execute();
  }
  await db.schema.createIndex('attendances_guard').on('attendances').column('guard_uuid').execute();
  await db.schema
    .createIndex('attendances_residence')
    .on('attendances')
    .column('residence_uuid')
    .execute();
  await db.schema
    .createIndex('attendances_created')
    .on('attendances')
    .column('created_at')
    .execute();
  for (const name of [
    'attendances_guard_created',
    'attendances_residence_created',
    'attendances_created_uuid',
  ]) {
    await db.schema.dropIndex(name).execute();
  }
}
