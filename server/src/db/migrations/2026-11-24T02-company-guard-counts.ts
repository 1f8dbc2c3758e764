import { type Kysely, sql } from 'kysely';

// Frozen once landed. How many live guards each company has, kept by triggers as the per-site
// counts are (2026-11-23T06), so the companies page reads one number per company instead of
// counting a company's 33,000 guards on every load (issue 19: 8 to 9 ms).

const add = (row: 'new' | 'old', by: 1 | -1) =>
  `insert into company_guard_counts (company_uuid, n) values (${row}.security_company_uuid, ${by})
     on conflict (company_uuid) do update set n = n ${by === 1 ? '+ 1' : '- 1'};`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('company_guard_counts')
    .addColumn('company_uuid', 'text', (col) => col.primaryKey())
    .addColumn('n', 'integer', (col) => col.notNull())
    .execute();
  await sql
    .raw(
      `create trigger guards_company_count_insert after insert on guards
       when new.deleted_at is null begin ${add('new', 1)} end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger guards_company_count_delete after delete on guards
       when old.deleted_at is null begin ${add('old', -1)} end`,
    )
    .execute(db);
  // A soft delete, an undelete or a move to another company: the old row leaves its count, the
  // new one joins its own.
  await sql
    .raw(
      `create trigger guards_company_count_update_old after update of deleted_at, security_company_uuid on guards
       when old.deleted_at is null begin ${add('old', -1)} end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger guards_company_count_update_new after update of deleted_at, security_company_uuid on guards
       when new.deleted_at is null begin ${add('new', 1)} end`,
    )
    .execute(db);
  await sql`insert into company_guard_counts (company_uuid, n)
    select security_company_uuid, count(*) from guards where deleted_at is null
    group by security_company_uuid`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const trigger of ['insert', 'delete', 'update_old', 'update_new']) {
    await sql.raw(`drop trigger guards_company_count_${trigger}`).execute(db);
  }
  await db.schema.dropTable('company_guard_counts').execute();
}
