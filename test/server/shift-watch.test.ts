import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Alert, AlertPreference } from '@contract/alerts';
import type { NowSite, RosterSettings, Shift, Timesheet } from '@contract/shifts';
import { ROSTER_SETTINGS_MESSAGES, SHIFT_MESSAGES } from '@rules/shifts';
import { openConfiguredDatabase } from '../../server/src/db/open-data-dir';
import { toDbTime } from '../../server/src/db/time';
import { createMailer, outboxDirectory } from '../../server/src/mail/mailer';
import { createAttendancesRepository } from '../../server/src/modules/attendances/attendances.repository';
import { runShiftWatch, type WatchDeps } from '../../server/src/modules/shifts/shift-watch';
import { shiftTimes } from '../../server/src/modules/shifts/shifts.service';
import { createCompany, createGuard, createSite, createUser, PASSWORD } from './factories';
import { guardDoor } from './guard-door';
import { authHeaders, makeTestApp, signIn, type TestApp } from './test-app';
import { TEST_ENGINE } from './test-database';

// The watch over rosters (issue 36): each shift's state from the attendance that starts it, the
// minute watch and its alerts, who sees them, the digest mails, the Now board, the dashboard's
// roster figures and the timesheet. The clock is fixed: Monday 30 November 2026, local time;
// every run of the watch is given its `now`.

const DAY = '2026-11-30';
const at = (date: string, time: string) => {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const [y = 0, mo = 1, d = 1] = date.split('-').map(Number);
  return new Date(y, mo - 1, d, h, m);
};

let t: TestApp;
let companyA: string;
let companyB: string;
let mont: string;
let hartamas: string;
let delta: string;
let arjun: string;
let bala: string;
let chen: string;
let dinesh: string;
let tokens: Record<'admin' | 'company' | 'supervisor' | 'otherSupervisor' | 'companyB', string>;
let deps: WatchDeps;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: at(DAY, '06:00'), shouldAdvanceTime: true });
  // Sessions outlast the fixed clock's jumps (the database's own defaults keep the real time).
  t = await makeTestApp({ env: { SESSION_TTL_HOURS: '10000', SESSION_IDLE_MINUTES: '100000' } });
  companyA = await createCompany(t.db, 'Aegis Guarding');
  companyB = await createCompany(t.db, 'Benteng Protection');
  const flags = { kipleguard_enabled: 1, kipleguard_attendance: 1, pin_only_shifts: 1 };
  mont = await createSite(t.db, companyA, { name: 'Mont Kiara Residence', ...flags });
  hartamas = await createSite(t.db, companyA, { name: 'Sri Hartamas Residences', ...flags });
  delta = await createSite(t.db, companyB, { name: 'Delta Heights', ...flags });
  arjun = await createGuard(t.db, companyA, { name: 'Arjun Thapa', pin: '111111' }, [mont]);
  bala = await createGuard(t.db, companyA, { name: 'Bala Krishnan' }, [mont]);
  chen = await createGuard(t.db, companyA, { name: 'Chen Wei' }, [hartamas]);
  dinesh = await createGuard(t.db, companyB, { name: 'Dinesh Kumar' }, [delta]);
  await createUser(t.db, { email: 'admin@example.com', role: 'superadmin' });
  await createUser(t.db, {
    email: 'a@example.com',
    role: 'securitycompany',
    companyUuid: companyA,
  });
  await createUser(t.db, {
    email: 'sup@example.com',
    role: 'sitesupervisor',
    companyUuid: companyA,
    siteUuids: [mont],
  });
  await createUser(t.db, {
    email: 'sup-other@example.com',
    role: 'sitesupervisor',
    companyUuid: companyA,
    siteUuids: [hartamas],
  });
  await createUser(t.db, {
    email: 'b@example.com',
    role: 'securitycompany',
    companyUuid: companyB,
  });
  tokens = {
    admin: await signIn(t.app, 'admin@example.com', PASSWORD),
    company: await signIn(t.app, 'a@example.com', PASSWORD),
    supervisor: await signIn(t.app, 'sup@example.com', PASSWORD),
    otherSupervisor: await signIn(t.app, 'sup-other@example.com', PASSWORD),
    companyB: await signIn(t.app, 'b@example.com', PASSWORD),
  };
  deps = {
    everySeconds: 60,
    mailer: createMailer(
      { smtp: null, from: 'Guard Console <no-reply@localhost>', productName: 'Guard Console' },
      t.dataDir,
      t.app.log,
    ),
    publicUrl: 'http://console.example.com',
    productName: 'Guard Console',
  };
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});
afterEach(async () => {
  for (const table of [
    'alerts',
    'alert_reads',
    'alert_preferences',
    'shifts',
    'open_shifts',
    'attendances',
    'job_leases',
  ] as const) {
    await t.db.deleteFrom(table).execute();
  }
  await t.db
    .updateTable('security_companies')
    .set({ late_grace_minutes: 10, no_show_minutes: 30, license_expiry_date: null })
    .execute();
});

const call = (
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
  url: string,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url: `/kgapi${url}`,
    headers: authHeaders(token),
    payload: payload as never,
  });

