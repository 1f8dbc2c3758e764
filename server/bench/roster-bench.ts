// `npm run bench:roster -- --data-dir DIR [--shifts 1000000] [--runs 5]`: rosters and the watch at
// scale (issue 36). Seeds the demo into DIR's database when it is empty, then a company of 200
// sites and 1,000 guards with --shifts dated shifts (3 patterns × 2 guards a site a day, going
// back from yesterday, each completed with its attendance row), and 10,000 shifts that start at
// 07:00 today with nobody started. Then it times the watch's run of 07:00 (the minute those shifts
// start, none due yet) and, with today's 07:30 as the clock, of that minute (10,000 no-shows
// marked, their alerts raised, the company user's digest claimed), an idle minute's run, the dashboard's figures (p95) for the company and the superadmin, and a
// month's timesheet for the company's 1,000 guards. Each figure prints with its goal beside it.
// With DATABASE_URL it runs on that PostgreSQL database instead.
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import type { Principal } from '../src/auth/principal';
import type { DB } from '../src/db/database';
import { openConfiguredDatabase } from '../src/db/open-data-dir';
import { seedDemoData } from '../src/db/seed/demo';
import { insertInBatches } from '../src/db/seed/insert';
import { addDays, localDate } from '../src/db/time';
import { createDashboardRepository } from '../src/modules/dashboard/dashboard.repository';
import { runShiftWatch } from '../src/modules/shifts/shift-watch';
import { createShiftsRepository } from '../src/modules/shifts/shifts.repository';
import { createShiftsService, shiftTimes } from '../src/modules/shifts/shifts.service';
import { count, machineLine, percentile, print } from './support';

const COMPANY = 'Bench Roster Guarding';
const SITES = 200;
const GUARDS = 1_000;
const DUE = 10_000;
const PATTERNS = [
  ['Day', '07:00', '19:00'],
  ['Mid', '11:00', '23:00'],
  ['Night', '19:00', '07:00'],
] as const;
const BATCH = 5_000;
const GOALS = { watchMs: 1_000, dashboardMs: 50, timesheetMs: 5_000 };

