import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { GUARD_SIGN_IN_BUDGET } from '../../server/src/modules/guard-app/guard-app.service';
import { KIOSK_SESSION_IDLE_MS } from '../../server/src/modules/guard-app/guard-app.auth';
import {
  SIGN_IN_NAME_MESSAGES,
  SIGN_IN_TAKEN_BUDGET,
} from '../../server/src/modules/guard-app/sign-in-names';
import { EPASS_LOOKUPS } from '../../server/src/modules/visitors/visitors.routes';
import { createCompany, createGuard, createSite, createUser, PASSWORD } from './factories';
import { guardDoor } from './guard-door';
import { APP_KEY, authHeaders, makeTestApp, signIn, type TestApp } from './test-app';

// Issue 35's findings on the guard door, kiosks and sign-in, each kept by a test that failed
// before its fix (docs/security.md).

const GUARD_PASSWORD = 'Guard@1234';

let t: TestApp;
let door: ReturnType<typeof guardDoor>;
let companyA: string;
let companyB: string;
let siteA: string;
let siteB: string;
let adminToken: string;
let companyAToken: string;
let companyBToken: string;

beforeAll(async () => {
  t = await makeTestApp();
  door = guardDoor(t);
  companyA = await createCompany(t.db, 'Aegis Guarding');
  companyB = await createCompany(t.db, 'Benteng Protection');
  const service = { kipleguard_attendance: 1, kipleguard_visitors: 1, kipleguard_reporting: 1 };
  siteA = await createSite(t.db, companyA, { name: 'Alpha Towers', ...service });
  siteB = await createSite(t.db, companyB, { name: 'Delta Heights', ...service });
  await createUser(t.db, { email: 'admin@example.com', role: 'superadmin' });
  await createUser(t.db, {
    email: 'a@example.com',
    role: 'securitycompany',
    companyUuid: companyA,
  });
  await createUser(t.db, {
    email: 'b@example.com',
    role: 'securitycompany',
    companyUuid: companyB,
  });
  adminToken = await signIn(t.app, 'admin@example.com', PASSWORD);
  companyAToken = await signIn(t.app, 'a@example.com', PASSWORD);
  companyBToken = await signIn(t.app, 'b@example.com', PASSWORD);
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  vi.useRealTimers();
  // Each test counts its own failures and refusals.
  await t.db.deleteFrom('auth_throttle').execute();
});

let guardNumber = 0;

/** A guard of `company` at `site`, with app access given by `consoleToken`. */
async function guardWithAccess(company: string, site: string, consoleToken: string) {
  guardNumber += 1;
  const email = `guard${guardNumber}@trust.example.com`;
  const phone = `6012777${String(guardNumber).padStart(4, '0')}`;
  const uuid = await createGuard(
    t.db,
    company,
    { email, contact_number: phone, pin: String(400000 + guardNumber) },
    [site],
  );
  const given = await giveAccess(uuid, consoleToken);
  expect(given.statusCode, given.body).toBe(200);
  return { uuid, email, phone, pin: String(400000 + guardNumber) };
}

function giveAccess(guardUuid: string, consoleToken: string) {
  return t.app.inject({
    method: 'PUT',
    url: `/kgapi/guards/${guardUuid}/app-access`,
    headers: authHeaders(consoleToken),
    payload: { password: GUARD_PASSWORD },
  });
}

function editGuard(guardUuid: string, consoleToken: string, payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'PATCH',
    url: `/kgapi/guards/${guardUuid}`,
    headers: authHeaders(consoleToken),
    payload,
  });
}

describe('a guard’s sign-in names', () => {
  it('refuses an edit that would give a guard another guard’s sign-in name, with a field error, and the other still signs in', async () => {
    const victim = await guardWithAccess(companyA, siteA, companyAToken);
    const intruder = await guardWithAccess(companyB, siteB, companyBToken);
    for (const [field, value] of [
      ['email', victim.email.toUpperCase()],
      ['contact_number', victim.phone],
    ] as const) {
      const edit = await editGuard(intruder.uuid, companyBToken, { [field]: value });
      expect(edit.statusCode, edit.body).toBe(409);
      expect(edit.json().error).toEqual({
        code: 'SIGN_IN_TAKEN',
        message: SIGN_IN_NAME_MESSAGES.taken,
        field,
      });
    }
    // Nothing of the refused edit was saved, and the victim signs in by either name.
    const stored = await t.db
      .selectFrom('guards')
      .select(['email', 'contact_number'])
      .where('uuid', '=', intruder.uuid)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ email: intruder.email, contact_number: intruder.phone });
    expect((await door.login(victim.email, GUARD_PASSWORD, 'v-1')).statusCode).toBe(200);
    expect((await door.login(victim.phone, GUARD_PASSWORD, 'v-1')).statusCode).toBe(200);
  });

  it('keeps the names unique in the database, whatever write gets there', async () => {
    const one = await guardWithAccess(companyA, siteA, companyAToken);
    const two = await guardWithAccess(companyB, siteB, companyBToken);
    await expect(
      t.db
        .updateTable('guard_credentials')
        .set({ sign_in_email: one.email })
        .where('guard_uuid', '=', two.uuid)
        .execute(),
    ).rejects.toThrow();
  });

  it('says the same whatever company holds the name, and limits how many such refusals one login collects', async () => {
    const own = await guardWithAccess(companyB, siteB, companyBToken);
    const foreign = await guardWithAccess(companyA, siteA, companyAToken);
    const { uuid: probe } = await guardWithAccess(companyB, siteB, companyBToken);
    const ownAnswer = await editGuard(probe, companyBToken, { email: own.email });
    const foreignAnswer = await editGuard(probe, companyBToken, { email: foreign.email });
    expect(ownAnswer.statusCode).toBe(409);
    expect(foreignAnswer.json()).toEqual(ownAnswer.json());
    for (let i = 2; i < SIGN_IN_TAKEN_BUDGET.max; i += 1) {
      expect((await editGuard(probe, companyBToken, { email: foreign.email })).statusCode).toBe(
        409,
      );
    }
    const refused = await editGuard(probe, companyBToken, { email: foreign.email });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/^Too many sign-in names were refused\./);
    // Granting access to a guard whose name is taken is counted and refused alike.
    const unlisted = await createGuard(t.db, companyB, { email: foreign.email }, [siteB]);
    expect((await giveAccess(unlisted, companyBToken)).statusCode).toBe(429);
    // Another login is not refused for it.
    expect((await editGuard(probe, adminToken, { email: foreign.email })).statusCode).toBe(409);
  });
});

