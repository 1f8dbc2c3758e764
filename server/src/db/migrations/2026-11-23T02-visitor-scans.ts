import { type Kysely, sql } from 'kysely';

// Frozen once landed. Visitor passes at scale: the list in its order (created_at desc, uuid) for
// everyone and per site, a pass's scans and applications newest first, and who scanned a pass.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('visitor_pass_scans')
    .addColumn('scanned_by', 'text', (c) => c.references('user_profiles.uuid'))
    .execute();

  await db.schema
    .createIndex('visitors_live_created')
    .on('visitors')
    .columns(['created_at', 'uuid'])
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('visitors_live_residence_created')
    .on('visitors')
    .columns(['residence_uuid', 'created_at', 'uuid'])
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  await db.schema.dropIndex('visitors_residence').execute();

  await db.schema
    .createIndex('visitor_pass_scans_visitor_type_created')
    .on('visitor_pass_scans')
    .columns(['visitor_uuid', 'scan_type', 'created_at'])
    .execute();
  await db.schema.dropIndex('visitor_pass_scans_visitor').execute();

  await db.schema
    .createIndex('health_applications_visitor_created')
    .on('health_applications')
    .columns(['visitor_uuid', 'created_at'])
    .execute();
  await db.schema.dropIndex('health_applications_visitor').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('health_applications_visitor')
    .on('health_applications')
    .column('visitor_uuid')
    .execute();
  await db.schema.dropIndex('health_applications_visitor_created').execute();
  await db.schema
    .createIndex('visitor_pass_scans_visitor')
    .on('visitor_pass_scans')
    .column('visitor_uuid')
    .execute();
  await db.schema.dropIndex('visitor_pass_scans_visitor_type_created').execute();
  await db.schema
    .createIndex('visitors_residence')
    .on('visitors')
    .column('residence_uuid')
    .execute();
  await db.schema.dropIndex('visitors_live_residence_created').execute();
  await db.schema.dropIndex('visitors_live_created').execute();
  await db.schema.alterTable('visitor_pass_scans').dropColumn('scanned_by').execute();
}
