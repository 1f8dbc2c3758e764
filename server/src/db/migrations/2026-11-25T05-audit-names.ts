import { sql, type Kysely } from 'kysely';
import { createSearchIndex, dropSearchIndex } from '../engine/search-indexes';

// Frozen once landed. The audit trail's names found by text (issue 21): at ten million entries a
// trigram index over the entries read every entry of each trigram (a name typed in the search
// took 226 to 374 ms). The names are few (people and records) while entries are many, so the
// distinct names get a table of their own with the trigram index, and the entries an index on
// each name column, alone and after the company, ending in the key: a search finds the names,
// then their entries newest first, as every other filter of the Audit Log does.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_names')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .execute();
  await sql`insert into audit_names (name)
    select actor_name from audit_entries where actor_name is not null
    union
    select entity_label from audit_entries where entity_label is not null`.execute(db);
  await createSearchIndex(db, 'audit_names', ['name']);
  for (const column of ['actor_name', 'entity_label']) {
    await db.schema
      .createIndex(`audit_entries_${column}`)
      .on('audit_entries')
      .columns([column, 'id'])
      .execute();
    await db.schema
      .createIndex(`audit_entries_company_${column}`)
      .on('audit_entries')
      .columns(['security_company_uuid', column, 'id'])
      .execute();
  }
  await dropSearchIndex(db, 'audit_entries', ['entity_label', 'actor_name']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await createSearchIndex(db, 'audit_entries', ['entity_label', 'actor_name']);
  for (const column of ['actor_name', 'entity_label']) {
    await db.schema.dropIndex(`audit_entries_company_${column}`).execute();
    await db.schema.dropIndex(`audit_entries_${column}`).execute();
  }
  await dropSearchIndex(db, 'audit_names', ['name']);
  await db.schema.dropTable('audit_names').execute();
}
