import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Alert } from '@contract/alerts';
import type { Checkpoint } from '@contract/checkpoints';
import type { Patrol, PatrolCompletion } from '@contract/patrols';
import type { Round } from '@contract/rounds';
import { PATROL_MESSAGES } from '@rules/patrols';
import { toDbTime } from '../../server/src/db/time';
import { runShiftWatch, type WatchDeps } from '../../server/src/modules/shifts/shift-watch';
import { createCompany, createGuard, createSite, createUser, PASSWORD } from './factories';
import { guardDoor } from './guard-door';
import { authHeaders, makeTestApp, signIn, type TestApp } from './test-app';

// Patrols walked (issue 38): patrols planned from rounds, started, scanned and finished from the
// guard's phone by the phone's time (offline scans arrive late), closed by the minute watch with
// their alerts once across processes, read by the console within each role's sites, and a site's
// completion over a night. The clock is fixed: Monday 30 November 2026, local time.

const DAY = '2026-11-30';
const NEXT = '2026-12-01';
const at = (date: string, time: string, seconds = 0) => {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const [y = 0, mo = 1, d = 1] = date.split('-').map(Number);
  return new Date(y, mo - 1, d, h, m, seconds);
};

let t: TestApp;
let door: ReturnType<typeof guardDoor>['door'];
let mont: string;
let delta: string;
let arjun: string;
let guardToken: string;
let otherGuardToken: string;
let tokens: Record<'admin' | 'company' | 'supervisor' | 'companyB', string>;
const codes: Record<string, string> = {};
const points: Record<string, string> = {};
const deps: WatchDeps = { everySeconds: 60, mailer: null, publicUrl: '', productName: 'Guard' };

const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/kgapi${url}`, headers: authHeaders(token), payload });

const errorOf = (response: { json: () => unknown }) =>
  (response.json() as { message: string; code: string }) ?? { message: '', code: '' };

async function checkpoint(token: string, site: string, name: string) {
  const response = await call(token, 'POST', '/checkpoints', { residence_uuid: site, name });
  expect(response.statusCode, response.body).toBe(200);
  const made = response.json<{ resource: Checkpoint[] }>().resource[0] as Checkpoint;
  points[name] = made.uuid;
  codes[name] = made.qr_text;
}

async function patrolsAt(token: string, filter: string): Promise<Patrol[]> {
  const response = await call(
    token,
    'GET',
    `/patrols/list?filter=${encodeURIComponent(filter)}&order=due_at%20asc&include_count=true`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ resource: Patrol[] }>().resource;
}

const dueAt = (date: string, time: string) => toDbTime(at(date, time));

async function patrolDue(date: string, time: string): Promise<Patrol> {
  const [patrol] = await patrolsAt(
    tokens.company,
    `(residence_uuid = '${mont}') AND (due_at = '${dueAt(date, time)}')`,
  );
  if (!patrol) throw new Error(`No patrol due ${date} ${time}`);
  return patrol;
}

function scan(patrol: string, code: string, scannedAt: Date, extra: object = {}, token = '') {
  return door('POST', `residences/${mont}/patrols/${patrol}/scans`, {
    token: token || guardToken,
    payload: { code, scanned_at: scannedAt.toISOString(), ...extra },
  });
}

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: at(DAY, '20:00'), shouldAdvanceTime: true });
  t = await makeTestApp({ env: { SESSION_TTL_HOURS: '10000', SESSION_IDLE_MINUTES: '100000' } });
  door = guardDoor(t).door;
  const companyA = await createCompany(t.db, 'Aegis Guarding');
  const companyB = await createCompany(t.db, 'Benteng Protection');
  const flags = { kipleguard_enabled: 1, kipleguard_attendance: 1 };
  mont = await createSite(t.db, companyA, { name: 'Mont Kiara Residence', ...flags });
  const hartamas = await createSite(t.db, companyA, { name: 'Sri Hartamas', ...flags });
  delta = await createSite(t.db, companyB, { name: 'Delta Heights', ...flags });
  arjun = await createGuard(
    t.db,
    companyA,
    { name: 'Arjun Thapa', contact_number: '60123450001' },
    [mont],
  );
  const dinesh = await createGuard(
    t.db,
    companyB,
    { name: 'Dinesh Kumar', contact_number: '60123450009' },
    [delta],
  );
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
  await createUser(t.db, {
    email: 'sup@example.com',
    role: 'sitesupervisor',
    companyUuid: companyA,
    siteUuids: [hartamas],
  });
  tokens = {
    admin: await signIn(t.app, 'admin@example.com', PASSWORD),
    company: await signIn(t.app, 'a@example.com', PASSWORD),
    supervisor: await signIn(t.app, 'sup@example.com', PASSWORD),
    companyB: await signIn(t.app, 'b@example.com', PASSWORD),
  };
  for (const [guard, token] of [
    [arjun, tokens.company],
    [dinesh, tokens.companyB],
  ] as const) {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/kgapi/guards/${guard}/app-access`,
      headers: authHeaders(token),
      payload: { password: 'Guard@1234' },
    });
    expect(response.statusCode, response.body).toBe(200);
  }
  const signInDoor = guardDoor(t);
  guardToken = await signInDoor.appSignIn('60123450001', 'Guard@1234', 'arjun-phone');
  otherGuardToken = await signInDoor.appSignIn('60123450009', 'Guard@1234', 'dinesh-phone');
  for (const name of ['Main gate', 'Car park', 'Pool', 'Spare']) {
    await checkpoint(tokens.company, mont, name);
  }
  await checkpoint(tokens.companyB, delta, 'Delta lobby');
  const response = await call(tokens.company, 'POST', '/rounds', {
    residence_uuid: mont,
    name: 'Perimeter',
    in_order: true,
    allowed_minutes: 30,
    schedule_kind: 'times',
    times: ['22:00', '02:00'],
    every_hours: null,
    pattern_uuid: null,
    checkpoint_uuids: [points['Main gate'], points['Car park'], points['Pool']],
  });
  expect(response.statusCode, response.body).toBe(200);
  expect((response.json<{ resource: Round[] }>().resource[0] as Round).name).toBe('Perimeter');
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

