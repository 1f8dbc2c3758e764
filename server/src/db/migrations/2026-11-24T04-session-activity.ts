import type { Kysely } from 'kysely';

// Frozen once landed. When a console session was last used, for the idle timeout
// (SESSION_IDLE_MINUTES): null until its first use after sign-in, when created_at stands for it.
// And where it was signed in from (the browser's user agent, the client address), so a user can
// tell their sessions apart and end one.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('last_seen_at', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('client_address', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('client_address').execute();
  await db.schema.alterTable('sessions').dropColumn('user_agent').execute();
  await db.schema.alterTable('sessions').dropColumn('last_seen_at').execute();
}
