import type { Kysely } from 'kysely';

// Frozen once landed. Scheduled work (the clean-up of abandoned uploads first) runs in one server
// process at a time, whichever holds the job's lease: a row per job, taken by a conditional
// update, so it works alike on both engines and across processes.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('held_until', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_leases').execute();
}
