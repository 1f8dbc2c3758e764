import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlCount } from '../support/sql';
import { PASSWORD, createCompany, createGuard, createSite, createUser } from './factories';
import { authHeaders, makeTestApp, signIn, type TestApp } from './test-app';

type Caller = 'admin' | 'company' | 'supervisor';

let t: TestApp;
const tokens = {} as Record<Caller, string>;
let aegis: string;
let benteng: string;
let cekap: string;

beforeAll(async () => {
  t = await makeTestApp();
  benteng = await createCompany(t.db, 'Benteng Protection', 0);
  aegis = await createCompany(t.db, 'Aegis Guarding');
  cekap = await createCompany(t.db, 'Cekap Security');
  const removed = await createCompany(t.db, 'Zombie Guards');
  await t.db
    .updateTable('security_companies')
    .set({ deleted_at: '2024-01-01 00:00:00' })
    .where('uuid', '=', removed)
    .execute();
  await t.db
    .updateTable('security_companies')
    .set({ brn: '201901000001', license_number: 'KDN-001', created_at: '2024-03-01 00:00:00' })
    .where('uuid', '=', aegis)
    .execute();
  const site = await createSite(t.db, aegis);

  await createUser(t.db, { email: 'admin@example.com', role: 'superadmin' });
  const login = await createUser(t.db, {
    email: 'company@example.com',
    role: 'securitycompany',
    companyUuid: aegis,
  });
  await t.db
    .updateTable('security_companies')
    .set({ kg_user_profile_uuid: login })
    .where('uuid', '=', aegis)
    .execute();
  await createUser(t.db, {
    email: 'supervisor@example.com',
    role: 'sitesupervisor',
    companyUuid: aegis,
    siteUuids: [site],
  });
  tokens.admin = await signIn(t.app, 'admin@example.com', PASSWORD);
  tokens.company = await signIn(t.app, 'company@example.com', PASSWORD);
  tokens.supervisor = await signIn(t.app, 'supervisor@example.com', PASSWORD);
});
afterAll(async () => {
  await t.close();
});

function call(caller: Caller, query: Record<string, string> = {}) {
  return t.app.inject({
    method: 'GET',
    url: '/kgapi/securitycompanies/list',
    query,
    headers: authHeaders(tokens[caller]),
  });
}

async function list(caller: Caller, query: Record<string, string> = {}) {
  const response = await call(caller, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{
    resource: Array<Record<string, unknown> & { uuid: string; name: string }>;
    meta: { count: number };
  }>();
}

describe('GET /securitycompanies/list', () => {
  it('answers the live companies by name, with the email of their login', async () => {
    const { resource, meta } = await list('admin');
    expect(resource.map((c) => c.name)).toEqual([
      'Aegis Guarding',
      'Benteng Protection',
      'Cekap Security',
    ]);
    expect(meta.count).toBe(3);
    expect(resource[0]).toMatchObject({
      uuid: aegis,
      name: 'Aegis Guarding',
      brn: '201901000001',
      license_number: 'KDN-001',
      is_active: 1,
      email: 'company@example.com',
      created_at: '2024-03-01 00:00:00',
    });
    expect(resource[1]).toMatchObject({ uuid: benteng, is_active: 0, email: null });
  });

  it('filters, sorts and pages', async () => {
    const search = await list('admin', { filter: "(name like '%se%') OR (brn like '%se%')" });
    expect(search.resource.map((c) => c.uuid)).toEqual([cekap]);
    expect((await list('admin', { filter: "user_email like '%company@%'" })).resource).toHaveLength(
      1,
    );
    expect((await list('admin', { filter: 'is_active = 0' })).resource.map((c) => c.uuid)).toEqual([
      benteng,
    ]);
    const page = await list('admin', { order: 'name desc', limit: '1', offset: '1' });
    expect(page.resource.map((c) => c.uuid)).toEqual([benteng]);
    expect(page.meta.count).toBe(3);
    expect((await list('admin', { order: 'email desc', limit: '1' })).resource[0]?.uuid).toBe(
      aegis,
    );
  });

  it('shows a company login and a supervisor only their own company', async () => {
    for (const caller of ['company', 'supervisor'] as const) {
      const { resource, meta } = await list(caller);
      expect(resource.map((c) => c.uuid)).toEqual([aegis]);
      expect(meta.count).toBe(1);
      const widened = await list(caller, { filter: `(uuid='${benteng}') OR (name like '%')` });
      expect(widened.resource.map((c) => c.uuid)).toEqual([aegis]);
    }
  });

  it('refuses unknown fields with 400 and needs a session', async () => {
    const response = await call('admin', { filter: "kg_user_profile.challenge_hash = 'x'" });
    expect(response.statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'GET', url: '/kgapi/securitycompanies/list' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('No. of Guards, kept by triggers', () => {
  /** Each live company's guard count as the list answers it, and as a plain count gives it. */
  async function guardCounts() {
    const answer = await t.app.inject({
      method: 'GET',
      url: '/kgapi/securitycompanies/list?limit=50',
      headers: authHeaders(tokens.admin),
    });
    const listed = Object.fromEntries(
      answer
        .json<{ resource: Array<{ uuid: string; guard_count: number }> }>()
        .resource.map((company) => [company.uuid, company.guard_count]),
    );
    const plain = Object.fromEntries(
      await Promise.all(
        Object.keys(listed).map(async (uuid) => [
          uuid,
          await sqlCount(
            t.db,
            'select count(*) as n from guards where security_company_uuid = ? and deleted_at is null',
            [uuid],
          ),
        ]),
      ),
    );
    return { listed, plain };
  }

  it('follows guards added, deleted, undeleted, moved between companies and removed', async () => {
    const guards: string[] = [];
    for (let i = 0; i < 6; i++) guards.push(await createGuard(t.db, i % 2 ? aegis : cekap));
    const steps: Array<() => Promise<unknown>> = [
      () =>
        t.db
          .updateTable('guards')
          .set({ deleted_at: '2024-06-01 00:00:00' })
          .where('uuid', '=', guards[0] ?? '')
          .execute(),
      () =>
        t.db
          .updateTable('guards')
          .set({ security_company_uuid: benteng })
          .where('uuid', '=', guards[1] ?? '')
          .execute(),
      () =>
        t.db
          .updateTable('guards')
          .set({ deleted_at: null })
          .where('uuid', '=', guards[0] ?? '')
          .execute(),
      () =>
        t.db
          .updateTable('guards')
          .set({ deleted_at: '2024-06-01 00:00:00', security_company_uuid: aegis })
          .where('uuid', '=', guards[2] ?? '')
          .execute(),
      () =>
        t.db
          .deleteFrom('guards')
          .where('uuid', '=', guards[3] ?? '')
          .execute(),
    ];
    for (const step of steps) {
      await step();
      const { listed, plain } = await guardCounts();
      expect(listed).toEqual(plain);
    }
    expect((await guardCounts()).listed[aegis]).toBeGreaterThan(0);
  });
});
