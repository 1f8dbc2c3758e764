import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WATCHLIST_MESSAGES } from '@rules/watchlist';
import { selfiePng } from '../../server/src/db/seed/images';
import { ABANDONED_SHIFT_HOURS } from '../../server/src/modules/attendances/attendances.repository';
import { SHIFT_MESSAGES } from '../../server/src/modules/attendances/attendances.service';
import { DOOR_MESSAGES } from '../../server/src/modules/guard-app/guard-app.auth';
import {
  GUARD_APP_MESSAGES,
  PIN_FRESH_MS,
} from '../../server/src/modules/guard-app/guard-app.service';
import { PIN_MESSAGES, PIN_POLICY } from '../../server/src/auth/password-throttle';
import { appTime } from '../../server/src/modules/guard-app/guard-app.shapes';
import { toDbTime } from '../../server/src/db/time';
import { newPassCode } from '../../server/src/modules/visitors/visitors.repository';
import type { Attendance } from '@contract/attendances';
import type { VisitorRow } from '@contract/visitors';
import {
  createCompany,
  createGuard,
  createSite,
  createUser,
  createVisitor,
  PASSWORD,
} from './factories';
import { sqlCount, sqlRows } from '../support/sql';
import { multipart, type FormPart } from './multipart';
import { APP_KEY, authHeaders, makeTestApp, outboxMails, signIn, type TestApp } from './test-app';
import { useClockAt } from './clock';

// The guard app's door (/api/v1/guard), driven with exactly the fields the app sends and read
// with exactly the keys the app reads (../shared/guard-app-api.md).

// Passes for today end at 23:59: at noon, whatever the time the suite runs at.
useClockAt(12);

const GUARD_KEYS = ['email', 'id', 'name', 'phone', 'profile_image_url', 'role', 'uuid'];
const RESIDENCE_KEYS = [
  'address',
  'city',
  'id',
  'image_url',
  'name',
  'postcode',
  'role',
  'security_company_uuid',
  'state',
  'uuid',
];
const APP_ATTENDANCE_KEYS = [
  'id',
  'uuid',
  'guard_uuid',
  'residence_id',
  'started_at',
  'ended_at',
  'is_open',
  'start_photo_url',
  'end_photo_url',
];
const APP_VISITOR_KEYS = [
  'id',
  'uuid',
  'name',
  'mobile_number',
  'vehicle_number',
  'unit',
  'category',
  'status',
  'eta_arrival',
  'eta_exit',
  'actual_arrival_time',
  'actual_exit_time',
  'qr_code_data',
  'ic_passport_no_masked',
  'can_check_out',
  'photo_url',
];

let t: TestApp;
let companyA: string;
let companyB: string;
let siteA1: string;
let siteA2: string;
let siteB1: string;
let alice: string;
let bob: string;
let dana: string;
let companyToken: string;
let supervisorToken: string;
let adminToken: string;

/** Site A1 sits at this position; 0.001° of latitude is about 111 m. */
const SITE_POSITION = { lat: 3.1579, lng: 101.7123 };

beforeAll(async () => {
  t = await makeTestApp({ env: { PUBLIC_URL: 'https://console.example.com' } });
  companyA = await createCompany(t.db, 'Aegis Guarding');
  companyB = await createCompany(t.db, 'Benteng Protection');
  const everything = {
    kipleguard_attendance: 1,
    kipleguard_visitors: 1,
    kipleguard_reporting: 1,
  };
  siteA1 = await createSite(t.db, companyA, {
    name: 'Alpha Towers',
    ...everything,
    ...SITE_POSITION,
  });
  siteA2 = await createSite(t.db, companyA, { name: 'Bravo Court', ...everything });
  siteB1 = await createSite(t.db, companyB, { name: 'Delta Heights', ...everything });
  alice = await createGuard(
    t.db,
    companyA,
    {
      guard_id: 'A-001',
      name: 'Alice Tan',
      email: 'alice@guards.example.com',
      contact_number: '60123450001',
      pin: '111111',
    },
    [siteA1],
  );
  bob = await createGuard(
    t.db,
    companyA,
    { guard_id: 'A-002', name: 'Bob Lim', contact_number: '60123450002', pin: '222222' },
    [siteA1],
  );
  dana = await createGuard(
    t.db,
    companyB,
    { guard_id: 'B-001', name: 'Dana Alias', contact_number: '60123450003', pin: '333333' },
    [siteB1],
  );
  await createUser(t.db, {
    email: 'company@example.com',
    role: 'securitycompany',
    companyUuid: companyA,
  });
  await createUser(t.db, {
    email: 'supervisor@example.com',
    role: 'sitesupervisor',
    companyUuid: companyA,
    siteUuids: [siteA1],
  });
  await createUser(t.db, {
    email: 'other@example.com',
    role: 'securitycompany',
    companyUuid: companyB,
  });
  await createUser(t.db, { email: 'admin@example.com', role: 'superadmin' });
  companyToken = await signIn(t.app, 'company@example.com', PASSWORD);
  supervisorToken = await signIn(t.app, 'supervisor@example.com', PASSWORD);
  adminToken = await signIn(t.app, 'admin@example.com', PASSWORD);
  for (const guard of [alice, bob]) await giveAccess(guard, companyToken, 'Guard@1234');
  await giveAccess(dana, await signIn(t.app, 'other@example.com', PASSWORD), 'Guard@1234');
});
afterAll(async () => {
  await t.close();
});

