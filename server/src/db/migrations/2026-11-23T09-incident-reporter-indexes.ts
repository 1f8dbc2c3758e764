import { type Kysely, sql } from 'kysely';

// Frozen once landed. An incident search by the reporting login's email or the reporting guard's
// ID finds those logins and guards by their trigram indexes, then their live incidents here,
// rather than reading every incident (issue 13, at 50,000 incidents).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('incidents_live_reporting_user')
    .on('incidents')
    .column('reported_by_user_uuid')
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('incidents_live_reporting_guard')
    .on('incidents')
    .column('reported_by_guard_uuid')
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('incidents_live_reporting_guard').execute();
  await db.schema.dropIndex('incidents_live_reporting_user').execute();
}
