import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from '../../server/src/db/seed/demo';
import { toDbTime } from '../../server/src/db/time';
import { expectedFigures, scopeOf, type Scope } from '../support/expected-figures';
import { sqlCount, sqlRows } from '../support/sql';
import { createAttendance, createGuard } from './factories';
import { authHeaders, makeTestApp, signIn, type TestApp } from './test-app';

// The figures read per-site counts kept by triggers (all incidents), the links of a site
// (a supervisor's guards, a site's total) and open shifts tested for a live guard: after every
// kind of change those sources follow (soft delete, move, hard delete, a site deleted and
// restored, a guard deleted), each role's figures must still equal the plain-SQL oracle.

let t: TestApp;
const tokens: Record<string, string> = {};

const rows = (text: string, params: unknown[] = []) => sqlRows(t.db, text, params);
const count = (text: string, params: unknown[] = []) => sqlCount(t.db, text, params);

async function get(email: string, url: string, query: Record<string, string> = {}) {
  const response = await t.app.inject({
    method: 'GET',
    url,
    query,
    headers: authHeaders(tokens[email] ?? ''),
  });
  expect(response.statusCode).toBe(200);
  return response.json().resource;
}

function siteOnly(figures: Awaited<ReturnType<typeof expectedFigures>>) {
  return {
    upcomingVisitors: figures.upcomingVisitors,
    checkedinVisitors: figures.checkedinVisitors,
    overstayVisitors: figures.overstayVisitors,
    incidentToday: figures.incidentToday,
    allIncidents: figures.allIncidents,
    onDutyGuard: figures.onDutyGuard,
    totalGuard: figures.totalGuard,
    missedToday: figures.missedToday,
    lateToday: figures.lateToday,
    uncoveredNow: figures.uncoveredNow,
  };
}

/** Every role's figures, and its figures of each site of its company (all sites for the superadmin), against the oracle. */
async function expectFiguresAsTheDatabaseHoldsThem() {
  for (const account of DEMO_ACCOUNTS) {
    const scope = await scopeOf(rows, account.email);
    const figures = await get(account.email, '/kgapi/dashboard/data');
    expect(figures, account.email).toEqual(await expectedFigures(count, scope));
    const sites = await rows(
      `select uuid from residences where ${scope.role === 'superadmin' ? '1=1' : 'security_company_uuid = ?'}`,
      scope.role === 'superadmin' ? [] : [scope.companyUuid],
    );
    for (const { uuid } of sites) {
      const site = String(uuid);
      const inScope =
        scope.role !== 'sitesupervisor' || scope.siteUuids.includes(site)
          ? [site]
          : // Outside a supervisor's sites: the oracle's scope of no site, all zeros.
            [];
      const siteScope: Scope = { ...scope, role: 'sitesupervisor', siteUuids: inScope };
      const expected = siteOnly(await expectedFigures(count, siteScope));
      if (scope.role !== 'sitesupervisor') {
        // A superadmin or company sees every guard of its scope linked to the site.
        const [guards, params] =
          scope.role === 'superadmin'
            ? ['1=1', []]
            : ['g.security_company_uuid = ?', [scope.companyUuid]];
        expected.totalGuard = await count(
          `select count(*) as n from guards g where g.deleted_at is null and ${guards}
           and exists (select 1 from guard_residences gr join residences r on r.uuid = gr.residence_uuid
             where gr.guard_uuid = g.uuid and gr.residence_uuid = ? and r.deleted_at is null)`,
          [...params, site],
        );
        expected.onDutyGuard = await count(
          `select count(distinct a.guard_uuid) as n from attendances a join guards g on g.uuid = a.guard_uuid
           join residences r on r.uuid = a.residence_uuid
           where g.deleted_at is null and a.checkin_at is not null and a.checkout_at is null
           and a.checkin_at >= ? and a.residence_uuid = ? and r.deleted_at is null and ${guards}`,
          // On duty: open and not yet abandoned (16 hours), as expected-figures.ts counts.
          [toDbTime(new Date(Date.now() - 16 * 3_600_000)), site, ...params],
        );
      }
      const answer = await get(account.email, '/kgapi/dashboard/sitedata', {
        filter: `(residence_uuid='${site}')`,
      });
      expect(answer, `${account.email} at ${site}`).toEqual(expected);
    }
  }
}

async function figuresOf(email: string) {
  return get(email, '/kgapi/dashboard/data');
}

let supervisorSite = '';
let companyUuid = '';