describe('ending guard and kiosk sessions', () => {
  it('ends a company’s kiosks for good when it is suspended', async () => {
    const kiosk = await door.enrolKiosk(companyAToken, siteA);
    await t.db
      .updateTable('security_companies')
      .set({ brn: '201901000001', license_number: 'KDN-001', address: '1 Jalan Ampang' })
      .where('uuid', '=', companyA)
      .execute();
    const setActive = (is_active: number) =>
      t.app.inject({
        method: 'PATCH',
        url: `/kgapi/securitycompanies/${companyA}`,
        headers: authHeaders(adminToken),
        payload: { is_active },
      });
    expect((await setActive(0)).statusCode).toBe(200);
    const suspended = await door.door('GET', 'kiosk/guards', { token: kiosk });
    expect(suspended.statusCode).toBe(401);
    expect(suspended.json().code).toBe('KIOSK_REVOKED');
    expect((await setActive(1)).statusCode).toBe(200);
    expect((await door.door('GET', 'kiosk/guards', { token: kiosk })).statusCode).toBe(401);
    // The suspension signed the company's staff out.
    companyAToken = await signIn(t.app, 'a@example.com', PASSWORD);
  });

  it('ends a deactivated guard’s sessions for good, and answers its right and wrong passwords alike', async () => {
    const guard = await guardWithAccess(companyA, siteA, companyAToken);
    const token = await door.appSignIn(guard.email, GUARD_PASSWORD, 'own-phone');
    expect((await editGuard(guard.uuid, companyAToken, { is_active: 0 })).statusCode).toBe(200);
    const right = await door.login(guard.email, GUARD_PASSWORD, 'own-phone');
    const wrong = await door.login(guard.email, 'Wrong@1234', 'own-phone');
    expect(right.statusCode).toBe(403);
    expect(wrong.json()).toEqual(right.json());
    expect((await editGuard(guard.uuid, companyAToken, { is_active: 1 })).statusCode).toBe(200);
    expect((await door.door('GET', 'me', { token })).statusCode).toBe(401);
    expect((await door.login(guard.email, GUARD_PASSWORD, 'own-phone')).statusCode).toBe(200);
  });

  it('keeps a kiosk session to the kiosk: never the app password, and over after minutes unused', async () => {
    const guard = await guardWithAccess(companyA, siteA, companyAToken);
    const kiosk = await door.enrolKiosk(companyAToken, siteA);
    const start = new Date('2026-11-28T02:00:00Z');
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const session = await door.pinAtKiosk(kiosk, guard.uuid, guard.pin, siteA);
    const change = await door.door('POST', 'auth/change-password', {
      token: session,
      payload: {
        current_password: GUARD_PASSWORD,
        new_password: 'Taken@5678',
        new_password_confirmation: 'Taken@5678',
      },
    });
    expect(change.statusCode).toBe(403);
    expect(change.json().code).toBe('KIOSK_SESSION');
    // Used within the idle time, it lasts; unused for longer, it ends.
    vi.setSystemTime(start.getTime() + KIOSK_SESSION_IDLE_MS - 60_000);
    expect((await door.door('GET', 'me', { token: session })).statusCode).toBe(200);
    vi.setSystemTime(start.getTime() + 2 * KIOSK_SESSION_IDLE_MS - 2 * 60_000);
    expect((await door.door('GET', 'me', { token: session })).statusCode).toBe(200);
    vi.setSystemTime(start.getTime() + 3 * KIOSK_SESSION_IDLE_MS);
    expect((await door.door('GET', 'me', { token: session })).statusCode).toBe(401);
    expect((await door.login(guard.email, GUARD_PASSWORD, 'x')).statusCode).toBe(200);
  });

  it('still takes a report made in a kiosk session before it ended, and none made after', async () => {
    const guard = await guardWithAccess(companyA, siteA, companyAToken);
    const kiosk = await door.enrolKiosk(companyAToken, siteA);
    const start = new Date('2026-11-28T03:00:00Z');
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const session = await door.pinAtKiosk(kiosk, guard.uuid, guard.pin, siteA);
    const category = await t.db
      .selectFrom('incident_categories')
      .select('uuid')
      .executeTakeFirstOrThrow();
    const report = (madeAt: Date, text: string) =>
      door.door('POST', `residences/${siteA}/incidents`, {
        token: session,
        form: [
          { field: 'incident_type', value: category.uuid },
          { field: 'description', value: text },
          { field: 'incident_at', value: '2026-11-28 01:00 AM' },
          { field: 'reported_at', value: madeAt.toISOString() },
        ],
      });
    // The kiosk was offline: its queue sends an hour later.
    vi.setSystemTime(start.getTime() + 60 * 60_000);
    const late = await report(new Date(start.getTime() + 60_000), 'Made at the kiosk, sent late');
    expect(late.statusCode, late.body).toBe(200);
    const after = await report(new Date(start.getTime() + 50 * 60_000), 'Made after it ended');
    expect(after.statusCode).toBe(401);
    expect((await door.door('GET', 'me', { token: session })).statusCode).toBe(401);
  });
});

