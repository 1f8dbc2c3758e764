import type { Kysely } from 'kysely';

// Frozen once landed. When a console session was last used, for the idle timeout
// (SESSION_IDLE_MINUTES): null until its first use after sign-in, when created_at stands for it.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('last_seen_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('last_seen_at').execute();
}