beforeAll(async () => {
  t = await makeTestApp();
  await seedDemoData(t.db, { dataDir: t.dataDir });
  for (const account of DEMO_ACCOUNTS) {
    tokens[account.email] = await signIn(t.app, account.email, DEMO_PASSWORD);
  }
  const supervisor = await scopeOf(rows, 'supervisor@example.com');
  supervisorSite = supervisor.siteUuids[0] ?? '';
  companyUuid = supervisor.companyUuid ?? '';
});
afterAll(async () => {
  await t.close();
});

describe('dashboard figures after the data they read from changes', () => {
  it('starts as the database holds them', async () => {
    await expectFiguresAsTheDatabaseHoldsThem();
  });

  it('drops a soft-deleted incident from All incidents, and takes it back when restored', async () => {
    const before = await figuresOf('supervisor@example.com');
    const [incident] = await rows(
      `select uuid from incidents where residence_uuid = ? and deleted_at is null limit 1`,
      [supervisorSite],
    );
    expect(incident).toBeDefined();
    await t.db
      .updateTable('incidents')
      .set({ deleted_at: '2026-01-01 00:00:00' })
      .where('uuid', '=', String(incident?.uuid))
      .execute();
    expect((await figuresOf('supervisor@example.com')).allIncidents).toBe(before.allIncidents - 1);
    await expectFiguresAsTheDatabaseHoldsThem();
    await t.db
      .updateTable('incidents')
      .set({ deleted_at: null })
      .where('uuid', '=', String(incident?.uuid))
      .execute();
    expect((await figuresOf('supervisor@example.com')).allIncidents).toBe(before.allIncidents);
  });

  it('follows an incident moved to another company’s site, and one deleted outright', async () => {
    const before = await figuresOf('company@example.com');
    const [other] = await rows(
      `select uuid from residences where security_company_uuid <> ? and deleted_at is null limit 1`,
      [companyUuid],
    );
    const [moved, removed] = await rows(
      `select uuid from incidents where residence_uuid = ? and deleted_at is null limit 2`,
      [supervisorSite],
    );
    await t.db
      .updateTable('incidents')
      .set({ residence_uuid: String(other?.uuid) })
      .where('uuid', '=', String(moved?.uuid))
      .execute();
    await t.db
      .deleteFrom('incident_files')
      .where('incident_uuid', '=', String(removed?.uuid))
      .execute();
    await t.db.deleteFrom('incidents').where('uuid', '=', String(removed?.uuid)).execute();
    expect((await figuresOf('company@example.com')).allIncidents).toBe(before.allIncidents - 2);
    await expectFiguresAsTheDatabaseHoldsThem();
  });

  it('drops a soft-deleted guard from Total guards and On duty for every role', async () => {
    const guard = await createGuard(t.db, companyUuid, {}, [supervisorSite]);
    await createAttendance(t.db, guard, supervisorSite, {
      checkin_at: toDbTime(new Date(Date.now() - 3_600_000)),
      checkout_at: null,
    });
    const before = await figuresOf('supervisor@example.com');
    await expectFiguresAsTheDatabaseHoldsThem();
    await t.db
      .updateTable('guards')
      .set({ deleted_at: toDbTime(new Date()) })
      .where('uuid', '=', guard)
      .execute();
    const after = await figuresOf('supervisor@example.com');
    expect(after.totalGuard).toBe(before.totalGuard - 1);
    expect(after.onDutyGuard).toBe(before.onDutyGuard - 1);
    await expectFiguresAsTheDatabaseHoldsThem();
  });

  it('drops a soft-deleted site’s incidents, visitors and shifts, and takes them back when restored', async () => {
    const [site] = await rows(
      `select r.uuid from residences r where r.security_company_uuid = ? and r.deleted_at is null
       and r.uuid in (select residence_uuid from incidents where deleted_at is null) limit 1`,
      [companyUuid],
    );
    const before = await figuresOf('company@example.com');
    await t.db
      .updateTable('residences')
      .set({ deleted_at: toDbTime(new Date()) })
      .where('uuid', '=', String(site?.uuid))
      .execute();
    expect((await figuresOf('company@example.com')).allIncidents).toBeLessThan(before.allIncidents);
    await expectFiguresAsTheDatabaseHoldsThem();
    await t.db
      .updateTable('residences')
      .set({ deleted_at: null })
      .where('uuid', '=', String(site?.uuid))
      .execute();
    expect(await figuresOf('company@example.com')).toEqual(before);
    await expectFiguresAsTheDatabaseHoldsThem();
  });
});
