import { diskStorage } from '../../server/src/storage/file-storage';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListResponse } from '@contract/list';
import type { Visitor, VisitorRow } from '@contract/visitors';
import { weekdayOf, WEEKDAYS } from '@rules/visitor-pass';
import { expectedTodayFilter, overstayFilter } from '../../src/api/visitor-filters';
import { createDashboardRepository } from '../../server/src/modules/dashboard/dashboard.repository';
import { avatarPng } from '../../server/src/db/seed/images';
import { localDate, toDbTime } from '../../server/src/db/time';
import { createFilesRepository } from '../../server/src/modules/files/files.repository';
import { createVisitorsRepository } from '../../server/src/modules/visitors/visitors.repository';
import {
  createCompany,
  createSite,
  createUser,
  createVisitor,
  PASSWORD,
  superadminPrincipal,
} from './factories';
import { authHeaders, makeTestApp, signIn, type TestApp } from './test-app';
import { useClockAt } from './clock';

let t: TestApp;
const token: Record<string, string> = {};
let siteA1: string;
let siteA2: string;
let siteB: string;
let companyUser: string;

const day = (offset: number) => localDate(new Date(Date.now() + offset * 86_400_000));

// Passes for today that end at 23:59 and 23:58:17: scanned at noon, whenever the suite runs.
useClockAt(12);

beforeAll(async () => {
  t = await makeTestApp();
  const companyA = await createCompany(t.db, 'Alpha Guards');
  const companyB = await createCompany(t.db, 'Bravo Guards');
  siteA1 = await createSite(t.db, companyA, {
    name: 'Alpha Heights',
    kipleguard_visitors: 1,
    hdf_enabled: 1,
  });
  siteA2 = await createSite(t.db, companyA, { name: 'Alpha Gardens', kipleguard_visitors: 0 });
  siteB = await createSite(t.db, companyB, { name: 'Bravo Towers', kipleguard_visitors: 1 });
  await createUser(t.db, { email: 'root@example.com', role: 'superadmin' });
  companyUser = await createUser(t.db, {
    email: 'ops@alpha.example.com',
    name: 'Alpha Ops',
    role: 'securitycompany',
    companyUuid: companyA,
  });
  await createUser(t.db, {
    email: 'sup@alpha.example.com',
    role: 'sitesupervisor',
    companyUuid: companyA,
    siteUuids: [siteA1],
  });
  await createUser(t.db, {
    email: 'ops@bravo.example.com',
    role: 'securitycompany',
    companyUuid: companyB,
  });
  for (const email of [
    'root@example.com',
    'ops@alpha.example.com',
    'sup@alpha.example.com',
    'ops@bravo.example.com',
  ]) {
    token[email] = await signIn(t.app, email, PASSWORD);
  }
});
afterAll(async () => {
  await t.close();
});

async function list(email: string, query = '') {
  const response = await t.app.inject({
    method: 'GET',
    url: `/kgapi/visitors/list${query}`,
    headers: authHeaders(token[email] ?? ''),
  });
  expect(response.statusCode).toBe(200);
  return response.json<ListResponse<VisitorRow>>();
}

