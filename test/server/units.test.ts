import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNIT_MESSAGES } from '@rules/units';
import { sqlRows } from '../support/sql';
import {
  createCompany,
  createGuard,
  createSite,
  createUnit,
  createUser,
  PASSWORD,
} from './factories';
import { APP_KEY, authHeaders, makeTestApp, signIn, type TestApp } from './test-app';

// A site's units (issue 34): the owner and the number the gate calls, kept in the console by the
// site's company, its supervisors and the superadmin, and read by the guards at that site alone.

let t: TestApp;
let siteA1: string;
let siteA2: string;
let siteB1: string;
let unitA1: string;
let unitA2: string;
let unitB1: string;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await makeTestApp();
  const companyA = await createCompany(t.db, 'Aegis Guarding');
  const companyB = await createCompany(t.db, 'Benteng Protection');
  const visitorsOn = { kipleguard_visitors: 1 };
  siteA1 = await createSite(t.db, companyA, { name: 'Alpha Towers', ...visitorsOn });
  siteA2 = await createSite(t.db, companyA, { name: 'Bravo Court', ...visitorsOn });
  siteB1 = await createSite(t.db, companyB, { name: 'Delta Heights', ...visitorsOn });
  unitA1 = await createUnit(t.db, siteA1, 'A-12-03');
  unitA2 = await createUnit(t.db, siteA2, 'B-01-01');
  unitB1 = await createUnit(t.db, siteB1, 'C-02-02');
  await createUser(t.db, {
    email: 'company@example.com',
    role: 'securitycompany',
    companyUuid: companyA,
  });
  await createUser(t.db, {
    email: 'supervisor@example.com',
    role: 'sitesupervisor',
    companyUuid: companyA,
    siteUuids: [siteA1],
  });
  await createUser(t.db, {
    email: 'other@example.com',
    role: 'securitycompany',
    companyUuid: companyB,
  });
  await createUser(t.db, { email: 'admin@example.com', role: 'superadmin' });
  for (const email of [
    'company@example.com',
    'supervisor@example.com',
    'other@example.com',
    'admin@example.com',
  ]) {
    tokens[email] = await signIn(t.app, email, PASSWORD);
  }
  // Guards at A1 and at A2, with app access, for the unit directory.
  for (const [name, site, phone] of [
    ['Alice Tan', siteA1, '60123450001'],
    ['Bob Lim', siteA2, '60123450002'],
  ] as const) {
    const guard = await createGuard(
      t.db,
      companyA,
      { name, contact_number: phone, pin: '111111' },
      [site],
    );
    const access = await t.app.inject({
      method: 'PUT',
      url: `/kgapi/guards/${guard}/app-access`,
      headers: authHeaders(tokens['company@example.com'] ?? ''),
      payload: { password: 'Guard@1234' },
    });
    expect(access.statusCode, access.body).toBe(200);
  }
});
afterAll(async () => {
  await t.close();
});

function listAs(email: string, filter = '') {
  return t.app.inject({
    method: 'GET',
    url: `/kgapi/units/list?order=name%20asc${filter ? `&filter=${encodeURIComponent(filter)}` : ''}`,
    headers: authHeaders(tokens[email] ?? ''),
  });
}

function patchAs(email: string, uuid: string, payload: unknown) {
  return t.app.inject({
    method: 'PATCH',
    url: `/kgapi/units/${uuid}`,
    headers: authHeaders(tokens[email] ?? ''),
    payload: payload as never,
  });
}

async function guardToken(phone: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/guard/auth/login',
    headers: { 'x-application-key': APP_KEY },
    payload: {
      email_or_phone: phone,
      password: 'Guard@1234',
      device_unique_id: `d-${phone}`,
      is_proceed: 1,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.token as string;
}

function hostsAs(token: string, site: string, unit: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/v1/guard/residences/${site}/units/${unit}/hosts`,
    headers: { 'x-application-key': APP_KEY, authorization: `Bearer ${token}` },
  });
}

describe('GET /units/list and PATCH /units/{uuid}', () => {
  it('lists each caller’s units: a company its sites’, a supervisor its own sites’, the superadmin all', async () => {
    const names = async (email: string) =>
      ((await listAs(email)).json().resource as Array<{ name: string }>).map((unit) => unit.name);
    expect(await names('company@example.com')).toEqual(['A-12-03', 'B-01-01']);
    expect(await names('supervisor@example.com')).toEqual(['A-12-03']);
    expect(await names('other@example.com')).toEqual(['C-02-02']);
    expect(await names('admin@example.com')).toEqual(['A-12-03', 'B-01-01', 'C-02-02']);
    const one = await listAs('company@example.com', `(residence_uuid='${siteA2}')`);
    expect(one.json()).toMatchObject({
      resource: [{ uuid: unitA2, residence_name: 'Bravo Court' }],
      meta: { count: 1 },
    });
  });

  it('saves an owner and a contact number, written without spaces and dashes, with an audit entry', async () => {
    const saved = await patchAs('supervisor@example.com', unitA1, {
      owner_name: ' Tan Mei Ling ',
      contact_number: '+60 12-345 6789',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().resource[0]).toMatchObject({
      owner_name: 'Tan Mei Ling',
      contact_number: '+60123456789',
    });
    const [entry] = await sqlRows(
      t.db,
      "select action, entity_label from audit_entries where entity = 'unit' and entity_uuid = ?",
      [unitA1],
    );
    expect(entry).toEqual({ action: 'update', entity_label: 'A-12-03, Alpha Towers' });
  });

  it('refuses a contact number that is not one, at its field, and keeps what was saved', async () => {
    const refused = await patchAs('company@example.com', unitA1, {
      owner_name: 'X',
      contact_number: '12ab',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toEqual({
      code: 'INVALID_REQUEST',
      message: UNIT_MESSAGES.contactInvalid,
      field: 'contact_number',
    });
    const [row] = await sqlRows(
      t.db,
      'select owner_name, contact_number from units where uuid = ?',
      [unitA1],
    );
    expect(row).toEqual({ owner_name: 'Tan Mei Ling', contact_number: '+60123456789' });
  });

  it('answers another company’s unit, or a supervisor’s other site’s, as unknown', async () => {
    for (const [email, unit] of [
      ['company@example.com', unitB1],
      ['other@example.com', unitA1],
      ['supervisor@example.com', unitA2],
    ] as const) {
      const refused = await patchAs(email, unit, { owner_name: 'Intruder', contact_number: '' });
      expect(refused.statusCode, `${email} ${unit}`).toBe(404);
      expect(refused.json().error.message).toBe(UNIT_MESSAGES.notFound);
    }
  });

  it('gives the unit’s number to the guards at its site, and to no guard elsewhere', async () => {
    const atSite = await hostsAs(await guardToken('60123450001'), siteA1, unitA1);
    expect(atSite.json().data.hosts).toEqual([
      {
        id: 1,
        user_id: null,
        name: 'Tan Mei Ling',
        phone: '+60123456789',
        membership_role: 'Owner',
      },
    ]);
    const elsewhere = await hostsAs(await guardToken('60123450002'), siteA1, unitA1);
    expect(elsewhere.statusCode).toBe(404);
    const otherUnit = await hostsAs(await guardToken('60123450002'), siteA2, unitA1);
    expect(otherUnit.statusCode).toBe(404);
  });
});
