import { diskStorage } from '../../server/src/storage/file-storage';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Login } from '@contract/logins';
import type { SecurityCompany } from '@contract/security-companies';
import type { SiteSupervisor } from '@contract/site-supervisors';
import type { ListResponse } from '@contract/list';
import { COMPANY_MESSAGES } from '@rules/security-companies';
import { avatarPng } from '../../server/src/db/seed/images';
import { createFilesRepository } from '../../server/src/modules/files/files.repository';
import { createCompany, createGuard, createSite, createUser, PASSWORD } from './factories';
import { sqlCount, sqlRows } from '../support/sql';
import { APP_KEY, authHeaders, makeTestApp, signIn, type TestApp } from './test-app';
import { refuseInserts } from './test-database';

let t: TestApp;
const token: Record<string, string> = {};
let alpha: string;
let bravo: string;
let alphaSite: string;
let alphaSiteOff: string;
let bravoSite: string;
let freeSite: string;

const ROOT = 'root@example.com';
const OPS_A = 'ops@alpha.example.com';
const SUP_A = 'sup@alpha.example.com';
const OPS_B = 'ops@bravo.example.com';

beforeAll(async () => {
  t = await makeTestApp();
  alpha = await createCompany(t.db, 'Alpha Guards');
  bravo = await createCompany(t.db, 'Bravo Guards');
  alphaSite = await createSite(t.db, alpha, { name: 'Alpha Heights' });
  alphaSiteOff = await createSite(t.db, alpha, { name: 'Alpha Annex', kipleguard_enabled: 0 });
  bravoSite = await createSite(t.db, bravo, { name: 'Bravo Towers' });
  freeSite = await createSite(t.db, null, { name: 'Free Court' });
  await createGuard(t.db, alpha, {}, [alphaSite]);
  await createUser(t.db, { email: ROOT, role: 'superadmin' });
  await createUser(t.db, { email: OPS_A, role: 'securitycompany', companyUuid: alpha });
  await createUser(t.db, {
    email: SUP_A,
    role: 'sitesupervisor',
    companyUuid: alpha,
    siteUuids: [alphaSite],
  });
  await createUser(t.db, { email: OPS_B, role: 'securitycompany', companyUuid: bravo });
  for (const email of [ROOT, OPS_A, SUP_A, OPS_B])
    token[email] = await signIn(t.app, email, PASSWORD);
});
afterAll(async () => {
  await t.close();
});

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  email: string,
  payload?: object,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url: `/kgapi${url}`,
    headers: { ...authHeaders(token[email] ?? ''), ...headers },
    payload,
  });

const signInAnswer = (identifier: string, challenge: string) =>
  t.app.inject({
    method: 'POST',
    url: '/kgapi/admin/session',
    headers: { 'x-application-key': APP_KEY },
    payload: { identifier, challenge },
  });

