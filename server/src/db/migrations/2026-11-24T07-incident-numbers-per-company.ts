import { sql, type Kysely } from 'kysely';
import { dropColumnUnique } from '../engine/column-constraints';

// Frozen once landed. Incident numbers run per company (issue 21: numbers shared by every
// company told each one how many incidents the others had). An incident keeps the sequence its
// number came from, the company of its site when it was written ('' for a site without one), so
// numbers stay unique within a sequence even after a site moves to another company. Numbers
// already given stay as they are; each company's next number follows its highest.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('incidents')
    .addColumn('number_sequence', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await sql`update incidents set number_sequence = coalesce((select security_company_uuid
    from residences where residences.uuid = incidents.residence_uuid), '')`.execute(db);
  await dropColumnUnique(db, 'incidents', 'kg_incident_id');
  await db.schema
    .createIndex('incidents_sequence_number')
    .on('incidents')
    .columns(['number_sequence', 'kg_incident_id'])
    .unique()
    .execute();
  // The one counter of every company's numbers gives way to one per sequence, started lazily.
  await sql`delete from counters where name = 'incident'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('incidents_sequence_number').execute();
  await db.schema
    .createIndex('incidents_kg_incident_id')
    .on('incidents')
    .column('kg_incident_id')
    .unique()
    .execute();
  await db.schema.alterTable('incidents').dropColumn('number_sequence').execute();
  await sql`delete from counters where name like 'incident:%'`.execute(db);
}
