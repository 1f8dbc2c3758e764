import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Shift, ShiftPattern } from '@contract/shifts';
import { SHIFT_MESSAGES } from '@rules/shifts';
import { toDbTime } from '../../server/src/db/time';
import { SHIFT_REFUSALS } from '../../server/src/modules/shifts/shifts.service';
import { createCompany, createGuard, createSite, createUser, PASSWORD } from './factories';
import { guardDoor } from './guard-door';
import { authHeaders, makeTestApp, signIn, type TestApp } from './test-app';

// Rosters (issue 36), the server's part: a site's shift patterns, the dated shifts made from them
// for the days ahead, and the guards put on them. Run on a fixed clock: Saturday 28 November 2026,
// 08:00 local, so the week planned is Monday 30 November to Sunday 6 December.

const NOW = new Date(2026, 10, 28, 8, 0);
const WEEK = { from: '2026-11-30', to: '2026-12-06' };

let t: TestApp;
let companyA: string;
let site: string;
let otherSite: string;
let siteOfB: string;
let alice: string;
let bob: string;
let strangerGuard: string;
let tokens: Record<'admin' | 'company' | 'supervisor' | 'otherSupervisor' | 'companyB', string>;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW, shouldAdvanceTime: true });
  t = await makeTestApp();
  companyA = await createCompany(t.db, 'Aegis Guarding');
  const companyB = await createCompany(t.db, 'Benteng Protection');
  site = await createSite(t.db, companyA, { name: 'Sri Hartamas Residences' });
  otherSite = await createSite(t.db, companyA, { name: 'Mont Kiara Court' });
  siteOfB = await createSite(t.db, companyB, { name: 'Delta Heights' });
  alice = await createGuard(t.db, companyA, { name: 'Alice Tan' }, [site, otherSite]);
  bob = await createGuard(t.db, companyA, { name: 'Bob Lim' }, [site]);
  strangerGuard = await createGuard(t.db, companyA, { name: 'Chandra Rao' }, [otherSite]);
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
    siteUuids: [site],
  });
  await createUser(t.db, {
    email: 'sup-other@example.com',
    role: 'sitesupervisor',
    companyUuid: companyA,
    siteUuids: [otherSite],
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
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});
afterEach(async () => {
  await t.db.deleteFrom('shifts').execute();
});

const call = (
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url: `/kgapi${url}`,
    headers: authHeaders(token),
    ...(payload === undefined ? {} : { payload: payload as never }),
  });

const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];

async function addPattern(token: string, body: Record<string, unknown>) {
  return call(token, 'POST', '/shift-patterns', {
    residence_uuid: site,
    weekdays: EVERY_DAY,
    headcount: 2,
    ...body,
  });
}

let patternsMade = false;
/** Day 07:00–19:00 × 2 and Night 19:00–07:00 × 2 every day at the site, once. */
async function dayAndNight() {
  if (patternsMade) return;
  for (const [name, start_time, end_time] of [
    ['Day', '07:00', '19:00'],
    ['Night', '19:00', '07:00'],
  ]) {
    const made = await addPattern(tokens.supervisor, { name, start_time, end_time });
    expect(made.statusCode, made.body).toBe(200);
  }
  patternsMade = true;
}

async function plannedWeek(): Promise<Shift[]> {
  await dayAndNight();
  const made = await call(tokens.company, 'POST', '/shifts/generate', {
    residence_uuid: site,
    ...WEEK,
  });
  expect(made.statusCode, made.body).toBe(200);
  const listed = await call(
    tokens.company,
    'GET',
    `/shifts?from=${WEEK.from}&to=${WEEK.to}&residence_uuid=${site}`,
  );
  return listed.json<{ resource: Shift[] }>().resource;
}

const assign = (token: string, shift: string, guard: string | null) =>
  call(token, 'PATCH', `/shifts/${shift}`, { guard_uuid: guard });