const scan = (email: string, code: string, body: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/kgapi/visitors/qr/${encodeURIComponent(code)}`,
    headers: authHeaders(token[email] ?? ''),
    payload: { weekday: weekdayOf(new Date()), ...body },
  });

const codeOf = async (uuid: string) =>
  (
    await t.db
      .selectFrom('visitors')
      .select('qr_code')
      .where('uuid', '=', uuid)
      .executeTakeFirstOrThrow()
  ).qr_code;

/** Moves a pass's last scan back in time, as if the desk scanned it a while ago. */
async function ageScans(uuid: string) {
  await t.db
    .updateTable('visitor_pass_scans')
    .set({ created_at: toDbTime(new Date(Date.now() - 60_000)) })
    .where('visitor_uuid', '=', uuid)
    .execute();
}

describe('GET /visitors/list', () => {
  let a1: string;
  let a2: string;
  let b: string;
  beforeAll(async () => {
    a1 = await createVisitor(t.db, siteA1, {
      name: 'Nur Aisyah',
      car_plate_number: 'WXY 1234',
      category: 'Delivery',
      created_by: companyUser,
      created_at: '2026-01-02 10:00:00',
    });
    a2 = await createVisitor(t.db, siteA2, { name: 'Lim Wei', created_at: '2026-01-03 10:00:00' });
    b = await createVisitor(t.db, siteB, {
      name: 'Bravo Guest',
      created_at: '2026-01-04 10:00:00',
    });
  });

  it('lists a company’s passes at its sites, a supervisor’s at its sites, everyone’s for the super administrator', async () => {
    const uuids = async (email: string) => (await list(email)).resource.map((row) => row.uuid);
    expect(await uuids('ops@alpha.example.com')).toEqual(expect.arrayContaining([a1, a2]));
    expect(await uuids('ops@alpha.example.com')).not.toContain(b);
    expect(await uuids('sup@alpha.example.com')).toContain(a1);
    expect(await uuids('sup@alpha.example.com')).not.toContain(a2);
    expect(await uuids('ops@bravo.example.com')).toEqual(expect.arrayContaining([b]));
    expect(await uuids('ops@bravo.example.com')).not.toContain(a1);
    expect(await uuids('root@example.com')).toEqual(expect.arrayContaining([a1, a2, b]));
  });

  it('cannot be widened by a filter naming another company’s site', async () => {
    const answer = await list(
      'ops@bravo.example.com',
      `?filter=${encodeURIComponent(`(residence_uuid = '${siteA1}')`)}`,
    );
    expect(answer).toEqual({ resource: [], meta: { count: 0 } });
  });

  it('searches site name, category, name, car plate and validity with LIKE, newest first', async () => {
    const search = (text: string) =>
      `?filter=${encodeURIComponent(
        ['residence_name', 'category', 'name', 'car_plate_number', 'status']
          .map((field) => `(${field} like '%${text}%')`)
          .join(' or '),
      )}&limit=8&offset=0`;
    expect(
      (await list('ops@alpha.example.com', search('wxy'))).resource.map((r) => r.uuid),
    ).toEqual([a1]);
    expect(
      (await list('ops@alpha.example.com', search('deliv'))).resource.map((r) => r.uuid),
    ).toEqual([a1]);
    const bySite = await list('ops@alpha.example.com', search('Alpha G'));
    expect(bySite.resource.map((r) => r.uuid)).toEqual([a2]);
    const all = await list('ops@alpha.example.com', '?limit=2');
    expect(all.resource[0]?.uuid).toBe(a2);
  });

  it('answers the console’s Expected today: today’s unused passes and repeating passes on today’s weekday', async () => {
    const now = new Date();
    const today = weekdayOf(now);
    const otherDay = WEEKDAYS[(now.getDay() + 1) % 7] ?? 'MONDAY';
    const repeating = { repeat_type: 'REPEAT', date: day(-7) };
    const passes: Array<[string, Parameters<typeof createVisitor>[2]]> = [
      ['today', {}],
      ['today, inside', { latest_scan_type: 'IN', checkpoint_times: 1 }],
      ['today, expired', { status: 'EXPIRED' }],
      ['repeats today', { ...repeating, repeat_days: `${otherDay},${today}` }],
      ['repeats another day', { ...repeating, repeat_days: otherDay }],
      ['repeats today, past its 30 days', { ...repeating, repeat_days: today, date: day(-40) }],
      [
        'repeats today, inside',
        { ...repeating, repeat_days: today, latest_scan_type: 'IN', checkpoint_times: 1 },
      ],
      [
        'repeats today, came and left before',
        { ...repeating, repeat_days: today, latest_scan_type: 'OUT', checkpoint_times: 2 },
      ],
      [
        'repeats today, used up',
        { ...repeating, repeat_days: today, latest_scan_type: 'OUT', checkpoint_times: 3 },
      ],
    ];
    for (const [name, values] of passes) {
      await createVisitor(t.db, siteB, { ...values, name: `Expected: ${name}` });
    }
    const answer = await list(
      'ops@bravo.example.com',
      `?filter=${encodeURIComponent(expectedTodayFilter(now))}&limit=50`,
    );
    const names = answer.resource.map((row) => row.name);
    // The company's other pass of today ('Bravo Guest') is expected too.
    expect(names).toContain('Bravo Guest');
    expect(names.filter((name) => name.startsWith('Expected: ')).sort()).toEqual([
      'Expected: repeats today',
      'Expected: repeats today, came and left before',
      'Expected: today',
    ]);
  });

  it('lists one site’s passes when its visitors feature is on', async () => {
    const filter = (site: string) =>
      `?filter=${encodeURIComponent(`(residence_uuid = '${site}') and (residence_kipleguard_visitors_enabled = 1)`)}`;
    expect(
      (await list('ops@alpha.example.com', filter(siteA1))).resource.map((r) => r.uuid),
    ).toEqual([a1]);
    expect((await list('ops@alpha.example.com', filter(siteA2))).meta.count).toBe(0);
  });

  it('answers each row with its site, unit, creator, scan times and newest application', async () => {
    const unit = randomUUID();
    await t.db
      .insertInto('units')
      .values({ uuid: unit, residence_uuid: siteA1, name: 'B-12-3', owner_name: 'Tan Mei Ling' })
      .execute();
    const uuid = await createVisitor(t.db, siteA1, {
      unit_uuid: unit,
      created_by: companyUser,
      latest_scan_type: 'OUT',
      checkpoint_times: 2,
      created_at: '2026-01-05 10:00:00',
    });
    await t.db
      .insertInto('visitor_pass_scans')
      .values([
        {
          uuid: randomUUID(),
          visitor_uuid: uuid,
          scan_type: 'IN',
          created_at: '2026-01-05 11:00:00',
          scanned_by: null,
        },
        {
          uuid: randomUUID(),
          visitor_uuid: uuid,
          scan_type: 'OUT',
          created_at: '2026-01-05 12:30:00',
          scanned_by: null,
        },
      ])
      .execute();
    await t.db
      .insertInto('health_applications')
      .values([
        {
          uuid: randomUUID(),
          visitor_uuid: uuid,
          status: 'REJECTED',
          created_at: '2026-01-04 09:00:00',
          qrcode_expired_at: null,
          creator_temp: 36.5,
          creator_temp_updated_at: null,
        },
        {
          uuid: randomUUID(),
          visitor_uuid: uuid,
          status: 'APPROVED',
          created_at: '2026-01-05 09:00:00',
          qrcode_expired_at: '2026-01-06 09:00:00',
          creator_temp: 36.9,
          creator_temp_updated_at: '2026-01-05 09:00:00',
        },
      ])
      .execute();
    const row = (
      await list('ops@alpha.example.com', `?filter=${encodeURIComponent(`(uuid = '${uuid}')`)}`)
    ).resource[0];
    expect(row).toMatchObject({
      residence_name: 'Alpha Heights',
      residence: { name: 'Alpha Heights', hdf_enabled: 1, visitor_pass_checkpoint_times: 2 },
      residence_unit: { name: 'B-12-3', owner_name: 'Tan Mei Ling' },
      user_profiles_by_created_by: { name: 'Alpha Ops' },
      check_in_time: '2026-01-05 11:00:00',
      check_out_time: '2026-01-05 12:30:00',
      latest_scan_type: 'OUT',
      applications: [{ status: 'APPROVED', creator_temp: 36.9 }],
    });
    expect(row?.applications).toHaveLength(1);
  });
});

describe('GET /data/visitors/{uuid}', () => {
  it('answers one pass with its code, scans, applications and walk-in photos by unguessable URL', async () => {
    const files = createFilesRepository(t.db, diskStorage(t.dataDir));
    const photo = await files.save({
      bytes: avatarPng(3),
      filename: 'walkin.png',
      type: 'image/png',
    });
    const uuid = await createVisitor(t.db, siteA1, {
      walkin_photo: JSON.stringify([photo.uuid, 'gone']),
    });
    const response = await t.app.inject({
      method: 'GET',
      url: `/kgapi/data/visitors/${uuid}?related=*`,
      headers: authHeaders(token['sup@alpha.example.com'] ?? ''),
    });
    expect(response.statusCode).toBe(200);
    const visitor = response.json<Visitor>();
    expect(visitor.qr_code).toBe(await codeOf(uuid));
    expect(visitor.walkin_photo).toEqual([photo.uuid]);
    expect(visitor.walkin_photo_urls).toEqual([photo.url]);
    expect(visitor.walkin_photo_urls[0]).toMatch(/^\/kgapi\/files\/view\/[0-9a-f]{64}$/);
    expect(visitor.visitor_pass_scans).toEqual([]);
    const image = await t.app.inject({ method: 'GET', url: photo.url });
    expect(image.headers['content-type']).toBe('image/png');
  });

  it('answers 404 "Record does not exist." for an unknown pass and one outside the caller’s scope', async () => {
    const other = await createVisitor(t.db, siteB);
    for (const uuid of [other, randomUUID()]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/kgapi/data/visitors/${uuid}`,
        headers: authHeaders(token['ops@alpha.example.com'] ?? ''),
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toEqual({
        code: 'NOT_FOUND',
        message: 'Record does not exist.',
      });
    }
  });

  it('finds a pass by its code for the desk, within scope only', async () => {
    const uuid = await createVisitor(t.db, siteA1);
    const code = await codeOf(uuid);
    const lookup = (email: string) =>
      t.app.inject({
        method: 'GET',
        url: `/kgapi/visitors/qr/${code}`,
        headers: authHeaders(token[email] ?? ''),
      });
    expect((await lookup('sup@alpha.example.com')).json<Visitor>().uuid).toBe(uuid);
    expect((await lookup('ops@bravo.example.com')).statusCode).toBe(404);
  });
});

