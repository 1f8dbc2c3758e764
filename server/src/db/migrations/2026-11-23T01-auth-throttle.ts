import type { Kysely } from 'kysely';

// Failed password checks, counted per key (a client address, an account, a verifying session),
// in the database so that every server process sees the same counts.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('auth_throttle')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    // Milliseconds since the epoch: the counters do arithmetic on them.
    .addColumn('window_started_at', 'bigint', (c) => c.notNull())
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('auth_throttle_window_idx')
    .on('auth_throttle')
    .column('window_started_at')
    .execute();
  // Revoking every session of one account (deactivation, password change) must not scan them all.
  await db.schema
    .createIndex('sessions_profile_idx')
    .on('sessions')
    .column('user_profile_uuid')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sessions_profile_idx').execute();
  await db.schema.dropTable('auth_throttle').execute();
}
