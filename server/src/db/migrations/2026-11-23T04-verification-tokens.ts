import type { Kysely } from 'kysely';

// Frozen once landed. Proofs of administrator re-verification: short-lived, single-use, bound to
// the session that verified. Only a hash of each token is stored.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('verification_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('session_uuid', 'text', (c) => c.notNull().references('sessions.uuid'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('verification_tokens_expires')
    .on('verification_tokens')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('verification_tokens').execute();
}
