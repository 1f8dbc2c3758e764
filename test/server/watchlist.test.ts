import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@contract/audit';
import type { ListResponse, ResourceResponse } from '@contract/list';
import type { Visitor } from '@contract/visitors';
import type { WatchlistEntry } from '@contract/watchlist';
import { WATCHLIST_MESSAGES } from '@rules/watchlist';
import { localDate } from '../../server/src/db/time';
import { createCompany, createSite, createUnit, createVisitor } from './factories';
import {
  authHeaders,
  makeTestApp,
  signInTwoCompanies,
  TWO_COMPANY_USERS,
  type TestApp,
} from './test-app';
import { useClockAt } from './clock';

let t: TestApp;
let token: Record<string, string> = {};
let alpha: string;
let bravo: string;
let siteA: string;
let siteA2: string;
let siteB: string;
let unitA: string;

const { root: ROOT, alpha: ALPHA, alphaSupervisor: SUPERVISOR, bravo: BRAVO } = TWO_COMPANY_USERS;

// Passes for today that end at 23:59: issued at noon, whenever the suite runs.
useClockAt(12);

beforeAll(async () => {
  t = await makeTestApp();
  alpha = await createCompany(t.db, 'Alpha Guards');
  bravo = await createCompany(t.db, 'Bravo Guards');
  siteA = await createSite(t.db, alpha, { name: 'Alpha Heights', kipleguard_visitors: 1 });
  siteA2 = await createSite(t.db, alpha, { name: 'Alpha Gardens', kipleguard_visitors: 1 });
  siteB = await createSite(t.db, bravo, { name: 'Bravo Towers', kipleguard_visitors: 1 });
  unitA = await createUnit(t.db, siteA, 'A-12-03');
  token = await signInTwoCompanies(t, { alpha, bravo }, [siteA]);
});
afterAll(async () => {
  await t.close();
});

function call(
  email: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) {
  return t.app.inject({
    method,
    url: `/kgapi${url}`,
    headers: authHeaders(token[email] ?? ''),
    payload,
  });
}

async function add(email: string, body: object): Promise<WatchlistEntry> {
  const response = await call(email, 'POST', '/watchlist/add', body);
  expect(response.statusCode, response.body).toBe(200);
  const [entry] = response.json<ResourceResponse<WatchlistEntry[]>>().resource;
  if (!entry) throw new Error('no entry');
  return entry;
}

