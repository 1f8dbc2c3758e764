import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { APP_KEY, authHeaders, makeTestApp, signIn, type TestApp } from './test-app';
import { createCompany, createSite, createUser, PASSWORD } from './factories';

let t: TestApp;

beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(async () => {
  await t.close();
});

describe('POST /admin/session', () => {
  it('answers the token, the profile with its roles and the identity for right credentials', async () => {
    const company = await createCompany(t.db, 'Aegis Guarding');
    const siteA = await createSite(t.db, company, { name: 'Alpha Towers' });
    const siteB = await createSite(t.db, company, { name: 'Beta Court' });
    await createUser(t.db, {
      email: 'sup@example.com',
      name: 'Sam',
      role: 'sitesupervisor',
      companyUuid: company,
      siteUuids: [siteA, siteB],
    });

    const response = await t.app.inject({
      method: 'POST',
      url: '/kgapi/admin/session',
      headers: { 'x-application-key': APP_KEY },
      payload: { identifier: 'SUP@example.com', challenge: PASSWORD },
    });

    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.session_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body.identities).toHaveLength(1);
    expect(body.profile.name).toBe('Sam');
    expect(body.profile.roles).toEqual([
      {
        type: 'sitesupervisor',
        security_company_uuid: company,
        security_company_name: 'Aegis Guarding',
        residence_uuid: siteA,
        residence_name: 'Alpha Towers',
      },
      {
        type: 'sitesupervisor',
        security_company_uuid: company,
        security_company_name: 'Aegis Guarding',
        residence_uuid: siteB,
        residence_name: 'Beta Court',
      },
    ]);
    const stored = await t.db.selectFrom('sessions').select('token_hash').execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).not.toBe(body.session_token);
  });

  it('refuses a wrong password and an unknown email alike, with 401 and an error body', async () => {
    await createUser(t.db, { email: 'admin@example.com', role: 'superadmin' });
    for (const payload of [
      { identifier: 'admin@example.com', challenge: 'wrong-password' },
      { identifier: 'nobody@example.com', challenge: PASSWORD },
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/kgapi/admin/session',
        headers: { 'x-application-key': APP_KEY },
        payload,
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password.' },
      });
    }
    expect(await t.db.selectFrom('sessions').selectAll().execute()).toHaveLength(0);
  });

  it('refuses an inactive account', async () => {
    await createUser(t.db, { email: 'off@example.com', role: 'superadmin', isActive: 0 });
    const response = await t.app.inject({
      method: 'POST',
      url: '/kgapi/admin/session',
      headers: { 'x-application-key': APP_KEY },
      payload: { identifier: 'off@example.com', challenge: PASSWORD },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('ACCOUNT_INACTIVE');
  });

  it('answers 400 with a message when a field is missing', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/kgapi/admin/session',
      headers: { 'x-application-key': APP_KEY },
      payload: { identifier: 'admin@example.com' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/challenge/);
  });
});

describe('authentication of other calls', () => {
  it('answers 401 without an app key, with a wrong app key, without a token and with a made-up token', async () => {
    await createUser(t.db, { email: 'admin@example.com', role: 'superadmin' });
    const token = await signIn(t.app, 'admin@example.com', PASSWORD);
    const attempts: Array<Record<string, string>> = [
      { authorization: `Bearer ${token}` },
      { 'x-application-key': 'wrong', authorization: `Bearer ${token}` },
      { 'x-application-key': APP_KEY },
      authHeaders('made-up-token'),
    ];
    for (const headers of attempts) {
      const response = await t.app.inject({ method: 'GET', url: '/kgapi/dashboard/data', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('UNAUTHORIZED');
    }
    const ok = await t.app.inject({
      method: 'GET',
      url: '/kgapi/dashboard/data',
      headers: authHeaders(token),
    });
    expect(ok.statusCode).toBe(200);
  });

  it('revokes the token on DELETE /identity/session', async () => {
    await createUser(t.db, { email: 'admin@example.com', role: 'superadmin' });
    const token = await signIn(t.app, 'admin@example.com', PASSWORD);
    const logout = await t.app.inject({
      method: 'DELETE',
      url: '/kgapi/identity/session',
      headers: authHeaders(token),
    });
    expect(logout.statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: '/kgapi/dashboard/data',
      headers: authHeaders(token),
    });
    expect(after.statusCode).toBe(401);
  });

  it('ends the sessions of an account that is made inactive', async () => {
    const profile = await createUser(t.db, { email: 'admin@example.com', role: 'superadmin' });
    const token = await signIn(t.app, 'admin@example.com', PASSWORD);
    await t.db
      .updateTable('user_profiles')
      .set({ is_active: 0 })
      .where('uuid', '=', profile)
      .execute();
    const after = await t.app.inject({
      method: 'GET',
      url: '/kgapi/dashboard/data',
      headers: authHeaders(token),
    });
    expect(after.statusCode).toBe(401);
  });

  it('answers an unknown API call with 404 in the error shape', async () => {
    await createUser(t.db, { email: 'admin@example.com', role: 'superadmin' });
    const token = await signIn(t.app, 'admin@example.com', PASSWORD);
    const response = await t.app.inject({
      method: 'GET',
      url: '/kgapi/nothing/here',
      headers: authHeaders(token),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });
});

describe('POST /admin/verify and /admin/searchadmin', () => {
  it('verifies only the caller’s own credentials, without ending the session on failure', async () => {
    await createUser(t.db, { email: 'admin@example.com', role: 'superadmin' });
    await createUser(t.db, { email: 'other@example.com', role: 'superadmin' });
    const token = await signIn(t.app, 'admin@example.com', PASSWORD);
    const verify = (identifier: string, challenge: string) =>
      t.app.inject({
        method: 'POST',
        url: '/kgapi/admin/verify',
        headers: authHeaders(token),
        payload: { identifier, challenge },
      });

    expect((await verify('admin@example.com', PASSWORD)).json()).toEqual({
      success: true,
      verification_token: expect.stringMatching(/^[\w-]{43}$/),
    });
    const wrong = await verify('admin@example.com', 'nope');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.code).toBe('VERIFICATION_FAILED');
    expect((await verify('other@example.com', PASSWORD)).statusCode).toBe(403);
    const still = await t.app.inject({
      method: 'GET',
      url: '/kgapi/dashboard/data',
      headers: authHeaders(token),
    });
    expect(still.statusCode).toBe(200);
  });

  it('finds an email in use, whatever its case', async () => {
    const profile = await createUser(t.db, { email: 'admin@example.com', role: 'superadmin' });
    const token = await signIn(t.app, 'admin@example.com', PASSWORD);
    const search = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/kgapi/admin/searchadmin',
        headers: authHeaders(token),
        payload: { email },
      });
    const found = (await search(' Admin@Example.com ')).json();
    expect(found.meta.count).toBe(1);
    expect(found.resource).toEqual([{ uuid: profile }]);
    expect((await search('free@example.com')).json()).toEqual({ resource: [], meta: { count: 0 } });
  });
});