/** A dated shift, as the roster makes it: `date` at `start` to `end` (the next day past midnight). */
async function plan(
  site: string,
  guard: string | null,
  start: string,
  end: string,
  options: { date?: string; name?: string; slot?: number } = {},
) {
  const date = options.date ?? DAY;
  const uuid = crypto.randomUUID();
  await t.db
    .insertInto('shifts')
    .values({
      uuid,
      residence_uuid: site,
      pattern_uuid: null,
      slot: options.slot ?? 0,
      name: options.name ?? (start < '12:00' ? 'Day' : 'Night'),
      date,
      ...shiftTimes(date, start, end),
      guard_uuid: guard,
    })
    .execute();
  return uuid;
}

const attendances = () => createAttendancesRepository(t.db, { geofenceRadiusMetres: 0 });
const event = (when: Date) => ({
  at: when,
  position: null,
  distanceMetres: null,
  photoFileUuid: null,
});

/** A start as the guard door records it (the same repository the kiosk and the app go through). */
async function start(guard: string, site: string, when: Date) {
  const uuid = await attendances().startShift({
    guardUuid: guard,
    residenceUuid: site,
    checkin: event(when),
    audit: (shift) => ({ action: 'shift-start', entity: 'attendance', entityUuid: shift }),
  });
  expect(uuid).not.toBeNull();
  return uuid as string;
}

async function end(guard: string, when: Date) {
  const uuid = await attendances().endShift({
    guardUuid: guard,
    checkout: event(when),
    audit: (shift) => ({ action: 'shift-end', entity: 'attendance', entityUuid: shift }),
  });
  expect(uuid).not.toBeNull();
}

async function shiftRow(uuid: string) {
  return t.db.selectFrom('shifts').selectAll().where('uuid', '=', uuid).executeTakeFirstOrThrow();
}

async function alertsOf(token: string, query = ''): Promise<{ list: Alert[]; count: number }> {
  const response = await call(token, 'GET', `/alerts${query}`);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<{ resource: Alert[]; meta: { count: number } }>();
  return { list: body.resource, count: body.meta.count };
}

/**
 * The mails in the outbox, in the order they were written. The files are named by the clock, which
 * these tests hold, so two mails of one millisecond sort by their random ids: the order is kept
 * here by the names seen before, not by sorting.
 */
const written: string[] = [];
function outbox(): string[] {
  let names: string[];
  try {
    names = readdirSync(outboxDirectory(t.dataDir));
  } catch {
    return [];
  }
  const seen = new Set(written);
  written.push(...names.filter((name) => !seen.has(name)));
  return written.map((name) => readFileSync(`${outboxDirectory(t.dataDir)}/${name}`, 'utf8'));
}

