import { diskStorage } from '../../server/src/storage/file-storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selfiePng } from '../../server/src/db/seed/images';
import { createFilesRepository } from '../../server/src/modules/files/files.repository';
import { createAttendance, createCompany, createGuard, createSite } from './factories';
import { authHeaders, makeTestApp, signInEveryRole, type Caller, type TestApp } from './test-app';
import type { Attendance } from '@contract/attendances';

const ATTENDANCE_FIELDS = [
  'uuid',
  'guard_id',
  'guard_name',
  'kg_guard_uuid',
  'residence_uuid',
  'residence_name',
  'residence',
  'security_company_name',
  'checkin_at',
  'checkout_at',
  'checkin_lat',
  'checkin_lng',
  'checkout_lat',
  'checkout_lng',
  'checkin_photo_url',
  'checkout_photo_url',
  'selfies_removed_at',
  'checkin_distance_m',
  'checkout_distance_m',
  'checkin_away_from_site',
  'checkout_away_from_site',
  'away_from_site',
  'created_at',
].sort();

let t: TestApp;
const tokens = {} as Record<Caller, string>;
let companyA: string;
let siteA1: string;
let siteA2: string;
let siteB1: string;
let alice: string;
let bob: string;
let dana: string;
let gone: string;
/** Attendance rows by name, r1 oldest to r6 newest. */
const r: Record<string, string> = {};

beforeAll(async () => {
  t = await makeTestApp();
  companyA = await createCompany(t.db, 'Aegis Guarding');
  const companyB = await createCompany(t.db, 'Benteng Protection');
  siteA1 = await createSite(t.db, companyA, { name: 'Alpha Towers', kipleguard_attendance: 1 });
  siteA2 = await createSite(t.db, companyA, { name: 'Bravo Court', kipleguard_attendance: 0 });
  siteB1 = await createSite(t.db, companyB, { name: 'Delta Heights', kipleguard_attendance: 1 });
  alice = await createGuard(t.db, companyA, { guard_id: 'A-001', name: 'Alice Tan' }, [siteA1]);
  bob = await createGuard(t.db, companyA, { guard_id: 'A-002', name: 'Bob Lim' }, [siteA1, siteA2]);
  dana = await createGuard(t.db, companyB, { guard_id: 'B-001', name: 'Dana Alias' }, [siteB1]);
  gone = await createGuard(
    t.db,
    companyA,
    { guard_id: 'A-009', name: 'Gone Guard', deleted_at: '2024-06-01 00:00:00' },
    [siteA1],
  );
  const selfie = await createFilesRepository(t.db, diskStorage(t.dataDir)).save({
    bytes: selfiePng(1),
    filename: 'selfie.png',
    type: 'image/png',
  });
  const day = (n: number) => `2024-05-0${n} 08:00:00`;
  r.r1 = await createAttendance(t.db, alice, siteA1, {
    created_at: day(1),
    checkin_at: day(1),
    checkout_at: '2024-05-01 17:30:00',
    checkin_photo_file_uuid: selfie.uuid,
  });
  r.r2 = await createAttendance(t.db, bob, siteA2, {
    created_at: day(2),
    checkin_at: day(2),
    checkout_at: null,
  });
  r.r3 = await createAttendance(t.db, dana, siteB1, { created_at: day(3) });
  r.r4 = await createAttendance(t.db, gone, siteA1, { created_at: day(4) });
  r.r5 = await createAttendance(t.db, alice, siteA1, { created_at: day(5), checkin_at: null });
  r.r6 = await createAttendance(t.db, bob, siteA1, { created_at: day(6) });

  Object.assign(tokens, await signInEveryRole(t, companyA, [siteA1]));
});
afterAll(async () => {
  await t.close();
});

function call(caller: Caller, query: Record<string, string>) {
  return t.app.inject({
    method: 'GET',
    url: '/kgapi/attendances/list',
    query,
    headers: authHeaders(tokens[caller]),
  });
}

async function list(caller: Caller, query: Record<string, string> = {}) {
  const response = await call(caller, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ resource: Attendance[]; meta: { count: number } }>();
}

async function uuids(caller: Caller, query: Record<string, string> = {}) {
  return (await list(caller, query)).resource.map((row) => row.uuid);
}

const rows = (...names: string[]) => names.map((name) => r[name]);