describe('planning', () => {
  it('plans a new round two days ahead, each due time once, with its checkpoints in order', async () => {
    const patrols = await patrolsAt(tokens.company, `residence_uuid = '${mont}'`);
    expect(patrols.map((patrol) => patrol.due_at)).toEqual([
      dueAt(DAY, '22:00'),
      dueAt(NEXT, '02:00'),
      dueAt(NEXT, '22:00'),
      dueAt('2026-12-02', '02:00'),
    ]);
    const first = patrols[0] as Patrol;
    expect(first).toMatchObject({
      round_name: 'Perimeter',
      residence_name: 'Mont Kiara Residence',
      state: 'due',
      closes_at: dueAt(DAY, '22:30'),
      checkpoints_total: 3,
      checkpoints_scanned: 0,
      guard_uuid: null,
    });
    expect(first.checkpoints.map((point) => point.name)).toEqual(['Main gate', 'Car park', 'Pool']);
    // The watch plans again only what needs it: nothing new now.
    await runShiftWatch(t.db, at(DAY, '20:01'), deps);
    expect(await patrolsAt(tokens.company, `residence_uuid = '${mont}'`)).toHaveLength(4);
  });

  it('shows each role only the patrols of its sites', async () => {
    expect(await patrolsAt(tokens.admin, `residence_uuid = '${mont}'`)).toHaveLength(4);
    expect(await patrolsAt(tokens.supervisor, `residence_uuid = '${mont}'`)).toEqual([]);
    expect(await patrolsAt(tokens.companyB, `residence_uuid = '${mont}'`)).toEqual([]);
    const completion = await call(
      tokens.companyB,
      'GET',
      `/patrols/completion?residence_uuid=${mont}&from=${DAY}&to=${NEXT}`,
    );
    expect(completion.json<PatrolCompletion>().checkpoints_due).toBe(0);
    // Another company's guard cannot reach the site's patrols at all.
    const foreign = await door('GET', `residences/${mont}/patrols`, { token: otherGuardToken });
    expect(foreign.statusCode).toBe(404);
  });

  it('gives the guard’s phone the site’s patrols of the half day either side', async () => {
    const response = await door('GET', `residences/${mont}/patrols`, { token: guardToken });
    expect(response.statusCode, response.body).toBe(200);
    const patrols = response.json().data.patrols as Array<{ round_name: string; due_at: string }>;
    expect(patrols.map((patrol) => patrol.round_name)).toEqual(['Perimeter', 'Perimeter']);
  });
});

