import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAccountsRepository } from '../../server/src/auth/accounts.repository';
import { createSessionsRepository } from '../../server/src/auth/sessions';
import { readConfig } from '../../server/src/config';
import { toDbTime } from '../../server/src/db/time';
import { createCompany, createSite, createUser, PASSWORD } from './factories';
import { APP_KEY, authHeaders, makeTestApp, signIn, type TestApp } from './test-app';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(async () => {
  await t.close();
});

const signInAnswer = (identifier: string) =>
  t.app.inject({
    method: 'POST',
    url: '/kgapi/admin/session',
    headers: { 'x-application-key': APP_KEY },
    payload: { identifier, challenge: PASSWORD },
  });

const dashboard = (token: string) =>
  t.app.inject({ method: 'GET', url: '/kgapi/dashboard/data', headers: authHeaders(token) });

const COMPANY_INACTIVE = {
  code: 'COMPANY_INACTIVE',
  message: 'Your security company is inactive. Please contact your administrator.',
};

describe('accounts of an inactive or deleted security company', () => {
  it('cannot sign in, as company staff or as a supervisor', async () => {
    const company = await createCompany(t.db, 'Dormant Guards', 0);
    const site = await createSite(t.db, company);
    await createUser(t.db, {
      email: 'ops@dormant.example.com',
      role: 'securitycompany',
      companyUuid: company,
    });
    await createUser(t.db, {
      email: 'sup@dormant.example.com',
      role: 'sitesupervisor',
      companyUuid: company,
      siteUuids: [site],
    });
    for (const email of ['ops@dormant.example.com', 'sup@dormant.example.com']) {
      const answer = await signInAnswer(email);
      expect(answer.statusCode).toBe(403);
      expect(answer.json().error).toEqual(COMPANY_INACTIVE);
    }
    expect(await t.db.selectFrom('sessions').selectAll().execute()).toHaveLength(0);
  });

  it('lose their live sessions at once when the company is deactivated or deleted', async () => {
    const active = await createCompany(t.db);
    const deleted = await createCompany(t.db);
    await createUser(t.db, {
      email: 'a@example.com',
      role: 'securitycompany',
      companyUuid: active,
    });
    await createUser(t.db, {
      email: 'd@example.com',
      role: 'securitycompany',
      companyUuid: deleted,
    });
    const tokenA = await signIn(t.app, 'a@example.com', PASSWORD);
    const tokenD = await signIn(t.app, 'd@example.com', PASSWORD);
    expect((await dashboard(tokenA)).statusCode).toBe(200);

    await t.db
      .updateTable('security_companies')
      .set({ is_active: 0 })
      .where('uuid', '=', active)
      .execute();
    await t.db
      .updateTable('security_companies')
      .set({ deleted_at: toDbTime(new Date()) })
      .where('uuid', '=', deleted)
      .execute();
    for (const token of [tokenA, tokenD]) {
      const refused = await dashboard(token);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().error.message).toBe(COMPANY_INACTIVE.message);
    }
    expect((await signInAnswer('d@example.com')).json().error).toEqual(COMPANY_INACTIVE);
  });

  it('leave the super administrator, who has no company, unaffected', async () => {
    await createUser(t.db, { email: 'root@example.com', role: 'superadmin' });
    expect((await signInAnswer('root@example.com')).statusCode).toBe(200);
  });
});

describe('deactivating or deleting a user', () => {
  it('revokes its sessions for good: reactivation does not bring them back', async () => {
    const profile = await createUser(t.db, { email: 'admin@example.com', role: 'superadmin' });
    const token = await signIn(t.app, 'admin@example.com', PASSWORD);
    const accounts = createAccountsRepository(t.db);
    await accounts.setActive(profile, false);
    expect((await dashboard(token)).statusCode).toBe(401);
    expect((await signInAnswer('admin@example.com')).json().error.code).toBe('ACCOUNT_INACTIVE');
    await accounts.setActive(profile, true);
    expect((await dashboard(token)).statusCode).toBe(401);
    expect((await dashboard(await signIn(t.app, 'admin@example.com', PASSWORD))).statusCode).toBe(
      200,
    );
  });

  it('revokes the sessions of a deleted user', async () => {
    const profile = await createUser(t.db, { email: 'gone@example.com', role: 'superadmin' });
    const token = await signIn(t.app, 'gone@example.com', PASSWORD);
    await createAccountsRepository(t.db).remove(profile);
    expect((await dashboard(token)).statusCode).toBe(401);
    const revoked = await t.db
      .selectFrom('sessions')
      .select('revoked_at')
      .where('user_profile_uuid', '=', profile)
      .execute();
    expect(revoked.every((row) => row.revoked_at !== null)).toBe(true);
  });

  it('refuses a supervisor whose supervisor record is inactive', async () => {
    const company = await createCompany(t.db);
    const site = await createSite(t.db, company);
    const profile = await createUser(t.db, {
      email: 'sup@example.com',
      role: 'sitesupervisor',
      companyUuid: company,
      siteUuids: [site],
    });
    await t.db
      .updateTable('site_supervisors')
      .set({ is_active: 0 })
      .where('kg_user_profile_uuid', '=', profile)
      .execute();
    expect((await signInAnswer('sup@example.com')).json().error.code).toBe('ACCOUNT_INACTIVE');
  });
});

