import { type Kysely, sql } from 'kysely';
import { createRowTrigger, dropRowTrigger } from '../engine/triggers';

// Frozen once landed. A site link knows whether its guard is live (guard_live), kept by triggers,
// so a supervisor's guard count reads its sites' links in one partial index and no guard row
// (issue 13: 15,636 guards on two sites, each looked up by uuid, cost 11 ms a first page).
// Links of a deleted guard stay, as history, with guard_live 0.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('guard_residences')
    .addColumn('guard_live', 'integer', (column) => column.notNull().defaultTo(1))
    .execute();
  await sql`update guard_residences set guard_live = 0
    where guard_uuid in (select uuid from guards where deleted_at is not null)`.execute(db);
  await sql`create index guard_residences_live_residence_guard
    on guard_residences (residence_uuid, guard_uuid) where guard_live = 1`.execute(db);
  const live = (deletedAt: string) => `case when ${deletedAt} is null then 1 else 0 end`;
  await createRowTrigger(db, {
    name: 'guard_residences_liveness_on_insert',
    table: 'guard_residences',
    event: 'insert',
    body: `update guard_residences
        set guard_live = (select ${live('guards.deleted_at')} from guards where guards.uuid = new.guard_uuid)
        where guard_uuid = new.guard_uuid and residence_uuid = new.residence_uuid;`,
  });
  await createRowTrigger(db, {
    name: 'guards_liveness_to_links',
    table: 'guards',
    event: 'update of deleted_at',
    body: `update guard_residences set guard_live = ${live('new.deleted_at')} where guard_uuid = new.uuid;`,
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropRowTrigger(db, 'guards_liveness_to_links', 'guards');
  await dropRowTrigger(db, 'guard_residences_liveness_on_insert', 'guard_residences');
  await db.schema.dropIndex('guard_residences_live_residence_guard').execute();
  await db.schema.alterTable('guard_residences').dropColumn('guard_live').execute();
}
