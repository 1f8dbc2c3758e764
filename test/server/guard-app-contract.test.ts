import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { selfiePng } from '../../server/src/db/seed/images';
import { DEMO_PASSWORD, seedDemoData } from '../../server/src/db/seed/demo';
import { DEMO_GUARD_EMAIL, DEMO_GUARD_PIN } from '../../server/src/db/seed/demo-guards';
import { ABANDONED_SHIFT_HOURS } from '@rules/attendances';
import { sqlCount } from '../support/sql';
import { useClockAt } from './clock';
import { createVisitor } from './factories';
import { multipart, type FormPart } from './multipart';
import { APP_KEY, authHeaders, makeTestApp, signIn, type TestApp } from './test-app';

// The guard app's day, call for call, against the demo data: each test sends exactly the fields
// the app's Dart code sends and reads exactly the keys it reads, with the types it parses
// (nicoss99/KipleGuard-Flutter, its newest code, e89765c9; the file each test follows is named in
// it). The next version of the app is a diff against this file. docs/guard-app.md lists the calls.

useClockAt(12);

let t: TestApp;
let site: string;
let visitorsSite: string;

beforeAll(async () => {
  t = await makeTestApp({ env: { PUBLIC_URL: 'https://console.example.com' } });
  await seedDemoData(t.db, { dataDir: t.dataDir, now: new Date() });
});
afterAll(async () => {
  await t.close();
});

interface Call {
  token?: string;
  json?: unknown;
  form?: FormPart[];
}

/** A call as the app's Dio client makes it (api_service.dart): its base URL, key and token. */
function app(method: 'GET' | 'POST', path: string, call: Call = {}) {
  const body = call.form ? multipart(call.form) : null;
  return t.app.inject({
    method,
    url: `/${path}`,
    headers: {
      accept: 'application/json',
      'x-application-key': APP_KEY,
      ...(call.token ? { authorization: `Bearer ${call.token}` } : {}),
      ...(body?.headers ?? {}),
    },
    payload: body ? body.payload : (call.json as never),
  });
}

const guardPath = (path: string) => `api/v1/guard/${path}`;

/** The envelope the app's getJson/postJson accept (dio_guard_http_client.dart): `data` an object. */
function envelope(response: Awaited<ReturnType<typeof app>>) {
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  expect(body.success).toBe(true);
  expect(typeof body.data).toBe('object');
  expect(Array.isArray(body.data)).toBe(false);
  return body.data as Record<string, unknown>;
}

const login = (device: string, proceed = false) =>
  app('POST', guardPath('auth/login'), {
    json: {
      email_or_phone: DEMO_GUARD_EMAIL,
      password: DEMO_PASSWORD,
      device_unique_id: device,
      device_model: device === 'phone-a' ? 'SM-A546E' : 'iPhone15,2',
      brand: device === 'phone-a' ? 'samsung' : 'Apple',
      ...(proceed ? { is_proceed: 1 } : {}),
    },
  });

/** GuardResidence.fromJson's strict casts (guard_models.dart @ c2e8). */
function expectResidences(residences: unknown) {
  expect(Array.isArray(residences)).toBe(true);
  for (const residence of residences as Record<string, unknown>[]) {
    expect(Number.isInteger(residence.id)).toBe(true);
    for (const key of ['uuid', 'name', 'address', 'city', 'state', 'postcode', 'role']) {
      expect(typeof residence[key], key).toBe('string');
    }
    expect(['string', 'object']).toContain(typeof residence.security_company_uuid);
  }
}

const pinForm = (pin = DEMO_GUARD_PIN): FormPart[] => [
  { field: 'current_time', value: '2026-05-25 2:45 pm' },
  { field: 'pin', value: pin },
  { field: 'selfie_photo', filename: 'selfie.jpg', type: 'image/jpeg', bytes: selfiePng(3) },
];