describe('shift patterns', () => {
  it.each([
    [{ weekdays: [] }, 'weekdays', SHIFT_MESSAGES.weekdaysRequired],
    [{ headcount: 0 }, 'headcount', SHIFT_MESSAGES.headcountInvalid],
    [{ headcount: 51 }, 'headcount', SHIFT_MESSAGES.headcountInvalid],
    [{ start_time: '07:00', end_time: '07:00' }, 'end_time', SHIFT_MESSAGES.sameStartEnd],
    [{ start_time: '7am' }, 'start_time', SHIFT_MESSAGES.timeInvalid],
    [{ name: ' ' }, 'name', SHIFT_MESSAGES.nameRequired],
  ])('refuses %j at its field, saving nothing', async (change, field, message) => {
    const before = await t.db.selectFrom('shift_patterns').select('uuid').execute();
    const refused = await addPattern(tokens.company, {
      name: 'Gate',
      start_time: '08:00',
      end_time: '17:00',
      ...change,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toEqual({ code: 'INVALID_VALUE', message, field });
    expect(await t.db.selectFrom('shift_patterns').select('uuid').execute()).toEqual(before);
  });

  it('lists a site’s patterns to those who see the site, and to no one else', async () => {
    await dayAndNight();
    const listed = await call(tokens.company, 'GET', `/shift-patterns?residence_uuid=${site}`);
    expect(
      listed.json<{ resource: ShiftPattern[] }>().resource.map((p) => [p.name, p.weekdays]),
    ).toEqual([
      ['Day', EVERY_DAY],
      ['Night', EVERY_DAY],
    ]);
    for (const token of [tokens.otherSupervisor, tokens.companyB]) {
      expect((await call(token, 'GET', `/shift-patterns?residence_uuid=${site}`)).statusCode).toBe(
        404,
      );
    }
    expect(
      (
        await addPattern(tokens.companyB, {
          name: 'Intruder',
          start_time: '08:00',
          end_time: '17:00',
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('the roster', () => {
  it('makes a week of shifts from the patterns once, a night shift ending the next morning', async () => {
    const week = await plannedWeek();
    expect(week).toHaveLength(7 * 2 * 2);
    const monday = week.filter((shift) => shift.date === '2026-11-30');
    expect(monday.map((shift) => [shift.name, shift.slot])).toEqual([
      ['Day', 0],
      ['Day', 1],
      ['Night', 0],
      ['Night', 1],
    ]);
    const night = monday.find((shift) => shift.name === 'Night');
    expect(night).toMatchObject({
      starts_at: toDbTime(new Date(2026, 10, 30, 19, 0)),
      ends_at: toDbTime(new Date(2026, 11, 1, 7, 0)),
      guard_uuid: null,
      residence_name: 'Sri Hartamas Residences',
    });
    const again = await call(tokens.company, 'POST', '/shifts/generate', {
      residence_uuid: site,
      ...WEEK,
    });
    expect(again.json()).toEqual({ made: 0 });
  });

  it('makes no shift that has already started, and refuses a range over a year', async () => {
    await dayAndNight();
    const today = await call(tokens.company, 'POST', '/shifts/generate', {
      residence_uuid: site,
      from: '2026-11-28',
      to: '2026-11-28',
    });
    // 08:00 now: today's Day shifts started at 07:00; the Night ones are still ahead.
    expect(today.json()).toEqual({ made: 2 });
    const long = await call(tokens.company, 'POST', '/shifts/generate', {
      residence_uuid: site,
      from: '2026-12-01',
      to: '2027-12-31',
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe(SHIFT_MESSAGES.rangeTooLong);
  });

  it('puts a guard of the site on a shift, and refuses one of another site or an overlap naming the other shift', async () => {
    const week = await plannedWeek();
    const [day0, day1] = week.filter((s) => s.date === '2026-11-30' && s.name === 'Day');
    if (!day0 || !day1) throw new Error('no Monday Day shifts');
    const put = await assign(tokens.supervisor, day0.uuid, alice);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ shift: { guard_uuid: alice, guard_name: 'Alice Tan' } });

    const stranger = await assign(tokens.supervisor, day1.uuid, strangerGuard);
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().error).toEqual({
      code: 'GUARD_NOT_AT_SITE',
      message: SHIFT_REFUSALS.guardNotAtSite,
      field: 'guard_uuid',
    });

    const twice = await assign(tokens.supervisor, day1.uuid, alice);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toEqual({
      code: 'SHIFT_OVERLAP',
      message: 'Alice Tan is already on Day 07:00–19:00 at Sri Hartamas Residences on 30/11/2026.',
      field: 'guard_uuid',
    });
    // Taken off, the guard may take the other place.
    expect((await assign(tokens.supervisor, day0.uuid, null)).statusCode).toBe(200);
    expect((await assign(tokens.supervisor, day1.uuid, alice)).statusCode).toBe(200);
  });

  it('warns, without refusing, past 72 hours in a week', async () => {
    const week = await plannedWeek();
    const days = week.filter((s) => s.name === 'Day' && s.slot === 0);
    const warnings: string[][] = [];
    for (const shift of days) {
      const put = await assign(tokens.company, shift.uuid, bob);
      expect(put.statusCode, put.body).toBe(200);
      warnings.push(put.json().warnings);
    }
    // Six 12-hour days are 72 hours; the seventh makes 84.
    expect(warnings.slice(0, 6).flat()).toEqual([]);
    expect(warnings[6]).toEqual([SHIFT_REFUSALS.overHours('Bob Lim', 84, 72)]);
  });

  it('cancels a shift, which then takes no guard; others’ shifts are out of reach', async () => {
    const week = await plannedWeek();
    const [shift] = week;
    if (!shift) throw new Error('no shift');
    expect((await call(tokens.companyB, 'POST', `/shifts/${shift.uuid}/cancel`)).statusCode).toBe(
      404,
    );
    expect(
      (await call(tokens.otherSupervisor, 'POST', `/shifts/${shift.uuid}/cancel`)).statusCode,
    ).toBe(404);
    const cancelled = await call(tokens.supervisor, 'POST', `/shifts/${shift.uuid}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().resource[0].cancelled_at).not.toBeNull();
    const put = await assign(tokens.supervisor, shift.uuid, bob);
    expect(put.statusCode).toBe(409);
    expect(put.json().error.message).toBe(SHIFT_REFUSALS.cancelled);
    // Company B sees none of the site's shifts.
    const listed = await call(tokens.companyB, 'GET', `/shifts?from=${WEEK.from}&to=${WEEK.to}`);
    expect(listed.json().resource).toEqual([]);
    expect(siteOfB).toBeTruthy();
  });

  it('swaps the guards of two shifts, which a pair of single moves could not', async () => {
    const week = await plannedWeek();
    const [day0, day1] = week.filter((s) => s.date === '2026-12-01' && s.name === 'Day');
    if (!day0 || !day1) throw new Error('no Tuesday Day shifts');
    expect((await assign(tokens.company, day0.uuid, alice)).statusCode).toBe(200);
    expect((await assign(tokens.company, day1.uuid, bob)).statusCode).toBe(200);
    // One at a time, each would overlap the other's own shift.
    expect((await assign(tokens.company, day0.uuid, bob)).statusCode).toBe(409);
    const swapped = await call(tokens.supervisor, 'POST', '/shifts/swap', {
      shift_uuids: [day0.uuid, day1.uuid],
    });
    expect(swapped.statusCode, swapped.body).toBe(200);
    expect(swapped.json().resource.map((s: Shift) => s.guard_name)).toEqual([
      'Bob Lim',
      'Alice Tan',
    ]);
  });

  it('adds a one-off shift, checked as a pattern is, and refuses one already over', async () => {
    const added = await call(tokens.supervisor, 'POST', '/shifts', {
      residence_uuid: site,
      name: 'Event cover',
      date: '2026-12-05',
      start_time: '22:00',
      end_time: '02:00',
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().resource[0]).toMatchObject({
      name: 'Event cover',
      pattern_uuid: null,
      starts_at: toDbTime(new Date(2026, 11, 5, 22, 0)),
      ends_at: toDbTime(new Date(2026, 11, 6, 2, 0)),
    });
    const same = await call(tokens.supervisor, 'POST', '/shifts', {
      residence_uuid: site,
      name: 'Event cover',
      date: '2026-12-05',
      start_time: '22:00',
      end_time: '22:00',
    });
    expect(same.json().error).toMatchObject({
      field: 'end_time',
      message: SHIFT_MESSAGES.sameStartEnd,
    });
    const past = await call(tokens.supervisor, 'POST', '/shifts', {
      residence_uuid: site,
      name: 'Yesterday',
      date: '2026-11-27',
      start_time: '08:00',
      end_time: '17:00',
    });
    expect(past.statusCode).toBe(409);
    expect(past.json().error.message).toBe(SHIFT_REFUSALS.over);
  });

  it('adds a one-off shift with its guard at once, checked as an assignment is', async () => {
    const oneOff = (name: string, guard: string) =>
      call(tokens.supervisor, 'POST', '/shifts', {
        residence_uuid: site,
        name,
        date: '2026-12-05',
        start_time: '22:00',
        end_time: '02:00',
        guard_uuid: guard,
      });
    const before = await t.db.selectFrom('shifts').select('uuid').execute();
    const stranger = await oneOff('Event cover', strangerGuard);
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().error).toMatchObject({
      code: 'GUARD_NOT_AT_SITE',
      field: 'guard_uuid',
    });
    expect(await t.db.selectFrom('shifts').select('uuid').execute()).toHaveLength(before.length);

    const added = await oneOff('Event cover', alice);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().resource[0]).toMatchObject({ guard_uuid: alice, guard_name: 'Alice Tan' });
    const twice = await oneOff('Second cover', alice);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toEqual({
      code: 'SHIFT_OVERLAP',
      message:
        'Alice Tan is already on Event cover 22:00–02:00 at Sri Hartamas Residences on 05/12/2026.',
      field: 'guard_uuid',
    });
  });

  it('leaves a guard’s shifts ahead open when the guard leaves the site, keeping the past ones', async () => {
    const week = await plannedWeek();
    const [ahead] = week.filter((s) => s.name === 'Night' && s.slot === 1);
    if (!ahead) throw new Error('no Night shift');
    expect((await assign(tokens.company, ahead.uuid, alice)).statusCode).toBe(200);
    // A shift Alice worked last week.
    await t.db
      .insertInto('shifts')
      .values({
        uuid: 'past-shift-of-alice',
        residence_uuid: site,
        pattern_uuid: null,
        name: 'Day',
        date: '2026-11-23',
        starts_at: toDbTime(new Date(2026, 10, 23, 7, 0)),
        ends_at: toDbTime(new Date(2026, 10, 23, 19, 0)),
        guard_uuid: alice,
        cancelled_at: null,
      })
      .execute();
    const moved = await call(tokens.company, 'PATCH', `/guards/${alice}`, {
      residence_uuids: [otherSite],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const guards = await t.db
      .selectFrom('shifts')
      .select(['uuid', 'guard_uuid'])
      .where('uuid', 'in', [ahead.uuid, 'past-shift-of-alice'])
      .orderBy('uuid')
      .execute();
    expect(Object.fromEntries(guards.map((row) => [row.uuid, row.guard_uuid]))).toEqual({
      [ahead.uuid]: null,
      'past-shift-of-alice': alice,
    });
    expect(companyA).toBeTruthy();
  });

  it('answers a guard its own shifts through the guard door, in the app’s envelope', async () => {
    const week = await plannedWeek();
    const [mine] = week.filter((s) => s.date === '2026-12-02' && s.name === 'Night');
    if (!mine) throw new Error('no Wednesday Night shift');
    expect((await assign(tokens.company, mine.uuid, bob)).statusCode).toBe(200);
    await t.db
      .updateTable('guards')
      .set({ email: 'bob@a.example.com' })
      .where('uuid', '=', bob)
      .execute();
    const access = await call(tokens.company, 'PUT', `/guards/${bob}/app-access`, {
      password: 'Guard@1234',
    });
    expect(access.statusCode, access.body).toBe(200);
    const door = guardDoor(t);
    const token = await door.appSignIn('bob@a.example.com', 'Guard@1234', 'bob-phone');
    const listed = await door.door('GET', `shifts?from=${WEEK.from}&to=${WEEK.to}`, { token });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data.shifts).toEqual([
      expect.objectContaining({
        uuid: mine.uuid,
        name: 'Night',
        date: '2026-12-02',
        residence_name: 'Sri Hartamas Residences',
        is_cancelled: false,
        starts_at: expect.stringMatching(/^2026-12-02T19:00:00[+-]\d\d:\d\d$/),
      }),
    ]);
  });

  it('tells the kiosk, after a guard’s PIN, the guard’s shift now or next, and whether it is at the kiosk’s site', async () => {
    const week = await plannedWeek();
    const [monday] = week.filter((s) => s.date === '2026-11-30' && s.name === 'Day');
    if (!monday) throw new Error('no Monday Day shift');
    const dina = await createGuard(t.db, companyA, { name: 'Dina Musa', pin: '654321' }, [
      site,
      otherSite,
    ]);
    expect((await assign(tokens.company, monday.uuid, dina)).statusCode).toBe(200);
    const door = guardDoor(t);
    const here = await door.enrolKiosk(tokens.company, site);
    const elsewhere = await door.enrolKiosk(tokens.company, otherSite);
    const pinAt = (kiosk: string, residence: string) =>
      door.door('POST', 'auth/verify-pin', {
        token: kiosk,
        payload: { guard_uuid: dina, pin: '654321', residence_uuid: residence },
      });
    // Saturday 08:00: Monday's shift is more than 12 hours ahead.
    expect((await pinAt(here, site)).json().data.rostered_shift).toBeNull();
    vi.setSystemTime(new Date(2026, 10, 30, 6, 30));
    try {
      expect((await pinAt(here, site)).json().data.rostered_shift).toMatchObject({
        uuid: monday.uuid,
        name: 'Day',
        residence_name: 'Sri Hartamas Residences',
        at_this_site: true,
      });
      expect((await pinAt(elsewhere, otherSite)).json().data.rostered_shift).toMatchObject({
        uuid: monday.uuid,
        at_this_site: false,
      });
    } finally {
      vi.setSystemTime(NOW);
    }
  });
});
