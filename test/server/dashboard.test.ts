import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from '../../server/src/db/seed/demo';
import { expectedFigures, scopeOf, type Scope } from '../support/expected-figures';
import { sqlCount, sqlRows } from '../support/sql';
import { authHeaders, makeTestApp, signIn, type TestApp } from './test-app';

let t: TestApp;
const tokens: Record<string, string> = {};

const rows = (text: string, params: unknown[] = []) => sqlRows(t.db, text, params);
const count = (text: string, params: unknown[] = []) => sqlCount(t.db, text, params);

async function rowCounts() {
  const tables = ['guards', 'residences', 'sessions', 'incidents', 'visitors', 'identities'];
  return Object.fromEntries(
    await Promise.all(
      tables.map(async (table) => [table, await count(`select count(*) as n from ${table}`, [])]),
    ),
  );
}

beforeAll(async () => {
  t = await makeTestApp();
  await seedDemoData(t.db, { dataDir: t.dataDir });
  for (const account of DEMO_ACCOUNTS) {
    tokens[account.email] = await signIn(t.app, account.email, DEMO_PASSWORD);
  }
});
afterAll(async () => {
  await t.close();
});

describe('GET /dashboard/data', () => {
  it.each(DEMO_ACCOUNTS.map((a) => [a.role, a.email]))(
    'answers the figures of the %s scope as the database holds them',
    async (_role, email) => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/kgapi/dashboard/data',
        headers: authHeaders(tokens[email] ?? ''),
      });
      expect(response.statusCode).toBe(200);
      const expected = await expectedFigures(count, await scopeOf(rows, email));
      expect(response.json().resource).toEqual(expected);
    },
  );

  it('narrows the figures by role: company and supervisor see less than the super administrator', async () => {
    const figures = async (email: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/kgapi/dashboard/data',
          headers: authHeaders(tokens[email] ?? ''),
        })
      ).json().resource;
    const admin = await figures('superadmin@example.com');
    const company = await figures('company@example.com');
    const supervisor = await figures('supervisor@example.com');
    expect(company.totalGuard).toBeGreaterThan(0);
    expect(company.totalGuard).toBeLessThan(admin.totalGuard);
    expect(supervisor.totalGuard).toBeGreaterThan(0);
    expect(supervisor.totalGuard).toBeLessThanOrEqual(company.totalGuard);
    expect(company.activeSecurityCompany + company.inActiveSecurityCompany).toBe(1);
    expect(admin.activeSecurityCompany + admin.inActiveSecurityCompany).toBe(3);
    expect(admin.inActiveSecurityCompany).toBe(1);
  });
});

describe('GET /dashboard/sitedata', () => {
  async function siteData(email: string, filter: string) {
    return t.app.inject({
      method: 'GET',
      url: '/kgapi/dashboard/sitedata',
      query: { filter },
      headers: authHeaders(tokens[email] ?? ''),
    });
  }

  it('answers one site’s figures as the database holds them', async () => {
    const supervisorScope = await scopeOf(rows, 'supervisor@example.com');
    const site = supervisorScope.siteUuids[0] ?? '';
    const response = await siteData('supervisor@example.com', `(residence_uuid=${site})`);
    expect(response.statusCode).toBe(200);
    const siteScope: Scope = { ...supervisorScope, siteUuids: [site] };
    const expected = await expectedFigures(count, siteScope);
    expect(response.json().resource).toEqual({
      upcomingVisitors: expected.upcomingVisitors,
      checkedinVisitors: expected.checkedinVisitors,
      overstayVisitors: expected.overstayVisitors,
      incidentToday: expected.incidentToday,
      allIncidents: expected.allIncidents,
      onDutyGuard: expected.onDutyGuard,
      totalGuard: expected.totalGuard,
      missedToday: expected.missedToday,
      lateToday: expected.lateToday,
      uncoveredNow: expected.uncoveredNow,
    });
    expect(response.json().resource.totalGuard).toBeGreaterThan(0);
  });

  it('gives nothing of a site outside the caller’s scope, whatever the filter says', async () => {
    const [other] = await rows(
      `select r.uuid from residences r where r.security_company_uuid <> (select security_company_uuid from user_roles r2 join user_profiles p on p.uuid = r2.user_profile_uuid where p.email = ?) limit 1`,
      ['company@example.com'],
    );
    const response = await siteData(
      'company@example.com',
      `(residence_uuid='${String(other?.uuid)}') OR (1=1)`,
    );
    // 1=1 is not a field: the whole filter is refused rather than run.
    expect(response.statusCode).toBe(400);
    const scoped = await siteData(
      'company@example.com',
      `(residence_uuid='${String(other?.uuid)}')`,
    );
    expect(scoped.statusCode).toBe(200);
    expect(Object.values(scoped.json().resource).every((value) => value === 0)).toBe(true);
  });

  it.each([
    ["' OR 1=1 --"],
    ['(residence_uuid=1); DROP TABLE guards'],
    ["residence_uuid='a' UNION SELECT uuid FROM identities"],
    ['(password=1)'],
    ['((residence_uuid=1)'],
    ['(residence_uuid IN (SELECT uuid FROM residences))'],
    ['(residence_uuid=(select 1))'],
    [`(residence_uuid='${'x'.repeat(10_000)}')`],
  ])('answers hostile filter %#  with 400 and changes nothing', async (filter) => {
    const before = await rowCounts();
    const response = await siteData('superadmin@example.com', filter);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toMatch(/^INVALID_/);
    expect(typeof response.json().error.message).toBe('string');
    expect(await rowCounts()).toEqual(before);
  });
});
