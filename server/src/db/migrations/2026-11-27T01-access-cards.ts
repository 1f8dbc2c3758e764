import type { Kysely } from 'kysely';

// Frozen once landed. Access cards handed to visitors at the gate (issue 34): the guard app asks
// for one after each walk-in (accesscards/newvisitor), and the kiosk's walk-in form takes its
// number. The pass keeps the card's number (blank when none was given) and when it was handed out.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('visitors')
    .addColumn('access_card_number', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('visitors').addColumn('access_card_issued_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('visitors').dropColumn('access_card_issued_at').execute();
  await db.schema.alterTable('visitors').dropColumn('access_card_number').execute();
}