describe('a shift’s state from the attendance that starts it', () => {
  it('attaches a kiosk start to the guard’s planned shift: late past the grace, with its alert at once', async () => {
    const shift = await plan(mont, arjun, '07:00', '19:00');
    const door = guardDoor(t);
    const kiosk = await door.enrolKiosk(tokens.company, mont);
    vi.setSystemTime(at(DAY, '07:25'));
    const session = await door.pinAtKiosk(kiosk, arjun, '111111', mont);
    const started = await door.door('POST', `residences/${mont}/attendance/start`, {
      token: session,
      form: [{ field: 'current_time', value: '2026-11-30 7:25 AM' }],
    });
    expect(started.statusCode, started.body).toBe(200);
    const row = await shiftRow(shift);
    const open = await t.db
      .selectFrom('open_shifts')
      .select('attendance_uuid')
      .where('guard_uuid', '=', arjun)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      state: 'late',
      attendance_uuid: open.attendance_uuid,
      late_minutes: 25,
      ended_at: null,
    });
    expect(row.started_at?.slice(0, 16)).toBe(toDbTime(at(DAY, '07:25')).slice(0, 16));
    const { list } = await alertsOf(tokens.supervisor);
    expect(list.map((alert) => [alert.kind, alert.message, alert.shift_uuid])).toEqual([
      ['late', 'Arjun Thapa is late (25 min) for Day 07:00–19:00 at Mont Kiara Residence', shift],
    ]);

    // The console's list of shifts carries the state and the attendance.
    const shifts = await call(tokens.company, 'GET', `/shifts?from=${DAY}&to=${DAY}`);
    expect(shifts.json<{ resource: Shift[] }>().resource[0]).toMatchObject({
      uuid: shift,
      state: 'late',
      attendance_uuid: open.attendance_uuid,
      late_minutes: 25,
    });
  });

  it('is on duty for a start one minute early, and completed within the grace of the end', async () => {
    const shift = await plan(mont, bala, '07:00', '19:00');
    await start(bala, mont, at(DAY, '06:59'));
    expect(await shiftRow(shift)).toMatchObject({ state: 'on_duty', late_minutes: 0 });
    await end(bala, at(DAY, '18:50'));
    expect(await shiftRow(shift)).toMatchObject({ state: 'completed' });
  });

  it('counts the grace to the minute: 10 minutes late is on duty, 11 is late', async () => {
    const onTime = await plan(mont, bala, '07:00', '19:00');
    await start(bala, mont, at(DAY, '07:10'));
    expect(await shiftRow(onTime)).toMatchObject({ state: 'on_duty', late_minutes: 10 });
    const late = await plan(mont, arjun, '07:00', '19:00');
    await start(arjun, mont, at(DAY, '07:11'));
    expect(await shiftRow(late)).toMatchObject({ state: 'late', late_minutes: 11 });
  });

  it('with a grace of 0, a start a minute late is late and one on the minute is not', async () => {
    await t.db
      .updateTable('security_companies')
      .set({ late_grace_minutes: 0 })
      .where('uuid', '=', companyA)
      .execute();
    const onTime = await plan(mont, bala, '07:00', '19:00');
    const late = await plan(mont, arjun, '07:00', '19:00');
    await start(bala, mont, at(DAY, '07:00'));
    await start(arjun, mont, at(DAY, '07:01'));
    expect((await shiftRow(onTime)).state).toBe('on_duty');
    expect(await shiftRow(late)).toMatchObject({ state: 'late', late_minutes: 1 });
    // Ending a minute early with no grace is leaving early.
    await end(bala, at(DAY, '18:59'));
    expect((await shiftRow(onTime)).state).toBe('left_early');
  });

  it('follows a night shift across midnight: no-show at start plus the no-show time, late when it starts after all, left early', async () => {
    const night = await plan(mont, arjun, '19:00', '07:00');
    const nextDay = '2026-12-01';
    expect((await runShiftWatch(t.db, at(DAY, '19:29'), deps))?.noShows).toBe(0);
    expect((await shiftRow(night)).state).toBe('upcoming');
    expect((await runShiftWatch(t.db, at(DAY, '19:30'), deps))?.noShows).toBe(1);
    expect((await shiftRow(night)).state).toBe('no_show');
    await start(arjun, mont, at(DAY, '19:45'));
    expect(await shiftRow(night)).toMatchObject({ state: 'late', late_minutes: 45 });
    await end(arjun, at(nextDay, '06:40'));
    expect(await shiftRow(night)).toMatchObject({ state: 'left_early' });
    const kinds = await t.db
      .selectFrom('alerts')
      .select('kind')
      .where('shift_uuid', '=', night)
      .orderBy('kind')
      .execute();
    expect(kinds.map((row) => row.kind)).toEqual(['late', 'no_show']);
  });

  it('attaches within 120 minutes before the start, to the nearest shift, and leaves other starts unplanned', async () => {
    const day = await plan(mont, arjun, '07:00', '19:00');
    const early = await start(arjun, mont, at(DAY, '04:59'));
    expect((await shiftRow(day)).attendance_uuid).toBeNull();
    await end(arjun, at(DAY, '05:00'));
    const inWindow = await start(arjun, mont, at(DAY, '05:00'));
    expect((await shiftRow(day)).attendance_uuid).toBe(inWindow);
    expect(early).not.toBe(inWindow);
    await end(arjun, at(DAY, '19:00'));
    // Two shifts of the guard within the window: the nearest start takes it.
    const evening = await plan(mont, bala, '19:00', '23:00', { name: 'Evening' });
    const late = await plan(mont, bala, '20:00', '23:00', { name: 'Late', slot: 1 });
    await start(bala, mont, at(DAY, '19:40'));
    expect((await shiftRow(late)).attendance_uuid).not.toBeNull();
    expect((await shiftRow(evening)).attendance_uuid).toBeNull();
    // At another site, a start is unplanned there.
    const elsewhere = await plan(hartamas, chen, '07:00', '19:00');
    await start(chen, mont, at(DAY, '07:00'));
    expect((await shiftRow(elsewhere)).attendance_uuid).toBeNull();
  });
});

