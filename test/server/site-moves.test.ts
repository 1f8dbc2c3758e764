import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteMove } from '@contract/sites';
import {
  createCompany,
  createGuard,
  createSite,
  createUser,
  createVisitor,
  PASSWORD,
} from './factories';
import { guardDoor } from './guard-door';
import { authHeaders, makeTestApp, signIn, type TestApp } from './test-app';
import { useClockAt } from './clock';

// Issue 35, finding 1: a site moved from company A to company B is closed to A at once: A's
// kiosk, guards and supervisors lose it in the move's transaction; the site's records go with it.

useClockAt(12);

const GUARD_PASSWORD = 'Guard@1234';

let t: TestApp;
let door: ReturnType<typeof guardDoor>;
let companyA: string;
let companyB: string;
let site: string;
let otherSiteOfA: string;
let guardA: string;
let guardB: string;
let tokens: Record<'admin' | 'a' | 'supervisorA' | 'b', string>;

beforeAll(async () => {
  t = await makeTestApp();
  door = guardDoor(t);
  companyA = await createCompany(t.db, 'Aegis Guarding');
  companyB = await createCompany(t.db, 'Benteng Protection');
  const service = { kipleguard_attendance: 1, kipleguard_visitors: 1, kipleguard_reporting: 1 };
  site = await createSite(t.db, companyA, { name: 'Tower T', ...service });
  otherSiteOfA = await createSite(t.db, companyA, { name: 'Alpha Court', ...service });
  guardA = await createGuard(
    t.db,
    companyA,
    {
      name: 'Alice Tan',
      email: 'alice@a.example.com',
      contact_number: '60120000001',
      pin: '111111',
    },
    [site, otherSiteOfA],
  );
  await createUser(t.db, { email: 'admin@example.com', role: 'superadmin' });
  await createUser(t.db, {
    email: 'a@example.com',
    role: 'securitycompany',
    companyUuid: companyA,
  });
  await createUser(t.db, {
    email: 'supervisor-a@example.com',
    role: 'sitesupervisor',
    companyUuid: companyA,
    siteUuids: [site, otherSiteOfA],
  });
  await createUser(t.db, {
    email: 'b@example.com',
    role: 'securitycompany',
    companyUuid: companyB,
  });
  tokens = {
    admin: await signIn(t.app, 'admin@example.com', PASSWORD),
    a: await signIn(t.app, 'a@example.com', PASSWORD),
    supervisorA: await signIn(t.app, 'supervisor-a@example.com', PASSWORD),
    b: await signIn(t.app, 'b@example.com', PASSWORD),
  };
  const access = await t.app.inject({
    method: 'PUT',
    url: `/kgapi/guards/${guardA}/app-access`,
    headers: authHeaders(tokens.a),
    payload: { password: GUARD_PASSWORD },
  });
  expect(access.statusCode, access.body).toBe(200);
});
afterAll(async () => {
  await t.close();
});

function moveOf(to: string) {
  return t.app.inject({
    method: 'GET',
    url: `/kgapi/data/residences/${site}/move?security_company_uuid=${to}`,
    headers: authHeaders(tokens.admin),
  });
}

