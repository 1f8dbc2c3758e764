import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { nowDefault } from '../engine/timestamps';

// Frozen once landed. Patrol rounds (issue 38): a site's named set of checkpoints (their order in
// round_checkpoints), walked in order or not within `allowed_minutes` of its due time; due at set
// local times of day (`times`, 'HH:MM' comma-joined) or every `every_hours` through a shift
// pattern's shift. Retired, never deleted, as checkpoints are; a name is unique among a site's
// rounds in use. Read by site, and a checkpoint's rounds by checkpoint.

export async function up(db: Kysely<unknown>): Promise<void> {
  const now = nowDefault(db);
  await db.schema
    .createTable('rounds')
    .addColumn('uuid', 'text', (c) => c.primaryKey())
    .addColumn('residence_uuid', 'text', (c) => c.notNull().references('residences.uuid'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('in_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('allowed_minutes', 'integer', (c) => c.notNull())
    .addColumn('schedule_kind', 'text', (c) => c.notNull())
    .addColumn('times', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('every_hours', 'integer')
    .addColumn('pattern_uuid', 'text', (c) => c.references('shift_patterns.uuid'))
    .addColumn('retired_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('rounds_residence_name')
    .on('rounds')
    .columns(['residence_uuid', 'name'])
    .execute();
  await db.schema
    .createIndex('rounds_live_name')
    .on('rounds')
    .columns(['residence_uuid', 'name'])
    .unique()
    .where(sql.ref('retired_at'), 'is', null)
    .execute();
  await db.schema
    .createTable('round_checkpoints')
    .addColumn('round_uuid', 'text', (c) => c.notNull().references('rounds.uuid'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('checkpoint_uuid', 'text', (c) => c.notNull().references('checkpoints.uuid'))
    .addPrimaryKeyConstraint('round_checkpoints_pk', ['round_uuid', 'position'])
    .execute();
  await db.schema
    .createIndex('round_checkpoints_checkpoint')
    .on('round_checkpoints')
    .column('checkpoint_uuid')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('round_checkpoints').execute();
  await db.schema.dropTable('rounds').execute();
}
