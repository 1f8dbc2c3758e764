// `npm run bench:ids -- --data-dir DIR`: what integer row ids would save (issue 13). Copies the
// attendance table of the database in DIR, the largest table with the largest indexes, into a
// scratch database beside it with integer keys for its guard, site and photos (the rowids of
// those rows), builds the same indexes on the integer keys, and prints the size of each object
// before and after. The copy keeps each row's uuid, unique, since the API would keep its uuids.
// DIR's database is only read; the scratch database is removed afterwards.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { openDatabase } from '../src/db/database';
import { DATABASE_FILE } from '../src/db/open-data-dir';

function print(line = ''): void {
  process.stdout.write(`${line}\n`);
}

const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1).padStart(8)} MB`;

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { 'data-dir': { type: 'string' } } });
  const dataDir = values['data-dir'];
  if (dataDir === undefined)
    throw new Error('Give --data-dir DIR, a directory with a large data set.');
  const scratch = path.join(dataDir, 'integer-ids-trial.sqlite');
  rmSync(scratch, { force: true });
  const db = openDatabase(path.join(dataDir, DATABASE_FILE));
  const started = performance.now();
  try {
    await sql`attach database ${scratch} as trial`.execute(db);
    // The attendance table as it is, with integer keys where it holds another row's uuid.
    await sql`create table trial.attendances (
      id integer primary key,
      uuid text not null unique,
      guard_id integer not null,
      residence_id integer not null,
      checkin_at text,
      checkout_at text,
      checkin_lat real,
      checkin_lng real,
      checkout_lat real,
      checkout_lng real,
      checkin_photo_file_id integer,
      checkout_photo_file_id integer,
      created_at text not null)`.execute(db);
    await sql`insert into trial.attendances
      select a.rowid, a.uuid, g.rowid, r.rowid, a.checkin_at, a.checkout_at, a.checkin_lat,
        a.checkin_lng, a.checkout_lat, a.checkout_lng, checkin_photo.rowid, checkout_photo.rowid,
        a.created_at
      from main.attendances as a
      join main.guards as g on g.uuid = a.guard_uuid
      join main.residences as r on r.uuid = a.residence_uuid
      left join main.files as checkin_photo on checkin_photo.uuid = a.checkin_photo_file_uuid
      left join main.files as checkout_photo on checkout_photo.uuid = a.checkout_photo_file_uuid
      order by a.rowid`.execute(db);
    // The same indexes. Every index entry ends with the rowid, so (created_at) pages in
    // (created_at, id) order: the uuid that breaks ties today is not needed in them.
    for (const index of [
      sql`create index trial.attendances_created on attendances (created_at)`,
      sql`create index trial.attendances_residence_created on attendances (residence_id, created_at, guard_id)`,
      sql`create index trial.attendances_guard_created on attendances (guard_id, created_at, residence_id)`,
      sql`create index trial.attendances_open_checkin on attendances (checkin_at, guard_id, residence_id) where checkout_at is null and checkin_at is not null`,
      sql`create index trial.attendances_open_site on attendances (residence_id, checkin_at, guard_id) where checkout_at is null and checkin_at is not null`,
    ]) {
      await index.execute(db);
    }
    const sizes = await sql<{ schema: string; name: string; bytes: number }>`
      select 'main' as schema, name, sum(pgsize) as bytes from dbstat('main')
        where name = 'attendances' or name in (select name from main.sqlite_master where tbl_name = 'attendances')
        group by name
      union all
      select 'trial', name, sum(pgsize) from dbstat('trial')
        where name <> 'sqlite_schema' group by name
      order by 1, 3 desc`.execute(db);
    const rows = await sql<{ n: number }>`select count(*) as n from trial.attendances`.execute(db);
    print(
      `Attendance table of ${rows.rows[0]?.n ?? 0} rows with uuid keys (today) and integer keys ` +
        `(trial), built in ${((performance.now() - started) / 1000).toFixed(1)} s:`,
    );
    let today = 0;
    let trial = 0;
    for (const { schema, name, bytes } of sizes.rows) {
      print(`  ${schema === 'main' ? 'today' : 'trial'}  ${megabytes(bytes)}  ${name}`);
      if (schema === 'main') today += bytes;
      else trial += bytes;
    }
    print(
      `Total: ${megabytes(today).trim()} today, ${megabytes(trial).trim()} with integer keys ` +
        `(${((1 - trial / today) * 100).toFixed(0)} % less).`,
    );
  } finally {
    await db.destroy();
    rmSync(scratch, { force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