describe('the watch', () => {
  it('runs once per minute across processes and raises one alert per shift and state', async () => {
    const missed = await plan(mont, arjun, '07:00', '19:00');
    const unstaffed = await plan(mont, null, '07:00', '19:00', { slot: 1 });
    const now = at(DAY, '07:30');
    // Two processes at once: one takes the minute's lease.
    const runs = await Promise.all([
      runShiftWatch(t.db, now, deps),
      runShiftWatch(t.db, now, deps),
    ]);
    expect(runs.filter((run) => run !== null)).toHaveLength(1);
    expect(runs.find((run) => run !== null)).toMatchObject({ noShows: 2, alerts: 2 });
    // The same minute again: nothing runs.
    expect(await runShiftWatch(t.db, at(DAY, '07:30'), deps)).toBeNull();
    // The next minute, and after a restart that lost the lease: nothing new.
    expect(await runShiftWatch(t.db, at(DAY, '07:31'), deps)).toMatchObject({
      noShows: 0,
      alerts: 0,
    });
    await t.db.deleteFrom('job_leases').execute();
    expect(await runShiftWatch(t.db, at(DAY, '07:31'), deps)).toMatchObject({ alerts: 0 });
    const alerts = await t.db
      .selectFrom('alerts')
      .select(['shift_uuid', 'kind', 'message', 'dedupe_key'])
      .orderBy('message')
      .execute();
    expect(alerts).toEqual([
      {
        shift_uuid: missed,
        kind: 'no_show',
        message: 'Arjun Thapa is a no-show for Day 07:00–19:00 at Mont Kiara Residence',
        dedupe_key: `shift:${missed}:no_show`,
      },
      {
        shift_uuid: unstaffed,
        kind: 'no_show',
        message:
          'Nobody started Day 07:00–19:00 at Mont Kiara Residence: no guard is rostered for it',
        dedupe_key: `shift:${unstaffed}:no_show`,
      },
    ]);
  });

  // Two server processes on one SQLite file: two connections, racing for each minute.
  it.runIf(TEST_ENGINE === 'sqlite')(
    'raises one alert per shift from two processes on one database file',
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'guard-console-watch-'));
      const first = await openConfiguredDatabase({ dataDir, databaseUrl: null });
      const second = await openConfiguredDatabase({ dataDir, databaseUrl: null });
      try {
        const company = await createCompany(first, 'Cerberus Security');
        const site = await createSite(first, company, { name: 'Bukit Bintang Suites' });
        const guard = await createGuard(first, company, { name: 'Eko Prasetyo' }, [site]);
        await first
          .insertInto('shifts')
          .values({
            uuid: crypto.randomUUID(),
            residence_uuid: site,
            pattern_uuid: null,
            name: 'Day',
            date: DAY,
            ...shiftTimes(DAY, '07:00', '19:00'),
            guard_uuid: guard,
          })
          .execute();
        const quiet = { ...deps, mailer: null };
        for (const minute of ['07:30', '07:31', '07:32']) {
          const runs = await Promise.all([
            runShiftWatch(first, at(DAY, minute), quiet),
            runShiftWatch(second, at(DAY, minute), quiet),
          ]);
          expect(
            runs.filter((run) => run !== null),
            minute,
          ).toHaveLength(1);
        }
        // Both lose the lease (restarts) and run the same minute again: still one alert.
        await first.deleteFrom('job_leases').execute();
        await runShiftWatch(second, at(DAY, '07:32'), quiet);
        const alerts = await second.selectFrom('alerts').select('kind').execute();
        expect(alerts).toEqual([{ kind: 'no_show' }]);
      } finally {
        await first.destroy();
        await second.destroy();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );

  it('marks a shift shorter than the no-show time no-show once it has ended, and leaves cancelled shifts alone', async () => {
    const short = await plan(mont, arjun, '07:00', '07:15');
    const cancelled = await plan(mont, bala, '07:00', '19:00');
    await call(tokens.company, 'POST', `/shifts/${cancelled}/cancel`);
    expect((await shiftRow(cancelled)).state).toBe('cancelled');
    await runShiftWatch(t.db, at(DAY, '07:15'), deps);
    expect((await shiftRow(short)).state).toBe('no_show');
    expect((await shiftRow(cancelled)).state).toBe('cancelled');
  });

  it('mails each person one digest a minute of the alerts they get, with WhatsApp links, once', async () => {
    const before = outbox().length;
    await plan(mont, arjun, '07:00', '19:00');
    await plan(mont, bala, '07:00', '19:00', { slot: 1 });
    await plan(hartamas, chen, '07:00', '19:00');
    await plan(delta, dinesh, '07:00', '19:00');
    // The other supervisor wants no mail for its site.
    expect(
      (
        await call(tokens.otherSupervisor, 'PUT', `/alert-preferences/${hartamas}`, {
          late: true,
          no_show: true,
          email: false,
        })
      ).statusCode,
    ).toBe(200);
    await runShiftWatch(t.db, at(DAY, '07:30'), deps);
    const mails = outbox().slice(before);
    const to = (address: string) => mails.filter((mail) => mail.includes(`To: ${address}`));
    // The supervisor of Mont Kiara: its two no-shows in one mail; company A: its three; B: one.
    expect(to('sup@example.com')).toHaveLength(1);
    expect(to('a@example.com')).toHaveLength(1);
    expect(to('b@example.com')).toHaveLength(1);
    expect(to('sup-other@example.com')).toHaveLength(0);
    expect(to('admin@example.com')).toHaveLength(0);
    expect(mails).toHaveLength(3);
    const supervisorMail = to('sup@example.com')[0] ?? '';
    expect(supervisorMail).toContain('Subject: Guard Console: 2 new alerts');
    // Quoted-printable: soft line breaks joined, '=' written '=3D'.
    const body = supervisorMail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(body).toContain('https://wa.me/?text=Arjun%20Thapa%20is%20a%20no-show%20for%20Day');
    // The next minutes mail nothing more; a new alert makes one more mail for its people.
    await runShiftWatch(t.db, at(DAY, '07:31'), deps);
    expect(outbox().length - before).toBe(3);
    await plan(mont, arjun, '07:10', '19:00', { name: 'Gate', slot: 2 });
    await runShiftWatch(t.db, at(DAY, '07:40'), deps);
    const more = outbox().slice(before + 3);
    expect(more.filter((mail) => mail.includes('To: sup@example.com'))).toHaveLength(1);
    expect(more.filter((mail) => mail.includes('To: a@example.com'))).toHaveLength(1);
    expect(more).toHaveLength(2);
    // A late start raised between runs (at the kiosk, say) goes in the next run's digest.
    const patrol = await plan(hartamas, chen, '08:00', '12:00', { name: 'Patrol', slot: 3 });
    await start(chen, hartamas, at(DAY, '08:20'));
    expect(await shiftRow(patrol)).toMatchObject({ state: 'late', late_minutes: 20 });
    await runShiftWatch(t.db, at(DAY, '08:21'), deps);
    const late = outbox().slice(before + 5);
    expect(late).toHaveLength(1);
    expect(late[0]).toContain('To: a@example.com');
    expect(late[0]?.replace(/=\r?\n/g, '')).toContain('Chen Wei is late (20 min) for Patrol 08:00');
    await runShiftWatch(t.db, at(DAY, '08:22'), deps);
    expect(outbox().length - before).toBe(6);
  });

  it('warns a company’s users and the superadmin of its licence 30 days ahead and once expired, once each', async () => {
    await t.db
      .updateTable('security_companies')
      .set({ license_expiry_date: '2026-12-20' })
      .where('uuid', '=', companyA)
      .execute();
    await runShiftWatch(t.db, at(DAY, '09:00'), deps);
    await runShiftWatch(t.db, at(DAY, '09:01'), deps);
    const admin = await alertsOf(tokens.admin);
    expect(admin.list.map((alert) => [alert.kind, alert.message])).toEqual([
      [
        'licence_expiring',
        'The licence of Aegis Guarding expires on 20/12/2026: renew it and update its License Expiry Date',
      ],
    ]);
    expect((await alertsOf(tokens.company)).list.map((alert) => alert.kind)).toEqual([
      'licence_expiring',
    ]);
    expect((await alertsOf(tokens.supervisor)).count).toBe(0);
    expect((await alertsOf(tokens.companyB)).count).toBe(0);
    // Not yet 30 days ahead: nothing; passed: expired, as well.
    await t.db
      .updateTable('security_companies')
      .set({ license_expiry_date: '2026-11-29' })
      .where('uuid', '=', companyB)
      .execute();
    await runShiftWatch(t.db, at(DAY, '09:02'), deps);
    expect((await alertsOf(tokens.companyB)).list.map((alert) => alert.kind)).toEqual([
      'licence_expired',
    ]);
    expect((await alertsOf(tokens.admin)).count).toBe(2);
  });
});

