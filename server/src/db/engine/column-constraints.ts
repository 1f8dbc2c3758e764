import { sql, type Kysely } from 'kysely';
import { engineOf } from '.';

/**
 * Ends the UNIQUE a column was declared with, so that an index over it and other columns can
 * take its place.
 * - SQLite cannot drop a column's constraint: the table is made again from its own definition
 *   without it, with its rows (rowids kept, which search indexes and integer ids follow), indexes
 *   and triggers as they were, in one transaction. Foreign keys are off meanwhile, so rows of
 *   other tables that point to it stay, and are checked before it commits.
 * - PostgreSQL drops the constraint by name.
 */
export async function dropColumnUnique(
  db: Kysely<unknown>,
  table: string,
  column: string,
): Promise<void> {
  if (engineOf(db) === 'postgres') {
    const { rows } = await sql<{ name: string }>`
      select constraint_name as name from pg_constraint
        join information_schema.constraint_column_usage as used
          on used.constraint_name = pg_constraint.conname
      where pg_constraint.conrelid = ${table}::regclass and pg_constraint.contype = 'u'
        and used.table_name = ${table} and used.column_name = ${column}
        and array_length(pg_constraint.conkey, 1) = 1`.execute(db);
    const name = rows[0]?.name;
    if (name === undefined) throw new Error(`${table}.${column} has no UNIQUE of its own.`);
    await sql`alter table ${sql.table(table)} drop constraint ${sql.id(name)}`.execute(db);
    return;
  }
  const { rows } = await sql<{ type: string; sql: string }>`
    select type, sql from sqlite_master where tbl_name = ${table} and sql is not null`.execute(db);
  const definition = rows.find((row) => row.type === 'table')?.sql ?? '';
  const declared = new RegExp(`("${column}" [^,]*?) unique`);
  if (!declared.test(definition)) throw new Error(`${table}.${column} has no UNIQUE of its own.`);
  const rebuilt = `${table}_rebuilt`;
  const next = definition
    .replace(declared, '$1')
    .replace(`CREATE TABLE "${table}"`, `CREATE TABLE "${rebuilt}"`);
  const { rows: columns } = await sql<{ name: string }>`
    select name from pragma_table_info(${table})`.execute(db);
  const names = sql.join(columns.map((c) => sql.id(c.name)));
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await sql.raw(next).execute(trx);
      await sql`insert into ${sql.table(rebuilt)} (rowid, ${names})
        select rowid, ${names} from ${sql.table(table)}`.execute(trx);
      await sql`drop table ${sql.table(table)}`.execute(trx);
      await sql`alter table ${sql.table(rebuilt)} rename to ${sql.table(table)}`.execute(trx);
      for (const row of rows.filter((r) => r.type === 'index' || r.type === 'trigger')) {
        await sql.raw(row.sql).execute(trx);
      }
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length > 0) throw new Error(`Rebuilding ${table} broke foreign keys.`);
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