describe('password guessing on one guard', () => {
  it('refuses sign-ins to an account that failed too often from any addresses, except on the guard’s own phone', async () => {
    const guard = await guardWithAccess(companyA, siteA, companyAToken);
    await door.appSignIn(guard.email, GUARD_PASSWORD, 'own-phone');
    for (let i = 0; i < GUARD_SIGN_IN_BUDGET; i += 1) {
      const guess = await door.login(
        guard.email,
        `Guess@${i}000`,
        `bot-${i}`,
        `203.0.113.${i + 1}`,
      );
      expect(guess.statusCode).toBe(401);
    }
    const fresh = await door.login(guard.email, GUARD_PASSWORD, 'bot-x', '198.51.100.7');
    expect(fresh.statusCode).toBe(429);
    expect(fresh.json().code).toBe('ACCOUNT_BUSY');
    const own = await door.login(guard.email, GUARD_PASSWORD, 'own-phone', '198.51.100.8');
    expect(own.statusCode, own.body).toBe(200);
  });

  it('answers an unknown name as a busy account once its budget is spent, as a known one', async () => {
    for (let i = 0; i < GUARD_SIGN_IN_BUDGET; i += 1) {
      await door.login('nobody@trust.example.com', 'Guess@1', `d-${i}`, `192.0.2.${i + 1}`);
    }
    const next = await door.login('nobody@trust.example.com', 'Guess@1', 'd', '192.0.2.200');
    expect(next.statusCode).toBe(429);
    expect(next.json().code).toBe('ACCOUNT_BUSY');
  });
});

describe('the audit trail of failed sign-ins', () => {
  const failures = () =>
    t.db
      .selectFrom('audit_entries')
      .select(['entity', 'entity_uuid', 'entity_label'])
      .where('action', '=', 'sign-in-failed')
      .orderBy('id')
      .execute();

  it('never keeps the text typed for a name that matched no account, but groups repeats of it', async () => {
    const before = (await failures()).length;
    const typed = 'Con#TypedInEmail42';
    for (const remoteAddress of ['10.9.0.1', '10.9.0.2']) {
      await t.app.inject({
        method: 'POST',
        url: '/kgapi/admin/session',
        remoteAddress,
        headers: { 'x-application-key': APP_KEY },
        payload: { identifier: typed, challenge: 'x' },
      });
    }
    await door.login(typed, 'x', 'dev', '10.9.0.3');
    await door.login('Another#Secret9', 'x', 'dev', '10.9.0.4');
    const entries = (await failures()).slice(before);
    expect(entries).toHaveLength(4);
    expect(JSON.stringify(entries)).not.toMatch(/TypedInEmail42|Secret9/);
    const [first, second, , other] = entries;
    expect(first?.entity_uuid).toBeNull();
    expect(first?.entity_label).toMatch(/^no account matched \(#[0-9a-f]{10}\)$/);
    expect(second?.entity_label).toBe(first?.entity_label);
    expect(other?.entity_label).not.toBe(first?.entity_label);
  });
});

describe('e-pass look-ups', () => {
  it('limits how many one address may make', async () => {
    const lookUp = (remoteAddress: string) =>
      t.app.inject({
        method: 'GET',
        url: `/kgapi/epass/${'x'.repeat(32)}`,
        remoteAddress,
        headers: { 'x-application-key': APP_KEY },
      });
    for (let i = 0; i < EPASS_LOOKUPS.max; i += 1) {
      expect((await lookUp('10.8.0.1')).statusCode).toBe(404);
    }
    expect((await lookUp('10.8.0.1')).statusCode).toBe(429);
    expect((await lookUp('10.8.0.2')).statusCode).toBe(404);
  });
});
