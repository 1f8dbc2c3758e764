import type { Kysely } from 'kysely';

// Frozen once landed. A unit's contact number (issue 34): the resident the gate calls, which the
// company keeps in the console and the guards at that site read in the unit directory. A site's
// units, by name, come from an index: the Units tab and the gate's directory page through them.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('units')
    .addColumn('contact_number', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('units_residence_name')
    .on('units')
    .columns(['residence_uuid', 'name', 'uuid'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('units_residence_name').execute();
  await db.schema.alterTable('units').dropColumn('contact_number').execute();
}
