import type { Kysely } from 'kysely';
import { nowDefault } from '../engine/timestamps';
import { createRowTrigger, dropRowTrigger } from '../engine/triggers';

// Frozen once landed. Patrols walked (issue 38): each time a round is due is one patrol, planned
// ahead from the round's schedule (rounds.planned_until: how far ahead it is planned) with the
// round's checkpoints of that time (`checkpoints`, uuids comma-joined in order), walked by one
// guard, scanned checkpoint by checkpoint (one scan per checkpoint per patrol: a replayed scan is
// the same scan), and closed by the minute watch when its time is up (missed, partly done, done).
// A company sets the share of checkpoints below which a site's night alerts. Alerts name their
// patrol; an SOS (a guard's press on the phone) is an alert kept open until acknowledged. Read: a site's patrols by due time (the Patrols screen, completion), the watch's open
// patrols by state and close, a patrol's scans by patrol.

export async function up(db: Kysely<unknown>): Promise<void> {
  const now = nowDefault(db);
  await db.schema.alterTable('rounds').addColumn('planned_until', 'text').execute();
  await db.schema
    .alterTable('security_companies')
    .addColumn('patrol_completion_percent', 'integer', (c) => c.notNull().defaultTo(90))
    .execute();
  await db.schema.alterTable('alerts').addColumn('patrol_uuid', 'text').execute();
  // An SOS stays on every console of its scope until someone acknowledges it.
  await db.schema.alterTable('alerts').addColumn('acknowledged_at', 'text').execute();
  await db.schema.alterTable('alerts').addColumn('acknowledged_by', 'text').execute();
  await db.schema
    .createIndex('alerts_sos_open')
    .on('alerts')
    .columns(['kind', 'acknowledged_at'])
    .execute();
  await db.schema
    .createTable('patrols')
    .addColumn('uuid', 'text', (c) => c.primaryKey())
    .addColumn('round_uuid', 'text', (c) => c.notNull().references('rounds.uuid'))
    .addColumn('residence_uuid', 'text', (c) => c.notNull().references('residences.uuid'))
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('closes_at', 'text', (c) => c.notNull())
    .addColumn('checkpoints', 'text', (c) => c.notNull())
    .addColumn('checkpoints_total', 'integer', (c) => c.notNull())
    .addColumn('checkpoints_scanned', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('due'))
    .addColumn('guard_uuid', 'text')
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('patrols_round_due')
    .on('patrols')
    .columns(['round_uuid', 'due_at'])
    .unique()
    .execute();
  await db.schema
    .createIndex('patrols_residence_due')
    .on('patrols')
    .columns(['residence_uuid', 'due_at'])
    .execute();
  await db.schema
    .createIndex('patrols_state_closes')
    .on('patrols')
    .columns(['state', 'closes_at'])
    .execute();
  await db.schema
    .createTable('patrol_scans')
    .addColumn('uuid', 'text', (c) => c.primaryKey())
    .addColumn('patrol_uuid', 'text', (c) => c.notNull().references('patrols.uuid'))
    .addColumn('checkpoint_uuid', 'text', (c) => c.notNull().references('checkpoints.uuid'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('guard_uuid', 'text', (c) => c.notNull())
    .addColumn('scanned_at', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('sent_late', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('photo_file_uuid', 'text')
    .execute();
  await db.schema
    .createIndex('patrol_scans_patrol_checkpoint')
    .on('patrol_scans')
    .columns(['patrol_uuid', 'checkpoint_uuid'])
    .unique()
    .execute();
  // A scan's photo is attached to its record, as every other file column's (2026-11-24T05).
  await createRowTrigger(db, {
    name: 'patrol_scans_photo_file_uuid_attaches_insert',
    table: 'patrol_scans',
    event: 'insert',
    when: 'new.photo_file_uuid is not null',
    body: 'update files set attached = 1 where uuid = new.photo_file_uuid and attached = 0;',
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropRowTrigger(db, 'patrol_scans_photo_file_uuid_attaches_insert', 'patrol_scans');
  await db.schema.dropTable('patrol_scans').execute();
  await db.schema.dropTable('patrols').execute();
  await db.schema.dropIndex('alerts_sos_open').execute();
  await db.schema.alterTable('alerts').dropColumn('acknowledged_by').execute();
  await db.schema.alterTable('alerts').dropColumn('acknowledged_at').execute();
  await db.schema.alterTable('alerts').dropColumn('patrol_uuid').execute();
  await db.schema
    .alterTable('security_companies')
    .dropColumn('patrol_completion_percent')
    .execute();
  await db.schema.alterTable('rounds').dropColumn('planned_until').execute();
}
