import type { Kysely } from 'kysely';

// Who uploaded a file: only that user may attach it to a record, so a file's uuid alone
// cannot hand someone else's picture to another record. Seeded files have no uploader.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('files')
    .addColumn('uploaded_by', 'text', (c) => c.references('user_profiles.uuid'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('files').dropColumn('uploaded_by').execute();
}
