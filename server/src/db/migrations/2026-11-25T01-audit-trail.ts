import type { Kysely } from 'kysely';
import { dropAppendOnly, makeAppendOnly } from '../engine/append-only';
import { serialPrimaryKey } from '../engine/integer-ids';

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
  // Each filter the Audit Log offers, newest first within it; a company's entries likewise.
  for (const column of ['security_company_uuid', 'entity_uuid', 'actor_uuid', 'entity', 'action']) {
    await db.schema
      .createIndex(`audit_entries_${column}`)
      .on('audit_entries')
      .columns([column, 'id'])
      .execute();
  }
  await db.schema
    .createIndex('audit_entries_created_at')
    .on('audit_entries')
    .column('created_at')
    .execute();
  await makeAppendOnly(db, 'audit_entries', DELETABLE_AFTER_DAYS);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropAppendOnly(db, 'audit_entries');
  await db.schema.dropTable('audit_entries').execute();
}
