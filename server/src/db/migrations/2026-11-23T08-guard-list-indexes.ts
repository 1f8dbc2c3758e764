import { type Kysely, sql } from 'kysely';

// Frozen once landed. Indexes that let the guards and companies lists count live guards without
// reading guard rows (issue 13, at 100,000 guards): partial indexes hold live guards only, so
// `deleted_at is null` is answered by the index itself.

export async function up(db: Kysely<unknown>): Promise<void> {
  // A company's live guards: the company login's guard count, and each company's No. of Guards.
  await db.schema
    .createIndex('guards_live_company')
    .on('guards')
    .column('security_company_uuid')
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  // A live guard by uuid: a supervisor's count looks up each guard linked to its sites.
  await db.schema
    .createIndex('guards_live_uuid')
    .on('guards')
    .column('uuid')
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  // A site's guards, read from the index alone (the old index needed the row for guard_uuid).
  await db.schema
    .createIndex('guard_residences_residence_guard')
    .on('guard_residences')
    .columns(['residence_uuid', 'guard_uuid'])
    .execute();
  await db.schema.dropIndex('guard_residences_residence').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('guard_residences_residence')
    .on('guard_residences')
    .column('residence_uuid')
    .execute();
  await db.schema.dropIndex('guard_residences_residence_guard').execute();
  await db.schema.dropIndex('guards_live_uuid').execute();
  await db.schema.dropIndex('guards_live_company').execute();
}
