import { type Kysely, sql } from 'kysely';
import { createRowTrigger, dropRowTrigger } from '../engine/triggers';

// Frozen once landed. How many attendance rows, live visitor passes and live incidents each site
// has, kept by triggers, so that an unfiltered list's count adds up one number per site in the
// caller's scope instead of walking a million index entries on every page change.

/** The lists counted per site, and which of their rows count (live ones, for soft-deleted tables). */
const COUNTED: Array<{ list: string; live: string }> = [
  { list: 'attendances', live: 'true' },
  { list: 'visitors', live: 'deleted_at is null' },
  { list: 'incidents', live: 'deleted_at is null' },
];

async function countRows(db: Kysely<unknown>, list: string, live: string) {
  const add = (row: 'new' | 'old', by: '+ 1' | '- 1') =>
    `insert into site_row_counts (list, residence_uuid, n)
       values ('${list}', ${row}.residence_uuid, ${by === '+ 1' ? 1 : -1})
       on conflict (list, residence_uuid) do update set n = site_row_counts.n ${by};`;
  const liveOf = (row: 'new' | 'old') => live.replace('deleted_at', `${row}.deleted_at`);
  // A move to another site, a soft delete or an undelete: the old row leaves its count, the new
  // one joins its own.
  const watched = live === 'true' ? 'residence_uuid' : 'residence_uuid, deleted_at';
  const triggers = [
    { name: 'insert', event: 'insert', row: 'new', by: '+ 1' },
    { name: 'delete', event: 'delete', row: 'old', by: '- 1' },
    { name: 'update_old', event: `update of ${watched}`, row: 'old', by: '- 1' },
    { name: 'update_new', event: `update of ${watched}`, row: 'new', by: '+ 1' },
  ] as const;
  for (const { name, event, row, by } of triggers) {
    await createRowTrigger(db, {
      name: `${list}_count_${name}`,
      table: list,
      event,
      when: `${row}.residence_uuid is not null and ${liveOf(row)}`,
      body: add(row, by),
    });
  }
  await sql
    .raw(
      `insert into site_row_counts (list, residence_uuid, n)
       select '${list}', residence_uuid, count(*) from ${list}
       where residence_uuid is not null and ${live} group by residence_uuid`,
    )
    .execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('site_row_counts')
    .addColumn('list', 'text', (col) => col.notNull())
    .addColumn('residence_uuid', 'text', (col) => col.notNull())
    .addColumn('n', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('site_row_counts_pk', ['list', 'residence_uuid'])
    .execute();
  for (const { list, live } of COUNTED) await countRows(db, list, live);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { list } of COUNTED) {
    for (const suffix of ['insert', 'delete', 'update_old', 'update_new']) {
      await dropRowTrigger(db, `${list}_count_${suffix}`, list);
    }
  }
  await db.schema.dropTable('site_row_counts').execute();
}
