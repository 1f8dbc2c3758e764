import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  addressKey,
  createPasswordThrottle,
  THROTTLE_POLICY,
} from '../../server/src/auth/password-throttle';
import type { DB } from '../../server/src/db/database';
import { createUser, PASSWORD } from './factories';
import { openTestDatabase } from './test-database';
import { APP_KEY, authHeaders, makeTestApp, signIn, type TestApp } from './test-app';

describe('the throttle store', () => {
  let db: DB;
  let close: () => Promise<void>;
  let clock: number;
  let throttle: ReturnType<typeof createPasswordThrottle>;
  beforeEach(async () => {
    ({ db, close } = await openTestDatabase());
    clock = 1_000_000;
    throttle = createPasswordThrottle(db, () => clock);
  });
  afterEach(async () => {
    await close();
  });

  async function waitOf(ip: string): Promise<number | null> {
    try {
      await throttle.checkSignIn(ip);
      return null;
    } catch (error) {
      return Number((error as { headers: Record<string, string> }).headers['Retry-After']);
    }
  }

  it('lets an address fail five times freely, then doubles its wait after each failure', async () => {
    const waits: Array<number | null> = [];
    for (let i = 0; i < 9; i += 1) {
      await throttle.signInFailed('10.0.0.1', 'a@example.com');
      waits.push(await waitOf('10.0.0.1'));
      clock += 100_000;
    }
    expect(waits).toEqual([null, null, null, null, null, 1, 2, 4, 8]);
    expect(await waitOf('10.0.0.2')).toBeNull();
  });

  it('refuses an address for a whole window once it has failed too often, then forgets it', async () => {
    for (let i = 0; i < THROTTLE_POLICY.refuseAfter; i += 1) {
      await throttle.signInFailed('10.0.0.1', `user${i}@example.com`);
      clock += 1;
    }
    expect(await waitOf('10.0.0.1')).toBe(THROTTLE_POLICY.windowMs / 1000);
    clock += THROTTLE_POLICY.windowMs;
    expect(await waitOf('10.0.0.1')).toBeNull();
  });

  it('slows every address failing on an account under attack from its first failure', async () => {
    for (let i = 0; i < THROTTLE_POLICY.accountUnderAttack; i += 1) {
      await throttle.signInFailed(`10.0.1.${i}`, 'victim@example.com');
    }
    await throttle.signInFailed('10.0.2.1', 'Victim@Example.com ');
    expect(await waitOf('10.0.2.1')).toBe(1);
    // An address that has not failed is never held back, whatever the account's count.
    expect(await waitOf('10.0.2.2')).toBeNull();
    await throttle.signInSucceeded('victim@example.com');
    await throttle.signInFailed('10.0.2.3', 'victim@example.com');
    expect(await waitOf('10.0.2.3')).toBeNull();
  });

  it('keys IPv6 clients by their /64 and IPv4-mapped addresses as IPv4', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('ip6:2001:db8:1:2');
    expect(addressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('ip6:2001:db8:1:2');
    expect(addressKey('2001:db8::1')).toBe('ip6:2001:db8:0:0');
    expect(addressKey('::ffff:192.0.2.7')).toBe('ip:192.0.2.7');
    expect(addressKey('192.0.2.7')).toBe('ip:192.0.2.7');
  });

  it('keeps its counts in the database, where a second server process sees them', async () => {
    const other = createPasswordThrottle(db, () => clock);
    for (let i = 0; i < THROTTLE_POLICY.freeFailures + 1; i += 1) {
      await throttle.signInFailed('10.0.0.9', 'a@example.com');
    }
    await expect(other.checkSignIn('10.0.0.9')).rejects.toMatchObject({ statusCode: 429 });
  });
});

describe('sign-in and re-verification through the API', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await makeTestApp();
    await createUser(t.db, { email: 'admin@example.com', role: 'superadmin' });
  });
  afterEach(async () => {
    await t.close();
  });

  const attempt = (identifier: string, challenge: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/kgapi/admin/session',
      headers: { 'x-application-key': APP_KEY },
      payload: { identifier, challenge },
      remoteAddress,
    });

  it('still accepts the right password from another address after one address failed many times', async () => {
    for (let i = 0; i <= THROTTLE_POLICY.freeFailures; i += 1) {
      expect((await attempt('admin@example.com', 'wrong', '203.0.113.9')).statusCode).toBe(401);
    }
    const slowed = await attempt('admin@example.com', PASSWORD, '203.0.113.9');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.headers['retry-after']).toBe('1');
    expect(slowed.json().error).toEqual({
      code: 'TOO_MANY_ATTEMPTS',
      message: 'Too many failed sign-in attempts from your network. Please try again in 1 second.',
    });
    const owner = await attempt('admin@example.com', PASSWORD, '198.51.100.4');
    expect(owner.statusCode).toBe(200);
  });

  it('answers alike whether or not the account exists', async () => {
    const known = await attempt('admin@example.com', 'wrong', '203.0.113.1');
    const unknown = await attempt('nobody@example.com', 'wrong', '203.0.113.2');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    for (let i = 1; i <= THROTTLE_POLICY.freeFailures; i += 1) {
      await attempt('admin@example.com', 'wrong', '203.0.113.1');
      await attempt('nobody@example.com', 'wrong', '203.0.113.2');
    }
    const knownSlowed = await attempt('admin@example.com', 'wrong', '203.0.113.1');
    const unknownSlowed = await attempt('nobody@example.com', 'wrong', '203.0.113.2');
    expect(unknownSlowed.statusCode).toBe(429);
    expect(unknownSlowed.json()).toEqual(knownSlowed.json());
  });

  it('counts verification failures against the session, never against sign-in', async () => {
    const token = await signIn(t.app, 'admin@example.com', PASSWORD);
    const verify = (sessionToken: string, challenge: string) =>
      t.app.inject({
        method: 'POST',
        url: '/kgapi/admin/verify',
        headers: authHeaders(sessionToken),
        payload: { identifier: 'admin@example.com', challenge },
      });
    for (let i = 0; i <= THROTTLE_POLICY.sessionFreeFailures; i += 1) {
      expect((await verify(token, 'wrong')).statusCode).toBe(403);
    }
    const slowed = await verify(token, PASSWORD);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().error.message).toBe(
      'Too many failed verification attempts. Please try again in 1 second.',
    );
    const another = await signIn(t.app, 'admin@example.com', PASSWORD);
    expect((await verify(another, PASSWORD)).json()).toMatchObject({ success: true });
  });
});
