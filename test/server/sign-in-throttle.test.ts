import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createSignInThrottle,
  FAILURE_WINDOW_MS,
  MAX_FAILED_ATTEMPTS,
} from '../../server/src/auth/sign-in-throttle';
import { createUser, PASSWORD } from './factories';
import { APP_KEY, authHeaders, makeTestApp, signIn, type TestApp } from './test-app';

describe('sign-in throttle', () => {
  it('locks an email after its allowed failures until the oldest leaves the window', () => {
    let clock = 0;
    const throttle = createSignInThrottle(() => clock);
    for (let i = 0; i < MAX_FAILED_ATTEMPTS; i += 1) {
      throttle.check('A@example.com');
      throttle.failed('a@example.com ');
      clock += 1000;
    }
    expect(() => throttle.check('a@example.com')).toThrow(/Too many failed sign-in attempts/);
    expect(() => throttle.check('other@example.com')).not.toThrow();
    clock = FAILURE_WINDOW_MS + 1;
    expect(() => throttle.check('a@example.com')).not.toThrow();
  });

  it('forgets the failures of an email once it signs in', () => {
    const throttle = createSignInThrottle(() => 0);
    for (let i = 0; i < MAX_FAILED_ATTEMPTS - 1; i += 1) throttle.failed('a@example.com');
    throttle.succeeded('a@example.com');
    throttle.failed('a@example.com');
    expect(() => throttle.check('a@example.com')).not.toThrow();
  });
});

describe('throttled calls', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await makeTestApp();
    await createUser(t.db, { email: 'admin@example.com', role: 'superadmin' });
  });
  afterEach(async () => {
    await t.close();
  });

  const attempt = (challenge: string) =>
    t.app.inject({
      method: 'POST',
      url: '/kgapi/admin/session',
      headers: { 'x-application-key': APP_KEY },
      payload: { identifier: 'admin@example.com', challenge },
    });

  it('answers 429 after repeated wrong passwords, even to the right one', async () => {
    for (let i = 0; i < MAX_FAILED_ATTEMPTS; i += 1) {
      expect((await attempt('wrong')).statusCode).toBe(401);
    }
    const locked = await attempt(PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toEqual({
      code: 'TOO_MANY_ATTEMPTS',
      message: 'Too many failed sign-in attempts. Please try again in 15 minutes.',
    });
    expect(await t.db.selectFrom('sessions').selectAll().execute()).toHaveLength(0);
  });

  it('throttles re-verification by the caller’s own email', async () => {
    const token = await signIn(t.app, 'admin@example.com', PASSWORD);
    const verify = (challenge: string) =>
      t.app.inject({
        method: 'POST',
        url: '/kgapi/admin/verify',
        headers: authHeaders(token),
        payload: { identifier: 'admin@example.com', challenge },
      });
    for (let i = 0; i < MAX_FAILED_ATTEMPTS; i += 1) {
      expect((await verify('wrong')).statusCode).toBe(403);
    }
    expect((await verify(PASSWORD)).statusCode).toBe(429);
  });
});