describe('GET /attendances/list', () => {
  it('answers every row, newest first, with exactly the spec’s fields', async () => {
    const { resource, meta } = await list('admin');
    expect(resource.map((row) => row.uuid)).toEqual(rows('r6', 'r5', 'r4', 'r3', 'r2', 'r1'));
    expect(meta.count).toBe(6);
    for (const row of resource) expect(Object.keys(row).sort()).toEqual(ATTENDANCE_FIELDS);
    const first = resource.find((row) => row.uuid === r.r1);
    expect(first).toEqual({
      uuid: r.r1,
      guard_id: 'A-001',
      guard_name: 'Alice Tan',
      kg_guard_uuid: alice,
      residence_uuid: siteA1,
      residence_name: 'Alpha Towers',
      residence: { name: 'Alpha Towers', security_company_name: 'Aegis Guarding' },
      security_company_name: 'Aegis Guarding',
      checkin_at: '2024-05-01 08:00:00',
      checkout_at: '2024-05-01 17:30:00',
      checkin_lat: 3.1579123,
      checkin_lng: 101.7123456,
      checkout_lat: 3.1579,
      checkout_lng: 101.7123,
      checkin_photo_url: expect.stringMatching(/^\/kgapi\/files\/view\/[0-9a-f]{64}$/),
      checkout_photo_url: null,
      selfies_removed_at: null,
      checkin_distance_m: null,
      checkout_distance_m: null,
      checkin_away_from_site: false,
      checkout_away_from_site: false,
      away_from_site: false,
      created_at: '2024-05-01 08:00:00',
    });
    expect(resource.find((row) => row.uuid === r.r5)?.checkin_at).toBeNull();
  });

  it('keeps the attendance of a deleted guard: it is history', async () => {
    const { resource } = await list('admin', { filter: `(kg_guard_uuid='${gone}')` });
    expect(resource).toMatchObject([{ uuid: r.r4, guard_name: 'Gone Guard', guard_id: 'A-009' }]);
  });

  it('searches guard_id, guard_name and residence_name as the console does', async () => {
    const search = (text: string) =>
      uuids('admin', {
        filter: ['guard_id', 'guard_name', 'residence_name']
          .map((field) => `(${field} like '%${text}%')`)
          .join(' OR '),
      });
    expect(await search('alias')).toEqual(rows('r3'));
    expect(await search('a-00')).toEqual(rows('r6', 'r5', 'r4', 'r2', 'r1'));
    expect(await search('bravo')).toEqual(rows('r2'));
    expect(await search('nobody')).toEqual([]);
  });

  it('filters by guard', async () => {
    expect(await uuids('admin', { filter: `(kg_guard_uuid='${alice}')` })).toEqual(
      rows('r5', 'r1'),
    );
  });

  it('filters by site only while the site takes attendance', async () => {
    const bySite = (site: string) =>
      list('admin', {
        filter: `(residence_uuid='${site}') AND (residence_kipleguard_attendance_enabled=1)`,
      });
    const atA1 = await bySite(siteA1);
    expect(atA1.resource.map((row) => row.uuid)).toEqual(rows('r6', 'r5', 'r4', 'r1'));
    expect(atA1.meta.count).toBe(4);
    expect(await bySite(siteA2)).toEqual({ resource: [], meta: { count: 0 } });
    expect(await uuids('admin', { filter: `(residence_uuid='${siteA2}')` })).toEqual(rows('r2'));
  });

  it('filters by company, by times and by missing check-out', async () => {
    expect(await uuids('admin', { filter: `security_company_uuid='${companyA}'` })).toHaveLength(5);
    expect(await uuids('admin', { filter: "security_company_name like '%benteng%'" })).toEqual(
      rows('r3'),
    );
    expect(
      await uuids('admin', {
        filter: "(created_at >= '2024-05-02 00:00:00') AND (created_at < '2024-05-04 00:00:00')",
      }),
    ).toEqual(rows('r3', 'r2'));
    expect(await uuids('admin', { filter: 'checkout_at IS NULL' })).toEqual(rows('r2'));
  });

  it('pages with limit and offset, counting every match', async () => {
    const page = await list('admin', { limit: '2', offset: '2' });
    expect(page.resource.map((row) => row.uuid)).toEqual(rows('r4', 'r3'));
    expect(page.meta.count).toBe(6);
  });

  it('sorts by guard name and Guard ID, newest first within a guard, on every page', async () => {
    // Alice (r5, r1), Bob (r6, r2), Dana (r3), Gone (r4): each guard's rows newest first.
    const ascending = rows('r5', 'r1', 'r6', 'r2', 'r3', 'r4');
    expect(await uuids('admin', { order: 'guard_name asc' })).toEqual(ascending);
    expect(await uuids('admin', { order: 'guard_name desc' })).toEqual(
      rows('r4', 'r3', 'r6', 'r2', 'r5', 'r1'),
    );
    // A-001 Alice, A-002 Bob, A-009 Gone, B-001 Dana.
    expect(await uuids('admin', { order: 'guard_id asc' })).toEqual(
      rows('r5', 'r1', 'r6', 'r2', 'r4', 'r3'),
    );
    const pages = [];
    for (const offset of [0, 2, 4]) {
      pages.push(
        ...(await uuids('admin', { order: 'guard_name asc', limit: '2', offset: String(offset) })),
      );
    }
    expect(pages).toEqual(ascending);
    const filtered = await uuids('admin', {
      order: 'guard_name desc',
      filter: `(residence_uuid='${siteA1}')`,
    });
    expect(filtered).toEqual(rows('r4', 'r6', 'r5', 'r1'));
  });

  it('sorts by site and company name', async () => {
    expect(await uuids('admin', { order: 'residence_name desc', limit: '2' })).toEqual(
      rows('r3', 'r2'),
    );
    expect(await uuids('admin', { order: 'security_company_name desc', limit: '1' })).toEqual(
      rows('r3'),
    );
  });

  it('limits a company to its sites and a supervisor to its own, whatever the filter', async () => {
    expect(await uuids('company')).toEqual(rows('r6', 'r5', 'r4', 'r2', 'r1'));
    expect(await uuids('supervisor')).toEqual(rows('r6', 'r5', 'r4', 'r1'));
    expect(await uuids('supervisor', { order: 'guard_name asc' })).toEqual(
      rows('r5', 'r1', 'r6', 'r4'),
    );
    const widened = await list('company', {
      filter: `(kg_guard_uuid='${dana}') OR (residence_uuid='${siteB1}')`,
    });
    expect(widened).toEqual({ resource: [], meta: { count: 0 } });
    expect((await list('supervisor', { filter: `(residence_uuid='${siteA2}')` })).meta.count).toBe(
      0,
    );
  });

  it('refuses unknown fields, unsortable fields and hostile filters with 400', async () => {
    for (const query of [
      { filter: "(guard_pin='1')" },
      { filter: "guard_name='a'); DROP TABLE attendances" },
      { order: 'residence_kipleguard_attendance_enabled' },
      { order: 'checkin_photo_url' },
      { limit: '0' },
    ] as Array<Record<string, string>>) {
      const response = await call('admin', query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
    }
  });
});
