import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { nowDefault } from '../engine/timestamps';

// Frozen once landed. The watch over rosters (issue 36): each dated shift's state and the
// attendance row that started it (with its start, end and minutes late, copied when it attaches),
// each company's watch settings, and the alerts the watch raises, read per user, chosen per user
// and site, and mailed once (`digested`: the digest step that turns it to 1 is the one that mails
// it, so each run reads only new alerts).
// The watch reads shifts by state and start, the Now board and the dashboard by start, the end of
// an attendance its shift by attendance.

export async function up(db: Kysely<unknown>): Promise<void> {
  const now = nowDefault(db);
  for (const [column, type] of [
    ['attendance_uuid', 'text'],
    ['started_at', 'text'],
    ['ended_at', 'text'],
    ['late_minutes', 'integer'],
  ] as const) {
    await db.schema.alterTable('shifts').addColumn(column, type).execute();
  }
  await db.schema
    .alterTable('shifts')
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('upcoming'))
    .execute();
  await sql`update shifts set state = 'cancelled' where cancelled_at is not null`.execute(db);
  await db.schema
    .createIndex('shifts_state_starts')
    .on('shifts')
    .columns(['state', 'starts_at'])
    .execute();
  await db.schema.createIndex('shifts_attendance').on('shifts').column('attendance_uuid').execute();
  await db.schema.createIndex('shifts_starts').on('shifts').column('starts_at').execute();

  for (const [column, fallback] of [
    ['late_grace_minutes', 10],
    ['no_show_minutes', 30],
    ['weekly_hours_limit', 72],
  ] as const) {
    await db.schema
      .alterTable('security_companies')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(fallback))
      .execute();
  }

  await db.schema
    .createTable('alerts')
    .addColumn('uuid', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
    .addColumn('security_company_uuid', 'text')
    .addColumn('residence_uuid', 'text')
    .addColumn('shift_uuid', 'text')
    .addColumn('guard_uuid', 'text')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('digested', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('alerts_digested_created')
    .on('alerts')
    .columns(['digested', 'created_at'])
    .execute();
  await db.schema
    .createIndex('alerts_company_created')
    .on('alerts')
    .columns(['security_company_uuid', 'created_at'])
    .execute();
  await db.schema
    .createIndex('alerts_residence_created')
    .on('alerts')
    .columns(['residence_uuid', 'created_at'])
    .execute();
  await db.schema.createIndex('alerts_created').on('alerts').column('created_at').execute();
  await db.schema.createIndex('alerts_shift').on('alerts').column('shift_uuid').execute();

  await db.schema
    .createTable('alert_reads')
    .addColumn('profile_uuid', 'text', (c) => c.notNull())
    .addColumn('alert_uuid', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('alert_reads_pk', ['profile_uuid', 'alert_uuid'])
    .execute();
  await db.schema
    .createTable('alert_preferences')
    .addColumn('profile_uuid', 'text', (c) => c.notNull())
    .addColumn('residence_uuid', 'text', (c) => c.notNull())
    .addColumn('late', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('no_show', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('email', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('alert_preferences_pk', ['profile_uuid', 'residence_uuid'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['alert_preferences', 'alert_reads', 'alerts']) {
    await db.schema.dropTable(table).execute();
  }
  for (const column of ['late_grace_minutes', 'no_show_minutes', 'weekly_hours_limit']) {
    await db.schema.alterTable('security_companies').dropColumn(column).execute();
  }
  for (const index of ['shifts_state_starts', 'shifts_attendance', 'shifts_starts']) {
    await db.schema.dropIndex(index).execute();
  }
  for (const column of ['state', 'attendance_uuid', 'started_at', 'ended_at', 'late_minutes']) {
    await db.schema.alterTable('shifts').dropColumn(column).execute();
  }
}