describe('walking a round', () => {
  it('refuses a scan before the round opens, and takes one from 15 minutes before it is due', async () => {
    const patrol = await patrolDue(DAY, '22:00');
    vi.setSystemTime(at(DAY, '21:50'));
    const early = await scan(patrol.uuid, codes['Main gate'] ?? '', at(DAY, '21:44', 59));
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).message).toBe(PATROL_MESSAGES.notOpen('22:00'));
    const start = await door('POST', `residences/${mont}/patrols/${patrol.uuid}/start`, {
      token: guardToken,
      payload: { started_at: at(DAY, '21:45').toISOString() },
    });
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json().data.patrol).toMatchObject({ state: 'in_progress', guard_uuid: arjun });
  });

  it('refuses stickers that are not this round’s, with what is wrong', async () => {
    const patrol = await patrolDue(DAY, '22:00');
    vi.setSystemTime(at(DAY, '21:55'));
    const cases: Array<[string, number, string]> = [
      ['KGCP:nothing-like-this', 404, PATROL_MESSAGES.codeUnknown],
      [codes['Delta lobby'] ?? '', 409, PATROL_MESSAGES.otherSite],
      [codes['Spare'] ?? '', 409, PATROL_MESSAGES.notOnRound('Spare')],
    ];
    for (const [code, status, message] of cases) {
      const response = await scan(patrol.uuid, code, at(DAY, '21:55'));
      expect(response.statusCode, response.body).toBe(status);
      expect(errorOf(response).message).toBe(message);
    }
    expect((await patrolDue(DAY, '22:00')).checkpoints_scanned).toBe(0);
  });

  it('records a scan once, however often the phone sends it', async () => {
    const patrol = await patrolDue(DAY, '22:00');
    vi.setSystemTime(at(DAY, '22:02'));
    const first = await scan(patrol.uuid, codes['Main gate'] ?? '', at(DAY, '22:01'), {
      note: 'Gate chain loose',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.replayed).toBe(false);
    const again = await scan(patrol.uuid, codes['Main gate'] ?? '', at(DAY, '22:01'));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.replayed).toBe(true);
    const stored = await patrolDue(DAY, '22:00');
    expect(stored.checkpoints_scanned).toBe(1);
    expect(stored.checkpoints[0]).toMatchObject({
      name: 'Main gate',
      scanned_at: toDbTime(at(DAY, '22:01')),
      sent_late: false,
      note: 'Gate chain loose',
    });
    expect(stored.started_at).toBe(toDbTime(at(DAY, '21:45')));
  });

  it('keeps an in-order round in order: a passed checkpoint cannot be scanned after', async () => {
    const patrol = await patrolDue(DAY, '22:00');
    vi.setSystemTime(at(DAY, '22:10'));
    const pool = await scan(patrol.uuid, codes['Pool'] ?? '', at(DAY, '22:10'));
    expect(pool.statusCode, pool.body).toBe(200);
    const carPark = await scan(patrol.uuid, codes['Car park'] ?? '', at(DAY, '22:11'));
    expect(carPark.statusCode).toBe(409);
    expect(errorOf(carPark).message).toBe(PATROL_MESSAGES.passed('Car park', 'Pool'));
  });

  it('refuses a scan made after the round closed, and takes one made at its close', async () => {
    const patrol = await patrolDue(NEXT, '02:00');
    vi.setSystemTime(at(NEXT, '02:40'));
    const late = await scan(patrol.uuid, codes['Main gate'] ?? '', at(NEXT, '02:30', 1));
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).message).toBe(PATROL_MESSAGES.closed('02:30'));
    expect((await patrolDue(NEXT, '02:00')).state).toBe('due');
    // Back at the day's 22:00 round: its last moment is still in time.
    vi.setSystemTime(at(DAY, '22:30'));
  });

  it('refuses a checkpoint retired since the patrol was planned', async () => {
    const patrol = await patrolDue(DAY, '22:00');
    const retired = await call(tokens.company, 'POST', `/checkpoints/${points['Car park']}/retire`);
    expect(retired.statusCode, retired.body).toBe(200);
    const response = await scan(patrol.uuid, codes['Car park'] ?? '', at(DAY, '22:29'));
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).message).toBe(PATROL_MESSAGES.retired);
    // The patrols not yet begun go without it.
    const tomorrow = await patrolDue(NEXT, '22:00');
    expect(tomorrow.checkpoints.map((point) => point.name)).toEqual(['Main gate', 'Pool']);
  });
});