describe('security companies', () => {
  const body = (overrides: Record<string, unknown> = {}) => ({
    name: 'Charlie Protection',
    brn: '202401012345',
    license_number: 'KDN-PS-1234',
    license_expiry_date: '2027-06-30',
    address: '12 Jalan Tun Razak, Kuala Lumpur',
    lat: '3.158743',
    lng: '101.711234',
    is_active: 1,
    residence_uuid: [freeSite],
    email: 'ops@charlie.example.com',
    identifier: 'ops@charlie.example.com',
    challenge: 'Charlie@123',
    type: 'userpass',
    ...overrides,
  });

  it('adds a company with its login and sites; the new login signs in as that company', async () => {
    const response = await call('POST', '/securitycompanies/add', ROOT, body());
    expect(response.statusCode).toBe(200);
    const company = response.json<{ resource: SecurityCompany[] }>().resource[0];
    expect(company).toMatchObject({
      name: 'Charlie Protection',
      email: 'ops@charlie.example.com',
      kg_user_profile: { email: 'ops@charlie.example.com' },
      residences: [{ uuid: freeSite, name: 'Free Court', kipleguard_enabled: 1 }],
      site_count: 1,
      guard_count: 0,
      lat: 3.158743,
      is_active: 1,
    });
    const session = await signInAnswer('ops@charlie.example.com', 'Charlie@123');
    expect(session.json().profile.roles[0]).toMatchObject({
      type: 'securitycompany',
      security_company_name: 'Charlie Protection',
    });
  });

  it('refuses every missing field with the form’s words', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: ' ' }, 'Please enter your company name'],
      [{ brn: '' }, 'Please enter your BRN'],
      [{ license_number: '' }, 'Please enter your license number'],
      [{ address: '' }, 'Please enter your address'],
      [{ email: '', identifier: '' }, 'Please enter your e-mail'],
      [{ challenge: '' }, 'Please enter your password'],
      [{ lat: '91' }, 'Please enter values in decimal degree e.g +/-89.111111'],
      [{ lat: '3.1234567' }, 'Please enter values in decimal degree e.g +/-89.111111'],
      [{ lng: '-181' }, 'Please enter values in decimal degree e.g +/-179.111111'],
      [{ lat: '' }, 'Please enter your latitude'],
      [{ lng: null }, 'Please enter your longitude'],
    ];
    for (const [overrides, message] of cases) {
      const response = await call(
        'POST',
        '/securitycompanies/add',
        ROOT,
        body({ residence_uuid: [], email: `x${randomUUID()}@e.com`, ...overrides }),
      );
      expect(response.json().error?.message, message).toBe(message);
    }
  });

  it('refuses an email any login uses, and another company’s site', async () => {
    const taken = await call(
      'POST',
      '/securitycompanies/add',
      ROOT,
      body({ email: OPS_B.toUpperCase(), residence_uuid: [] }),
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe('Email is already in use.');
    const site = await call(
      'POST',
      '/securitycompanies/add',
      ROOT,
      body({ email: 'new@delta.example.com', residence_uuid: [bravoSite] }),
    );
    expect(site.statusCode).toBe(409);
    expect(site.json().error.message).toBe('A chosen site belongs to another security company.');
  });

  it('leaves nothing behind when a write fails half-way', async () => {
    const count = async (table: 'security_companies' | 'user_profiles' | 'identities') =>
      Number(
        (
          await t.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = [
      await count('security_companies'),
      await count('user_profiles'),
      await count('identities'),
    ];
    const spare = await createSite(t.db, null, { name: 'Spare Court' });
    // The login's role is written after the company and its profile: make that insert fail.
    let response!: Awaited<ReturnType<typeof call>>;
    await refuseInserts(
      t.db,
      'user_roles',
      `(select name from security_companies where uuid = new.security_company_uuid) = 'Half Way'`,
      async () => {
        response = await call(
          'POST',
          '/securitycompanies/add',
          ROOT,
          body({ name: 'Half Way', email: 'half@echo.example.com', residence_uuid: [spare] }),
        );
      },
    );
    expect(response.statusCode).toBe(500);
    expect([
      await count('security_companies'),
      await count('user_profiles'),
      await count('identities'),
    ]).toEqual(before);
    const site = await t.db
      .selectFrom('residences')
      .select('security_company_uuid')
      .where('uuid', '=', spare)
      .executeTakeFirstOrThrow();
    expect(site.security_company_uuid).toBeNull();
  });

  it('edits a company, its status and its sites; deactivation stops its logins at once', async () => {
    const created = (
      await call(
        'POST',
        '/securitycompanies/add',
        ROOT,
        body({ email: 'ops@foxtrot.example.com', residence_uuid: [] }),
      )
    ).json().resource[0];
    const login = (await signInAnswer('ops@foxtrot.example.com', 'Charlie@123')).json()
      .session_token;
    const extra = await createSite(t.db, null, { name: 'Foxtrot Place' });
    const edited = await call('PATCH', `/securitycompanies/${created.uuid}`, ROOT, {
      ...body({ name: 'Foxtrot Security', residence_uuid: [extra], is_active: 0 }),
      email: undefined,
      identifier: undefined,
      challenge: undefined,
    });
    expect(edited.json().resource[0]).toMatchObject({
      name: 'Foxtrot Security',
      is_active: 0,
      residences: [{ uuid: extra }],
    });
    const refused = await t.app.inject({
      method: 'GET',
      url: '/kgapi/dashboard/data',
      headers: authHeaders(login),
    });
    expect(refused.statusCode).toBe(401);
  });

  it('ends a suspended company’s sessions for good: reactivating it revives none', async () => {
    const created = (
      await call(
        'POST',
        '/securitycompanies/add',
        ROOT,
        body({ email: 'ops@hotel.example.com', residence_uuid: [] }),
      )
    ).json().resource[0];
    const login = (await signInAnswer('ops@hotel.example.com', 'Charlie@123')).json().session_token;
    const dashboard = () =>
      t.app.inject({ method: 'GET', url: '/kgapi/dashboard/data', headers: authHeaders(login) });
    expect((await dashboard()).statusCode).toBe(200);
    const edit = (is_active: number) =>
      call('PATCH', `/securitycompanies/${created.uuid}`, ROOT, {
        ...body({ residence_uuid: [], is_active }),
        email: undefined,
        identifier: undefined,
        challenge: undefined,
      });
    expect((await edit(0)).statusCode).toBe(200);
    expect((await dashboard()).statusCode).toBe(401);
    expect((await edit(1)).statusCode).toBe(200);
    expect((await dashboard()).statusCode).toBe(401);
    const again = (await signInAnswer('ops@hotel.example.com', 'Charlie@123')).json().session_token;
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/kgapi/dashboard/data',
          headers: authHeaders(again),
        })
      ).statusCode,
    ).toBe(200);
  });

  it('keeps every field a PATCH leaves out: status, sites, position and licence expiry', async () => {
    const site = await createSite(t.db, null, { name: 'India Gardens' });
    const created = (
      await call(
        'POST',
        '/securitycompanies/add',
        ROOT,
        body({ email: 'ops@india.example.com', residence_uuid: [site] }),
      )
    ).json().resource[0];
    await call('PATCH', `/securitycompanies/${created.uuid}`, ROOT, { is_active: 0 });
    const renamed = await call('PATCH', `/securitycompanies/${created.uuid}`, ROOT, {
      name: 'India Security',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().resource[0]).toMatchObject({
      name: 'India Security',
      brn: '202401012345',
      is_active: 0,
      lat: 3.158743,
      lng: 101.711234,
      license_expiry_date: '2027-06-30',
      residences: [{ uuid: site }],
    });
  });

  it('gives a free site to one of ten companies added at once, and answers the others 409', async () => {
    const site = await createSite(t.db, null, { name: 'Juliet Residences' });
    // From ten addresses, as ten desks would: the password gate holds only a few per address.
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/kgapi/securitycompanies/add',
          headers: authHeaders(token[ROOT] ?? ''),
          remoteAddress: `10.0.0.${i + 1}`,
          payload: body({ email: `ops${i}@juliet.example.com`, residence_uuid: [site] }),
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(9);
    for (const answer of answers.filter((one) => one.statusCode === 409)) {
      expect(answer.json().error).toEqual({
        code: 'SITE_TAKEN',
        message: COMPANY_MESSAGES.siteTaken,
        field: 'residence_uuid',
      });
    }
    const winner = answers.find((answer) => answer.statusCode === 200)?.json().resource[0];
    const [owner] = await sqlRows(
      t.db,
      'select security_company_uuid from residences where uuid = ?',
      [site],
    );
    expect(owner?.security_company_uuid).toBe(winner.uuid);
    // The refused adds left no company and no login behind.
    expect(
      await sqlCount(
        t.db,
        "select count(*) as n from identities where identifier like '%@juliet.example.com'",
      ),
    ).toBe(1);
  }, 60_000);

  it('deletes softly: the company leaves the list and its logins stop for good', async () => {
    const created = (
      await call(
        'POST',
        '/securitycompanies/add',
        ROOT,
        body({ email: 'ops@golf.example.com', residence_uuid: [] }),
      )
    ).json().resource[0];
    const login = (await signInAnswer('ops@golf.example.com', 'Charlie@123')).json().session_token;
    expect((await call('DELETE', `/securitycompanies/${created.uuid}`, ROOT)).statusCode).toBe(200);
    const listed = await call(
      'GET',
      `/securitycompanies/list?filter=${encodeURIComponent(`(uuid = '${created.uuid}')`)}`,
      ROOT,
    );
    expect(listed.json().meta.count).toBe(0);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/kgapi/dashboard/data',
          headers: authHeaders(login),
        })
      ).statusCode,
    ).toBe(401);
    expect((await signInAnswer('ops@golf.example.com', 'Charlie@123')).statusCode).toBe(401);
  });

  it('lets only the super administrator write', async () => {
    expect(
      (
        await call(
          'POST',
          '/securitycompanies/add',
          OPS_A,
          body({ email: 'no@x.example.com', residence_uuid: [] }),
        )
      ).statusCode,
    ).toBe(403);
    expect((await call('PATCH', `/securitycompanies/${alpha}`, OPS_A, body())).statusCode).toBe(
      403,
    );
    expect((await call('DELETE', `/securitycompanies/${bravo}`, OPS_A)).statusCode).toBe(403);
  });

  it('lists with counts of sites with the guard service and of live guards, searchable by login email', async () => {
    const answer = await call(
      'GET',
      `/securitycompanies/list?filter=${encodeURIComponent(`(user_email like '%charlie%')`)}`,
      ROOT,
    );
    expect(answer.json().resource.map((c: SecurityCompany) => c.name)).toEqual([
      'Charlie Protection',
    ]);
    const own = (await call('GET', '/securitycompanies/list', OPS_A)).json<
      ListResponse<SecurityCompany>
    >();
    expect(own.resource).toHaveLength(1);
    expect(own.resource[0]).toMatchObject({ uuid: alpha, site_count: 1, guard_count: 1 });
    expect(own.resource[0]?.residences.map((s) => s.uuid).sort()).toEqual(
      [alphaSite, alphaSiteOff].sort(),
    );
  });
});