async function giveAccess(guardUuid: string, token: string, password: string) {
  const response = await t.app.inject({
    method: 'PUT',
    url: `/kgapi/guards/${guardUuid}/app-access`,
    headers: authHeaders(token),
    payload: { password },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

interface DoorCall {
  token?: string;
  payload?: unknown;
  form?: FormPart[];
  headers?: Record<string, string>;
}

/** A call to the guard door, as the app makes it. */
function door(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, call: DoorCall = {}) {
  const body = call.form ? multipart(call.form) : null;
  return t.app.inject({
    method,
    url: `/api/v1/guard/${path}`,
    headers: {
      'x-application-key': APP_KEY,
      ...(call.token ? { authorization: `Bearer ${call.token}` } : {}),
      ...(body?.headers ?? {}),
      ...call.headers,
    },
    payload: body ? body.payload : (call.payload as never),
  });
}

let deviceNumber = 0;

/** Signs a guard in as the app does, on a device of its own; answers the token. */
async function appSignIn(emailOrPhone: string, device = `device-${++deviceNumber}`) {
  const response = await door('POST', 'auth/login', {
    payload: {
      email_or_phone: emailOrPhone,
      password: 'Guard@1234',
      device_unique_id: device,
      device_model: 'Galaxy A54',
      brand: 'Samsung',
      is_proceed: 1,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.token as string;
}

async function verifyPin(token: string, pin: string, site = siteA1) {
  return door('POST', 'auth/verify-pin', { token, payload: { pin, residence_uuid: site } });
}

const selfie = (seed = 1): FormPart => ({
  field: 'selfie_photo',
  filename: 'selfie.jpg',
  type: 'image/jpeg',
  bytes: selfiePng(seed),
});

const at = (position: { lat: number; lng: number }): FormPart[] => [
  { field: 'lat', value: String(position.lat) },
  { field: 'lng', value: String(position.lng) },
];

function shift(token: string, end: 'start' | 'end', extra: FormPart[] = [], site = siteA1) {
  return door('POST', `residences/${site}/attendance/${end}`, {
    token,
    form: [{ field: 'current_time', value: '2026-11-24 8:05 AM' }, selfie(), ...extra],
  });
}

/** Ends any open shift of a guard straight in the database, between tests. */
async function closeShifts(guardUuid: string) {
  await t.db.deleteFrom('open_shifts').where('guard_uuid', '=', guardUuid).execute();
}

/** Wrong-PIN counts start afresh for each test that counts them. */
async function forgetPinFailures() {
  await t.db.deleteFrom('auth_throttle').where('key', 'like', 'pin-%').execute();
}

describe('sign-in, session and PIN', () => {
  it('signs in by email or phone with the app’s fields and answers the app’s keys', async () => {
    for (const name of [
      'alice@guards.example.com',
      'ALICE@guards.example.com',
      '+60 12-345 0001',
    ]) {
      const response = await door('POST', 'auth/login', {
        payload: {
          email_or_phone: name,
          password: 'Guard@1234',
          device_unique_id: `login-${name}`,
          device_model: 'Pixel 8',
          brand: 'Google',
          is_proceed: 1,
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      expect(body.success).toBe(true);
      expect(typeof body.message).toBe('string');
      expect(body.data.token).toMatch(/^gs_/);
      expect(Object.keys(body.data.guard).sort()).toEqual(GUARD_KEYS);
      expect(body.data.guard).toMatchObject({ uuid: alice, name: 'Alice Tan', role: 'guard' });
      expect(Number.isInteger(body.data.guard.id)).toBe(true);
      expect(body.data.residences).toHaveLength(1);
      expect(Object.keys(body.data.residences[0]).sort()).toEqual(RESIDENCE_KEYS);
      expect(body.data.residences[0]).toMatchObject({ uuid: siteA1, name: 'Alpha Towers' });
      expect(Number.isInteger(body.data.residences[0].id)).toBe(true);
    }
  });

  it('refuses a wrong password with a message only, as the app shows it', async () => {
    const response = await door('POST', 'auth/login', {
      payload: {
        email_or_phone: 'alice@guards.example.com',
        password: 'nope',
        device_unique_id: 'x',
      },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      success: false,
      message: GUARD_APP_MESSAGES.invalidCredentials,
      code: 'INVALID_CREDENTIALS',
    });
  });

  it('asks before taking over from another device, then signs that device out with SESSION_SUPERSEDED', async () => {
    const first = await appSignIn('60123450002', 'bob-phone-1');
    const ask = await door('POST', 'auth/login', {
      payload: {
        email_or_phone: '60123450002',
        password: 'Guard@1234',
        device_unique_id: 'bob-phone-2',
        device_model: 'Redmi 12',
        brand: 'Xiaomi',
      },
    });
    expect(ask.statusCode).toBe(200);
    const asked = ask.json().data;
    expect(asked.switch_device).toEqual({
      is_switch_device: true,
      previous_device_label: 'Samsung Galaxy A54',
      message: GUARD_APP_MESSAGES.switchDevice('Samsung Galaxy A54'),
    });
    expect(asked.guard.uuid).toBe(bob);
    expect(typeof asked.token).toBe('string');
    // Asking changed nothing: the first device is still signed in.
    expect((await door('GET', 'me', { token: first })).statusCode).toBe(200);

    const second = await appSignIn('60123450002', 'bob-phone-2');
    const old = await door('GET', 'me', { token: first });
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({
      success: false,
      code: 'SESSION_SUPERSEDED',
      message: DOOR_MESSAGES.superseded,
    });
    const me = await door('GET', 'me', { token: second });
    expect(me.statusCode).toBe(200);
    expect(Object.keys(me.json().data).sort()).toEqual(['guard', 'residences']);
  });

  it('signs out, and the token opens nothing after', async () => {
    const token = await appSignIn('alice@guards.example.com');
    const out = await door('POST', 'auth/logout', { token });
    expect(out.statusCode).toBe(200);
    expect(out.json().success).toBe(true);
    const after = await door('GET', 'residences', { token });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('SESSION_ENDED');
  });

  it('lists the guard’s sites with the guard service on under residences', async () => {
    const token = await appSignIn('alice@guards.example.com');
    await t.db
      .insertInto('guard_residences')
      .values({ guard_uuid: alice, residence_uuid: siteA2 })
      .execute();
    await t.db
      .updateTable('residences')
      .set({ kipleguard_enabled: 0 })
      .where('uuid', '=', siteA2)
      .execute();
    const response = await door('GET', 'residences', { token });
    expect(response.json().data.residences.map((r: { uuid: string }) => r.uuid)).toEqual([siteA1]);
    await t.db
      .updateTable('residences')
      .set({ kipleguard_enabled: 1 })
      .where('uuid', '=', siteA2)
      .execute();
    const both = await door('GET', 'residences', { token });
    expect(both.json().data.residences.map((r: { name: string }) => r.name)).toEqual([
      'Alpha Towers',
      'Bravo Court',
    ]);
    await t.db
      .deleteFrom('guard_residences')
      .where('guard_uuid', '=', alice)
      .where('residence_uuid', '=', siteA2)
      .execute();
  });

  it('verifies the PIN for a site with the app’s keys, and refuses a wrong one', async () => {
    await forgetPinFailures();
    const token = await appSignIn('alice@guards.example.com');
    const right = await verifyPin(token, '111111');
    expect(right.statusCode).toBe(200);
    // The app's three fields, then what the phone in the browser reads (issue 38).
    expect(right.json().data).toEqual({
      pin_verified: true,
      guard_uuid: alice,
      security_company_uuid: companyA,
      token,
      open_shift: null,
      rostered_shift: null,
    });
    const wrong = await verifyPin(token, '999999');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe(GUARD_APP_MESSAGES.wrongPin);
  });

  it('changes the guard’s own password, checking the current one', async () => {
    const token = await appSignIn('60123450002');
    const wrong = await door('POST', 'auth/change-password', {
      token,
      payload: {
        current_password: 'nope',
        new_password: 'Fresh@123',
        new_password_confirmation: 'Fresh@123',
      },
    });
    expect(wrong.statusCode).toBe(403);
    const differ = await door('POST', 'auth/change-password', {
      token,
      payload: {
        current_password: 'Guard@1234',
        new_password: 'Fresh@123',
        new_password_confirmation: 'Fresh@124',
      },
    });
    expect(differ.json().message).toBe('You password does not match.');
    const changed = await door('POST', 'auth/change-password', {
      token,
      payload: {
        current_password: 'Guard@1234',
        new_password: 'Fresh@123',
        new_password_confirmation: 'Fresh@123',
      },
    });
    expect(changed.statusCode).toBe(200);
    expect((await door('GET', 'me', { token })).statusCode).toBe(200);
    await giveAccess(bob, companyToken, 'Guard@1234');
  });
});

describe('the PIN throttle', () => {
  it('refuses the 6th PIN even when right, for 15 minutes, and leaves another guard at the same device alone', async () => {
    await forgetPinFailures();
    const kiosk = await enrolKiosk(companyToken, siteA1);
    const atKiosk = (guard: string, pin: string) =>
      door('POST', 'auth/verify-pin', {
        token: kiosk,
        payload: { guard_uuid: guard, pin, residence_uuid: siteA1 },
      });
    for (let i = 0; i < PIN_POLICY.guardLockAfter; i += 1) {
      expect((await atKiosk(bob, '000000')).statusCode).toBe(422);
    }
    const sixth = await atKiosk(bob, '222222');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({
      message: `${PIN_MESSAGES.guardLocked} Please try again in 15 minutes.`,
      code: 'PIN_LOCKED',
    });
    expect(sixth.headers['retry-after']).toBe(String(PIN_POLICY.guardLockMs / 1000));
    // Alice types her PIN at the same kiosk, from the same address, right after.
    expect((await atKiosk(alice, '111111')).statusCode).toBe(200);
    // The lock-out is in the audit trail once, for Bob's company, with no PIN in it.
    const lockouts = await t.db
      .selectFrom('audit_entries')
      .selectAll()
      .where('action', '=', 'pin-lockout')
      .where('entity_uuid', '=', bob)
      .execute();
    expect(lockouts).toHaveLength(1);
    expect(lockouts[0]).toMatchObject({ entity: 'guard', actor_role: 'guard', actor_uuid: bob });
    expect(lockouts[0]?.security_company_uuid).toBeTruthy();
    expect(JSON.stringify(lockouts)).not.toMatch(/000000|222222/);

    // The company sees the lock on Bob's details.
    const access = await t.app.inject({
      method: 'GET',
      url: `/kgapi/guards/${bob}/app-access`,
      headers: authHeaders(companyToken),
    });
    expect(access.json().resource.pin_failures).toBe(PIN_POLICY.guardLockAfter);
    expect(access.json().resource.pin_locked_until).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
    );
    await forgetPinFailures();
  });

  it('slows a device only after many more wrong PINs than one guard’s lock', async () => {
    await forgetPinFailures();
    const kiosk = await enrolKiosk(companyToken, siteA1);
    const guards = [];
    for (let i = 0; i < 5; i += 1) {
      guards.push(await createGuard(t.db, companyA, { pin: '654321' }, [siteA1]));
    }
    let failures = 0;
    // Four wrong PINs each from five guards: 20, the device's allowance, and no one locked.
    for (const guard of guards) {
      for (let i = 0; i < 4; i += 1) {
        const response = await door('POST', 'auth/verify-pin', {
          token: kiosk,
          payload: { guard_uuid: guard, pin: '000000', residence_uuid: siteA1 },
        });
        expect(response.statusCode).toBe(422);
        failures += 1;
      }
    }
    expect(failures).toBe(PIN_POLICY.deviceFreeFailures);
    const extra = await door('POST', 'auth/verify-pin', {
      token: kiosk,
      payload: { guard_uuid: guards[0], pin: '000000', residence_uuid: siteA1 },
    });
    expect(extra.statusCode).toBe(422);
    const slowed = await door('POST', 'auth/verify-pin', {
      token: kiosk,
      payload: { guard_uuid: guards[1], pin: '654321', residence_uuid: siteA1 },
    });
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().message).toMatch(new RegExp(`^${PIN_MESSAGES.deviceSlowed}`));
    expect(slowed.json().code).toBe('PIN_DEVICE_SLOWED');
    await forgetPinFailures();
  });
});

describe('attendance', () => {
  it('starts and ends a shift with a selfie and location, on the server’s clock, in the app’s shape', async () => {
    await closeShifts(alice);
    const token = await appSignIn('alice@guards.example.com');
    expect((await verifyPin(token, '111111')).statusCode).toBe(200);
    const before = Date.now();
    const started = await shift(token, 'start', at({ lat: 3.158, lng: 101.7124 }));
    expect(started.statusCode, started.body).toBe(200);
    const opened = started.json().data.attendance;
    for (const key of APP_ATTENDANCE_KEYS) expect(opened).toHaveProperty(key);
    expect(Number.isInteger(opened.id)).toBe(true);
    expect(opened).toMatchObject({
      guard_uuid: alice,
      is_open: true,
      ended_at: null,
      end_photo_url: null,
    });
    expect(Date.parse(opened.started_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(opened.start_photo_url).toMatch(
      /^https:\/\/console\.example\.com\/kgapi\/files\/view\/[0-9a-f]{64}$/,
    );
    const [site] = await sqlRows(t.db, 'select id from residences where uuid = ?', [siteA1]);
    expect(opened.residence_id).toBe(site?.id);

    const again = await shift(token, 'start');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SHIFT_MESSAGES.alreadyOpen);

    const ended = await shift(token, 'end', at(SITE_POSITION));
    expect(ended.statusCode).toBe(200);
    expect(ended.json().data.attendance).toMatchObject({ uuid: opened.uuid, is_open: false });
    expect(ended.json().data.attendance.end_photo_url).toMatch(/^https:/);

    const none = await shift(token, 'end');
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(SHIFT_MESSAGES.noneOpen);

    // The console shows the row, with both selfies and locations, within one refresh.
    const list = await t.app.inject({
      method: 'GET',
      url: `/kgapi/attendances/list?filter=${encodeURIComponent(`(uuid = '${opened.uuid}')`)}`,
      headers: authHeaders(supervisorToken),
    });
    const [row] = list.json().resource as Attendance[];
    expect(row).toMatchObject({
      kg_guard_uuid: alice,
      residence_uuid: siteA1,
      checkin_lat: 3.158,
      checkin_lng: 101.7124,
      checkout_lat: SITE_POSITION.lat,
      checkout_lng: SITE_POSITION.lng,
      checkout_distance_m: 0,
      checkout_away_from_site: false,
      away_from_site: false,
    });
    expect(row?.checkin_photo_url).toMatch(/^\/kgapi\/files\/view\//);
    expect(row?.checkout_photo_url).toMatch(/^\/kgapi\/files\/view\//);

    const history = await door(
      'GET',
      `residences/${siteA1}/attendance?from=2000-01-01&to=2100-01-01`,
      { token },
    );
    expect(history.json().data.attendance.map((a: { uuid: string }) => a.uuid)).toContain(
      opened.uuid,
    );
  });

  it('needs a PIN verified within the last few minutes, for this site, in this session', async () => {
    await closeShifts(alice);
    const token = await appSignIn('alice@guards.example.com');
    const none = await shift(token, 'start');
    expect(none.statusCode).toBe(403);
    expect(none.json().message).toBe(GUARD_APP_MESSAGES.pinRequired);
    await verifyPin(token, '111111');
    await t.db
      .updateTable('guard_sessions')
      .set({ pin_verified_at: toDbTime(new Date(Date.now() - PIN_FRESH_MS - 5000)) })
      .where('guard_uuid', '=', alice)
      .execute();
    expect((await shift(token, 'start')).statusCode).toBe(403);
    // A PIN verified in another session of the guard does not count.
    const other = await appSignIn('alice@guards.example.com', 'other-phone');
    await verifyPin(other, '111111');
    expect((await shift(token, 'start')).statusCode).toBe(401);
  });

  it('opens one shift under 10 concurrent starts', async () => {
    await closeShifts(bob);
    const token = await appSignIn('60123450002');
    await verifyPin(token, '222222');
    const answers = await Promise.all(Array.from({ length: 10 }, () => shift(token, 'start')));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    expect(
      await sqlCount(t.db, 'select count(*) as n from open_shifts where guard_uuid = ?', [bob]),
    ).toBe(1);
    // One shift, one audit entry: the refused starts wrote none.
    const opened = await sqlCount(
      t.db,
      "select count(*) as n from audit_entries where action = 'shift-start' and entity_uuid = (select attendance_uuid from open_shifts where guard_uuid = ?)",
      [bob],
    );
    expect(opened).toBe(1);
    await closeShifts(bob);
  });

  it('lets go of a shift left open longer than a shift lasts, keeping it without a check-out', async () => {
    await closeShifts(bob);
    const token = await appSignIn('60123450002');
    await verifyPin(token, '222222');
    const first = (await shift(token, 'start')).json().data.attendance;
    const longAgo = toDbTime(new Date(Date.now() - (ABANDONED_SHIFT_HOURS + 1) * 3_600_000));
    await t.db
      .updateTable('open_shifts')
      .set({ started_at: longAgo })
      .where('guard_uuid', '=', bob)
      .execute();
    expect((await shift(token, 'end')).statusCode).toBe(409);
    const next = await shift(token, 'start');
    expect(next.statusCode).toBe(200);
    const [old] = await sqlRows(t.db, 'select checkout_at from attendances where uuid = ?', [
      first.uuid,
    ]);
    expect(old?.checkout_at).toBeNull();
    await closeShifts(bob);
  });

  it('refuses a shift without a selfie unless the site allows PIN-only shifts, whose rows have none', async () => {
    await closeShifts(alice);
    const token = await appSignIn('alice@guards.example.com');
    await verifyPin(token, '111111');
    const bare = () =>
      door('POST', `residences/${siteA1}/attendance/start`, {
        token,
        form: [{ field: 'current_time', value: '2026-11-24 8:05 AM' }],
      });
    const refused = await bare();
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(SHIFT_MESSAGES.selfieRequired);
    await t.db
      .updateTable('residences')
      .set({ pin_only_shifts: 1 })
      .where('uuid', '=', siteA1)
      .execute();
    const allowed = await bare();
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().data.attendance.start_photo_url).toBeNull();
    await t.db
      .updateTable('residences')
      .set({ pin_only_shifts: 0 })
      .where('uuid', '=', siteA1)
      .execute();
    await closeShifts(alice);
  });

  it('flags a row away from the site beyond the radius, and not at it', async () => {
    // Latitude steps of 0.0001° (about 11 m) find the last position within 300 m of the site.
    const radius = 300;
    const metresPerDegree = 111_195;
    const inside = {
      lat: SITE_POSITION.lat + (radius - 1) / metresPerDegree,
      lng: SITE_POSITION.lng,
    };
    const outside = {
      lat: SITE_POSITION.lat + (radius + 1) / metresPerDegree,
      lng: SITE_POSITION.lng,
    };
    const token = await appSignIn('alice@guards.example.com');
    const rows: Record<string, unknown>[] = [];
    for (const position of [inside, outside]) {
      await closeShifts(alice);
      await verifyPin(token, '111111');
      const started = await shift(token, 'start', at(position));
      expect(started.statusCode, started.body).toBe(200);
      rows.push(started.json().data.attendance);
    }
    expect(rows[0]).toMatchObject({ start_distance_m: radius - 1, away_from_site: false });
    expect(rows[1]).toMatchObject({ start_distance_m: radius + 1, away_from_site: true });
    const exactly = await t.app.inject({
      method: 'GET',
      url: `/kgapi/attendances/list?filter=${encodeURIComponent(`(kg_guard_uuid = '${alice}')`)}&limit=50`,
      headers: authHeaders(companyToken),
    });
    const flagged = (exactly.json().resource as Attendance[]).filter((row) => row.away_from_site);
    expect(flagged.map((row) => row.checkin_distance_m)).toEqual([radius + 1]);
    await closeShifts(alice);
  });

  it('takes the radius from GEOFENCE_RADIUS_METRES', async () => {
    const small = await makeTestApp({ env: { GEOFENCE_RADIUS_METRES: '50' } });
    try {
      const company = await createCompany(small.db);
      const site = await createSite(small.db, company, {
        kipleguard_attendance: 1,
        ...SITE_POSITION,
      });
      const guard = await createGuard(small.db, company, {}, [site]);
      await small.db
        .insertInto('attendances')
        .values({
          uuid: 'a-1',
          guard_uuid: guard,
          residence_uuid: site,
          checkin_at: '2026-01-01 00:00:00',
          checkout_at: null,
          checkin_lat: null,
          checkin_lng: null,
          checkout_lat: null,
          checkout_lng: null,
          checkin_photo_file_uuid: null,
          checkout_photo_file_uuid: null,
          checkin_distance_m: 60,
        })
        .execute();
      await createUser(small.db, {
        email: 'c@example.com',
        role: 'securitycompany',
        companyUuid: company,
      });
      const token = await signIn(small.app, 'c@example.com', PASSWORD);
      const list = await small.app.inject({
        method: 'GET',
        url: '/kgapi/attendances/list',
        headers: { 'x-application-key': APP_KEY, authorization: `Bearer ${token}` },
      });
      expect(list.json().resource[0].away_from_site).toBe(true);
    } finally {
      await small.close();
    }
  });
});

describe('scope', () => {
  it('answers 404 for a site the guard is not assigned to, its own company’s or another’s', async () => {
    const token = await appSignIn('alice@guards.example.com');
    for (const site of [siteA2, siteB1]) {
      const pin = await verifyPin(token, '111111', site);
      expect(pin.statusCode).toBe(404);
      for (const path of [
        'visitors',
        'incidents/types',
        'units/blocks',
        'visitor-types',
        'attendance',
        'bookings',
      ]) {
        const response = await door('GET', `residences/${site}/${path}`, { token });
        expect(response.statusCode, path).toBe(404);
        expect(response.json()).toMatchObject({ success: false, code: 'SITE_NOT_FOUND' });
      }
    }
  });

  it('never opens /kgapi with a guard token or a kiosk token, nor the guard door with a console token', async () => {
    const guardToken = await appSignIn('alice@guards.example.com');
    const kioskToken = await enrolKiosk(companyToken, siteA1);
    for (const token of [guardToken, kioskToken]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/kgapi/guards/list',
        headers: authHeaders(token),
      });
      expect(response.statusCode).toBe(401);
    }
    expect((await door('GET', 'me', { token: companyToken })).statusCode).toBe(401);
  });

  it('needs the application key', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/guard/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({
      success: false,
      message: 'A valid application key is required.',
    });
  });

  it('ends a guard’s access when its company is inactive, the guard is deactivated, or access is revoked', async () => {
    const token = await appSignIn('alice@guards.example.com');
    await t.db
      .updateTable('security_companies')
      .set({ is_active: 0 })
      .where('uuid', '=', companyA)
      .execute();
    const inactive = await door('GET', 'me', { token });
    expect(inactive.statusCode).toBe(401);
    expect(inactive.json().message).toBe(DOOR_MESSAGES.companyInactive);
    await t.db
      .updateTable('security_companies')
      .set({ is_active: 1 })
      .where('uuid', '=', companyA)
      .execute();
    expect((await door('GET', 'me', { token })).statusCode).toBe(200);

    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/kgapi/guards/${alice}/app-access`,
      headers: authHeaders(supervisorToken),
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().resource).toMatchObject({ has_password: false, signed_in_device: null });
    expect((await door('GET', 'me', { token })).statusCode).toBe(401);
    const login = await door('POST', 'auth/login', {
      payload: {
        email_or_phone: 'alice@guards.example.com',
        password: 'Guard@1234',
        device_unique_id: 'z',
      },
    });
    expect(login.statusCode).toBe(401);
    await giveAccess(alice, companyToken, 'Guard@1234');
  });

  it('ends a guard’s session for good when the console suspends its company', async () => {
    const token = await appSignIn('alice@guards.example.com');
    // As the console's form has written it: a PATCH is checked as a whole edit.
    await t.db
      .updateTable('security_companies')
      .set({ brn: '201901000001', license_number: 'KDN-001', address: '1 Jalan Ampang' })
      .where('uuid', '=', companyA)
      .execute();
    const suspend = (is_active: number) =>
      t.app.inject({
        method: 'PATCH',
        url: `/kgapi/securitycompanies/${companyA}`,
        headers: authHeaders(adminToken),
        payload: { is_active },
      });
    const suspended = await suspend(0);
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect((await suspend(1)).statusCode).toBe(200);
    expect((await door('GET', 'me', { token })).statusCode).toBe(401);
    expect(
      (await door('GET', 'me', { token: await appSignIn('alice@guards.example.com') })).statusCode,
    ).toBe(200);
    // The company's staff were signed out too: the tests after this one sign in again.
    companyToken = await signIn(t.app, 'company@example.com', PASSWORD);
    supervisorToken = await signIn(t.app, 'supervisor@example.com', PASSWORD);
  });
});

describe('app access from the console', () => {
  it('lets the company, a supervisor of the guard’s site and the superadmin manage it, and no one else', async () => {
    const otherToken = await signIn(t.app, 'other@example.com', PASSWORD);
    const read = (token: string) =>
      t.app.inject({
        method: 'GET',
        url: `/kgapi/guards/${alice}/app-access`,
        headers: authHeaders(token),
      });
    for (const token of [companyToken, supervisorToken, adminToken]) {
      expect((await read(token)).statusCode).toBe(200);
    }
    expect((await read(otherToken)).statusCode).toBe(404);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/kgapi/guards/${alice}/app-access`,
      headers: authHeaders(otherToken),
      payload: { password: 'Sneaky@123' },
    });
    expect(put.statusCode).toBe(404);
  });

  it('refuses a short password with the password rule’s message', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/kgapi/guards/${alice}/app-access`,
      headers: authHeaders(companyToken),
      payload: { password: '123' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(
      'Please use a password that is at least 6 characters long.',
    );
  });

  it('mails a set-password link through the outbox that sets the guard’s password once', async () => {
    const sent = await t.app.inject({
      method: 'PUT',
      url: `/kgapi/guards/${alice}/app-access`,
      headers: authHeaders(companyToken),
      payload: { send_link: true },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const mail = outboxMails(t.dataDir).at(-1) ?? '';
    expect(mail).toContain('To: alice@guards.example.com');
    expect(mail).toContain('set your guard app password');
    const code =
      /https:\/\/console\.example\.com\/resetpassword\?code=([\w-]+)/.exec(mail)?.[1] ?? '';
    expect(code).not.toBe('');
    const reset = await t.app.inject({
      method: 'POST',
      url: `/kgapi/identity/reset?code=${code}`,
      headers: { 'x-application-key': APP_KEY },
      payload: { challenge: 'Chosen@123' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const login = await door('POST', 'auth/login', {
      payload: {
        email_or_phone: 'alice@guards.example.com',
        password: 'Chosen@123',
        device_unique_id: 'n',
      },
    });
    expect(login.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: `/kgapi/identity/reset?code=${code}`,
      headers: { 'x-application-key': APP_KEY },
      payload: { challenge: 'Other@123' },
    });
    expect(again.statusCode).toBe(400);
    await giveAccess(alice, companyToken, 'Guard@1234');
  });

  it('refuses a link for a guard with no email', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/kgapi/guards/${bob}/app-access`,
      headers: authHeaders(companyToken),
      payload: { send_link: true },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(GUARD_APP_MESSAGES.noEmail);
  });

  it('keeps sign-in names unique among guards with access', async () => {
    const twin = await createGuard(t.db, companyA, { contact_number: '60123450001', email: null }, [
      siteA1,
    ]);
    const response = await t.app.inject({
      method: 'PUT',
      url: `/kgapi/guards/${twin}/app-access`,
      headers: authHeaders(companyToken),
      payload: { password: 'Twin@1234' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(GUARD_APP_MESSAGES.signInTaken);
  });
});

describe('incidents', () => {
  async function report(
    token: string,
    key: string | null,
    description = 'Gate barrier stuck open.',
  ) {
    const [category] = await sqlRows(t.db, 'select uuid from incident_categories limit 1');
    return door('POST', `residences/${siteA1}/incidents`, {
      token,
      headers: key ? { 'idempotency-key': key } : {},
      form: [
        { field: 'incident_type', value: String(category?.uuid) },
        { field: 'description', value: description },
        { field: 'incident_at', value: '2026-11-23 09:15 PM' },
        { field: 'photos[]', filename: 'a.png', type: 'image/png', bytes: selfiePng(3) },
        { field: 'photos[]', filename: 'b.png', type: 'image/png', bytes: selfiePng(4) },
      ],
    });
  }

  it('lists the incident categories as types', async () => {
    const token = await appSignIn('alice@guards.example.com');
    const response = await door('GET', `residences/${siteA1}/incidents/types`, { token });
    const types = response.json().data.incident_types;
    const categories = await sqlRows(
      t.db,
      'select uuid, name from incident_categories order by name',
    );
    expect(types).toEqual(categories.map((c) => ({ key: c.uuid, label: c.name })));
  });

  it('stores a report once when the app sends it twice, by its key, and by its content without one', async () => {
    await t.db
      .insertInto('incident_categories')
      .values({ uuid: 'cat-1', name: 'Security breach' })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const token = await appSignIn('alice@guards.example.com');
    await verifyPin(token, '111111');
    const count = () =>
      sqlCount(t.db, 'select count(*) as n from incidents where reported_by_guard_uuid = ?', [
        alice,
      ]);
    const before = await count();
    const first = await report(token, 'key-1');
    expect(first.statusCode, first.body).toBe(200);
    const second = await report(token, 'key-1');
    expect(second.json().data.incident_uuid).toBe(first.json().data.incident_uuid);
    expect(await count()).toBe(before + 1);
    const [concurrentA, concurrentB] = await Promise.all([
      report(token, 'key-2'),
      report(token, 'key-2'),
    ]);
    expect(concurrentA.json().data.incident_uuid).toBe(concurrentB.json().data.incident_uuid);
    expect(await count()).toBe(before + 2);
    const keyless = await report(token, null, 'Lift stuck at level 3.');
    const keylessAgain = await report(token, null, 'Lift stuck at level 3.');
    expect(keylessAgain.json().data.incident_uuid).toBe(keyless.json().data.incident_uuid);
    expect(await count()).toBe(before + 3);

    const [stored] = await sqlRows(
      t.db,
      'select kg_incident_id, status, incident_date, (select count(*) from incident_files f where f.incident_uuid = i.uuid) as files from incidents i where uuid = ?',
      [first.json().data.incident_uuid],
    );
    expect(stored).toMatchObject({ status: 'PENDING', files: 2 });
    expect(stored?.kg_incident_id).toMatch(/^INC-/);
    // The device's local time, read in the server's zone, stored as UTC.
    expect(stored?.incident_date).toBe(toDbTime(new Date(2026, 10, 23, 21, 15)));

    // The console lists it with the guard as its reporter.
    const list = await t.app.inject({
      method: 'GET',
      url: `/kgapi/incidents/list?filter=${encodeURIComponent(`(uuid = '${first.json().data.incident_uuid}')`)}`,
      headers: authHeaders(companyToken),
    });
    expect(list.json().resource[0]).toMatchObject({ guard_id: 'A-001', user_email: null });
  });

  it('needs a fresh PIN, but takes a late report made within minutes of one', async () => {
    const token = await appSignIn('alice@guards.example.com');
    await verifyPin(token, '111111');
    const verified = Date.now();
    await t.db
      .updateTable('guard_sessions')
      .set({ pin_verified_at: toDbTime(new Date(verified - 60 * 60_000)) })
      .where('token_hash', 'in', (eb) =>
        eb.selectFrom('guard_sessions').select('token_hash').where('guard_uuid', '=', alice),
      )
      .execute();
    const [category] = await sqlRows(t.db, 'select uuid from incident_categories limit 1');
    const form = (reportedAt: Date | null): FormPart[] => [
      { field: 'incident_type', value: String(category?.uuid) },
      { field: 'description', value: `Queued report ${reportedAt?.getTime() ?? 'none'}` },
      { field: 'incident_at', value: '2026-11-23 09:15 PM' },
      ...(reportedAt ? [{ field: 'reported_at', value: reportedAt.toISOString() }] : []),
    ];
    const stale = await door('POST', `residences/${siteA1}/incidents`, { token, form: form(null) });
    expect(stale.statusCode).toBe(403);
    const late = await door('POST', `residences/${siteA1}/incidents`, {
      token,
      headers: { 'idempotency-key': 'late-1' },
      form: form(new Date(verified - 58 * 60_000)),
    });
    expect(late.statusCode, late.body).toBe(200);
    const madeLongAfter = await door('POST', `residences/${siteA1}/incidents`, {
      token,
      form: form(new Date(verified - 30 * 60_000)),
    });
    expect(madeLongAfter.statusCode).toBe(403);
  });

  it('stores the device’s position with a report, and shows it in the console', async () => {
    const token = await appSignIn('alice@guards.example.com');
    await verifyPin(token, '111111');
    const [category] = await sqlRows(t.db, 'select uuid from incident_categories limit 1');
    const form = (description: string, position: FormPart[]): FormPart[] => [
      { field: 'incident_type', value: String(category?.uuid) },
      { field: 'description', value: description },
      { field: 'incident_at', value: '2026-11-23 09:15 PM' },
      ...position,
    ];
    const placed = await door('POST', `residences/${siteA1}/incidents`, {
      token,
      form: form('Broken lamp at the gate.', [
        { field: 'lat', value: '3.1579' },
        { field: 'lng', value: '101.7123' },
      ]),
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const shown = await t.app.inject({
      method: 'GET',
      url: `/kgapi/incidents/list?filter=${encodeURIComponent(`(uuid = '${placed.json().data.incident_uuid}')`)}`,
      headers: authHeaders(companyToken),
    });
    expect(shown.json().resource[0]).toMatchObject({ lat: 3.1579, lng: 101.7123 });

    // The old app's 0,0 (location denied) is no position; half a position is refused.
    const denied = await door('POST', `residences/${siteA1}/incidents`, {
      token,
      form: form('Lamp again.', [
        { field: 'lat', value: '0' },
        { field: 'lng', value: '0' },
      ]),
    });
    const [stored] = await sqlRows(t.db, 'select lat, lng from incidents where uuid = ?', [
      denied.json().data.incident_uuid,
    ]);
    expect(stored).toEqual({ lat: null, lng: null });
    const half = await door('POST', `residences/${siteA1}/incidents`, {
      token,
      form: form('Lamp once more.', [{ field: 'lat', value: '3.1579' }]),
    });
    expect(half.statusCode).toBe(400);
    expect(half.json().message).toBe('lat and lng must be numbers within range, sent together.');
  });

  it('refuses a report at a site that takes none, and a time that is not the app’s', async () => {
    const token = await appSignIn('alice@guards.example.com');
    await verifyPin(token, '111111');
    const bad = await door('POST', `residences/${siteA1}/incidents`, {
      token,
      form: [
        { field: 'incident_type', value: 'x' },
        { field: 'description', value: 'x' },
        { field: 'incident_at', value: 'yesterday' },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(
      "incident_at must be the device's time, 'yyyy-MM-dd hh:mm AM/PM'.",
    );
  });
});

describe('visitors at the gate', () => {
  let token: string;
  let unitUuid: string;

  beforeAll(async () => {
    token = await appSignIn('alice@guards.example.com');
    unitUuid = 'unit-a-12-03';
    await t.db
      .insertInto('units')
      .values([
        { uuid: unitUuid, residence_uuid: siteA1, name: 'A-12-03', owner_name: 'Tan Mei Ling' },
        { uuid: 'unit-a-12-04', residence_uuid: siteA1, name: 'A-12-04', owner_name: '' },
        { uuid: 'unit-b-01-01', residence_uuid: siteA1, name: 'B-01-01', owner_name: 'Lee' },
      ])
      .execute();
  });

  it('walks the unit directory block → floor → unit → host', async () => {
    const blocks = await door('GET', `residences/${siteA1}/units/blocks`, { token });
    expect(blocks.json().data.blocks).toEqual([
      { label: 'A', value: 'A' },
      { label: 'B', value: 'B' },
    ]);
    const floors = await door('GET', `residences/${siteA1}/units/floors?block=A`, { token });
    expect(floors.json().data.floors).toEqual([{ label: '12', value: '12', block: 'A' }]);
    const units = await door('GET', `residences/${siteA1}/units?block=A&floor=12`, { token });
    expect(units.json().data.units).toEqual([
      { uuid: unitUuid, display_label: 'A-12-03', unit_number: '03', block: 'A', floor: '12' },
      {
        uuid: 'unit-a-12-04',
        display_label: 'A-12-04',
        unit_number: '04',
        block: 'A',
        floor: '12',
      },
    ]);
    const hosts = await door('GET', `residences/${siteA1}/units/${unitUuid}/hosts`, { token });
    expect(hosts.json().data.hosts).toEqual([
      { id: 1, user_id: null, name: 'Tan Mei Ling', phone: '', membership_role: 'Owner' },
    ]);
    const types = await door('GET', `residences/${siteA1}/visitor-types`, { token });
    for (const type of types.json().data.visitor_types) {
      expect(Object.keys(type).sort()).toEqual(['id', 'name', 'uuid']);
    }
  });

  it('registers a walk-in, checked in at once, created by the guard, listed for the company and its supervisor', async () => {
    const response = await door('POST', `residences/${siteA1}/visitors`, {
      token,
      form: [
        { field: 'visitor_type_id', value: '3' },
        { field: 'unit_uuid', value: unitUuid },
        { field: 'visitor_name', value: 'Rahim Contractor' },
        { field: 'phone', value: '60129876543' },
        { field: 'ic_passport_no', value: '900101-14-5678' },
        { field: 'temperature', value: '36.6' },
        { field: 'vehicle_number', value: 'wxy 1234' },
        { field: 'purpose', value: 'Aircon repair' },
        { field: 'photo', filename: 'walkin.jpg', type: 'image/jpeg', bytes: selfiePng(7) },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const visitor = response.json().data.visitor;
    expect(typeof visitor.uuid).toBe('string');
    for (const key of APP_VISITOR_KEYS) expect(visitor).toHaveProperty(key);
    expect(visitor).toMatchObject({
      name: 'Rahim Contractor',
      status: 'checked_in',
      vehicle_number: 'WXY 1234',
      category: 'Contractor',
      ic_passport_no_masked: '**********5678',
      can_check_out: true,
      unit: { display_label: 'A-12-03', block: 'A', floor: '12', unit_number: '03' },
    });
    expect(visitor.photo_url).toMatch(/^https:\/\/console\.example\.com\/kgapi\/files\/view\//);
    // One audit entry, the pass's creation by the guard, for the site's company.
    const entries = await t.db
      .selectFrom('audit_entries')
      .selectAll()
      .where('entity_uuid', '=', visitor.uuid)
      .execute();
    expect(entries.map((entry) => [entry.action, entry.entity, entry.actor_role])).toEqual([
      ['create', 'visitor', 'guard'],
    ]);
    expect(JSON.parse(entries[0]?.changes ?? '{}').name).toEqual({
      before: null,
      after: 'Rahim Contractor',
    });
    const accessCard = await door('POST', 'accesscards/newvisitor', {
      token,
      payload: {
        visitor_uuid: visitor.uuid,
        visitor_type_uuid: 'x',
        unit_uuid: unitUuid,
        residence_uuid: siteA1,
      },
    });
    expect(accessCard.json().success).toBe(true);

    const filter = encodeURIComponent(`(uuid = '${visitor.uuid}')`);
    for (const [caller, ic] of [
      [companyToken, '900101-14-5678'],
      [supervisorToken, '**********5678'],
    ] as const) {
      const list = await t.app.inject({
        method: 'GET',
        url: `/kgapi/visitors/list?filter=${filter}`,
        headers: authHeaders(caller),
      });
      const [row] = list.json().resource as VisitorRow[];
      expect(row).toMatchObject({
        latest_scan_type: 'IN',
        checkpoint_times: 1,
        user_profiles_by_created_by: { name: 'Alice Tan' },
        ic_passport_number: ic,
        visitor_temp: 36.6,
      });
      const details = await t.app.inject({
        method: 'GET',
        url: `/kgapi/data/visitors/${visitor.uuid}`,
        headers: authHeaders(caller),
      });
      expect(details.json().walkin_photo_urls).toHaveLength(1);
      expect(details.json().visitor_pass_scans[0].scanned_by_name).toBe('Alice Tan');
    }
  });

  it('refuses a walk-in without a name or with a unit of another site, with the form’s words', async () => {
    const missing = await door('POST', `residences/${siteA1}/visitors`, {
      token,
      form: [
        { field: 'visitor_type_id', value: '1' },
        { field: 'unit_uuid', value: unitUuid },
      ],
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Enter the visitor’s name.');
    const foreignUnit = await door('POST', `residences/${siteA1}/visitors`, {
      token,
      form: [
        { field: 'visitor_type_id', value: '1' },
        { field: 'unit_uuid', value: 'no-such-unit' },
        { field: 'visitor_name', value: 'X' },
      ],
    });
    expect(foreignUnit.json().message).toBe('Choose a unit of this site.');
  });

  it('refuses a walk-in on the company’s watchlist with its reason (a guard cannot override it), and warns the gate’s scan', async () => {
    await t.db
      .insertInto('watchlist_entries')
      .values({
        uuid: 'watch-walk-in',
        security_company_uuid: companyA,
        residence_uuid: null,
        ic_passport_number: '880202-10-1234',
        document_key: '880202101234',
        reason: 'Fought with a guard',
        created_at: '2026-11-25 00:00:00',
        updated_at: '2026-11-25 00:00:00',
      })
      .execute();
    const refused = await door('POST', `residences/${siteA1}/visitors`, {
      token,
      form: [
        { field: 'visitor_type_id', value: '1' },
        { field: 'unit_uuid', value: unitUuid },
        { field: 'visitor_name', value: 'Someone Else' },
        { field: 'ic_passport_no', value: '880202 10 1234' },
        { field: 'override_watchlist', value: 'true' },
      ],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(WATCHLIST_MESSAGES.refused('Fought with a guard'));

    // A pass issued before the entry: the gate's scan carries the reason, for its warning.
    const listed = await createVisitor(t.db, siteA1, {
      name: 'Listed Later',
      ic_passport_number: '880202101234',
      qr_code: 'WATCHED-GATE',
    });
    const scanned = await door('POST', `residences/${siteA1}/visitors/scan`, {
      token,
      payload: { qr_code_data: 'WATCHED-GATE' },
    });
    expect(scanned.json().data.visitor.watchlist).toEqual(['Fought with a guard']);
    expect(scanned.json().data.visitor.watchlist_override).toBeNull();
    // Once the company overrides it (recorded with the pass), the scan says who and when.
    await t.db
      .insertInto('audit_entries')
      .values({
        uuid: 'audit-override-gate',
        created_at: '2026-11-25 02:30:00',
        action: 'update',
        entity: 'visitor',
        entity_uuid: listed,
        actor_name: 'Chandra Company',
        actor_role: 'securitycompany',
        changes: JSON.stringify({
          watchlist_override: {
            before: null,
            after: [{ uuid: 'watch-walk-in', reason: 'Fought with a guard' }],
          },
        }),
      })
      .execute();
    const overridden = await door('POST', `residences/${siteA1}/visitors/scan`, {
      token,
      payload: { qr_code_data: 'WATCHED-GATE' },
    });
    expect(overridden.json().data.visitor).toMatchObject({
      watchlist: ['Fought with a guard'],
      watchlist_override: { by: 'Chandra Company', at: appTime('2026-11-25 02:30:00') },
    });
    await t.db.deleteFrom('watchlist_entries').where('uuid', '=', 'watch-walk-in').execute();
    const clear = await door('POST', `residences/${siteA1}/visitors/scan`, {
      token,
      payload: { qr_code_data: 'WATCHED-GATE' },
    });
    expect(clear.json().data.visitor.watchlist).toEqual([]);
    await t.db.deleteFrom('visitors').where('qr_code', '=', 'WATCHED-GATE').execute();
  });

  it('says why a pass may be scanned neither way, by the desk’s code and words, and adds nothing to the app’s keys', async () => {
    await createVisitor(t.db, siteA1, { name: 'Welcome Guest', qr_code: 'REFUSAL-OPEN' });
    await createVisitor(t.db, siteA1, {
      name: 'Cancelled Guest',
      qr_code: 'REFUSAL-CANCELLED',
      status: 'CANCELLED',
    });
    const open = await door('POST', `residences/${siteA1}/visitors/scan`, {
      token,
      payload: { qr_code_data: 'REFUSAL-OPEN' },
    });
    expect(open.json().data.visitor).toMatchObject({ can_check_in: true, refusal: null });

    const cancelled = await door('POST', `residences/${siteA1}/visitors/scan`, {
      token,
      payload: { qr_code_data: 'REFUSAL-CANCELLED' },
    });
    const visitor = cancelled.json().data.visitor;
    for (const key of APP_VISITOR_KEYS) expect(visitor).toHaveProperty(key);
    expect(visitor).toMatchObject({
      can_check_in: false,
      can_check_out: false,
      refusal: { code: 'PASS_CANCELLED', message: 'This pass was cancelled.' },
    });
    // The same words as the refusal of the scan itself.
    const scan = await door('POST', `residences/${siteA1}/visitors/${visitor.id}/check-in`, {
      token,
    });
    expect(scan.statusCode).toBe(409);
    expect(scan.json()).toMatchObject(visitor.refusal);
    await t.db
      .deleteFrom('visitors')
      .where('qr_code', 'in', ['REFUSAL-OPEN', 'REFUSAL-CANCELLED'])
      .execute();
  });

  it('finds a pass by its code typed in lower case at the gate', async () => {
    const code = newPassCode();
    const pass = await createVisitor(t.db, siteA1, { name: 'Typed Guest', qr_code: code });
    const scanned = await door('POST', `residences/${siteA1}/visitors/scan`, {
      token,
      payload: { qr_code_data: code.toLowerCase() },
    });
    expect(scanned.statusCode, scanned.body).toBe(200);
    expect(scanned.json().data.visitor).toMatchObject({ uuid: pass, qr_code_data: code });
    await t.db.deleteFrom('visitors').where('uuid', '=', pass).execute();
  });

  it('lists the day with counts under the key the status names, scans by code and checks in and out by id', async () => {
    const pass = await createVisitor(t.db, siteA1, { name: 'Expected Guest', unit_uuid: unitUuid });
    const all = await door('GET', `residences/${siteA1}/visitors`, { token });
    const data = all.json().data;
    expect(Object.keys(data).sort()).toEqual(['all_visitors', 'counts', 'date']);
    expect(Object.keys(data.counts).sort()).toEqual([
      'all_visitors',
      'checked_in',
      'checked_out',
      'overtime',
      'upcoming',
    ]);
    expect(data.counts.all_visitors).toBe(data.all_visitors.length);
    const upcoming = await door('GET', `residences/${siteA1}/visitors?status=upcoming`, { token });
    const listed = upcoming.json().data.upcoming as Array<{
      uuid: string;
      id: number;
      qr_code_data: string;
    }>;
    const entry = listed.find((v) => v.uuid === pass);
    expect(entry).toBeDefined();
    expect(upcoming.json().data.counts.upcoming).toBe(listed.length);

    const scanned = await door('POST', `residences/${siteA1}/visitors/scan`, {
      token,
      payload: { qr_code_data: entry?.qr_code_data },
    });
    expect(scanned.json().data.visitor.id).toBe(entry?.id);
    const detail = await door('GET', `residences/${siteA1}/visitors/${entry?.id}`, { token });
    expect(detail.json().data.visitor).toMatchObject({
      uuid: pass,
      status: 'upcoming',
      can_check_out: false,
    });
    expect(
      (await door('GET', `residences/${siteA1}/visitors/${pass}`, { token })).json(),
    ).toMatchObject({ message: 'Invalid visitor', code: 'VISITOR_NOT_FOUND' });
    const early = await door('POST', `residences/${siteA1}/visitors/${entry?.id}/check-out`, {
      token,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      message: 'This visitor is not checked in.',
      code: 'NOT_CHECKED_IN',
    });
    const inside = await door('POST', `residences/${siteA1}/visitors/${entry?.id}/check-in`, {
      token,
    });
    expect(inside.statusCode, inside.body).toBe(200);
    expect(inside.json().data.visitor.status).toBe('checked_in');
    const checkedIn = await door('GET', `residences/${siteA1}/visitors?status=checked_in`, {
      token,
    });
    expect(checkedIn.json().data.checked_in.map((v: { uuid: string }) => v.uuid)).toContain(pass);
  });

  it('answers bookings empty, as the product has none', async () => {
    const list = await door('GET', `residences/${siteA1}/bookings?date=2026-11-24&tab=all`, {
      token,
    });
    expect(list.json().data).toEqual({
      counts: { all_bookings: 0, checked_in: 0, upcoming: 0 },
      bookings: [],
    });
    const filters = await door('GET', `residences/${siteA1}/bookings/filters`, { token });
    expect(filters.json().data).toEqual({ statuses: [], facilities: [] });
    for (const [method, path] of [
      ['GET', 'bookings/1'],
      ['POST', 'bookings/1/check-in'],
      ['POST', 'bookings/1/check-out'],
    ] as const) {
      const none = await door(method, `residences/${siteA1}/${path}`, { token });
      expect(none.statusCode).toBe(404);
      expect(none.json()).toEqual({
        success: false,
        message: 'Booking does not exist.',
        code: 'NOT_FOUND',
      });
    }
  });
});

/** Enrols a kiosk for a site as a console user; answers its device token. */
async function enrolKiosk(token: string, site: string, label = 'Main gate') {
  const response = await t.app.inject({
    method: 'POST',
    url: '/kgapi/kiosks/add',
    headers: authHeaders(token),
    payload: { residence_uuid: site, label },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().token as string;
}

describe('kiosks', () => {
  it('enrols a device for a site in scope, lists it with its activity, and revokes it', async () => {
    const token = await enrolKiosk(supervisorToken, siteA1, 'Guardhouse PC');
    expect(token).toMatch(/^kd_/);
    const kiosk = await door('GET', 'kiosk', { token });
    expect(kiosk.json().data).toMatchObject({
      kiosk: { label: 'Guardhouse PC' },
      residence: { uuid: siteA1, name: 'Alpha Towers' },
      pin_only_shifts: false,
    });
    const list = await t.app.inject({
      method: 'GET',
      url: `/kgapi/kiosks/list?filter=${encodeURIComponent(`(residence_uuid = '${siteA1}')`)}`,
      headers: authHeaders(companyToken),
    });
    const entry = list.json().resource.find((k: { label: string }) => k.label === 'Guardhouse PC');
    expect(entry).toMatchObject({
      enrolled_by_name: 'supervisor@example.com',
      residence_name: 'Alpha Towers',
    });
    expect(entry.last_seen_at).not.toBeNull();

    const guards = await door('GET', 'kiosk/guards?search=ali', { token });
    expect(guards.json().data.guards.map((g: { name: string }) => g.name)).toEqual(['Alice Tan']);

    const pin = await door('POST', 'auth/verify-pin', {
      token,
      payload: { guard_uuid: alice, pin: '111111', residence_uuid: siteA1 },
    });
    expect(pin.statusCode).toBe(200);
    const guardAtKiosk = pin.json().data.token as string;
    expect((await door('GET', 'me', { token: guardAtKiosk })).statusCode).toBe(200);

    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/kgapi/kiosks/${entry.uuid}`,
      headers: authHeaders(companyToken),
    });
    expect(revoked.statusCode).toBe(200);
    const after = await door('GET', 'kiosk', { token });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({
      code: 'KIOSK_REVOKED',
      message: DOOR_MESSAGES.kioskRevoked,
    });
    expect((await door('GET', 'me', { token: guardAtKiosk })).statusCode).toBe(401);
  });

  it('keeps a kiosk to its site and its site’s guards', async () => {
    const token = await enrolKiosk(companyToken, siteA1);
    const otherSite = await door('POST', 'auth/verify-pin', {
      token,
      payload: { guard_uuid: alice, pin: '111111', residence_uuid: siteA2 },
    });
    expect(otherSite.statusCode).toBe(404);
    const foreignGuard = await door('POST', 'auth/verify-pin', {
      token,
      payload: { guard_uuid: dana, pin: '333333', residence_uuid: siteA1 },
    });
    expect(foreignGuard.statusCode).toBe(404);
    expect(foreignGuard.json()).toMatchObject({
      message: GUARD_APP_MESSAGES.guardUnknown,
      code: 'GUARD_NOT_FOUND',
    });
    // A guard signed in at this kiosk acts at its site alone, though posted elsewhere too.
    await t.db
      .insertInto('guard_residences')
      .values({ guard_uuid: alice, residence_uuid: siteA2 })
      .execute();
    const pin = await door('POST', 'auth/verify-pin', {
      token,
      payload: { guard_uuid: alice, pin: '111111', residence_uuid: siteA1 },
    });
    const guardToken = pin.json().data.token as string;
    expect(
      (await door('GET', `residences/${siteA2}/visitors`, { token: guardToken })).statusCode,
    ).toBe(404);
    expect(
      (await door('GET', 'residences', { token: guardToken })).json().data.residences,
    ).toHaveLength(1);
    await t.db
      .deleteFrom('guard_residences')
      .where('guard_uuid', '=', alice)
      .where('residence_uuid', '=', siteA2)
      .execute();
    // The kiosk's credential itself does no guard's work.
    const asGuard = await door('GET', `residences/${siteA1}/visitors`, { token });
    expect(asGuard.statusCode).toBe(403);
    expect(asGuard.json().message).toBe(DOOR_MESSAGES.guardRequired);
  });

  it('refuses to enrol a site outside the caller’s scope, or without a label', async () => {
    const otherToken = await signIn(t.app, 'other@example.com', PASSWORD);
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/kgapi/kiosks/add',
      headers: authHeaders(otherToken),
      payload: { residence_uuid: siteA1, label: 'Sneaky' },
    });
    expect(foreign.statusCode).toBe(400);
    const unlabelled = await t.app.inject({
      method: 'POST',
      url: '/kgapi/kiosks/add',
      headers: authHeaders(companyToken),
      payload: { residence_uuid: siteA1, label: '  ' },
    });
    expect(unlabelled.statusCode).toBe(400);
  });

  it('opens a guard’s shift at the kiosk with the PIN typed there, answering the open shift', async () => {
    await closeShifts(bob);
    await forgetPinFailures();
    const kiosk = await enrolKiosk(companyToken, siteA1);
    const pin = await door('POST', 'auth/verify-pin', {
      token: kiosk,
      payload: { guard_uuid: bob, pin: '222222', residence_uuid: siteA1 },
    });
    expect(pin.json().data).toMatchObject({
      pin_verified: true,
      guard_uuid: bob,
      open_shift: null,
    });
    const guardToken = pin.json().data.token as string;
    expect((await shift(guardToken, 'start')).statusCode).toBe(200);
    const again = await door('POST', 'auth/verify-pin', {
      token: kiosk,
      payload: { guard_uuid: bob, pin: '222222', residence_uuid: siteA1 },
    });
    expect(again.json().data.open_shift).toMatchObject({ guard_uuid: bob, is_open: true });
    await closeShifts(bob);
  });
});