describe('the watch over patrols', () => {
  it('closes patrols when their time is up and alerts once, across processes', async () => {
    const now = at(DAY, '22:30');
    const runs = await Promise.all([
      runShiftWatch(t.db, now, deps),
      runShiftWatch(t.db, now, deps),
    ]);
    expect(runs.filter((run) => run !== null)).toHaveLength(1);
    expect(runs.find((run) => run !== null)).toMatchObject({ patrolsClosed: 1, alerts: 1 });
    expect((await patrolDue(DAY, '22:00')).state).toBe('partly_done');
    await t.db.deleteFrom('job_leases').execute();
    expect(await runShiftWatch(t.db, at(DAY, '22:31'), deps)).toMatchObject({
      patrolsClosed: 0,
      alerts: 0,
    });
    await runShiftWatch(t.db, at(NEXT, '02:30'), deps);
    expect((await patrolDue(NEXT, '02:00')).state).toBe('missed');
    const response = await call(tokens.company, 'GET', '/alerts?limit=20');
    const alerts = response.json<{ resource: Alert[] }>().resource;
    expect(
      alerts
        .filter((alert) => alert.patrol_uuid !== null)
        .map((alert) => [alert.kind, alert.message]),
    ).toEqual([
      [
        'round_missed',
        'Perimeter due at 02:00 at Mont Kiara Residence was missed: nobody started it',
      ],
      [
        'checkpoints_missed',
        'Perimeter due at 22:00 at Mont Kiara Residence (Arjun Thapa): 1 of 3 checkpoints missed: Car park',
      ],
    ]);
    // Another company sees none of them.
    const other = await call(tokens.companyB, 'GET', '/alerts?limit=20');
    expect(
      other.json<{ resource: Alert[] }>().resource.filter((alert) => alert.patrol_uuid),
    ).toEqual([]);
  });

  it('takes scans kept offline when they arrive, at the phone’s time, marked sent late', async () => {
    const patrol = await patrolDue(NEXT, '22:00');
    vi.setSystemTime(at(NEXT, '23:10'));
    await runShiftWatch(t.db, at(NEXT, '23:10'), deps);
    expect((await patrolDue(NEXT, '22:00')).state).toBe('missed');
    for (const [name, time] of [
      ['Main gate', '22:05'],
      ['Pool', '22:12'],
    ] as const) {
      const response = await scan(patrol.uuid, codes[name] ?? '', at(NEXT, time));
      expect(response.statusCode, response.body).toBe(200);
    }
    const walked = await patrolDue(NEXT, '22:00');
    expect(walked).toMatchObject({
      state: 'done',
      guard_uuid: arjun,
      started_at: toDbTime(at(NEXT, '22:05')),
      finished_at: toDbTime(at(NEXT, '22:12')),
      minutes_taken: 7,
    });
    expect(walked.checkpoints.map((point) => [point.scanned_at, point.sent_late])).toEqual([
      [toDbTime(at(NEXT, '22:05')), true],
      [toDbTime(at(NEXT, '22:12')), true],
    ]);
  });

  it('counts a period’s completion, and alerts a site whose night fell under its share', async () => {
    const response = await call(
      tokens.company,
      'GET',
      `/patrols/completion?residence_uuid=${mont}&from=${DAY}&to=${NEXT}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    // 22:00 on the 30th (2 of 3), 02:00 (0 of 2: the car park retired by then), 22:00 (2 of 2).
    expect(response.json<PatrolCompletion>()).toEqual({
      rounds_closed: 3,
      rounds_done: 1,
      rounds_partly_done: 1,
      rounds_missed: 1,
      checkpoints_due: 7,
      checkpoints_scanned: 4,
      percent: 57,
    });
    const bad = await call(tokens.company, 'GET', `/patrols/completion?from=${NEXT}&to=${DAY}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(PATROL_MESSAGES.rangeInvalid);
    // The first run after 07:00 on the 1st (at 23:10) judged the night of the 30th: 2 of 5.
    // The night of the 1st: 22:00 (2 of 2) and 02:00 (closed missed in this run) is 2 of 4.
    await runShiftWatch(t.db, at('2026-12-02', '07:00'), deps);
    await runShiftWatch(t.db, at('2026-12-02', '07:01'), deps);
    const alerts = await t.db
      .selectFrom('alerts')
      .select(['message', 'residence_uuid'])
      .where('kind', '=', 'completion_low')
      .orderBy('created_at')
      .execute();
    expect(alerts).toEqual([
      {
        message:
          'Patrols at Mont Kiara Residence last night: 40% of checkpoints scanned, under 90%',
        residence_uuid: mont,
      },
      {
        message:
          'Patrols at Mont Kiara Residence last night: 50% of checkpoints scanned, under 90%',
        residence_uuid: mont,
      },
    ]);
  });
});

describe('SOS', () => {
  it('reaches the site’s people once per press, with the position, until acknowledged', async () => {
    const press = (key: string) =>
      door('POST', `residences/${mont}/sos`, {
        token: guardToken,
        payload: { key, pressed_at: new Date().toISOString(), lat: 3.1712345, lng: 101.6523456 },
      });
    const first = await press('press-1');
    expect(first.statusCode, first.body).toBe(200);
    // The phone's queue sends it again: the same SOS.
    const again = await press('press-1');
    expect(again.json().data.alert_uuid).toBe(first.json().data.alert_uuid);
    const open = async (token: string) =>
      (await call(token, 'GET', '/alerts/sos')).json<{ resource: Alert[] }>().resource;
    const seen = await open(tokens.company);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.message).toMatch(
      /^SOS from Arjun Thapa at Mont Kiara Residence, \d\d:\d\d: https:\/\/maps\.google\.com\/\?q=3\.171235,101\.652346$/,
    );
    // Not another company, nor a supervisor of another site, nor another company's guard's door.
    expect(await open(tokens.companyB)).toEqual([]);
    expect(await open(tokens.supervisor)).toEqual([]);
    const foreign = await door('POST', `residences/${mont}/sos`, {
      token: otherGuardToken,
      payload: { key: 'press-x' },
    });
    expect(foreign.statusCode).toBe(404);
    // Another company cannot acknowledge it; the site's company can, for everyone.
    const uuid = seen[0]?.uuid ?? '';
    expect((await call(tokens.companyB, 'POST', `/alerts/${uuid}/acknowledge`)).statusCode).toBe(
      404,
    );
    expect(await open(tokens.company)).toHaveLength(1);
    const done = await call(tokens.company, 'POST', `/alerts/${uuid}/acknowledge`);
    expect(done.statusCode, done.body).toBe(200);
    expect(await open(tokens.company)).toEqual([]);
    const [stored] = await t.db
      .selectFrom('alerts')
      .select(['kind', 'acknowledged_by', 'residence_uuid'])
      .where('uuid', '=', uuid)
      .execute();
    expect(stored).toEqual({
      kind: 'sos',
      acknowledged_by: expect.any(String),
      residence_uuid: mont,
    });
  });
});
