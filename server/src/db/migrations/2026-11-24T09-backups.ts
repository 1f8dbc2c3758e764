import type { Kysely } from 'kysely';

// Frozen once landed. A row per backup archive written (npm run backup, or the server's
// scheduled backup), so every process and the superadmin's dashboard know the last one.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('backups')
    .addColumn('archive', 'text', (col) => col.primaryKey())
    .addColumn('taken_at', 'text', (col) => col.notNull())
    .addColumn('bytes', 'integer', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('backups_taken_at').on('backups').column('taken_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('backups').execute();
}
