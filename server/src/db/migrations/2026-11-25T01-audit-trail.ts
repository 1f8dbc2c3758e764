import type { Kysely } from 'kysely';
import { dropAppendOnly, makeAppendOnly } from '../engine/append-only';
import { serialPrimaryKey } from '../engine/integer-ids';
import { createSearchIndex, dropSearchIndex } from '../engine/search-indexes';

// Frozen once landed. The audit trail (issue 21): one row per write through either API and per
// sign-in event, written in the write's transaction. Rows are numbered in the order written (the
// list's newest-first order walks the key), and append-only: no update, and no delete before a
// year, the shortest retention the server accepts (AUDIT_RETENTION_DAYS).

/** The shortest retention of audit entries; the triggers refuse deleting younger rows. */
const DELETABLE_AFTER_DAYS = 365;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_entries')
    .addColumn('id', 'integer', serialPrimaryKey(db))
    .addColumn('uuid', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('entity', 'text', (col) => col.notNull())
    .addColumn('entity_uuid', 'text')
    .addColumn('entity_label', 'text')
    .addColumn('actor_uuid', 'text')
    .addColumn('actor_name', 'text')
    .addColumn('actor_role', 'text', (col) => col.notNull())
    .addColumn('security_company_uuid', 'text')
    .addColumn('changes', 'text', (col) => col.notNull())
    .addColumn('client_address', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  // Each filter the Audit Log offers, and each with a company's scope before it, ending in the
  // key: equal values then lie newest first, so a page is the first eight entries read and a
  // count up to the cap reads the index alone, at any size.
  const filters = [['entity_uuid'], ['actor_uuid'], ['entity'], ['action'], ['entity', 'action']];
  const indexes: Record<string, string[]> = {
    created_at: ['created_at'],
    company: ['security_company_uuid', 'id'],
    company_created_at: ['security_company_uuid', 'created_at'],
  };
  for (const columns of filters) {
    indexes[columns.join('_')] = [...columns, 'id'];
    indexes[`company_${columns.join('_')}`] = ['security_company_uuid', ...columns, 'id'];
  }
  for (const [name, columns] of Object.entries(indexes)) {
    await db.schema
      .createIndex(`audit_entries_${name}`)
      .on('audit_entries')
      .columns(columns)
      .execute();
  }
  // The search box and the user filter: substrings of the record's and the actor's names.
  await createSearchIndex(db, 'audit_entries', ['entity_label', 'actor_name']);
  await makeAppendOnly(db, 'audit_entries', DELETABLE_AFTER_DAYS);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropAppendOnly(db, 'audit_entries');
  await dropSearchIndex(db, 'audit_entries', ['entity_label', 'actor_name']);
  await db.schema.dropTable('audit_entries').execute();
}