async function listed(email: string, query = ''): Promise<ListResponse<WatchlistEntry>> {
  const response = await call(email, 'GET', `/watchlist/list${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ListResponse<WatchlistEntry>>();
}

function passBody(overrides: Record<string, unknown> = {}) {
  return {
    residence_uuid: siteA,
    unit_uuid: unitA,
    host_name: 'Tan Mei Ling',
    name: 'Ahmad bin Ali',
    phone_number: '60123456789',
    email: '',
    car_plate_number: 'abc 1',
    category: 'Visitor',
    repeat_type: 'ONE_TIME',
    date: localDate(new Date()),
    start_time: '00:00',
    end_time: '23:59',
    remarks: '',
    ...overrides,
  };
}

async function auditOf(uuid: string, action: string): Promise<AuditEntry | undefined> {
  const filter = encodeURIComponent(`(entity_uuid = '${uuid}') and (action = '${action}')`);
  const response = await call(ROOT, 'GET', `/audit/list?filter=${filter}`);
  return response.json<ListResponse<AuditEntry>>().resource[0];
}

describe('the watchlist CRUD', () => {
  it('lets a company keep its own entries, in its scope, and records each write', async () => {
    const entry = await add(ALPHA, {
      name: 'Lim Ah Kow',
      car_plate_number: 'vba 7788',
      reason: 'Theft at Block C',
    });
    expect(entry).toMatchObject({
      security_company_uuid: alpha,
      residence_uuid: null,
      name: 'Lim Ah Kow',
      car_plate_number: 'VBA 7788',
      ic_passport_number: '',
      phone_number: '',
      reason: 'Theft at Block C',
    });
    const stored = await t.db
      .selectFrom('watchlist_entries')
      .selectAll()
      .where('uuid', '=', entry.uuid)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ name_key: 'LIMAHKOW', plate_key: 'VBA7788', phone_key: '' });

    const own = await listed(ALPHA);
    expect(own.meta.count).toBe(1);
    expect((await listed(BRAVO)).meta.count).toBe(0);
    expect((await listed(ROOT)).resource.map((row) => row.uuid)).toContain(entry.uuid);

    expect(
      (await call(BRAVO, 'PATCH', `/watchlist/${entry.uuid}`, { reason: 'x' })).statusCode,
    ).toBe(404);
    expect((await call(BRAVO, 'DELETE', `/watchlist/${entry.uuid}`)).statusCode).toBe(404);
    // A company cannot put entries in another company's list.
    expect(
      (
        await call(ALPHA, 'POST', '/watchlist/add', {
          security_company_uuid: bravo,
          name: 'X',
          reason: 'Y',
        })
      ).statusCode,
    ).toBe(403);
    // Nor name another company's site.
    expect(
      (
        await call(ALPHA, 'POST', '/watchlist/add', {
          residence_uuid: siteB,
          name: 'X',
          reason: 'Y',
        })
      ).statusCode,
    ).toBe(400);

    expect((await auditOf(entry.uuid, 'create'))?.entity).toBe('watchlist');
    const removed = await call(ALPHA, 'DELETE', `/watchlist/${entry.uuid}`);
    expect(removed.statusCode).toBe(200);
    expect((await listed(ALPHA)).meta.count).toBe(0);
    expect(await auditOf(entry.uuid, 'delete')).toBeDefined();
  });

  it('refuses a site supervisor, whatever it asks', async () => {
    expect((await call(SUPERVISOR, 'GET', '/watchlist/list')).statusCode).toBe(403);
    expect(
      (await call(SUPERVISOR, 'POST', '/watchlist/add', { name: 'X', reason: 'Y' })).statusCode,
    ).toBe(403);
  });

  it('asks for something that names a person, and a reason, in the shared words', async () => {
    const nothing = await call(ALPHA, 'POST', '/watchlist/add', { name: ' - ', reason: 'Y' });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().error.message).toBe(WATCHLIST_MESSAGES.somethingRequired);
    const noReason = await call(ALPHA, 'POST', '/watchlist/add', { name: 'X' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.message).toBe(WATCHLIST_MESSAGES.reasonRequired);
    const noCompany = await call(ROOT, 'POST', '/watchlist/add', { name: 'X', reason: 'Y' });
    expect(noCompany.statusCode).toBe(400);
  });

  it('keeps a field left out of a PATCH as it is, and rekeys what changes', async () => {
    const entry = await add(ROOT, {
      security_company_uuid: bravo,
      residence_uuid: siteB,
      name: 'Siti',
      phone_number: '012-345 6789',
      reason: 'Harassment',
    });
    const response = await call(ROOT, 'PATCH', `/watchlist/${entry.uuid}`, {
      ic_passport_number: '900101-14-5566',
    });
    expect(response.statusCode, response.body).toBe(200);
    const [after] = response.json<ResourceResponse<WatchlistEntry[]>>().resource;
    expect(after).toMatchObject({
      security_company_uuid: bravo,
      residence_uuid: siteB,
      name: 'Siti',
      phone_number: '012-345 6789',
      ic_passport_number: '900101-14-5566',
      reason: 'Harassment',
    });
    const stored = await t.db
      .selectFrom('watchlist_entries')
      .select(['document_key', 'phone_key'])
      .where('uuid', '=', entry.uuid)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ document_key: '900101145566', phone_key: '60123456789' });
    expect((await listed(BRAVO)).meta.count).toBe(1);
    const page = await listed(
      BRAVO,
      `?filter=${encodeURIComponent("(reason like '%Harass%')")}&order=created_at%20desc&limit=8&offset=0`,
    );
    expect(page.resource).toHaveLength(1);
  });
});

describe('passes for a listed person', () => {
  beforeAll(async () => {
    await add(ALPHA, {
      car_plate_number: 'WXY-1234',
      reason: 'Drove through the barrier',
    });
    await add(ALPHA, { residence_uuid: siteA2, name: 'Other Site Only', reason: 'Gardens only' });
  });

  it('refuses to issue a pass for a listed plate, name or IC, with the reason', async () => {
    const byPlate = await call(
      ALPHA,
      'POST',
      '/visitors/add',
      passBody({ car_plate_number: 'wxy 1234' }),
    );
    expect(byPlate.statusCode).toBe(409);
    expect(byPlate.json().error).toMatchObject({
      code: 'WATCHLISTED',
      message: WATCHLIST_MESSAGES.refused('Drove through the barrier'),
    });
    await add(ALPHA, { name: 'Rosli Hamid', reason: 'Banned by the management' });
    const byName = await call(ALPHA, 'POST', '/visitors/add', passBody({ name: 'ROSLI  hamid' }));
    expect(byName.statusCode).toBe(409);
    expect(byName.json().error.message).toBe(
      WATCHLIST_MESSAGES.refused('Banned by the management'),
    );
    // An entry for another site of the company does not bar this one.
    const elsewhere = await call(
      ALPHA,
      'POST',
      '/visitors/add',
      passBody({ name: 'Other Site Only' }),
    );
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    // Another company's entries never bar this company's passes.
    await add(BRAVO, { name: 'Bravo Banned', reason: 'Bravo only' });
    const otherCompany = await call(
      ALPHA,
      'POST',
      '/visitors/add',
      passBody({ name: 'Bravo Banned' }),
    );
    expect(otherCompany.statusCode).toBe(200);
  });

  it('issues it on a company user’s explicit override, recorded in the pass’s audit entry', async () => {
    const response = await call(
      ALPHA,
      'POST',
      '/visitors/add',
      passBody({ car_plate_number: 'WXY1234', override_watchlist: true }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const [pass] = response.json<ResourceResponse<Visitor[]>>().resource;
    const entry = await auditOf(pass?.uuid ?? '', 'create');
    expect(entry?.actor_name).toBeTruthy();
    expect(entry?.changes.watchlist_override?.after).toEqual(['Drove through the barrier']);

    // The desk and the pass's details say who let it through, and when (issue 34).
    const override = {
      by: entry?.actor_name,
      at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    };
    const desk = await call(ALPHA, 'GET', `/visitors/qr/${pass?.qr_code ?? ''}`);
    expect(desk.json<Visitor>()).toMatchObject({
      watchlist: ['Drove through the barrier'],
      watchlist_override: override,
    });
    const details = await call(SUPERVISOR, 'GET', `/data/visitors/${pass?.uuid ?? ''}`);
    expect(details.json<Visitor>()).toMatchObject({
      watchlist: ['Drove through the barrier'],
      watchlist_override: override,
    });
    // An entry listed after the override is not covered by it.
    const later = await add(ALPHA, { name: 'Ahmad bin Ali', reason: 'Threatened a resident' });
    const since = await call(ALPHA, 'GET', `/visitors/qr/${pass?.qr_code ?? ''}`);
    expect(since.json<Visitor>()).toMatchObject({
      watchlist: expect.arrayContaining(['Drove through the barrier', 'Threatened a resident']),
      watchlist_override: null,
    });
    await call(ALPHA, 'DELETE', `/watchlist/${later.uuid}`);
  });

  it('refuses a supervisor’s override', async () => {
    const response = await call(
      SUPERVISOR,
      'POST',
      '/visitors/add',
      passBody({ car_plate_number: 'WXY1234', override_watchlist: true }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('WATCHLISTED');
  });

  it('refuses a change that makes a pass match, unless overridden', async () => {
    const issued = await call(
      ALPHA,
      'POST',
      '/visitors/add',
      passBody({ car_plate_number: 'JKL 9' }),
    );
    const [pass] = issued.json<ResourceResponse<Visitor[]>>().resource;
    const url = `/visitors/${pass?.uuid ?? ''}`;
    const refused = await call(ALPHA, 'PATCH', url, { car_plate_number: 'wxy1234' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      WATCHLIST_MESSAGES.refused('Drove through the barrier'),
    );
    const overridden = await call(ALPHA, 'PATCH', url, {
      car_plate_number: 'wxy1234',
      override_watchlist: true,
    });
    expect(overridden.statusCode, overridden.body).toBe(200);
    const entry = await auditOf(pass?.uuid ?? '', 'update');
    expect(entry?.changes.watchlist_override?.after).toEqual(['Drove through the barrier']);
  });

  it('warns the desk: the look-up carries the matching entries’ reasons', async () => {
    await createVisitor(t.db, siteA, { car_plate_number: 'WXY 1234', qr_code: 'WATCHED-1' });
    await createVisitor(t.db, siteA, { car_plate_number: 'CLEAN 1', qr_code: 'CLEAN-1' });
    const watched = await call(ALPHA, 'GET', '/visitors/qr/WATCHED-1');
    expect(watched.statusCode).toBe(200);
    expect(watched.json<Visitor>().watchlist).toEqual(['Drove through the barrier']);
    // Nobody overrode it: the pass was made before the entry.
    expect(watched.json<Visitor>().watchlist_override).toBeNull();
    const supervisorView = await call(SUPERVISOR, 'GET', '/visitors/qr/WATCHED-1');
    expect(supervisorView.json<Visitor>().watchlist).toEqual(['Drove through the barrier']);
    const clean = await call(ALPHA, 'GET', '/visitors/qr/CLEAN-1');
    expect(clean.json<Visitor>().watchlist).toEqual([]);
  });
});
