import { sql, type Kysely } from 'kysely';
import { engineOf } from '.';

/**
 * Makes a table append-only for whoever writes through the application: no row may be changed,
 * and a row may be deleted only once it is older than `deletableAfterDays` (by the database's own
 * clock), which is how the retention job removes old rows and nothing else can remove new ones.
 * The table's `created_at` is the stored 'YYYY-MM-DD HH:MM:SS' UTC text.
 * - SQLite: two BEFORE triggers that abort the statement.
 * - PostgreSQL: a BEFORE row trigger for update and delete, and a statement trigger that refuses
 *   TRUNCATE (which row triggers do not see).
 */
/** The tables made append-only; a fresh database holds no rows in them, so nothing clears them. */
export const APPEND_ONLY_TABLES: readonly string[] = ['audit_entries'];

export async function makeAppendOnly(
  db: Kysely<unknown>,
  table: string,
  deletableAfterDays: number,
): Promise<void> {
  const refusal = `${table} rows are append-only: they cannot be changed, nor deleted before they are ${deletableAfterDays} days old.`;
  if (engineOf(db) === 'postgres') {
    await sql
      .raw(
        `create function ${table}_append_only() returns trigger language plpgsql as $$ begin
          if tg_op = 'DELETE' then
            if old.created_at < to_char((now() at time zone 'utc') - interval '${deletableAfterDays} days', 'YYYY-MM-DD HH24:MI:SS') then
              return old;
            end if;
          end if;
          raise exception '${refusal}';
        end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_append_only before update or delete on ${table} for each row execute function ${table}_append_only()`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_no_truncate before truncate on ${table} for each statement execute function ${table}_append_only()`,
      )
      .execute(db);
    return;
  }
  await sql
    .raw(
      `create trigger ${table}_no_update before update on ${table} begin select raise(abort, '${refusal}'); end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${table}_no_early_delete before delete on ${table} when old.created_at >= datetime('now', '-${deletableAfterDays} days') begin select raise(abort, '${refusal}'); end`,
    )
    .execute(db);
}

export async function dropAppendOnly(db: Kysely<unknown>, table: string): Promise<void> {
  if (engineOf(db) === 'postgres') {
    await sql.raw(`drop trigger if exists ${table}_no_truncate on ${table}`).execute(db);
    await sql.raw(`drop trigger if exists ${table}_append_only on ${table}`).execute(db);
    await sql.raw(`drop function if exists ${table}_append_only()`).execute(db);
    return;
  }
  await sql.raw(`drop trigger if exists ${table}_no_update`).execute(db);
  await sql.raw(`drop trigger if exists ${table}_no_early_delete`).execute(db);
}
