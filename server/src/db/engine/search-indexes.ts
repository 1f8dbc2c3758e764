import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { engineOf, type Engine } from '.';

/**
 * Substring search (LIKE '%text%', any case) through trigram indexes.
 * - SQLite: an FTS5 trigram table per searched table, external-content (it keeps only trigrams,
 *   keyed by the table's rowid), kept in step by triggers; a search MATCHes it for candidate rows.
 * - PostgreSQL: a pg_trgm GIN index on lower(column) for each column; the LIKE itself reads it.
 * Either way the LIKE has the final word, so both engines find exactly the same rows.
 */
export async function createSearchIndex(
  db: Kysely<unknown>,
  table: string,
  columns: string[],
): Promise<void> {
  if (engineOf(db) === 'postgres') {
    await sql`create extension if not exists pg_trgm`.execute(db);
    for (const column of columns) {
      await sql
        .raw(
          `create index ${table}_${column}_trigrams on ${table} using gin (lower(${column}) gin_trgm_ops)`,
        )
        .execute(db);
    }
    return;
  }
  const index = `${table}_search`;
  const list = columns.join(', ');
  const fromNew = columns.map((column) => `new.${column}`).join(', ');
  const fromOld = columns.map((column) => `old.${column}`).join(', ');
  await sql
    .raw(
      `create virtual table ${index} using fts5(${list}, content='${table}', content_rowid='rowid', tokenize='trigram')`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${index}_insert after insert on ${table} begin
         insert into ${index}(rowid, ${list}) values (new.rowid, ${fromNew});
       end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${index}_delete after delete on ${table} begin
         insert into ${index}(${index}, rowid, ${list}) values ('delete', old.rowid, ${fromOld});
       end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${index}_update after update of ${list} on ${table} begin
         insert into ${index}(${index}, rowid, ${list}) values ('delete', old.rowid, ${fromOld});
         insert into ${index}(rowid, ${list}) values (new.rowid, ${fromNew});
       end`,
    )
    .execute(db);
  await sql.raw(`insert into ${index}(${index}) values ('rebuild')`).execute(db);
}

export async function dropSearchIndex(
  db: Kysely<unknown>,
  table: string,
  columns: string[],
): Promise<void> {
  if (engineOf(db) === 'postgres') {
    for (const column of columns) {
      await sql.raw(`drop index ${table}_${column}_trigrams`).execute(db);
    }
    return;
  }
  for (const trigger of ['insert', 'delete', 'update']) {
    await sql.raw(`drop trigger ${table}_search_${trigger}`).execute(db);
  }
  await sql.raw(`drop table ${table}_search`).execute(db);
}

/**
 * The rows of `table` whose `columns` (of one search index) contain `text`: `like` is the plain
 * LIKE over those columns. On SQLite the index's MATCH gathers candidates by rowid first; on
 * PostgreSQL the LIKE reads the trigram indexes itself. `rowid` is the tested row's rowid.
 */
export function searchIndexCondition(
  engine: Engine,
  index: { table: string; rowid: string },
  columns: readonly string[],
  text: string,
  like: Expression<SqlBool>,
): RawBuilder<SqlBool> {
  if (engine === 'postgres') return sql<SqlBool>`(${like})`;
  // Several columns of one index take one MATCH (`{name category} : "text"`), not one each.
  const phrase = `{${columns.join(' ')}} : "${text.replaceAll('"', '""')}"`;
  return sql<SqlBool>`(${sql.ref(index.rowid)} in (select rowid from ${sql.table(index.table)} where ${sql.table(index.table)} match ${phrase}) and ${like})`;
}
