import { sql, type Kysely } from 'kysely';
import type { DB } from './database';
import { engineOf } from './engine';
import { APPEND_ONLY_TABLES } from './engine/append-only';

/** Tables the triggers fill as the rows they count arrive; copying them too would count twice. */
const KEPT_BY_TRIGGERS = new Set([
  'site_row_counts',
  'company_guard_counts',
  'supervisor_guards',
  'supervisor_guard_counts',
]);
/** Tables whose rows show that a database is in use (the migrations write none of them). */
const IN_USE_WHEN_FILLED = ['user_profiles', 'security_companies', 'residences', 'guards'] as const;
const BATCH_ROWS = 1000;

export interface CopyProgress {
  table: string;
  copied: number;
  total: number;
}

export interface CopiedTable {
  table: string;
  source: number;
  target: number;
}

async function countOf(db: DB, table: string): Promise<number> {
  const row = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  return Number(row.rows[0]?.n ?? 0);
}

/** A foreign key column whose rows are written after every table: it closes a cycle. */
interface DeferredColumn {
  table: string;
  column: string;
}

/**
 * The target's tables with each one after the tables its foreign keys point at. Where the keys
 * make a cycle (a profile's photo is a file; a file's uploader is a profile), the key that closes
 * it is left out of the order, and its column is filled once every row is in.
 */
async function loadPlan(target: DB): Promise<{ order: string[]; deferred: DeferredColumn[] }> {
  const tables = (await target.introspection.getTables()).map((table) => table.name);
  const keys = await sql<{ child: string; parent: string; column: string }>`
    select child.relname as child, parent.relname as parent, attribute.attname as column
    from pg_constraint
    join pg_class as child on child.oid = pg_constraint.conrelid
    join pg_class as parent on parent.oid = pg_constraint.confrelid
    join pg_attribute as attribute
      on attribute.attrelid = pg_constraint.conrelid and attribute.attnum = any (pg_constraint.conkey)
    where pg_constraint.contype = 'f'`.execute(target);
  const parents = new Map(
    tables.map((table) => [table, [] as Array<{ parent: string; column: string }>]),
  );
  for (const { child, parent, column } of keys.rows) {
    if (child !== parent) parents.get(child)?.push({ parent, column });
  }
  const order: string[] = [];
  const deferred: DeferredColumn[] = [];
  const placed = new Set<string>();
  const place = (table: string, path: Set<string>) => {
    if (placed.has(table)) return;
    path.add(table);
    for (const { parent, column } of parents.get(table) ?? []) {
      if (path.has(parent)) deferred.push({ table, column });
      else place(parent, path);
    }
    path.delete(table);
    placed.add(table);
    order.push(table);
  };
  for (const table of [...tables].sort()) place(table, new Set());
  return { order, deferred };
}

/**
 * Copies every row of the SQLite database `source` into the PostgreSQL database `target`, both
 * migrated to the latest schema, in batches and in an order its foreign keys allow, then checks
 * each table's row count. The target must hold nothing but what its migrations wrote, which is
 * replaced by the source's (the incident categories). Every table copied has a uuid key where a
 * foreign key closes a cycle (see loadPlan). Rows the triggers keep (per-site and
 * per-company counts) are made again by the triggers as the rows arrive.
 */
export async function copyDatabase(
  source: DB,
  target: DB,
  onProgress: (progress: CopyProgress) => void = () => {},
): Promise<CopiedTable[]> {
  if (engineOf(source) !== 'sqlite' || engineOf(target) !== 'postgres') {
    throw new Error('db:copy copies a SQLite database into a PostgreSQL one.');
  }
  for (const table of IN_USE_WHEN_FILLED) {
    if ((await countOf(target, table)) > 0) {
      throw new Error(
        `The target database already holds data (${table}); db:copy fills only an empty database.`,
      );
    }
  }
  const plan = await loadPlan(target);
  const tables = plan.order.filter((table) => !table.startsWith('kysely_migration'));
  const deferredOf = (table: string) =>
    plan.deferred.filter((key) => key.table === table).map((key) => key.column);
  const sourceTables = new Set((await source.introspection.getTables()).map((t) => t.name));
  // The rows the migrations wrote go; append-only tables refuse TRUNCATE, and start empty.
  const cleared = tables.filter((table) => !APPEND_ONLY_TABLES.includes(table));
  await sql`truncate table ${sql.join(cleared.map((table) => sql.table(table)))} restart identity cascade`.execute(
    target,
  );
  const copied: CopiedTable[] = [];
  for (const table of tables) {
    if (KEPT_BY_TRIGGERS.has(table) || !sourceTables.has(table)) continue;
    const total = await countOf(source, table);
    let done = 0;
    let after = 0;
    onProgress({ table, copied: 0, total });
    // By rowid, which every SQLite table has: each batch starts where the last one ended.
    for (;;) {
      const batch = (
        await sql<Record<string, unknown>>`select rowid as copy_rowid, * from ${sql.table(table)}
          where rowid > ${after} order by rowid limit ${sql.lit(BATCH_ROWS)}`.execute(source)
      ).rows;
      if (batch.length === 0) break;
      after = Number(batch[batch.length - 1]?.copy_rowid);
      const deferred = deferredOf(table);
      // A key that closes a cycle waits (null) until the rows it points at are in.
      const rows = batch.map(({ copy_rowid: _rowid, ...row }) => ({
        ...row,
        ...Object.fromEntries(deferred.map((column) => [column, null])),
      }));
      await (target as Kysely<Record<string, Record<string, unknown>>>)
        .insertInto(table)
        .values(rows)
        .execute();
      done += rows.length;
      onProgress({ table, copied: done, total });
    }
    copied.push({ table, source: total, target: await countOf(target, table) });
  }
  for (const { table, column } of plan.deferred) {
    if (!sourceTables.has(table)) continue;
    let after = 0;
    for (;;) {
      const batch = (
        await sql<{ copy_rowid: number; uuid: string; value: unknown }>`
          select rowid as copy_rowid, uuid, ${sql.ref(column)} as value from ${sql.table(table)}
          where rowid > ${after} and ${sql.ref(column)} is not null
          order by rowid limit ${sql.lit(BATCH_ROWS)}`.execute(source)
      ).rows;
      if (batch.length === 0) break;
      after = Number(batch[batch.length - 1]?.copy_rowid);
      const pairs = sql.join(batch.map((row) => sql`(${row.uuid}, ${row.value})`));
      await sql`update ${sql.table(table)} set ${sql.ref(column)} = pairs.value
        from (values ${pairs}) as pairs (uuid, value)
        where ${sql.ref(`${table}.uuid`)} = pairs.uuid`.execute(target);
    }
  }
  // Identity columns (the guard app's integer ids) go on from the highest id copied.
  const identities = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema() and is_identity = 'YES'`.execute(target);
  for (const { table_name: table, column_name: column } of identities.rows) {
    await sql`select setval(pg_get_serial_sequence(${table}, ${column}),
      coalesce((select max(${sql.ref(column)}) from ${sql.table(table)}), 0) + 1, false)`.execute(
      target,
    );
  }
  return copied;
}
