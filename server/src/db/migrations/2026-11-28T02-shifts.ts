import type { Kysely } from 'kysely';
import { nowDefault } from '../engine/timestamps';

// Frozen once landed. Rosters (issue 36): a site's shift patterns (a post, its times in the site's
// local time, the guards it needs, its weekdays as ISO digits '1234567'), and the dated shifts
// made from them, one row per guard's place (`slot`), or one-off (no pattern). A pattern's day is
// made once: (pattern, date, slot) is unique. Shifts are read by site and time, and by guard.

export async function up(db: Kysely<unknown>): Promise<void> {
  const now = nowDefault(db);
  await db.schema
    .createTable('shift_patterns')
    .addColumn('uuid', 'text', (c) => c.primaryKey())
    .addColumn('residence_uuid', 'text', (c) => c.notNull().references('residences.uuid'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('start_time', 'text', (c) => c.notNull())
    .addColumn('end_time', 'text', (c) => c.notNull())
    .addColumn('headcount', 'integer', (c) => c.notNull())
    .addColumn('weekdays', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema
    .createIndex('shift_patterns_residence')
    .on('shift_patterns')
    .columns(['residence_uuid', 'name'])
    .execute();
  await db.schema
    .createTable('shifts')
    .addColumn('uuid', 'text', (c) => c.primaryKey())
    .addColumn('residence_uuid', 'text', (c) => c.notNull().references('residences.uuid'))
    .addColumn('pattern_uuid', 'text', (c) => c.references('shift_patterns.uuid'))
    .addColumn('slot', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text', (c) => c.notNull())
    .addColumn('guard_uuid', 'text', (c) => c.references('guards.uuid'))
    .addColumn('cancelled_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('shifts_pattern_day_slot')
    .on('shifts')
    .columns(['pattern_uuid', 'date', 'slot'])
    .unique()
    .execute();
  await db.schema
    .createIndex('shifts_residence_starts')
    .on('shifts')
    .columns(['residence_uuid', 'starts_at'])
    .execute();
  await db.schema
    .createIndex('shifts_guard_starts')
    .on('shifts')
    .columns(['guard_uuid', 'starts_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('shifts').execute();
  await db.schema.dropTable('shift_patterns').execute();
}
