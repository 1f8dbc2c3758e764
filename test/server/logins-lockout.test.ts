import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createUser, PASSWORD } from './factories';
import { authHeaders, makeTestApp, signIn, type TestApp } from './test-app';

let t: TestApp;
const token: Record<string, string> = {};
let alpha: string;
let bravo: string;
let opsA: string;
let deskA: string;
let opsB: string;

const ROOT = 'root@example.com';
const OPS_A = 'ops@alpha.example.com';
const DESK_A = 'desk@alpha.example.com';
const OPS_B = 'ops@bravo.example.com';

beforeAll(async () => {
  t = await makeTestApp();
  alpha = await createCompany(t.db, 'Alpha Guards');
  bravo = await createCompany(t.db, 'Bravo Guards');
  await createUser(t.db, { email: ROOT, role: 'superadmin' });
  opsA = await createUser(t.db, { email: OPS_A, role: 'securitycompany', companyUuid: alpha });
  deskA = await createUser(t.db, { email: DESK_A, role: 'securitycompany', companyUuid: alpha });
  opsB = await createUser(t.db, { email: OPS_B, role: 'securitycompany', companyUuid: bravo });
  for (const email of [ROOT, OPS_A, OPS_B]) token[email] = await signIn(t.app, email, PASSWORD);
});
afterAll(async () => {
  await t.close();
});

/** A login write as `email`, with a fresh proof of re-verification. */
async function write(email: string, method: 'PATCH' | 'DELETE', uuid: string, payload?: object) {
  const verified = await t.app.inject({
    method: 'POST',
    url: '/kgapi/admin/verify',
    headers: authHeaders(token[email] ?? ''),
    payload: { identifier: email, challenge: PASSWORD },
  });
  return t.app.inject({
    method,
    url: `/kgapi/logins/${uuid}`,
    headers: {
      ...authHeaders(token[email] ?? ''),
      'x-verification-token': verified.json().verification_token,
    },
    payload,
  });
}

const isActive = async (uuid: string) =>
  (
    await t.db
      .selectFrom('user_profiles')
      .select(['is_active', 'deleted_at'])
      .where('uuid', '=', uuid)
      .executeTakeFirstOrThrow()
  ).is_active === 1;

const isDeleted = async (uuid: string) =>
  (
    await t.db
      .selectFrom('user_profiles')
      .select('deleted_at')
      .where('uuid', '=', uuid)
      .executeTakeFirstOrThrow()
  ).deleted_at !== null;

describe('a login cannot lock its own company out', () => {
  it('refuses deactivating the caller’s own login, and keeps it signed in', async () => {
    const answer = await write(OPS_A, 'PATCH', opsA, { is_active: 0 });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      error: {
        code: 'OWN_LOGIN',
        message: 'You cannot deactivate the login you are signed in with.',
      },
    });
    expect(await isActive(opsA)).toBe(true);
    const still = await t.app.inject({
      method: 'GET',
      url: '/kgapi/logins/list',
      headers: authHeaders(token[OPS_A] ?? ''),
    });
    expect(still.statusCode).toBe(200);
  });

  it('refuses deleting the caller’s own login', async () => {
    const answer = await write(OPS_A, 'DELETE', opsA);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error).toEqual({
      code: 'OWN_LOGIN',
      message: 'You cannot delete the login you are signed in with.',
    });
    expect(await isDeleted(opsA)).toBe(false);
  });

  it('lets the caller edit its own login while it stays active', async () => {
    const answer = await write(OPS_A, 'PATCH', opsA, { is_active: 1 });
    expect(answer.statusCode, answer.body).toBe(200);
  });

  it('refuses deactivating, moving or deleting a company’s last active login', async () => {
    const lastActive = {
      error: {
        code: 'LAST_ACTIVE_LOGIN',
        message:
          'This is the last active login of its security company. Add or activate another login first.',
      },
    };
    const off = await write(ROOT, 'PATCH', opsB, { is_active: 0 });
    expect([off.statusCode, off.json()]).toEqual([409, lastActive]);
    const moved = await write(ROOT, 'PATCH', opsB, { security_company_uuid: alpha });
    expect([moved.statusCode, moved.json()]).toEqual([409, lastActive]);
    const gone = await write(ROOT, 'DELETE', opsB);
    expect([gone.statusCode, gone.json()]).toEqual([409, lastActive]);
    expect(await isActive(opsB)).toBe(true);
    expect(await isDeleted(opsB)).toBe(false);
  });

  it('lets a company’s other login go while one stays active, then keeps the last', async () => {
    const off = await write(OPS_A, 'PATCH', deskA, { is_active: 0 });
    expect(off.statusCode, off.body).toBe(200);
    expect(await isActive(deskA)).toBe(false);
    // An inactive login takes nothing away: it may be deleted even when one other stays.
    expect((await write(OPS_A, 'DELETE', deskA)).statusCode).toBe(200);
    const last = await write(ROOT, 'PATCH', opsA, { is_active: 0 });
    expect(last.statusCode).toBe(409);
    expect(last.json().error.code).toBe('LAST_ACTIVE_LOGIN');
    expect(await isActive(opsA)).toBe(true);
  });
});
