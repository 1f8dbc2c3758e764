import { type Kysely, sql } from 'kysely';

// Frozen once landed. Fewer index entries written per shift marked and per alert raised, where
// the watch writes thousands a minute (issue 36, PostgreSQL at 10,000 no-shows in a minute):
// - a shift is found by its attendance only once it has one, so a shift not started (upcoming, or
//   marked no-show) has no entry there;
// - an alert's shift is found by the alert's unique dedupe key (`shift:<uuid>:<kind>`), so
//   `alerts_shift` goes; the digest's claim reads the alerts not yet digested, so only those are
//   indexed (the watch writes its own alerts digested).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('shifts_attendance').execute();
  await db.schema
    .createIndex('shifts_attendance')
    .on('shifts')
    .column('attendance_uuid')
    .where(sql.ref('attendance_uuid'), 'is not', null)
    .execute();
  await db.schema.dropIndex('alerts_shift').execute();
  await db.schema.dropIndex('alerts_digested_created').execute();
  await db.schema
    .createIndex('alerts_undigested')
    .on('alerts')
    .column('created_at')
    .where(sql.ref('digested'), '=', 0)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('alerts_undigested').execute();
  await db.schema
    .createIndex('alerts_digested_created')
    .on('alerts')
    .columns(['digested', 'created_at'])
    .execute();
  await db.schema.createIndex('alerts_shift').on('alerts').column('shift_uuid').execute();
  await db.schema.dropIndex('shifts_attendance').execute();
  await db.schema.createIndex('shifts_attendance').on('shifts').column('attendance_uuid').execute();
}
