import { sql, type Kysely } from 'kysely';

// Frozen once landed. A guard's sign-in names (issue 35): the email (lower case) and the contact
// number (digits) a guard with app access signs in with, kept on its credential and unique there,
// so no write can make two guards share one (another company's guard could otherwise lock a
// guard out). Names already shared by two guards are taken from both: neither could sign in with
// it before either.
// A guard's sessions by device: whether a guard has signed in on a device before.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('guard_credentials').addColumn('sign_in_email', 'text').execute();
  await db.schema.alterTable('guard_credentials').addColumn('sign_in_phone', 'text').execute();
  await sql`update guard_credentials set
      sign_in_email = (select lower(guards.email) from guards
        where guards.uuid = guard_credentials.guard_uuid and guards.deleted_at is null),
      sign_in_phone = (select nullif(guards.contact_number, '') from guards
        where guards.uuid = guard_credentials.guard_uuid and guards.deleted_at is null)`.execute(
    db,
  );
  for (const column of ['sign_in_email', 'sign_in_phone']) {
    await sql`update guard_credentials set ${sql.ref(column)} = null where ${sql.ref(column)} in (
        select ${sql.ref(column)} from guard_credentials where ${sql.ref(column)} is not null
        group by ${sql.ref(column)} having count(*) > 1)`.execute(db);
  }
  await db.schema
    .createIndex('guard_credentials_sign_in_email')
    .on('guard_credentials')
    .column('sign_in_email')
    .unique()
    .execute();
  await db.schema
    .createIndex('guard_credentials_sign_in_phone')
    .on('guard_credentials')
    .column('sign_in_phone')
    .unique()
    .execute();
  // Whether a guard has signed in on a device before: its own phone is spared the account's
  // sign-in budget.
  await db.schema
    .createIndex('guard_sessions_guard_device')
    .on('guard_sessions')
    .columns(['guard_uuid', 'device_unique_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('guard_sessions_guard_device').execute();
  await db.schema.dropIndex('guard_credentials_sign_in_phone').execute();
  await db.schema.dropIndex('guard_credentials_sign_in_email').execute();
  await db.schema.alterTable('guard_credentials').dropColumn('sign_in_phone').execute();
  await db.schema.alterTable('guard_credentials').dropColumn('sign_in_email').execute();
}