describe('alerts in the console', () => {
  async function twoSitesMissed() {
    const montShift = await plan(mont, arjun, '07:00', '19:00');
    const hartamasShift = await plan(hartamas, chen, '07:00', '19:00');
    const deltaShift = await plan(delta, dinesh, '07:00', '19:00');
    await runShiftWatch(t.db, at(DAY, '07:30'), { ...deps, mailer: null });
    return { montShift, hartamasShift, deltaShift };
  }

  it('shows each role only the alerts of its scope', async () => {
    const { montShift, hartamasShift, deltaShift } = await twoSitesMissed();
    const shiftsOf = async (token: string) =>
      (await alertsOf(token)).list.map((alert) => alert.shift_uuid).sort();
    expect(await shiftsOf(tokens.supervisor)).toEqual([montShift]);
    expect(await shiftsOf(tokens.otherSupervisor)).toEqual([hartamasShift]);
    expect(await shiftsOf(tokens.company)).toEqual([montShift, hartamasShift].sort());
    expect(await shiftsOf(tokens.companyB)).toEqual([deltaShift]);
    // The superadmin gets licence alerts only.
    expect(await shiftsOf(tokens.admin)).toEqual([]);
    const [first] = (await alertsOf(tokens.supervisor)).list;
    expect(first).toMatchObject({
      residence_uuid: mont,
      residence_name: 'Mont Kiara Residence',
      guard_uuid: arjun,
      guard_name: 'Arjun Thapa',
      security_company_uuid: companyA,
      read: false,
    });
  });

  it('counts unread alerts and marks them read per user', async () => {
    await twoSitesMissed();
    const unread = async (token: string) =>
      (await call(token, 'GET', '/alerts/unread')).json<{ count: number }>().count;
    expect(await unread(tokens.company)).toBe(2);
    expect(await unread(tokens.supervisor)).toBe(1);
    const [one] = (await alertsOf(tokens.company)).list;
    const read = await call(tokens.company, 'POST', '/alerts/read', { uuids: [one?.uuid] });
    expect(read.statusCode, read.body).toBe(200);
    expect(await unread(tokens.company)).toBe(1);
    expect((await alertsOf(tokens.company, '?unread=1')).count).toBe(1);
    expect((await alertsOf(tokens.company, '?limit=1&offset=1')).list).toHaveLength(1);
    // Another user's reads are its own.
    expect(await unread(tokens.supervisor)).toBe(1);
    // A user cannot mark what it does not see.
    const deltaAlert = (await alertsOf(tokens.companyB)).list[0]?.uuid;
    await call(tokens.company, 'POST', '/alerts/read', { uuids: [deltaAlert] });
    expect(await unread(tokens.companyB)).toBe(1);
    await call(tokens.company, 'POST', '/alerts/read', { all: true });
    expect(await unread(tokens.company)).toBe(0);
    const nothing = await call(tokens.company, 'POST', '/alerts/read', {});
    expect(nothing.statusCode).toBe(400);
  });

  it('lets each user choose its alerts per site of its scope', async () => {
    const list = await call(tokens.company, 'GET', '/alert-preferences');
    expect(list.json<{ resource: AlertPreference[] }>().resource).toEqual([
      {
        residence_uuid: mont,
        residence_name: 'Mont Kiara Residence',
        late: true,
        no_show: true,
        email: true,
      },
      {
        residence_uuid: hartamas,
        residence_name: 'Sri Hartamas Residences',
        late: true,
        no_show: true,
        email: true,
      },
    ]);
    expect(
      (await call(tokens.supervisor, 'GET', '/alert-preferences')).json().resource,
    ).toHaveLength(1);
    const saved = await call(tokens.company, 'PUT', `/alert-preferences/${mont}`, {
      late: true,
      no_show: false,
      email: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ residence_uuid: mont, no_show: false });
    await twoSitesMissed();
    expect((await alertsOf(tokens.company)).list.map((alert) => alert.residence_uuid)).toEqual([
      hartamas,
    ]);
    // The supervisor's own choice is untouched.
    expect((await alertsOf(tokens.supervisor)).count).toBe(1);
    const bad = await call(tokens.company, 'PUT', `/alert-preferences/${mont}`, {
      late: 'yes',
      no_show: true,
      email: true,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Choose yes or no for late.');
    const outside = await call(tokens.supervisor, 'PUT', `/alert-preferences/${hartamas}`, {
      late: true,
      no_show: true,
      email: true,
    });
    expect(outside.statusCode).toBe(404);
    expect(
      (
        await call(tokens.companyB, 'PUT', `/alert-preferences/${mont}`, {
          late: true,
          no_show: true,
          email: true,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('reading the roster', () => {
  it('answers the Now board, the dashboard’s roster figures and the filtered list', async () => {
    const missed = await plan(mont, arjun, '07:00', '19:00');
    const onDuty = await plan(mont, bala, '07:00', '19:00', { slot: 1 });
    const lateDone = await plan(hartamas, chen, '06:00', '08:00', { name: 'Early' });
    await plan(mont, null, '20:00', '23:00', { name: 'Evening' });
    await start(bala, mont, at(DAY, '06:55'));
    await start(chen, hartamas, at(DAY, '06:20'));
    await end(chen, at(DAY, '08:00'));
    await runShiftWatch(t.db, at(DAY, '07:30'), { ...deps, mailer: null });
    // Dinesh works unplanned at Delta.
    await start(dinesh, delta, at(DAY, '08:00'));
    vi.setSystemTime(at(DAY, '09:00'));

    const now = await call(tokens.company, 'GET', '/shifts/now');
    expect(now.statusCode, now.body).toBe(200);
    const sites = now.json<{ resource: NowSite[] }>().resource;
    expect(sites.map((site) => [site.residence_name, site.needed, site.on_duty])).toEqual([
      ['Mont Kiara Residence', 2, 1],
    ]);
    expect(sites[0]?.shifts.map((shift) => [shift.uuid, shift.state])).toEqual([
      [missed, 'no_show'],
      [onDuty, 'on_duty'],
    ]);
    const other = (await call(tokens.companyB, 'GET', '/shifts/now')).json<{
      resource: NowSite[];
    }>().resource;
    expect(other).toHaveLength(1);
    expect(other[0]).toMatchObject({ residence_uuid: delta, needed: 0, on_duty: 0, shifts: [] });
    expect(other[0]?.unplanned.map((row) => row.guard_name)).toEqual(['Dinesh Kumar']);
    expect((await call(tokens.otherSupervisor, 'GET', '/shifts/now')).json().resource).toEqual([]);

    const figures = (await call(tokens.company, 'GET', '/dashboard/data')).json().resource;
    expect(figures).toMatchObject({ missedToday: 1, lateToday: 1, uncoveredNow: 1 });
    expect(lateDone).toBeTruthy();
    const montOnly = await call(
      tokens.company,
      'GET',
      `/dashboard/sitedata?filter=${encodeURIComponent(`(residence_uuid = '${hartamas}')`)}`,
    );
    expect(montOnly.json().resource).toMatchObject({
      missedToday: 0,
      lateToday: 1,
      uncoveredNow: 0,
    });
    const supervisor = (await call(tokens.otherSupervisor, 'GET', '/dashboard/data')).json()
      .resource;
    expect(supervisor).toMatchObject({ missedToday: 0, lateToday: 1, uncoveredNow: 0 });

    const list = await call(
      tokens.company,
      'GET',
      `/shifts?from=${DAY}&to=${DAY}&state=no_show&limit=1`,
    );
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({ meta: { count: 1 } });
    expect(list.json().resource.map((shift: Shift) => shift.uuid)).toEqual([missed]);
  });
});

describe('today’s figures and their lists', () => {
  it('count a night begun yesterday among today’s shifts, and list today’s late starts whatever became of them', async () => {
    const night = await plan(mont, arjun, '19:00', '07:00', { date: '2026-11-29', name: 'Night' });
    const early = await plan(hartamas, chen, '06:00', '08:00', { name: 'Early' });
    await start(chen, hartamas, at(DAY, '06:20'));
    await end(chen, at(DAY, '08:00'));
    await runShiftWatch(t.db, at(DAY, '08:30'), { ...deps, mailer: null });
    vi.setSystemTime(at(DAY, '09:00'));
    expect((await shiftRow(night)).state).toBe('no_show');

    const figures = (await call(tokens.company, 'GET', '/dashboard/data')).json().resource;
    expect(figures).toMatchObject({ missedToday: 1, lateToday: 1 });
    const byStart = await call(
      tokens.company,
      'GET',
      `/shifts?from=${DAY}&to=${DAY}&state=no_show`,
    );
    expect(byStart.json()).toMatchObject({ meta: { count: 0 } });
    const running = await call(
      tokens.company,
      'GET',
      `/shifts?from=${DAY}&to=${DAY}&state=no_show&overlap=true`,
    );
    expect(running.statusCode, running.body).toBe(200);
    expect(running.json().resource.map((shift: Shift) => shift.uuid)).toEqual([night]);
    const late = await call(
      tokens.company,
      'GET',
      `/shifts?from=${DAY}&to=${DAY}&overlap=true&late=true`,
    );
    expect(late.json().resource.map((shift: Shift) => [shift.uuid, shift.state])).toEqual([
      [early, 'completed'],
    ]);
    // Tomorrow, neither counts any more.
    vi.setSystemTime(at('2026-12-01', '09:00'));
    expect((await call(tokens.company, 'GET', '/dashboard/data')).json().resource).toMatchObject({
      missedToday: 0,
      lateToday: 0,
    });
  });
});

describe('the timesheet', () => {
  /** An attendance row with its times, attached to a shift when one is given. */
  async function worked(guard: string, site: string, from: Date, to: Date | null, shift?: string) {
    const uuid = crypto.randomUUID();
    await t.db
      .insertInto('attendances')
      .values({
        uuid,
        guard_uuid: guard,
        residence_uuid: site,
        checkin_at: toDbTime(from),
        checkout_at: to && toDbTime(to),
        checkin_lat: null,
        checkin_lng: null,
        checkout_lat: null,
        checkout_lng: null,
        created_at: toDbTime(from),
      })
      .execute();
    if (shift) {
      await t.db
        .updateTable('shifts')
        .set({
          attendance_uuid: uuid,
          started_at: toDbTime(from),
          ended_at: to && toDbTime(to),
          state: 'completed',
          late_minutes: 0,
        })
        .where('uuid', '=', shift)
        .execute();
    }
    return uuid;
  }

  it('sums planned, worked and late minutes, no-shows and overtime past 8 hours a day and 48 a week', async () => {
    // Arjun's week of Monday 30 November: Day 07:00–19:00 Monday to Saturday, worked in full,
    // Monday's started 15 minutes late (worked 07:15–19:00); Sunday an unplanned 07:00–15:00 at
    // Mont Kiara; and a Night shift on Sunday he never came to.
    const days = [
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
    ];
    for (const [i, date] of days.entries()) {
      const shift = await plan(mont, arjun, '07:00', '19:00', { date });
      await worked(arjun, mont, at(date, i === 0 ? '07:15' : '07:00'), at(date, '19:00'), shift);
      if (i === 0) {
        await t.db
          .updateTable('shifts')
          .set({ late_minutes: 15 })
          .where('uuid', '=', shift)
          .execute();
      }
    }
    await worked(arjun, mont, at('2026-12-06', '07:00'), at('2026-12-06', '15:00'));
    const missed = await plan(mont, arjun, '19:00', '07:00', { date: '2026-12-06' });
    await t.db.updateTable('shifts').set({ state: 'no_show' }).where('uuid', '=', missed).execute();
    // Chen works one shift at Sri Hartamas: 07:00–13:00 of a 07:00–13:00 plan.
    const chenShift = await plan(hartamas, chen, '07:00', '13:00', { date: '2026-12-02' });
    await worked(chen, hartamas, at('2026-12-02', '07:00'), at('2026-12-02', '13:00'), chenShift);

    const response = await call(
      tokens.company,
      'GET',
      '/shifts/timesheet?from=2026-11-30&to=2026-12-06',
    );
    expect(response.statusCode, response.body).toBe(200);
    const sheet = response.json<Timesheet>();
    expect(sheet.lines).toHaveLength(9);
    const unplanned = sheet.lines.find((line) => line.state === 'unplanned');
    expect(unplanned).toMatchObject({
      date: '2026-12-06',
      planned_minutes: 0,
      worked_minutes: 480,
      shift_name: '',
    });
    // Arjun: planned 6 × 720 + 720 (the night) = 5040; worked 705 + 5 × 720 + 480 = 4785;
    // past 8 h a day: 225 + 5 × 240 = 1425; the rest of the week: 480 × 7 = 3360, 480 past 48 h.
    expect(sheet.guards.find((guard) => guard.guard_uuid === arjun)).toMatchObject({
      guard_name: 'Arjun Thapa',
      planned_minutes: 5040,
      worked_minutes: 4785,
      late_minutes: 15,
      no_shows: 1,
      over_day_minutes: 1425,
      over_week_minutes: 480,
    });
    expect(sheet.guards.find((guard) => guard.guard_uuid === chen)).toMatchObject({
      planned_minutes: 360,
      worked_minutes: 360,
      over_day_minutes: 0,
      over_week_minutes: 0,
    });
    expect(sheet.sites).toEqual([
      expect.objectContaining({
        residence_name: 'Mont Kiara Residence',
        planned_minutes: 5040,
        worked_minutes: 4785,
        no_shows: 1,
        over_day_minutes: 1425,
        over_week_minutes: 480,
      }),
      expect.objectContaining({ residence_name: 'Sri Hartamas Residences', worked_minutes: 360 }),
    ]);
    // One guard, one site, and the scope of a supervisor.
    const one = (
      await call(
        tokens.company,
        'GET',
        `/shifts/timesheet?from=2026-11-30&to=2026-12-06&guard_uuid=${chen}`,
      )
    ).json<Timesheet>();
    expect(one.guards.map((guard) => guard.guard_uuid)).toEqual([chen]);
    const supervisor = (
      await call(tokens.otherSupervisor, 'GET', '/shifts/timesheet?from=2026-11-30&to=2026-12-06')
    ).json<Timesheet>();
    expect(supervisor.sites.map((site) => site.residence_uuid)).toEqual([hartamas]);
    expect(
      (
        await call(tokens.companyB, 'GET', '/shifts/timesheet?from=2026-11-30&to=2026-12-06')
      ).json<Timesheet>().lines,
    ).toEqual([]);
    const tooLong = await call(
      tokens.company,
      'GET',
      '/shifts/timesheet?from=2026-01-01&to=2027-01-02',
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toBe(SHIFT_MESSAGES.rangeTooLong);
  });
});

describe('a company’s roster settings', () => {
  const url = () => `/security-companies/${companyA}/roster-settings`;

  it('are read in scope, changed by the company and the superadmin only, within their limits', async () => {
    const defaults: RosterSettings = {
      late_grace_minutes: 10,
      no_show_minutes: 30,
      weekly_hours_limit: 72,
      patrol_completion_percent: 90,
    };
    expect((await call(tokens.supervisor, 'GET', url())).json()).toEqual(defaults);
    expect((await call(tokens.companyB, 'GET', url())).statusCode).toBe(404);
    expect(
      (await call(tokens.supervisor, 'PATCH', url(), { late_grace_minutes: 5 })).statusCode,
    ).toBe(403);
    expect(
      (await call(tokens.companyB, 'PATCH', url(), { late_grace_minutes: 5 })).statusCode,
    ).toBe(404);
    const problems: Array<[Partial<RosterSettings>, string, string]> = [
      [{ late_grace_minutes: 121 }, 'late_grace_minutes', ROSTER_SETTINGS_MESSAGES.graceInvalid],
      [{ no_show_minutes: 0 }, 'no_show_minutes', ROSTER_SETTINGS_MESSAGES.noShowInvalid],
      [{ no_show_minutes: 10 }, 'no_show_minutes', ROSTER_SETTINGS_MESSAGES.noShowWithinGrace],
      [
        { weekly_hours_limit: 169 },
        'weekly_hours_limit',
        ROSTER_SETTINGS_MESSAGES.weeklyLimitInvalid,
      ],
      [
        { patrol_completion_percent: 0 },
        'patrol_completion_percent',
        ROSTER_SETTINGS_MESSAGES.completionInvalid,
      ],
      [
        { patrol_completion_percent: 101 },
        'patrol_completion_percent',
        ROSTER_SETTINGS_MESSAGES.completionInvalid,
      ],
    ];
    for (const [body, field, message] of problems) {
      const response = await call(tokens.company, 'PATCH', url(), body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error).toMatchObject({ message, field });
    }
    expect((await call(tokens.company, 'GET', url())).json()).toEqual(defaults);
    const changed = await call(tokens.company, 'PATCH', url(), {
      late_grace_minutes: 0,
      weekly_hours_limit: 12,
      patrol_completion_percent: 95,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({
      late_grace_minutes: 0,
      no_show_minutes: 30,
      weekly_hours_limit: 12,
      patrol_completion_percent: 95,
    });
    expect(
      (await call(tokens.admin, 'PATCH', url(), { no_show_minutes: 45 })).json(),
    ).toMatchObject({
      no_show_minutes: 45,
    });
    // The weekly limit is the company's now: a 12-hour shift over 12 hours' limit warns.
    const first = await plan(mont, null, '07:00', '19:00', { date: '2026-12-01' });
    const second = await plan(mont, null, '07:00', '19:00', { date: '2026-12-02' });
    await call(tokens.company, 'PATCH', `/shifts/${first}`, { guard_uuid: arjun });
    const assigned = await call(tokens.company, 'PATCH', `/shifts/${second}`, {
      guard_uuid: arjun,
    });
    expect(assigned.json().warnings).toEqual([
      'Arjun Thapa would be rostered 24 hours that week, over the limit of 12.',
    ]);
  });
});