describe('moving a site to another company', () => {
  it('shows the superadmin what the move ends, ends it all in one write, and leaves the old company nothing at the site', async () => {
    // T's kiosk has no camera: shifts start with the PIN alone.
    await t.db
      .updateTable('residences')
      .set({ pin_only_shifts: 1 })
      .where('uuid', '=', site)
      .execute();
    // Before: A's kiosk at T, A's guard signed in with an open shift at T, A's supervisor at T.
    const kiosk = await door.enrolKiosk(tokens.a, site);
    const guardToken = await door.appSignIn('alice@a.example.com', GUARD_PASSWORD, 'phone-1');
    const atKiosk = await door.pinAtKiosk(kiosk, guardA, '111111', site);
    const started = await door.door('POST', `residences/${site}/attendance/start`, {
      token: atKiosk,
      form: [{ field: 'current_time', value: '2026-11-28 8:05 AM' }],
    });
    expect(started.statusCode, started.body).toBe(200);
    const pass = await createVisitor(t.db, site, { name: 'Visiting Victor' });
    // As the console's form has written it: a PATCH is checked as a whole edit.
    await t.db
      .updateTable('residences')
      .set({ address: '1 Jalan Tower', type: 'Condominium' })
      .where('uuid', '=', site)
      .execute();

    expect((await door.door('GET', 'me', { token: atKiosk })).statusCode).toBe(200);
    const preview = await moveOf(companyB);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<SiteMove>()).toEqual({
      from_company_name: 'Aegis Guarding',
      to_company_name: 'Benteng Protection',
      moves: true,
      ends: { guard_links: 1, supervisor_links: 1, kiosks: 1, open_shifts: 1 },
      records: expect.objectContaining({ visitors: 1 }),
    });
    // Only the superadmin asks.
    const asCompany = await t.app.inject({
      method: 'GET',
      url: `/kgapi/data/residences/${site}/move?security_company_uuid=${companyB}`,
      headers: authHeaders(tokens.a),
    });
    expect(asCompany.statusCode).toBe(403);

    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/kgapi/data/residences/${site}`,
      headers: authHeaders(tokens.admin),
      payload: { security_company_uuid: companyB },
    });
    expect(moved.statusCode, moved.body).toBe(200);

    // B's guard at T: A's kiosk, had it survived, would list it.
    guardB = await createGuard(t.db, companyB, { name: 'Bilal Omar', pin: '222222' }, [site]);

    // A's kiosk is revoked, and the guard session opened at it ended.
    const kioskGuards = await door.door('GET', 'kiosk/guards', { token: kiosk });
    expect(kioskGuards.statusCode).toBe(401);
    expect(kioskGuards.json().code).toBe('KIOSK_REVOKED');
    expect((await door.door('GET', 'me', { token: atKiosk })).statusCode).toBe(401);
    // A's guard keeps its session and its other site, but T answers as unknown.
    const sites = await door.door('GET', 'residences', { token: guardToken });
    expect(sites.json().data.residences.map((s: { uuid: string }) => s.uuid)).toEqual([
      otherSiteOfA,
    ]);
    expect(
      (await door.door('GET', `residences/${site}/visitors`, { token: guardToken })).statusCode,
    ).toBe(404);
    // A's supervisor and company no longer read T's passes; B does.
    for (const token of [tokens.supervisorA, tokens.a]) {
      const read = await t.app.inject({
        method: 'GET',
        url: `/kgapi/data/visitors/${pass}`,
        headers: authHeaders(token),
      });
      expect(read.statusCode).toBe(404);
    }
    const asB = await t.app.inject({
      method: 'GET',
      url: `/kgapi/data/visitors/${pass}`,
      headers: authHeaders(tokens.b),
    });
    expect(asB.statusCode).toBe(200);
    // No shift stays open at T.
    const open = await t.db
      .selectFrom('open_shifts')
      .innerJoin('attendances', 'attendances.uuid', 'open_shifts.attendance_uuid')
      .select('open_shifts.guard_uuid')
      .where('attendances.residence_uuid', '=', site)
      .execute();
    expect(open).toEqual([]);
    // The audit entry says what the move ended.
    const entry = await t.db
      .selectFrom('audit_entries')
      .select('changes')
      .where('entity_uuid', '=', site)
      .where('action', '=', 'update')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(String(entry.changes)).toContain(
      '1 guard link, 1 supervisor link, 1 kiosk, 1 open shift',
    );
    expect(guardB).toBeTruthy();
  });

  it('ends nothing when the company stays', async () => {
    const same = await moveOf(companyB);
    expect(same.json<SiteMove>()).toMatchObject({
      moves: false,
      ends: { guard_links: 0, supervisor_links: 0, kiosks: 0, open_shifts: 0 },
    });
  });

  it('ends the old company’s ties when its form gives a site up, too', async () => {
    const kiosk = await door.enrolKiosk(tokens.a, otherSiteOfA);
    await t.db
      .updateTable('security_companies')
      .set({ brn: '201901000001', license_number: 'KDN-001', address: '1 Jalan Ampang' })
      .where('uuid', '=', companyA)
      .execute();
    const givenUp = await t.app.inject({
      method: 'PATCH',
      url: `/kgapi/securitycompanies/${companyA}`,
      headers: authHeaders(tokens.admin),
      payload: { residence_uuid: [] },
    });
    expect(givenUp.statusCode, givenUp.body).toBe(200);
    expect((await door.door('GET', 'kiosk', { token: kiosk })).statusCode).toBe(401);
    const links = await t.db
      .selectFrom('guard_residences')
      .select('guard_uuid')
      .where('residence_uuid', '=', otherSiteOfA)
      .execute();
    expect(links).toEqual([]);
  });
});