describe('site supervisors', () => {
  const body = (overrides: Record<string, unknown> = {}) => ({
    security_company_uuid: alpha,
    name: 'Siti Rahman',
    phone: '60123456789',
    address: '3 Jalan Ampang',
    is_active: 1,
    ic_passport_number: '900101-14-5678',
    residence_uuid: [alphaSite],
    email: `siti.${randomUUID().slice(0, 8)}@alpha.example.com`,
    challenge: 'Siti@1234',
    type: 'userpass',
    ...overrides,
  });

  it('adds a supervisor with a photo, login and sites; the supervisor signs in to those sites', async () => {
    const photo = await createFilesRepository(t.db, diskStorage(t.dataDir)).save({
      bytes: avatarPng(5),
      filename: 'siti.png',
      type: 'image/png',
      uploadedBy: (
        await t.db
          .selectFrom('user_profiles')
          .select('uuid')
          .where('email', '=', OPS_A)
          .executeTakeFirstOrThrow()
      ).uuid,
    });
    const payload = body({ photo: photo.uuid, photo_url: photo.url });
    const response = await call('POST', '/sitesupervisors/add', OPS_A, payload);
    expect(response.statusCode).toBe(200);
    const supervisor = response.json<{ resource: SiteSupervisor[] }>().resource[0];
    expect(supervisor).toMatchObject({
      supervisor_name: 'Siti Rahman',
      supervisor_email: payload.email,
      is_active: 1,
      kg_security_company: { uuid: alpha, name: 'Alpha Guards' },
      kg_user_profiles_by_kg_user_profile_uuid: {
        phone: '60123456789',
        photo: photo.uuid,
        photo_url: photo.url,
      },
      kg_residence_supervisors: [
        {
          residence_uuid: alphaSite,
          residence_name: 'Alpha Heights',
          residence_kipleguard_enabled: 1,
        },
      ],
    });
    const session = await signInAnswer(payload.email, 'Siti@1234');
    expect(
      session.json().profile.roles.map((r: { residence_uuid: string }) => r.residence_uuid),
    ).toEqual([alphaSite]);
  });

  it('refuses every wrong field with the form’s words', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ security_company_uuid: '' }, 'Please select the security company'],
      [{ name: '' }, 'Please enter the name'],
      [{ phone: '' }, 'Please enter the phone number'],
      [{ phone: '0123456789' }, 'Phone number should start with 60'],
      [{ phone: '60-1234567' }, 'Phone number should be in digits only'],
      [{ phone: '601234' }, 'Phone number should be at least 10 digits long'],
      [{ email: '' }, 'Please enter the Email'],
      [{ challenge: '' }, 'Please enter the password'],
      [{ email: OPS_B }, 'Email is already in use.'],
      [
        { residence_uuid: [bravoSite] },
        'A chosen site is not one of the company’s sites with the guard service.',
      ],
      [
        { residence_uuid: [alphaSiteOff] },
        'A chosen site is not one of the company’s sites with the guard service.',
      ],
    ];
    for (const [overrides, message] of cases) {
      const response = await call('POST', '/sitesupervisors/add', OPS_A, body(overrides));
      expect(response.json().error?.message, message).toBe(message);
    }
  });

  it('keeps a company to its own supervisors, and a supervisor to none', async () => {
    expect((await call('POST', '/sitesupervisors/add', OPS_B, body())).statusCode).toBe(403);
    expect((await call('POST', '/sitesupervisors/add', SUP_A, body())).statusCode).toBe(403);
    const own = (await call('GET', '/sitesupervisors/list', OPS_A)).json<
      ListResponse<SiteSupervisor>
    >();
    expect(own.resource.every((s) => s.security_company_uuid === alpha)).toBe(true);
    expect((await call('GET', '/sitesupervisors/list', OPS_B)).json().meta.count).toBe(0);
    expect((await call('GET', '/sitesupervisors/list', SUP_A)).json().meta.count).toBe(0);
    const alphaOne = own.resource[0];
    expect(
      (await call('PATCH', `/sitesupervisors/${alphaOne?.uuid}`, OPS_B, body())).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/sitesupervisors/${alphaOne?.uuid}`, OPS_B)).statusCode).toBe(
      404,
    );
  });

  it('keeps every field a PATCH leaves out: sites, status and profile', async () => {
    const payload = body();
    const created = (await call('POST', '/sitesupervisors/add', ROOT, payload)).json().resource[0];
    const renamed = await call('PATCH', `/sitesupervisors/${created.uuid}`, OPS_A, {
      name: 'Siti Aminah',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().resource[0]).toMatchObject({
      supervisor_name: 'Siti Aminah',
      supervisor_email: payload.email,
      is_active: 1,
      kg_user_profiles_by_kg_user_profile_uuid: {
        phone: payload.phone,
        address: payload.address,
        ic_passport_number: payload.ic_passport_number,
      },
      kg_residence_supervisors: [{ residence_uuid: alphaSite }],
    });
    expect((await signInAnswer(payload.email, 'Siti@1234')).statusCode).toBe(200);
  });

  it('edits a supervisor keeping its own email; deactivation ends its sessions; delete removes the login', async () => {
    const payload = body();
    const created = (await call('POST', '/sitesupervisors/add', ROOT, payload)).json().resource[0];
    const session = (await signInAnswer(payload.email, 'Siti@1234')).json().session_token;
    const edited = await call('PATCH', `/sitesupervisors/${created.uuid}`, ROOT, {
      ...payload,
      challenge: undefined,
      name: 'Siti R.',
      phone: '6012345',
      is_active: 0,
      residence_uuid: [],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().resource[0]).toMatchObject({
      supervisor_name: 'Siti R.',
      is_active: 0,
      kg_residence_supervisors: [],
    });
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/kgapi/dashboard/data',
          headers: authHeaders(session),
        })
      ).statusCode,
    ).toBe(401);
    expect((await call('DELETE', `/sitesupervisors/${created.uuid}`, ROOT)).statusCode).toBe(200);
    expect((await signInAnswer(payload.email, 'Siti@1234')).statusCode).toBe(401);
    // The email is free again.
    expect(
      (await call('POST', '/sitesupervisors/add', ROOT, { ...payload, residence_uuid: [] }))
        .statusCode,
    ).toBe(200);
  });

  it('searches by name, email or staff id, sorted by name', async () => {
    const answer = await call(
      'GET',
      `/sitesupervisors/list?filter=${encodeURIComponent(`(supervisor_name like '%siti%') or (supervisor_email like '%siti%') or (staff_id like '%siti%')`)}`,
      ROOT,
    );
    const names = answer
      .json<ListResponse<SiteSupervisor>>()
      .resource.map((s) => s.supervisor_name);
    expect(names.length).toBeGreaterThan(0);
    expect(names).toEqual([...names].sort());
  });
});

describe('logins and re-verification', () => {
  const verify = async (email: string) =>
    (await call('POST', '/admin/verify', email, { identifier: email, challenge: PASSWORD })).json()
      .verification_token as string;
  const proof = (value: string) => ({ 'x-verification-token': value });
  const body = (overrides: Record<string, unknown> = {}) => {
    const email = `desk.${randomUUID().slice(0, 8)}@alpha.example.com`;
    return {
      security_company_uuid: alpha,
      name: email,
      is_active: 1,
      identifier: email,
      email,
      challenge: 'Desk@1234',
      type: 'userpass',
      ...overrides,
    };
  };

  it('adds a login only with a fresh proof of re-verification', async () => {
    const payload = body();
    const without = await call('POST', '/logins/add', OPS_A, payload);
    expect(without.statusCode).toBe(403);
    expect(without.json().error).toEqual({
      code: 'VERIFICATION_REQUIRED',
      message: 'Please verify your email and password before this change.',
    });
    const response = await call('POST', '/logins/add', OPS_A, payload, proof(await verify(OPS_A)));
    expect(response.statusCode).toBe(200);
    expect(response.json().resource[0]).toMatchObject({
      user_email: payload.email,
      security_company_uuid: alpha,
      security_company_name: 'Alpha Guards',
      access_type: 'securitycompany',
      is_active: 1,
    });
    expect((await signInAnswer(payload.email, 'Desk@1234')).statusCode).toBe(200);
  });

  it('refuses a used proof, another session’s proof and a stale one', async () => {
    const token = await verify(OPS_A);
    expect((await call('POST', '/logins/add', OPS_A, body(), proof(token))).statusCode).toBe(200);
    expect((await call('POST', '/logins/add', OPS_A, body(), proof(token))).statusCode).toBe(403);
    const otherSession = await signIn(t.app, OPS_A, PASSWORD);
    const theirs = (
      await t.app.inject({
        method: 'POST',
        url: '/kgapi/admin/verify',
        headers: authHeaders(otherSession),
        payload: { identifier: OPS_A, challenge: PASSWORD },
      })
    ).json().verification_token;
    expect((await call('POST', '/logins/add', OPS_A, body(), proof(theirs))).statusCode).toBe(403);
    const stale = await verify(OPS_A);
    await t.db
      .updateTable('verification_tokens')
      .set({ expires_at: '2000-01-01 00:00:00' })
      .execute();
    expect((await call('POST', '/logins/add', OPS_A, body(), proof(stale))).statusCode).toBe(403);
  });

  it('checks the form before using up the proof', async () => {
    const token = await verify(OPS_A);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ security_company_uuid: '' }, 'Security Company is required.'],
      [{ email: '', identifier: '' }, 'Email address is required.'],
      [{ challenge: '' }, 'Password is required.'],
      [{ email: OPS_B, identifier: OPS_B }, 'Email is already in use.'],
    ];
    for (const [overrides, message] of cases) {
      const response = await call('POST', '/logins/add', OPS_A, body(overrides), proof(token));
      expect(response.json().error?.message, message).toBe(message);
    }
    expect((await call('POST', '/logins/add', OPS_A, body(), proof(token))).statusCode).toBe(200);
  });

  it('keeps every field a PATCH leaves out: email, company, status and password', async () => {
    const payload = body({ is_active: 1 });
    const created = (
      await call('POST', '/logins/add', OPS_A, payload, proof(await verify(OPS_A)))
    ).json().resource[0];
    const edited = await call(
      'PATCH',
      `/logins/${created.uuid}`,
      OPS_A,
      { type: 'userpass' },
      proof(await verify(OPS_A)),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().resource[0]).toMatchObject({
      user_email: payload.email,
      security_company_uuid: alpha,
      is_active: 1,
    });
    expect((await signInAnswer(payload.email, 'Desk@1234')).statusCode).toBe(200);
  });

  it('edits a login: a blank password keeps it, a new one ends its sessions; deactivation too', async () => {
    const payload = body();
    const created = (
      await call('POST', '/logins/add', OPS_A, payload, proof(await verify(OPS_A)))
    ).json().resource[0];
    const session = (await signInAnswer(payload.email, 'Desk@1234')).json().session_token;
    const kept = await call(
      'PATCH',
      `/logins/${created.uuid}`,
      OPS_A,
      { ...payload, challenge: '' },
      proof(await verify(OPS_A)),
    );
    expect(kept.statusCode).toBe(200);
    expect((await signInAnswer(payload.email, 'Desk@1234')).statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/kgapi/dashboard/data',
          headers: authHeaders(session),
        })
      ).statusCode,
    ).toBe(200);
    await call(
      'PATCH',
      `/logins/${created.uuid}`,
      OPS_A,
      { ...payload, challenge: 'Fresh@5678' },
      proof(await verify(OPS_A)),
    );
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/kgapi/dashboard/data',
          headers: authHeaders(session),
        })
      ).statusCode,
    ).toBe(401);
    expect((await signInAnswer(payload.email, 'Fresh@5678')).statusCode).toBe(200);
    const off = await call(
      'PATCH',
      `/logins/${created.uuid}`,
      OPS_A,
      { ...payload, challenge: '', is_active: 0 },
      proof(await verify(OPS_A)),
    );
    expect(off.json().resource[0].is_active).toBe(0);
    const right = await signInAnswer(payload.email, 'Fresh@5678');
    expect(right.json().error.code).toBe('ACCOUNT_INACTIVE');
    // A wrong password gets the same answer, so it does not confirm the right one.
    const wrong = await signInAnswer(payload.email, 'Wrong@5678');
    expect([wrong.statusCode, wrong.json()]).toEqual([right.statusCode, right.json()]);
  });

  it('deletes a login with a proof, never one’s own', async () => {
    const payload = body();
    const created = (
      await call('POST', '/logins/add', OPS_A, payload, proof(await verify(OPS_A)))
    ).json().resource[0];
    expect((await call('DELETE', `/logins/${created.uuid}`, OPS_A)).statusCode).toBe(403);
    expect(
      (
        await call(
          'DELETE',
          `/logins/${created.uuid}`,
          OPS_A,
          undefined,
          proof(await verify(OPS_A)),
        )
      ).statusCode,
    ).toBe(200);
    expect((await signInAnswer(payload.email, 'Desk@1234')).statusCode).toBe(401);
    const me = (
      await t.db
        .selectFrom('user_profiles')
        .select('uuid')
        .where('email', '=', OPS_A)
        .executeTakeFirstOrThrow()
    ).uuid;
    const self = await call(
      'DELETE',
      `/logins/${me}`,
      OPS_A,
      undefined,
      proof(await verify(OPS_A)),
    );
    expect(self.json().error.message).toBe('You cannot delete the login you are signed in with.');
  });

  it('keeps a company to its own logins, a supervisor to none, and lists the company’s sites', async () => {
    const own = (
      await call(
        'GET',
        `/logins/list?filter=${encodeURIComponent("(access_type = 'securitycompany')")}`,
        OPS_A,
      )
    ).json<ListResponse<Login>>();
    expect(own.resource.every((login) => login.security_company_uuid === alpha)).toBe(true);
    // The company's state rides along, so the console can say why an Active login cannot sign in.
    expect(own.resource.every((login) => login.security_company_is_active === 1)).toBe(true);
    expect(own.resource[0]?.residences.map((r) => r.residence_name).sort()).toEqual([
      'Alpha Annex',
      'Alpha Heights',
    ]);
    const uuids = own.resource.map((login) => login.uuid);
    expect(uuids).toEqual([...uuids].sort().reverse());
    expect((await call('GET', '/logins/list', SUP_A)).json().meta.count).toBe(0);
    const bravoLogin = (await call('GET', '/logins/list', OPS_B)).json<ListResponse<Login>>()
      .resource[0];
    expect(
      (
        await call(
          'PATCH',
          `/logins/${bravoLogin?.uuid}`,
          OPS_A,
          body(),
          proof(await verify(OPS_A)),
        )
      ).statusCode,
    ).toBe(404);
    const moved = await call(
      'POST',
      '/logins/add',
      OPS_A,
      body({ security_company_uuid: bravo }),
      proof(await verify(OPS_A)),
    );
    expect(moved.statusCode).toBe(403);
    const search = await call(
      'GET',
      `/logins/list?filter=${encodeURIComponent("(user_email like '%bravo%') or (security_company_name like '%bravo%')")}`,
      ROOT,
    );
    expect(search.json<ListResponse<Login>>().resource.map((l) => l.user_email)).toEqual([OPS_B]);

    // A suspended company's logins say so, whatever their own status.
    await t.db
      .updateTable('security_companies')
      .set({ is_active: 0 })
      .where('uuid', '=', bravo)
      .execute();
    try {
      const suspended = (await call('GET', '/logins/list', ROOT)).json<ListResponse<Login>>();
      const byEmail = new Map(suspended.resource.map((l) => [l.user_email, l]));
      expect(byEmail.get(OPS_B)?.security_company_is_active).toBe(0);
      expect(byEmail.get(OPS_B)?.is_active).toBe(1);
      expect(byEmail.get(OPS_A)?.security_company_is_active).toBe(1);
    } finally {
      await t.db
        .updateTable('security_companies')
        .set({ is_active: 1 })
        .where('uuid', '=', bravo)
        .execute();
    }
  });
});