describe('security headers', () => {
  it('marks API answers not to be cached, sniffed or framed', async () => {
    await createUser(t.db, { email: 'admin@example.com', role: 'superadmin' });
    const token = await signIn(t.app, 'admin@example.com', PASSWORD);
    const response = await t.app.inject({
      method: 'GET',
      url: '/kgapi/dashboard/data',
      headers: authHeaders(token),
    });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    const refused = await t.app.inject({ method: 'GET', url: '/kgapi/dashboard/data' });
    expect(refused.headers['cache-control']).toBe('no-store');
  });
});

describe('a user’s own sessions', () => {
  async function signInFrom(email: string, userAgent: string): Promise<string> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/kgapi/admin/session',
      headers: { 'x-application-key': APP_KEY, 'user-agent': userAgent },
      payload: { identifier: email, challenge: PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ session_token: string }>().session_token;
  }
  const listOf = (token: string) =>
    t.app.inject({ method: 'GET', url: '/kgapi/identity/sessions', headers: authHeaders(token) });

  it('are listed with their device and address, and one can end another', async () => {
    await createUser(t.db, { email: 'desk@example.com', role: 'superadmin' });
    await createUser(t.db, { email: 'other@example.com', role: 'superadmin' });
    const laptop = await signInFrom('desk@example.com', 'Laptop Browser/1.0');
    const tablet = await signInFrom('desk@example.com', 'Tablet Browser/2.0');
    const other = await signInFrom('other@example.com', 'Other Browser/3.0');

    const listed = await listOf(laptop);
    expect(listed.statusCode).toBe(200);
    const body = listed.json<{
      resource: Array<{
        uuid: string;
        user_agent: string;
        client_address: string;
        current: boolean;
      }>;
      meta: { count: number };
    }>();
    expect(body.meta.count).toBe(2);
    expect(body.resource.map((session) => session.user_agent).sort()).toEqual([
      'Laptop Browser/1.0',
      'Tablet Browser/2.0',
    ]);
    expect(body.resource.find((session) => session.current)?.user_agent).toBe('Laptop Browser/1.0');
    expect(body.resource.every((session) => session.client_address === '127.0.0.1')).toBe(true);

    // Another person's session is not one's own to end: it answers as unknown.
    const othersUuid = (await listOf(other)).json<{ resource: Array<{ uuid: string }> }>()
      .resource[0]?.uuid;
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/kgapi/identity/sessions/${othersUuid}`,
      headers: authHeaders(laptop),
    });
    expect(refused.statusCode).toBe(404);
    expect((await listOf(other)).statusCode).toBe(200);

    const tabletUuid = body.resource.find((session) => !session.current)?.uuid;
    const ended = await t.app.inject({
      method: 'DELETE',
      url: `/kgapi/identity/sessions/${tabletUuid}`,
      headers: authHeaders(laptop),
    });
    expect(ended.statusCode).toBe(200);
    expect((await listOf(tablet)).statusCode).toBe(401);
    expect((await listOf(laptop)).json<{ meta: { count: number } }>().meta.count).toBe(1);
  });
});
