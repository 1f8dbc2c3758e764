import { type Kysely, sql } from 'kysely';
import { addIntegerId, dropIntegerId } from '../engine/integer-ids';
import { nowDefault } from '../engine/timestamps';

// Frozen once landed. The guards' front line (issue 18): the guard app's sign-in and sessions,
// the kiosks, shifts opened from the app, walk-in passes, guard-reported incidents, and the
// integer ids the app parses.

/** Tables whose records the guard app reads with an integer id beside the uuid. */
const WITH_INTEGER_ID = ['residences', 'guards', 'attendances', 'visitors'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  // Existing rows are numbered, and each new row takes the next number by itself, so every writer
  // (the console, the seeders, the guard app) gets one without knowing of it (engine/integer-ids.ts).
  const now = nowDefault(db);
  for (const table of WITH_INTEGER_ID) await addIntegerId(db, table);

  // A site may let guards start and end shifts with their PIN alone (a kiosk without a camera).
  await db.schema
    .alterTable('residences')
    .addColumn('pin_only_shifts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // Distance from the site's position at check-in and check-out, in metres, when both are known.
  await db.schema.alterTable('attendances').addColumn('checkin_distance_m', 'real').execute();
  await db.schema.alterTable('attendances').addColumn('checkout_distance_m', 'real').execute();

  // The one open shift of a guard: the primary key lets one of two racing starts through.
  // Shifts seeded or left open long ago are not here: only a start through the guard door is.
  await db.schema
    .createTable('open_shifts')
    .addColumn('guard_uuid', 'text', (c) => c.primaryKey().references('guards.uuid'))
    .addColumn('attendance_uuid', 'text', (c) =>
      c.notNull().unique().references('attendances.uuid'),
    )
    .addColumn('started_at', 'text', (c) => c.notNull())
    .execute();

  // Walk-in passes registered at the gate, and who of the guards wrote or scanned what.
  await db.schema
    .alterTable('visitors')
    .addColumn('ic_passport_number', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('visitors')
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('visitors')
    .addColumn('purpose', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('visitors')
    .addColumn('created_by_guard_uuid', 'text', (c) => c.references('guards.uuid'))
    .execute();
  // A site's passes of one day, for the gate's list.
  await db.schema
    .createIndex('visitors_live_residence_date')
    .on('visitors')
    .columns(['residence_uuid', 'date'])
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  // Visitors still inside (checked in, not out), whatever the day their pass was for.
  await db.schema
    .createIndex('visitors_live_inside')
    .on('visitors')
    .columns(['residence_uuid'])
    .where(sql<boolean>`deleted_at is null and latest_scan_type = 'IN'`)
    .execute();
  await db.schema
    .alterTable('visitor_pass_scans')
    .addColumn('scanned_by_guard_uuid', 'text', (c) => c.references('guards.uuid'))
    .execute();
  await db.schema
    .alterTable('files')
    .addColumn('uploaded_by_guard_uuid', 'text', (c) => c.references('guards.uuid'))
    .execute();

  // A report the app sends again (its queue) is stored once: by its key, per guard.
  await db.schema.alterTable('incidents').addColumn('idempotency_key', 'text').execute();
  await db.schema
    .createIndex('incidents_guard_idempotency_key')
    .on('incidents')
    .columns(['reported_by_guard_uuid', 'idempotency_key'])
    .unique()
    .where(sql<boolean>`idempotency_key is not null`)
    .execute();

  // The guard app's password, apart from the console's identities: a guard is no console user.
  await db.schema
    .createTable('guard_credentials')
    .addColumn('guard_uuid', 'text', (c) => c.primaryKey().references('guards.uuid'))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();

  // A device enrolled as a kiosk for one site; only a hash of its credential is kept.
  await db.schema
    .createTable('kiosks')
    .addColumn('uuid', 'text', (c) => c.primaryKey())
    .addColumn('residence_uuid', 'text', (c) => c.notNull().references('residences.uuid'))
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('enrolled_by', 'text', (c) => c.references('user_profiles.uuid'))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('last_seen_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema
    .createIndex('kiosks_live_residence')
    .on('kiosks')
    .columns(['residence_uuid', 'created_at'])
    .where(sql.ref('revoked_at'), 'is', null)
    .execute();

  // Guard sessions, apart from the console's: a guard token never opens /kgapi. An app session
  // belongs to one device (device_unique_id); a kiosk session to one kiosk. The PIN verified last
  // in the session, and for which site, is what a shift or a report is checked against.
  await db.schema
    .createTable('guard_sessions')
    .addColumn('uuid', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('guard_uuid', 'text', (c) => c.notNull().references('guards.uuid'))
    .addColumn('kiosk_uuid', 'text', (c) => c.references('kiosks.uuid'))
    .addColumn('device_unique_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('device_label', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('revoked_reason', 'text')
    .addColumn('pin_verified_at', 'text')
    .addColumn('pin_verified_residence_uuid', 'text')
    .execute();
  await db.schema
    .createIndex('guard_sessions_live_guard')
    .on('guard_sessions')
    .column('guard_uuid')
    .where(sql.ref('revoked_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('guard_sessions_live_kiosk')
    .on('guard_sessions')
    .column('kiosk_uuid')
    .where(sql<boolean>`revoked_at is null and kiosk_uuid is not null`)
    .execute();

  // A reset code now belongs to a console identity or to a guard (the link that sets a guard's
  // app password): the table is rebuilt with both, exactly one of them set.
  await db.schema
    .createTable('password_reset_codes_next')
    .addColumn('uuid', 'text', (c) => c.primaryKey())
    .addColumn('identity_uuid', 'text', (c) => c.references('identities.uuid'))
    .addColumn('guard_uuid', 'text', (c) => c.references('guards.uuid'))
    .addColumn('code_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addCheckConstraint(
      'password_reset_codes_one_owner',
      sql`(identity_uuid is null) <> (guard_uuid is null)`,
    )
    .execute();
  await sql`insert into password_reset_codes_next (uuid, identity_uuid, code_hash, expires_at, used_at, created_at)
    select uuid, identity_uuid, code_hash, expires_at, used_at, created_at from password_reset_codes`.execute(
    db,
  );
  await db.schema.dropTable('password_reset_codes').execute();
  await sql`alter table password_reset_codes_next rename to password_reset_codes`.execute(db);
  await db.schema
    .createIndex('password_reset_codes_identity')
    .on('password_reset_codes')
    .column('identity_uuid')
    .execute();
  await db.schema
    .createIndex('password_reset_codes_guard')
    .on('password_reset_codes')
    .column('guard_uuid')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const now = nowDefault(db);
  await sql`delete from password_reset_codes where identity_uuid is null`.execute(db);
  await db.schema
    .createTable('password_reset_codes_before')
    .addColumn('uuid', 'text', (c) => c.primaryKey())
    .addColumn('identity_uuid', 'text', (c) => c.notNull().references('identities.uuid'))
    .addColumn('code_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await sql`insert into password_reset_codes_before select uuid, identity_uuid, code_hash, expires_at, used_at, created_at from password_reset_codes`.execute(
    db,
  );
  await db.schema.dropTable('password_reset_codes').execute();
  await sql`alter table password_reset_codes_before rename to password_reset_codes`.execute(db);
  await db.schema.dropTable('guard_sessions').execute();
  await db.schema.dropTable('kiosks').execute();
  await db.schema.dropTable('guard_credentials').execute();
  await db.schema.dropIndex('incidents_guard_idempotency_key').execute();
  await db.schema.alterTable('incidents').dropColumn('idempotency_key').execute();
  await db.schema.alterTable('files').dropColumn('uploaded_by_guard_uuid').execute();
  await db.schema.alterTable('visitor_pass_scans').dropColumn('scanned_by_guard_uuid').execute();
  await db.schema.dropIndex('visitors_live_inside').execute();
  await db.schema.dropIndex('visitors_live_residence_date').execute();
  for (const column of ['created_by_guard_uuid', 'purpose', 'email', 'ic_passport_number']) {
    await db.schema.alterTable('visitors').dropColumn(column).execute();
  }
  await db.schema.dropTable('open_shifts').execute();
  await db.schema.alterTable('attendances').dropColumn('checkout_distance_m').execute();
  await db.schema.alterTable('attendances').dropColumn('checkin_distance_m').execute();
  await db.schema.alterTable('residences').dropColumn('pin_only_shifts').execute();
  for (const table of [...WITH_INTEGER_ID].reverse()) await dropIntegerId(db, table);
}
