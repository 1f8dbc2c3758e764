import type { Kysely } from 'kysely';

// Frozen once landed. Passes issued in the console (issue 23): the host the visitor comes to see,
// the issuer's remarks, when a pass was cancelled, and its e-pass link's token: separate from the
// QR code and revocable. Kept as it is, like the QR code it shows, so the console can share the
// link again.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('visitors')
    .addColumn('host_name', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('visitors')
    .addColumn('remarks', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('visitors').addColumn('cancelled_at', 'text').execute();
  await db.schema.alterTable('visitors').addColumn('epass_token', 'text').execute();
  await db.schema
    .createIndex('visitors_epass_token')
    .unique()
    .on('visitors')
    .column('epass_token')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('visitors_epass_token').execute();
  for (const column of ['epass_token', 'cancelled_at', 'remarks', 'host_name']) {
    await db.schema.alterTable('visitors').dropColumn(column).execute();
  }
}