async function seedRoster(db: DB, shifts: number, today: string) {
  const existing = await db
    .selectFrom('security_companies')
    .select('uuid')
    .where('name', '=', COMPANY)
    .executeTakeFirst();
  if (existing) {
    print(`Reusing the roster of ${COMPANY}.`);
    return existing.uuid;
  }
  const started = performance.now();
  const company = randomUUID();
  await db.insertInto('security_companies').values({ uuid: company, name: COMPANY }).execute();
  const sites = Array.from({ length: SITES }, () => randomUUID());
  await insertInBatches(
    db,
    'residences',
    sites.map((uuid, i) => ({
      uuid,
      name: `Roster Site ${i + 1}`,
      security_company_uuid: company,
      kipleguard_enabled: 1,
      kipleguard_attendance: 1,
    })),
  );
  const guards = Array.from({ length: GUARDS }, () => randomUUID());
  await insertInBatches(
    db,
    'guards',
    guards.map((uuid, i) => ({
      uuid,
      guard_id: `RB-${String(i + 1).padStart(5, '0')}`,
      name: `Roster Guard ${i + 1}`,
      security_company_uuid: company,
    })),
  );
  await insertInBatches(
    db,
    'guard_residences',
    guards.map((guard, i) => ({ guard_uuid: guard, residence_uuid: sites[i % SITES] ?? '' })),
  );
  const profile = randomUUID();
  await db
    .insertInto('user_profiles')
    .values({ uuid: profile, name: 'Roster Bench Manager', email: 'roster-bench@example.com' })
    .execute();
  await db
    .insertInto('user_roles')
    .values({
      uuid: randomUUID(),
      user_profile_uuid: profile,
      type: 'securitycompany',
      security_company_uuid: company,
    })
    .execute();

  // Completed shifts, newest first from yesterday: a site's day is 6 places, its 5 guards and
  // the next site's first guard taking them.
  const regular = shifts - DUE;
  let made = 0;
  for (let day = 1; made < regular; day += 1) {
    const date = addDays(today, -day);
    const shiftRows = [];
    const attendanceRows = [];
    for (let s = 0; s < SITES && made < regular; s += 1) {
      for (const [p, [name, start, end]] of PATTERNS.entries()) {
        const times = shiftTimes(date, start, end);
        for (let slot = 0; slot < 2 && made < regular; slot += 1) {
          const guard = guards[(s * 5 + p * 2 + slot) % GUARDS] ?? '';
          const attendance = randomUUID();
          attendanceRows.push({
            uuid: attendance,
            guard_uuid: guard,
            residence_uuid: sites[s] ?? '',
            checkin_at: times.starts_at,
            checkout_at: times.ends_at,
            checkin_lat: null,
            checkin_lng: null,
            checkout_lat: null,
            checkout_lng: null,
            created_at: times.starts_at,
          });
          shiftRows.push({
            uuid: randomUUID(),
            residence_uuid: sites[s] ?? '',
            pattern_uuid: null,
            slot,
            name,
            date,
            ...times,
            guard_uuid: guard,
            state: 'completed',
            attendance_uuid: attendance,
            started_at: times.starts_at,
            ended_at: times.ends_at,
            late_minutes: 0,
          });
          made += 1;
        }
      }
    }
    for (let i = 0; i < shiftRows.length; i += BATCH) {
      await insertInBatches(db, 'attendances', attendanceRows.slice(i, i + BATCH));
      await insertInBatches(db, 'shifts', shiftRows.slice(i, i + BATCH));
    }
    if (day % 50 === 0) print(`  ${made.toLocaleString('en')} shifts ...`);
  }
  // The minute's load: 10,000 places starting at 07:00 today, 50 a site, nobody started.
  const times = shiftTimes(today, '07:00', '19:00');
  await insertInBatches(
    db,
    'shifts',
    Array.from({ length: DUE }, (_, i) => ({
      uuid: randomUUID(),
      residence_uuid: sites[i % SITES] ?? '',
      pattern_uuid: null,
      slot: Math.floor(i / SITES),
      name: 'Day',
      date: today,
      ...times,
      guard_uuid: guards[i % GUARDS] ?? null,
    })),
  );
  print(
    `Seeded ${shifts.toLocaleString('en')} shifts in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
  );
  return company;
}

/** Puts the minute's 10,000 shifts back as they were before the watch ran. */
async function resetMinute(db: DB, today: string, company: string) {
  const sites = db
    .selectFrom('residences')
    .select('uuid')
    .where('security_company_uuid', '=', company);
  const due = db
    .selectFrom('shifts')
    .select('uuid')
    .where('date', '=', today)
    .where('name', '=', 'Day')
    .where('residence_uuid', 'in', sites);
  await db.deleteFrom('alerts').where('shift_uuid', 'in', due).execute();
  await db
    .updateTable('shifts')
    .set({ state: 'upcoming' })
    .where('date', '=', today)
    .where('name', '=', 'Day')
    .where('residence_uuid', 'in', sites)
    .execute();
  await db.deleteFrom('job_leases').where('name', '=', 'shift-watch').execute();
}

async function timed<T>(run: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const result = await run();
  return [performance.now() - started, result];
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const verdict = (value: number, goal: number) => (value < goal ? 'met' : 'NOT met');

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'data-dir': { type: 'string' },
      shifts: { type: 'string' },
      runs: { type: 'string' },
    },
  });
  const dataDir = values['data-dir'];
  if (dataDir === undefined) throw new Error('Give --data-dir DIR to keep the data set in.');
  const shifts = count('shifts', values.shifts, 1_000_000);
  const runs = count('runs', values.runs, 5);
  const databaseUrl = process.env.DATABASE_URL || null;
  print(`Engine: ${databaseUrl === null ? 'SQLite' : 'PostgreSQL (DATABASE_URL)'}.`);
  const db = await openConfiguredDatabase({ dataDir, databaseUrl });
  await seedDemoData(db, { dataDir });
  const now = new Date();
  const today = localDate(now);
  const company = await seedRoster(db, shifts, today);
  const total = await db
    .selectFrom('shifts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  print(`${Number(total.n).toLocaleString('en')} shifts in the database.`);
  print(machineLine());
  const clock = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 7, 30);
  const startMinute = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 7, 0);
  const deps = {
    everySeconds: 60,
    mailer: { send: () => Promise.resolve() },
    publicUrl: 'http://localhost',
    productName: 'Guard Console',
  };

  // The minute the 10,000 shifts start (07:00): none is due yet, so the run finds nothing to mark.
  const startTimes: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    await resetMinute(db, today, company);
    const [took] = await timed(() => runShiftWatch(db, startMinute, deps));
    startTimes.push(took);
  }
  const watchTimes: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    await resetMinute(db, today, company);
    const [took, result] = await timed(() => runShiftWatch(db, clock, deps));
    watchTimes.push(took);
    print(
      `  watch run ${run + 1}: ${ms(took)} (${result?.noShows} no-shows, ${result?.alerts} alerts, ${result?.mails} mails)`,
    );
  }
  const idle: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const [took] = await timed(() =>
      runShiftWatch(db, new Date(clock.getTime() + (run + 1) * 60_000), deps),
    );
    idle.push(took);
  }

  const principal = (role: 'superadmin' | 'securitycompany'): Principal => ({
    sessionUuid: 'bench',
    profileUuid: randomUUID(),
    identityUuid: 'bench',
    name: 'Bench',
    email: 'bench@example.com',
    role,
    companyUuid: role === 'superadmin' ? null : company,
    companyName: role === 'superadmin' ? null : COMPANY,
    sites: [],
  });
  const dashboard = createDashboardRepository(db);
  const figures: Record<string, number[]> = { superadmin: [], securitycompany: [] };
  for (const role of ['superadmin', 'securitycompany'] as const) {
    await dashboard.allFigures(principal(role), clock);
    for (let run = 0; run < 20; run += 1) {
      const [took] = await timed(() => dashboard.allFigures(principal(role), clock));
      figures[role]?.push(took);
    }
  }
  const [sample] = await Promise.all([dashboard.allFigures(principal('securitycompany'), clock)]);

  const service = createShiftsService({ shifts: createShiftsRepository(db) });
  const from = addDays(today, -30);
  const to = addDays(today, -1);
  const sheetTimes: number[] = [];
  let sheet = { lines: 0, guards: 0 };
  for (let run = 0; run < Math.max(1, Math.min(runs, 3)); run += 1) {
    const [took, result] = await timed(() =>
      service.timesheet(principal('securitycompany'), { from, to }),
    );
    sheetTimes.push(took);
    sheet = { lines: result.lines.length, guards: result.guards.length };
  }

  print();
  print(`| measure | figure | goal |`);
  print(`|---|---|---|`);
  print(
    `| the watch's minute with ${DUE.toLocaleString('en')} no-shows due (median of ${runs}; max) | ${ms(percentile(watchTimes, 50))}; ${ms(Math.max(...watchTimes))} | < 1 s: ${verdict(Math.max(...watchTimes), GOALS.watchMs)} |`,
  );
  print(
    `| the watch's minute when the ${DUE.toLocaleString('en')} shifts start, none due yet (median of ${runs}; max) | ${ms(percentile(startTimes, 50))}; ${ms(Math.max(...startTimes))} | < 1 s: ${verdict(Math.max(...startTimes), GOALS.watchMs)} |`,
  );
  print(`| the watch's idle minute (median) | ${ms(percentile(idle, 50))} | — |`);
  for (const role of ['superadmin', 'securitycompany'] as const) {
    const times = figures[role] ?? [];
    print(
      `| dashboard figures, ${role} (p50; p95 of 20) | ${ms(percentile(times, 50))}; ${ms(percentile(times, 95))} | p95 < 50 ms: ${verdict(percentile(times, 95), GOALS.dashboardMs)} |`,
    );
  }
  print(
    `| a month's timesheet, ${sheet.guards.toLocaleString('en')} guards, ${sheet.lines.toLocaleString('en')} lines (max of ${sheetTimes.length}) | ${ms(Math.max(...sheetTimes))} | < 5 s: ${verdict(Math.max(...sheetTimes), GOALS.timesheetMs)} |`,
  );
  print();
  print(
    `Company figures at 07:30: missedToday ${sample.missedToday}, lateToday ${sample.lateToday}, uncoveredNow ${sample.uncoveredNow}.`,
  );
  await db.destroy();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
