import { sql, type Kysely } from 'kysely';

// Frozen once landed. Personal data kept only as long as needed (issue 21): when a pass's
// visitor details and a shift's selfies were removed by the retention job, and partial indexes
// that hold only the rows still to visit, so the daily job reads those and not the whole history.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('visitors').addColumn('personal_data_removed_at', 'text').execute();
  await db.schema.alterTable('attendances').addColumn('selfies_removed_at', 'text').execute();
  await db.schema
    .createIndex('visitors_personal_data_kept')
    .on('visitors')
    .column('date')
    .where(sql.ref('personal_data_removed_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('attendances_selfies_kept')
    .on('attendances')
    .column('created_at')
    .where(
      sql<boolean>`checkin_photo_file_uuid is not null or checkout_photo_file_uuid is not null`,
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('attendances_selfies_kept').execute();
  await db.schema.dropIndex('visitors_personal_data_kept').execute();
  await db.schema.alterTable('attendances').dropColumn('selfies_removed_at').execute();
  await db.schema.alterTable('visitors').dropColumn('personal_data_removed_at').execute();
}