describe('sessions expire', () => {
  it('after SESSION_TTL_HOURS, however busy', async () => {
    const profile = await createUser(t.db, { email: 'admin@example.com', role: 'superadmin' });
    const sessions = createSessionsRepository(t.db, { ttlHours: 2, idleMinutes: 30 });
    const started = Date.parse('2026-01-01T08:00:00Z');
    const token = await sessions.create(profile, new Date(started));
    // Used every 20 minutes: never idle, and still over at its lifetime's end.
    for (let minute = 20; minute < 120; minute += 20) {
      expect(await sessions.use(token, new Date(started + minute * 60_000))).toHaveProperty('uuid');
    }
    expect(await sessions.use(token, new Date('2026-01-01T09:59:59Z'))).toHaveProperty('uuid');
    expect(await sessions.use(token, new Date('2026-01-01T10:00:00Z'))).toBe('unknown');
  });

  it('after SESSION_IDLE_MINUTES without use, for good', async () => {
    const profile = await createUser(t.db, { email: 'admin@example.com', role: 'superadmin' });
    const sessions = createSessionsRepository(t.db, { ttlHours: 12, idleMinutes: 30 });
    const started = Date.parse('2026-01-01T08:00:00Z');
    const at = (minutes: number, seconds = 0) =>
      new Date(started + minutes * 60_000 + seconds * 1000);
    const token = await sessions.create(profile, at(0));
    expect(await sessions.use(token, at(29, 59))).toHaveProperty('uuid');
    // Its last use was at 29:59, so 59:58 is 29 min 59 s later: still live.
    expect(await sessions.use(token, at(59, 58))).toHaveProperty('uuid');
    expect(await sessions.use(token, at(89, 58))).toBe('idle');
    // Ended: using it again does not bring it back.
    expect(await sessions.use(token, at(90))).toBe('unknown');
    // The server ended it, and the login's History says so once.
    const ends = await t.db
      .selectFrom('audit_entries')
      .select(['actor_role', 'entity_label', 'changes', 'created_at'])
      .where('entity_uuid', '=', profile)
      .where('action', '=', 'session-end')
      .execute();
    expect(ends).toHaveLength(1);
    expect(ends[0]).toMatchObject({
      actor_role: 'system',
      entity_label: 'admin@example.com',
      created_at: '2026-01-01 09:29:58',
    });
    expect(JSON.parse(ends[0]?.changes ?? '{}')).toMatchObject({
      reason: { before: null, after: 'idle' },
    });
  });

  it('that the server ends after SESSION_IDLE_MINUTES, saying why, and names the timeout while live', async () => {
    const idle = await makeTestApp({ env: { SESSION_IDLE_MINUTES: '30' } });
    try {
      await createUser(idle.db, { email: 'admin@example.com', role: 'superadmin' });
      const token = await signIn(idle.app, 'admin@example.com', PASSWORD);
      const live = await idle.app.inject({
        method: 'GET',
        url: '/kgapi/dashboard/data',
        headers: authHeaders(token),
      });
      expect(live.statusCode).toBe(200);
      expect(live.headers['x-session-idle-minutes']).toBe('30');
      // The session was last used 31 minutes ago.
      const longAgo = toDbTime(new Date(Date.now() - 31 * 60_000));
      await idle.db.updateTable('sessions').set({ last_seen_at: longAgo }).execute();
      const ended = await idle.app.inject({
        method: 'GET',
        url: '/kgapi/dashboard/data',
        headers: authHeaders(token),
      });
      expect(ended.statusCode).toBe(401);
      expect(ended.json().error).toEqual({
        code: 'SESSION_IDLE',
        message: 'You were signed out after a while without activity. Please sign in again.',
      });
    } finally {
      await idle.close();
    }
  });

  it('that the server refuses once their time is over', async () => {
    await createUser(t.db, { email: 'admin@example.com', role: 'superadmin' });
    const token = await signIn(t.app, 'admin@example.com', PASSWORD);
    await t.db
      .updateTable('sessions')
      .set({ expires_at: toDbTime(new Date(Date.now() - 1000)) })
      .execute();
    expect((await dashboard(token)).statusCode).toBe(401);
  });

  it('lasts 12 hours by default, also when the setting is present but empty', () => {
    expect(readConfig({}).sessionTtlHours).toBe(12);
    expect(readConfig({ SESSION_TTL_HOURS: '' }).sessionTtlHours).toBe(12);
    expect(readConfig({ SESSION_TTL_HOURS: '0.5' }).sessionTtlHours).toBe(0.5);
    expect(() => readConfig({ SESSION_TTL_HOURS: 'soon' })).toThrow(
      "SESSION_TTL_HOURS must be a positive number, not 'soon'.",
    );
  });
});

