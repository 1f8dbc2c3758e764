import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';

// Frozen once landed. Incidents as the console writes them: a counter that numbers them, the
// categories every install starts with, and the list's indexes in its order.
const CATEGORIES = [
  'Theft',
  'Fire',
  'Trespassing',
  'Vandalism',
  'Suspicious Person',
  'Medical Emergency',
  'Parking',
  'Noise Complaint',
  'Other',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // Named counters (incident numbers today), kept in the database so every process shares them.
  await db.schema
    .createTable('counters')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'integer', (c) => c.notNull())
    .execute();

  await db
    .insertInto('incident_categories' as never)
    .values(CATEGORIES.map((name) => ({ uuid: randomUUID(), name })) as never)
    .onConflict((oc) => oc.doNothing())
    .execute();

  await db.schema
    .createIndex('incidents_live_created')
    .on('incidents')
    .columns(['created_at', 'uuid'])
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('incidents_live_residence_created')
    .on('incidents')
    .columns(['residence_uuid', 'created_at', 'uuid'])
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  await db.schema.dropIndex('incidents_residence').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('incidents_residence')
    .on('incidents')
    .column('residence_uuid')
    .execute();
  await db.schema.dropIndex('incidents_live_residence_created').execute();
  await db.schema.dropIndex('incidents_live_created').execute();
  await db.schema.dropTable('counters').execute();
}