describe('POST /visitors/qr/{code}', () => {
  it('checks a one-time pass in, then out, then refuses it as used, recording each scan with the server’s clock and the scanner', async () => {
    const uuid = await createVisitor(t.db, siteA1);
    const code = await codeOf(uuid);
    const before = Date.now();
    const first = await scan('ops@alpha.example.com', code, { residence_uuid: siteA1 });
    expect(first.statusCode).toBe(200);
    const answer = first.json();
    expect(answer.scan).toMatchObject({ scan_type: 'IN', scanned_by_name: 'Alpha Ops' });
    expect(Date.parse(`${answer.scan.created_at.replace(' ', 'T')}Z`)).toBeGreaterThanOrEqual(
      before - 1000,
    );
    expect(answer.resource).toMatchObject({ checkpoint_times: 1, latest_scan_type: 'IN' });

    await ageScans(uuid);
    const second = await scan('ops@alpha.example.com', code);
    expect(second.json().scan.scan_type).toBe('OUT');
    expect(
      second.json().resource.visitor_pass_scans.map((s: { scan_type: string }) => s.scan_type),
    ).toEqual(['IN', 'OUT']);

    await ageScans(uuid);
    const third = await scan('ops@alpha.example.com', code);
    expect(third.statusCode).toBe(409);
    expect(third.json().error).toEqual({ code: 'PASS_USED', message: 'This pass has been used.' });
    const stored = await t.db
      .selectFrom('visitor_pass_scans')
      .select(['scan_type', 'scanned_by'])
      .where('visitor_uuid', '=', uuid)
      .execute();
    expect(stored).toEqual([
      { scan_type: 'IN', scanned_by: companyUser },
      { scan_type: 'OUT', scanned_by: companyUser },
    ]);
  });

  it('refuses, with the reason in words, a pass that is not valid, cancelled, outside its window, or on a wrong weekday', async () => {
    const today = weekdayOf(new Date());
    const otherDays = WEEKDAYS.filter((d) => d !== today).join(',');
    const cases = [
      [{ status: 'EXPIRED' }, 'PASS_NOT_VALID', 'This pass is not valid.'],
      [{ status: 'CANCELLED' }, 'PASS_CANCELLED', 'This pass was cancelled.'],
      [{ date: day(1) }, 'PASS_OUTSIDE_WINDOW', 'This pass is outside its visiting window.'],
      [{ date: day(-3) }, 'PASS_OUTSIDE_WINDOW', 'This pass is outside its visiting window.'],
      [
        { repeat_type: 'REPEAT', repeat_days: otherDays },
        'PASS_WRONG_WEEKDAY',
        `This pass is not valid on ${today.charAt(0)}${today.slice(1).toLowerCase()}.`,
      ],
    ] as const;
    for (const [overrides, code, message] of cases) {
      const uuid = await createVisitor(t.db, siteA1, overrides);
      const response = await scan('ops@alpha.example.com', await codeOf(uuid));
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toEqual({ code, message });
    }
  });

  it('lets a repeating pass in on one of its weekdays, three scans at most', async () => {
    const uuid = await createVisitor(t.db, siteA1, {
      repeat_type: 'REPEAT',
      repeat_days: weekdayOf(new Date()),
    });
    const code = await codeOf(uuid);
    const types = [];
    for (let i = 0; i < 3; i += 1) {
      types.push((await scan('ops@alpha.example.com', code)).json().scan?.scan_type);
      await ageScans(uuid);
    }
    expect(types).toEqual(['IN', 'OUT', 'IN']);
    expect((await scan('ops@alpha.example.com', code)).json().error.code).toBe('PASS_USED');
  });

  it('does not record a pass read twice within a few seconds', async () => {
    const uuid = await createVisitor(t.db, siteA1);
    const code = await codeOf(uuid);
    expect((await scan('ops@alpha.example.com', code)).statusCode).toBe(200);
    const again = await scan('ops@alpha.example.com', code);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      code: 'PASS_JUST_SCANNED',
      message: expect.stringMatching(
        /^This pass was scanned a moment ago\. Scan it again in (10|9) seconds\.$/,
      ) as unknown,
    });
  });

  it('records exactly one check-in when two desks scan one pass at once', async () => {
    const uuid = await createVisitor(t.db, siteA1);
    const code = await codeOf(uuid);
    const answers = await Promise.all([
      scan('ops@alpha.example.com', code),
      scan('sup@alpha.example.com', code),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const scans = await t.db
      .selectFrom('visitor_pass_scans')
      .select('scan_type')
      .where('visitor_uuid', '=', uuid)
      .execute();
    expect(scans).toEqual([{ scan_type: 'IN' }]);
    const pass = await t.db
      .selectFrom('visitors')
      .select(['checkpoint_times', 'latest_scan_type'])
      .where('uuid', '=', uuid)
      .executeTakeFirstOrThrow();
    expect(pass).toEqual({ checkpoint_times: 1, latest_scan_type: 'IN' });
  });

  it('lets only one of two writers judged on the same count through', async () => {
    const uuid = await createVisitor(t.db, siteA1);
    const visitors = createVisitorsRepository(t.db);
    const write = () =>
      visitors.recordScan({
        visitorUuid: uuid,
        expectedCheckpointTimes: 0,
        scanType: 'IN',
        dueOutAt: null,
        scannedBy: { profileUuid: companyUser, guardUuid: null },
        now: new Date(),
        audit: { action: 'check-in', entity: 'visitor', entityUuid: uuid },
      });
    const results = await Promise.all([write(), write()]);
    expect(results.filter((result) => result !== null)).toHaveLength(1);
  });

  it('answers a code of another company’s site as unknown, and names the site of a pass scanned at the wrong one', async () => {
    const bravo = await createVisitor(t.db, siteB);
    const foreign = await scan('ops@alpha.example.com', await codeOf(bravo));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe('Record does not exist.');
    const alpha = await createVisitor(t.db, siteA1);
    const elsewhere = await scan('ops@alpha.example.com', await codeOf(alpha), {
      residence_uuid: siteA2,
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().error).toEqual({
      code: 'PASS_FOR_ANOTHER_SITE',
      message: 'This pass is for Alpha Heights.',
    });
  });

  it('moves the dashboard’s Checked-in and Upcoming figures', async () => {
    const figures = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/kgapi/dashboard/sitedata?filter=${encodeURIComponent(`(residence_uuid = '${siteB}')`)}`,
          headers: authHeaders(token['ops@bravo.example.com'] ?? ''),
        })
      ).json().resource;
    const uuid = await createVisitor(t.db, siteB);
    const before = await figures();
    await scan('ops@bravo.example.com', await codeOf(uuid));
    const after = await figures();
    expect(after.checkedinVisitors).toBe(before.checkedinVisitors + 1);
    expect(after.upcomingVisitors).toBe(before.upcomingVisitors - 1);
  });
});

describe('Overstay', () => {
  const ids = (answer: ListResponse<VisitorRow>) => answer.resource.map((row) => row.uuid);
  const overstayAt = (email: string, at: Date) =>
    list(email, `?filter=${encodeURIComponent(overstayFilter(at))}&limit=100`);

  it('is due at the end of the visit the visitor came in for, and ends when they leave', async () => {
    // An end time no other pass here has, so the figures move for this pass alone.
    const uuid = await createVisitor(t.db, siteA1, {
      start_time: '00:00:00',
      end_time: '23:58:17',
    });
    expect((await scan('ops@alpha.example.com', await codeOf(uuid))).statusCode).toBe(200);
    const { due_out_at } = await t.db
      .selectFrom('visitors')
      .select('due_out_at')
      .where('uuid', '=', uuid)
      .executeTakeFirstOrThrow();
    const now = new Date();
    const dueOut = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 23, 58, 17);
    expect(due_out_at).toBe(toDbTime(dueOut));

    const justAfter = new Date(dueOut.getTime() + 1000);
    expect(ids(await overstayAt('ops@alpha.example.com', dueOut))).not.toContain(uuid);
    expect(ids(await overstayAt('ops@alpha.example.com', justAfter))).toContain(uuid);
    expect(ids(await overstayAt('sup@alpha.example.com', justAfter))).toContain(uuid);
    expect(ids(await overstayAt('ops@bravo.example.com', justAfter))).not.toContain(uuid);

    const dashboard = createDashboardRepository(t.db);
    const onTime = await dashboard.siteFigures(superadminPrincipal, dueOut, () => null);
    const late = await dashboard.siteFigures(superadminPrincipal, justAfter, () => null);
    expect(late.overstayVisitors).toBe(onTime.overstayVisitors + 1);

    await ageScans(uuid);
    expect((await scan('ops@alpha.example.com', await codeOf(uuid))).statusCode).toBe(200);
    expect(ids(await overstayAt('ops@alpha.example.com', justAfter))).not.toContain(uuid);
    const gone = await dashboard.siteFigures(superadminPrincipal, justAfter, () => null);
    expect(gone.overstayVisitors).toBe(onTime.overstayVisitors);
  });
});

describe('IC and passport numbers', () => {
  it('are whole for the company and the superadmin, masked for a supervisor, in the list and the details', async () => {
    const name = `Document holder ${randomUUID().slice(0, 6)}`;
    const uuid = await createVisitor(t.db, siteA1, { name, ic_passport_number: '900101-14-5678' });
    const seen = async (email: string) => {
      const page = await list(email, `?filter=${encodeURIComponent(`(name like '${name}')`)}`);
      const details = await t.app.inject({
        method: 'GET',
        url: `/kgapi/data/visitors/${uuid}`,
        headers: authHeaders(token[email] ?? ''),
      });
      expect(details.statusCode).toBe(200);
      return [page.resource[0]?.ic_passport_number, details.json<Visitor>().ic_passport_number];
    };
    expect(await seen('root@example.com')).toEqual(['900101-14-5678', '900101-14-5678']);
    expect(await seen('ops@alpha.example.com')).toEqual(['900101-14-5678', '900101-14-5678']);
    expect(await seen('sup@alpha.example.com')).toEqual(['**********5678', '**********5678']);
  });
});