/** Today on the device, 'yyyy-MM-dd'. */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The wall clock the app shows for a time it was sent (guard_api_time_display.dart @ f71f). */
function wallClock(sent: string): string {
  return sent
    .replace('T', ' ')
    .replace(/(Z|[+-]\d\d:\d\d)$/, '')
    .slice(0, 16);
}

function localWallClock(ms: number): string {
  const at = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

let token = '';

describe('the guard app’s day on the demo data', () => {
  it('signs in on one phone, then moves to another (guard_repository.dart, login_page.dart, session_expired_handler.dart)', async () => {
    const first = envelope(await login('phone-a', true));
    expect(typeof first.token).toBe('string');
    expect(first.token).not.toBe('');
    expect(typeof first.guard).toBe('object');
    expectResidences(first.residences);
    expect(first.switch_device ?? null).toBeNull();
    const phoneA = first.token as string;

    // The second phone is asked first: a token the app accepts, and the switch prompt.
    const asked = envelope(await login('phone-b'));
    expect(typeof asked.token).toBe('string');
    expect(asked.token).not.toBe('');
    expect(asked.switch_device).toMatchObject({ is_switch_device: true });
    expect(typeof (asked.switch_device as { message: unknown }).message).toBe('string');
    // That token opens nothing, and the first phone still works.
    const pending = await app('GET', guardPath('me'), { token: asked.token as string });
    expect(pending.statusCode).toBe(401);
    envelope(await app('GET', guardPath('me'), { token: phoneA }));

    // Proceed: the same sign-in with is_proceed 1 gets a session, and the first phone is told.
    const moved = envelope(await login('phone-b', true));
    expect(moved.switch_device ?? null).toBeNull();
    token = moved.token as string;
    const superseded = await app('GET', guardPath('me'), { token: phoneA });
    expect(superseded.statusCode).toBe(401);
    expect(superseded.json().code).toBe('SESSION_SUPERSEDED');
    // The first phone's sign-out still succeeds, or the app would keep it signed in
    // (profile_provider.dart).
    envelope(await app('POST', guardPath('auth/logout'), { token: phoneA }));

    const me = envelope(await app('GET', guardPath('me'), { token }));
    expectResidences(me.residences);
    const residences = envelope(
      await app('GET', guardPath(`residences?current_residence_uuid=x`), { token }),
    );
    expectResidences(residences.residences);
    site = ((residences.residences as { uuid: string }[])[0] as { uuid: string }).uuid;
    visitorsSite = site;
  });

  it('agrees with the server on an open shift, then starts and ends one with a selfie (guard_attendance_repository.dart @ 86bf)', async () => {
    // hasOpenShiftForGuard: from 1 January of last year to today, open means is_open === true.
    const year = new Date().getFullYear() - 1;
    const history = async () =>
      envelope(
        await app(
          'GET',
          guardPath(`residences/${site}/attendance?from=${year}-01-01&to=${today()}`),
          {
            token,
          },
        ),
      ).attendance as Array<Record<string, unknown>>;
    const rows = await history();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(Number.isInteger(row.id)).toBe(true);
      expect(Number.isInteger(row.residence_id)).toBe(true);
      expect(typeof row.is_open).toBe('boolean');
      expect(typeof row.guard_uuid).toBe('string');
      if (row.is_open) {
        // Only a shift the server also takes as open: not one left open past a shift's length.
        const started = Date.parse(String(row.started_at));
        expect(Date.now() - started).toBeLessThan(ABANDONED_SHIFT_HOURS * 3_600_000);
      }
    }
    // The demo has shifts never checked out; none of them keeps the guard from starting.
    expect(
      await sqlCount(t.db, 'select count(*) as n from attendances where checkout_at is null', []),
    ).toBeGreaterThan(0);
    const verify = async () =>
      envelope(
        await app('POST', guardPath('auth/verify-pin'), {
          token,
          json: { pin: DEMO_GUARD_PIN, residence_uuid: site },
        }),
      );
    if (rows.some((row) => row.is_open === true)) {
      await verify();
      envelope(
        await app('POST', guardPath(`residences/${site}/attendance/end`), {
          token,
          form: pinForm(),
        }),
      );
    }
    await verify();
    const started = envelope(
      await app('POST', guardPath(`residences/${site}/attendance/start`), {
        token,
        form: pinForm(),
      }),
    ).attendance as Record<string, unknown>;
    expect(started.is_open).toBe(true);
    // The wall clock of the sites, which the app shows as sent.
    expect(wallClock(String(started.started_at))).toBe(localWallClock(Date.now()));
    expect((await history()).filter((row) => row.is_open === true)).toHaveLength(1);
    await verify();
    const ended = envelope(
      await app('POST', guardPath(`residences/${site}/attendance/end`), { token, form: pinForm() }),
    ).attendance as Record<string, unknown>;
    expect(ended.is_open).toBe(false);
    expect(typeof ended.ended_at).toBe('string');
    expect((await history()).some((row) => row.is_open === true)).toBe(false);
  });

  it('lists every visitor tab with the full day’s counts (visitor_tab_status.dart, guard_visitor_day_result.dart @ e897, guard_visitor_mapper.dart @ d5d1)', async () => {
    for (const status of [null, 'checked_in', 'upcoming', 'overtime', 'checked_out']) {
      const query = status ? `&status=${status}` : '';
      const data = envelope(
        await app('GET', guardPath(`residences/${visitorsSite}/visitors?date=${today()}${query}`), {
          token,
        }),
      );
      const counts = data.counts as Record<string, unknown>;
      for (const key of ['all_visitors', 'overtime', 'checked_in', 'upcoming', 'checked_out']) {
        expect(typeof counts[key], key).toBe('number');
      }
      const listed = data[status ?? 'all_visitors'] as Array<Record<string, unknown>>;
      expect(Array.isArray(listed)).toBe(true);
      expect(listed).toHaveLength(counts[status ?? 'all_visitors'] as number);
      for (const visitor of listed) {
        expect(Number.isInteger(visitor.id)).toBe(true);
        expect(typeof visitor.name).toBe('string');
        expect(typeof visitor.vehicle_number).toBe('string');
      }
    }
  });

  it('checks a visitor in by the new path and out by the old, with local times (guard_visitor_repository.dart @ e897, visitor_details_page.dart @ c2e8)', async () => {
    const uuid = await createVisitor(t.db, visitorsSite, { name: 'Contract Guest' });
    const upcoming = envelope(
      await app(
        'GET',
        guardPath(`residences/${visitorsSite}/visitors?date=${today()}&status=upcoming`),
        {
          token,
        },
      ),
    ).upcoming as Array<{ id: number; uuid: string }>;
    const id = upcoming.find((visitor) => visitor.uuid === uuid)?.id;
    expect(Number.isInteger(id)).toBe(true);
    const checkedOutBefore = (
      envelope(
        await app('GET', guardPath(`residences/${visitorsSite}/visitors?date=${today()}`), {
          token,
        }),
      ).counts as { checked_out: number }
    ).checked_out;

    envelope(
      await app('POST', guardPath(`residences/${visitorsSite}/check-in`), {
        token,
        json: { visitor_id: id },
      }),
    );
    const inside = envelope(
      await app('GET', guardPath(`residences/${visitorsSite}/visitors/${id}`), { token }),
    ).visitor as Record<string, string | boolean | null>;
    expect(inside.status).toBe('checked_in');
    expect(inside.can_check_out).toBe(true);
    // The label is shown as sent; the time's digits are the sites' wall clock.
    expect(inside.actual_arrival_time_label).toMatch(
      /^\d\d [A-Z][a-z]{2} \d{4}, \d\d:\d\d (am|pm)$/,
    );
    expect(wallClock(String(inside.actual_arrival_time))).toBe(localWallClock(Date.now()));
    expect(inside.eta_arrival_label).toMatch(/, 12:00 am$/);
    expect(inside.eta_exit_label).toMatch(/, 11:59 pm$/);

    // A minute later: a pass scanned seconds ago is refused (the site's scan interval).
    vi.setSystemTime(Date.now() + 60_000);
    envelope(
      await app('POST', guardPath(`residences/${visitorsSite}/visitors/${id}/check-out`), {
        token,
      }),
    );
    const after = envelope(
      await app(
        'GET',
        guardPath(`residences/${visitorsSite}/visitors?date=${today()}&status=checked_out`),
        {
          token,
        },
      ),
    );
    expect((after.checked_out as { uuid: string }[]).map((visitor) => visitor.uuid)).toContain(
      uuid,
    );
    expect((after.counts as { checked_out: number }).checked_out).toBe(checkedOutBefore + 1);
  });

  it('registers a walk-in once, with its temperature, and records its access card (register_payload.dart, register_repository.dart)', async () => {
    const blocks = envelope(
      await app('GET', guardPath(`residences/${visitorsSite}/units/blocks`), { token }),
    ).blocks as Array<{ label: string; value: string }>;
    const block = (blocks[0] as { label: string; value: string }).value;
    const units = envelope(
      await app(
        'GET',
        guardPath(`residences/${visitorsSite}/units?block=${encodeURIComponent(block)}`),
        {
          token,
        },
      ),
    ).units as Array<{ uuid: string }>;
    const unit = (units[0] as { uuid: string }).uuid;
    const types = envelope(
      await app('GET', guardPath(`residences/${visitorsSite}/visitor-types`), { token }),
    ).visitor_types as Array<{ id: number }>;
    const walkIn = () =>
      app('POST', guardPath(`residences/${visitorsSite}/visitors`), {
        token,
        form: [
          { field: 'visitor_type_id', value: String((types[0] as { id: number }).id) },
          { field: 'unit_uuid', value: unit },
          { field: 'visitor_name', value: 'Walk-in Contract' },
          { field: 'phone', value: '0123456789' },
          { field: 'temperature', value: '36.6' },
          { field: 'vehicle_number', value: 'wxy 1234' },
          { field: 'purpose', value: 'Guard registration' },
          { field: 'photo', filename: 'visitor.jpg', type: 'image/jpeg', bytes: selfiePng(4) },
        ],
      });
    const registered = envelope(await walkIn()).visitor as { uuid: string };
    expect(typeof registered.uuid).toBe('string');
    // The app asks for the access card at its base URL and needs success.
    const card = await app('POST', 'accesscards/newvisitor', {
      token,
      json: {
        visitor_uuid: registered.uuid,
        visitor_type_uuid: String((types[0] as { id: number }).id),
        unit_uuid: unit,
        residence_uuid: visitorsSite,
      },
    });
    expect(card.statusCode, card.body).toBe(200);
    expect(card.json().success).toBe(true);
    // Sent again (the first answer lost), it is the same visit: one pass.
    expect((envelope(await walkIn()).visitor as { uuid: string }).uuid).toBe(registered.uuid);
    expect(
      await sqlCount(
        t.db,
        "select count(*) as n from visitors where name = 'Walk-in Contract'",
        [],
      ),
    ).toBe(1);
    const console = await t.app.inject({
      method: 'GET',
      url: `/kgapi/data/visitors/${registered.uuid}`,
      headers: authHeaders(await signIn(t.app, 'superadmin@example.com', DEMO_PASSWORD)),
    });
    expect(console.json()).toMatchObject({ visitor_temp: 36.6, access_card_number: '' });
    expect(console.json().access_card_issued_at).not.toBeNull();
  });

  it('answers the unit directory and the base-URL lists in the app’s shapes (guard_unit_call_repository.dart, call_recent_repository.dart, home_repository.dart)', async () => {
    const blocks = envelope(
      await app('GET', guardPath(`residences/${visitorsSite}/units/blocks`), { token }),
    ).blocks as Array<{ label: string }>;
    const label = (blocks[0] as { label: string }).label;
    const floors = envelope(
      await app(
        'GET',
        guardPath(`residences/${visitorsSite}/units/floors?block=${encodeURIComponent(label)}`),
        {
          token,
        },
      ),
    ).floors as Array<{ label: string }>;
    expect(floors.length).toBeGreaterThan(0);
    const units = envelope(
      await app('GET', guardPath(`residences/${visitorsSite}/units`), { token }),
    ).units as Array<{ uuid: string }>;
    const hosts = envelope(
      await app(
        'GET',
        guardPath(`residences/${visitorsSite}/units/${(units[0] as { uuid: string }).uuid}/hosts`),
        {
          token,
        },
      ),
    ).hosts as Array<Record<string, unknown>>;
    // The Call button dials a number of more than 5 characters (unit_call_phone.dart).
    expect(hosts.length).toBeGreaterThan(0);
    for (const host of hosts) expect(String(host.phone).length).toBeGreaterThan(5);

    for (const path of ['data/call_history', 'data/kg_guards']) {
      const list = await app('GET', `${path}?filter=x`, { token });
      expect(list.statusCode, path).toBe(200);
      expect(list.json()).toEqual({ resource: [] });
    }
    // Nothing under an API's prefix answers the console's page.
    for (const path of [
      'data/bookings?filter=x',
      'visit/scan-qr/a/b',
      'api/v2/anything',
      guardPath('nothing'),
    ]) {
      const missing = await app('GET', path, { token });
      expect(missing.statusCode, path).toBe(404);
      expect(missing.headers['content-type'], path).toMatch(/application\/json/);
      expect(typeof missing.json().message).toBe('string');
    }
  });

  it('takes a report queued offline in a later session, with the PIN it was made with, once (reporting_sync_service.dart @ 86bf)', async () => {
    const types = envelope(
      await app('GET', guardPath(`residences/${site}/incidents/types`), { token }),
    ).incident_types as Array<{ key: string; label: string }>;
    const report = (pin: string | null): FormPart[] => [
      ...(pin === null ? [] : [{ field: 'pin', value: pin }]),
      { field: 'incident_type', value: (types[0] as { key: string }).key },
      { field: 'description', value: 'Gate barrier stuck open' },
      { field: 'incident_at', value: '2026-11-27 02:45 am'.replace('2026-11-27', today()) },
      { field: 'photos[]', filename: 'incident_0.jpg', type: 'image/jpeg', bytes: selfiePng(5) },
    ];
    // A later session (the app signed in again), with no PIN verified in it.
    const later = envelope(await login('phone-b', true)).token as string;
    const send = (pin: string | null) =>
      app('POST', guardPath(`residences/${site}/incidents`), { token: later, form: report(pin) });
    // A token alone files nothing; a wrong PIN is refused without signing the guard out.
    expect((await send(null)).statusCode).toBe(403);
    const wrong = await send('000000');
    expect(wrong.statusCode).not.toBe(401);
    expect(wrong.json().success).toBe(false);
    envelope(await send(DEMO_GUARD_PIN));
    // The queue sends it again (it could not tell the first arrived): still one report.
    envelope(await send(DEMO_GUARD_PIN));
    expect(
      await sqlCount(
        t.db,
        "select count(*) as n from incidents where description = 'Gate barrier stuck open'",
        [],
      ),
    ).toBe(1);
    token = later;
  });

  it('changes the password, and signs out (guard_repository.dart @ c2e8)', async () => {
    envelope(
      await app('POST', guardPath('auth/change-password'), {
        token,
        json: {
          current_password: DEMO_PASSWORD,
          new_password: 'Changed@2026',
          new_password_confirmation: 'Changed@2026',
        },
      }),
    );
    envelope(await app('POST', guardPath('auth/logout'), { token }));
    expect((await app('GET', guardPath('me'), { token })).statusCode).toBe(401);
  });
});