describe('POST /admin/searchadmin', () => {
  it('counts every match but names only those within the caller’s scope', async () => {
    const mine = await createCompany(t.db);
    const theirs = await createCompany(t.db);
    const site = await createSite(t.db, mine);
    const colleague = await createUser(t.db, {
      email: 'colleague@example.com',
      role: 'securitycompany',
      companyUuid: mine,
    });
    await createUser(t.db, {
      email: 'ops@mine.example.com',
      role: 'securitycompany',
      companyUuid: mine,
    });
    await createUser(t.db, {
      email: 'stranger@example.com',
      role: 'securitycompany',
      companyUuid: theirs,
    });
    const supervisor = await createUser(t.db, {
      email: 'sup@mine.example.com',
      role: 'sitesupervisor',
      companyUuid: mine,
      siteUuids: [site],
    });
    const search = async (token: string, email: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/kgapi/admin/searchadmin',
          headers: authHeaders(token),
          payload: { email },
        })
      ).json();

    const company = await signIn(t.app, 'ops@mine.example.com', PASSWORD);
    expect(await search(company, 'colleague@example.com')).toEqual({
      resource: [{ uuid: colleague }],
      meta: { count: 1 },
    });
    expect(await search(company, 'STRANGER@example.com')).toEqual({
      resource: [],
      meta: { count: 1 },
    });

    const sup = await signIn(t.app, 'sup@mine.example.com', PASSWORD);
    expect(await search(sup, 'sup@mine.example.com')).toEqual({
      resource: [{ uuid: supervisor }],
      meta: { count: 1 },
    });
    expect(await search(sup, 'colleague@example.com')).toEqual({
      resource: [],
      meta: { count: 1 },
    });
  });
});

describe('security headers', () => {
  it('send a Content-Security-Policy without inline script or style, and HSTS only over TLS', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/kgapi/nothing' });
    const policy = response.headers['content-security-policy'];
    expect(policy).toBe(
      "default-src 'self';script-src 'self' 'wasm-unsafe-eval';style-src 'self';img-src 'self' blob: data:;media-src 'self' blob:;connect-src 'self';font-src 'self' data:;object-src 'none';base-uri 'none';form-action 'self';frame-ancestors 'none'",
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('same-origin');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('add HSTS behind a TLS proxy when TRUST_PROXY is on, and let the console reach other API origins', async () => {
    const proxied = await makeTestApp({
      env: {
        TRUST_PROXY: 'on',
        VITE_API_BASE_URL: 'https://api.example.com/kgapi',
        VITE_GUARD_API_BASE_URL: 'https://guards.example.com/api/v1/guard',
      },
    });
    try {
      const response = await proxied.app.inject({
        method: 'GET',
        url: '/kgapi/nothing',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(response.headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
      expect(response.headers['content-security-policy']).toContain(
        "connect-src 'self' https://api.example.com https://guards.example.com",
      );
    } finally {
      await proxied.close();
    }
  });
});

describe('the built console', () => {
  it('is served without its source maps', async () => {
    const staticDir = mkdtempSync(path.join(tmpdir(), 'guard-console-dist-'));
    writeFileSync(
      path.join(staticDir, 'index.html'),
      '<!doctype html><title>Guard Console</title>',
    );
    writeFileSync(
      path.join(staticDir, 'app.js'),
      'console.log(1);\n//# sourceMappingURL=app.js.map',
    );
    writeFileSync(path.join(staticDir, 'app.js.map'), '{"version":3}');
    const served = await makeTestApp({ env: { STATIC_DIR: staticDir } });
    try {
      expect((await served.app.inject({ method: 'GET', url: '/app.js' })).statusCode).toBe(200);
      const map = await served.app.inject({ method: 'GET', url: '/app.js.map' });
      expect(map.body).not.toContain('"version":3');
      const page = await served.app.inject({ method: 'GET', url: '/dashboard' });
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    } finally {
      await served.close();
      rmSync(staticDir, { recursive: true, force: true });
    }
  });
});
