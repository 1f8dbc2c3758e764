import { randomUUID } from 'node:crypto';
import { Migrator } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type DB } from '../../server/src/db/database';
import { migrationProvider } from '../../server/src/db/migrations';
import { createCompany, createSite, createVisitor } from './factories';

// The migration that keeps when a visitor inside is due out gives the passes already inside
// theirs, from their last check-in, so the dashboard's Overstay counts them from the first day.

let db: DB;
let previousZone: string | undefined;

beforeEach(async () => {
  previousZone = process.env.TZ;
  process.env.TZ = 'Asia/Kuala_Lumpur';
  db = openDatabase(':memory:');
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error } = await migrator.migrateTo('2026-11-25T03-watchlist');
  if (error) throw error;
});
afterEach(async () => {
  await db.destroy();
  process.env.TZ = previousZone;
});

async function scan(visitorUuid: string, scanType: 'IN' | 'OUT', createdAt: string) {
  await db
    .insertInto('visitor_pass_scans')
    .values({
      uuid: randomUUID(),
      visitor_uuid: visitorUuid,
      scan_type: scanType,
      created_at: createdAt,
    })
    .execute();
}

describe('migration 2026-11-25T04: when a visitor inside is due out', () => {
  it('dates each pass inside from its last check-in, and leaves the others without', async () => {
    const site = await createSite(db, await createCompany(db, 'Alpha Guards'));
    const morning = await createVisitor(db, site, {
      date: '2026-03-09',
      start_time: '09:00:00',
      end_time: '11:00:00',
      latest_scan_type: 'IN',
    });
    // In at 09:30 local (01:30 UTC), due out at 11:00 local.
    await scan(morning, 'IN', '2026-03-09 01:30:00');
    const overnight = await createVisitor(db, site, {
      date: '2026-03-09',
      start_time: '22:00:00',
      end_time: '06:00:00',
      latest_scan_type: 'IN',
    });
    // In at 22:30 local; the visit runs to 06:00 the next morning.
    await scan(overnight, 'IN', '2026-03-09 14:30:00');
    const repeating = await createVisitor(db, site, {
      date: '2026-03-02',
      repeat_type: 'REPEAT',
      start_time: '08:00:00',
      end_time: '12:00:00',
      latest_scan_type: 'IN',
    });
    // Came on two days: the later check-in (10 March, 08:15 local) counts.
    await scan(repeating, 'IN', '2026-03-02 00:10:00');
    await scan(repeating, 'OUT', '2026-03-02 03:00:00');
    await scan(repeating, 'IN', '2026-03-10 00:15:00');
    const left = await createVisitor(db, site, { latest_scan_type: 'OUT' });
    await scan(left, 'IN', '2026-03-09 01:00:00');
    await scan(left, 'OUT', '2026-03-09 02:00:00');
    const expected = await createVisitor(db, site);

    await migrateToLatest(db);

    const rows = await db
      .selectFrom('visitors')
      .select(['uuid', 'due_out_at'])
      .orderBy('uuid')
      .execute();
    expect(Object.fromEntries(rows.map((row) => [row.uuid, row.due_out_at]))).toEqual({
      [morning]: '2026-03-09 03:00:00',
      [overnight]: '2026-03-09 22:00:00',
      [repeating]: '2026-03-10 04:00:00',
      [left]: null,
      [expected]: null,
    });
  });
});
