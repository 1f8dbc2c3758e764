import { sql, type Kysely } from 'kysely';
import { createSearchIndex, dropSearchIndex } from '../engine/search-indexes';
import { analyzeIndexes } from '../engine/statistics';

// Frozen once landed. The audit trail's names found by text (issue 21): at ten million entries a
// trigram index over the entries read every entry of each trigram (a name typed in the search
// took 226 to 374 ms). The names are few (people and records) while entries are many, so the
// distinct names get a table of their own with the trigram index, and the entries an index on
// each name column: a search finds the names, then counts their entries in those indexes, and
// pages them newest first as every other filter of the Audit Log does.

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
  // The company after the name: a company's count of a name (or of either of two, an OR the
  // planner reads as two index ranges) tests the company in the index, never in the rows.
  for (const column of ['actor_name', 'entity_label']) {
    await db.schema
      .createIndex(`audit_entries_${column}`)
      .on('audit_entries')
      .columns([column, 'security_company_uuid', 'id'])
      .execute();
  }
  await dropSearchIndex(db, 'audit_entries', ['entity_label', 'actor_name']);
  // Statistics now, read as the server reads them: without, SQLite took a new index for more
  // selective than the company's own and sorted a company's whole trail for a page.
  await analyzeIndexes(
    db,
    ['actor_name', 'entity_label'].map((column) => ({
      index: `audit_entries_${column}`,
      table: 'audit_entries',
    })),
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await createSearchIndex(db, 'audit_entries', ['entity_label', 'actor_name']);
  for (const column of ['actor_name', 'entity_label']) {
    await db.schema.dropIndex(`audit_entries_${column}`).execute();
  }
  await dropSearchIndex(db, 'audit_names', ['name']);
  await db.schema.dropTable('audit_names').execute();
}
