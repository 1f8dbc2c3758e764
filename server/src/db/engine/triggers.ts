import { sql, type Kysely } from 'kysely';
import { engineOf } from '.';

/**
 * A row trigger that runs after a write, written once for both engines: `when` tests `new.` or
 * `old.` columns, and `body` is one or more SQL statements, each ending with ';'. SQLite runs the
 * body inside the trigger; PostgreSQL wraps it in a PL/pgSQL function of the trigger's name.
 */
export interface RowTrigger {
  name: string;
  table: string;
  event: 'insert' | 'delete' | `update of ${string}`;
  when?: string;
  body: string;
}

export async function createRowTrigger(db: Kysely<unknown>, trigger: RowTrigger): Promise<void> {
  const { name, table, event, when, body } = trigger;
  if (engineOf(db) === 'postgres') {
    await sql
      .raw(
        `create function ${name}() returns trigger language plpgsql as $$ begin ${body} return null; end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${name} after ${event} on ${table} for each row${when ? ` when (${when})` : ''} execute function ${name}()`,
      )
      .execute(db);
    return;
  }
  await sql
    .raw(
      `create trigger ${name} after ${event} on ${table}${when ? ` when ${when}` : ''} begin ${body} end`,
    )
    .execute(db);
}

export async function dropRowTrigger(db: Kysely<unknown>, name: string, table: string) {
  if (engineOf(db) === 'postgres') {
    await sql.raw(`drop trigger if exists ${name} on ${table}`).execute(db);
    await sql.raw(`drop function if exists ${name}()`).execute(db);
    return;
  }
  await sql.raw(`drop trigger if exists ${name}`).execute(db);
}
