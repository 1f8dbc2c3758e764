import { randomUUID } from 'node:crypto';
import { sql, type SqlBool } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDashboardRepository } from '../../server/src/modules/dashboard/dashboard.repository';
import {
  createAttendance,
  createCompany,
  createGuard,
  createSite,
  superadminPrincipal,
} from './factories';
import { makeTestApp, type TestApp } from './test-app';

// Hand-made edge cases with known answers, beside the oracle comparison on demo data in
// dashboard.test.ts: each boundary is written out as the figure a person would expect.

// 02:00 on 10 March 2026 in Kuala Lumpur (UTC+8) is 18:00 UTC on 9 March: the local day and the
// UTC day differ, so a figure that used the UTC day would be caught.
const NOW = new Date('2026-03-09T18:00:00Z');

let t: TestApp;
let site: string;
let category: string;
let previousZone: string | undefined;

async function figures() {
  return createDashboardRepository(t.db).siteFigures(superadminPrincipal, NOW, () => null);
}

async function addIncident(createdAtUtc: string) {
  await t.db
    .insertInto('incidents')
    .values({
      uuid: randomUUID(),
      kg_incident_id: `INC-${randomUUID().slice(0, 6)}`,
      category_uuid: category,
      residence_uuid: site,
      incident_date: createdAtUtc,
      description: 'Edge case',
      created_at: createdAtUtc,
    })
    .execute();
}

async function addVisitor(values: {
  date: string;
  status?: string;
  latest_scan_type?: 'IN' | 'OUT' | null;
}) {
  await t.db
    .insertInto('visitors')
    .values({
      uuid: randomUUID(),
      residence_uuid: site,
      name: 'Visitor',
      category: 'Guest',
      start_time: '09:00:00',
      end_time: '18:00:00',
      qr_code: randomUUID(),
      latest_scan_type: null,
      status: 'VALID',
      ...values,
    })
    .execute();
}

beforeAll(async () => {
  previousZone = process.env.TZ;
  process.env.TZ = 'Asia/Kuala_Lumpur';
  t = await makeTestApp();
  category = (
    await t.db
      .selectFrom('incident_categories')
      .select('uuid')
      .where('name', '=', 'Theft')
      .executeTakeFirstOrThrow()
  ).uuid;
  const company = await createCompany(t.db);
  site = await createSite(t.db, company);
});
afterAll(async () => {
  await t.close();
  process.env.TZ = previousZone;
});

describe('dashboard figures at their boundaries', () => {
  it('counts a guard on duty 15 hours after an open check-in, not 17 hours after (abandoned)', async () => {
    const company = await createCompany(t.db);
    const onSite = await createSite(t.db, company);
    const recent = await createGuard(t.db, company, {}, [onSite]);
    const stale = await createGuard(t.db, company, {}, [onSite]);
    const finished = await createGuard(t.db, company, {}, [onSite]);
    await createAttendance(t.db, recent, onSite, {
      checkin_at: '2026-03-09 03:00:00',
      checkout_at: null,
    });
    await createAttendance(t.db, stale, onSite, {
      checkin_at: '2026-03-09 01:00:00',
      checkout_at: null,
    });
    await createAttendance(t.db, finished, onSite, {
      checkin_at: '2026-03-09 10:00:00',
      checkout_at: '2026-03-09 17:00:00',
    });
    const repository = createDashboardRepository(t.db);
    // The site filter the route builds from ?filter=(residence_uuid=…).
    const atSite = await repository.siteFigures(
      superadminPrincipal,
      NOW,
      (column) => sql<SqlBool>`${sql.ref(column)} = ${onSite}`,
    );
    expect(atSite.onDutyGuard).toBe(1);
    expect(atSite.totalGuard).toBe(3);
  });

  it('counts an incident at local midnight as today and one a second earlier as yesterday', async () => {
    await addIncident('2026-03-09 15:59:59');
    await addIncident('2026-03-09 16:00:00');
    const { incidentToday, allIncidents } = await figures();
    expect(incidentToday).toBe(1);
    expect(allIncidents).toBe(2);
  });

  it('counts a valid pass dated today as upcoming, not one dated yesterday, arrived or invalid', async () => {
    await addVisitor({ date: '2026-03-10' });
    await addVisitor({ date: '2026-03-11' });
    await addVisitor({ date: '2026-03-09' });
    await addVisitor({ date: '2026-03-10', latest_scan_type: 'IN' });
    await addVisitor({ date: '2026-03-10', latest_scan_type: 'OUT' });
    await addVisitor({ date: '2026-03-10', status: 'EXPIRED' });
    const { upcomingVisitors, checkedinVisitors } = await figures();
    expect(upcomingVisitors).toBe(2);
    expect(checkedinVisitors).toBe(1);
  });
});
