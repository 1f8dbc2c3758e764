// `npm run bench:patrols -- --data-dir DIR [--scans 10000000] [--runs 20]`: patrols at scale
// (issue 38). Seeds the demo into DIR's database when it is empty, then a company of 200 sites,
// each with 10 checkpoints and one round past all of them due 12 times a day, and --scans scans:
// the patrols of the days before today, each walked (one in twenty partly), going back from
// yesterday. Then it times a site's Patrols page for a day (the list's first page with its count),
// a site's completion over 30 days and the company's over 7, recording one scan as the guard's
// phone sends it, and the watch's minute that closes the company's 2,400 rounds of a day (one in
// ten missed). Each figure prints with its goal beside it. With DATABASE_URL it runs on that
// PostgreSQL database instead.
import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import { parseArgs } from 'node:util';
import type { GuardPrincipal, GuardSite, Principal } from '../src/auth/principal';
import type { DB } from '../src/db/database';
import type { Database } from '../src/db/schema';
import { engineOf } from '../src/db/engine';
import { openConfiguredDatabase } from '../src/db/open-data-dir';
import { seedDemoData } from '../src/db/seed/demo';
import { insertInBatches } from '../src/db/seed/insert';
import { addDays, localDate, toDbTime } from '../src/db/time';
import { createFilesRepository } from '../src/modules/files/files.repository';
import { diskStorage } from '../src/storage/file-storage';
import { createPatrolsRepository, PATROLS_QUERY } from '../src/modules/patrols/patrols.repository';
import { createPatrolsService } from '../src/modules/patrols/patrols.service';
import { runShiftWatch } from '../src/modules/shifts/shift-watch';
import { localMoment } from '../src/modules/shifts/shifts.service';
import { readListQuery } from '../src/query';
import { count, machineLine, percentile, print } from './support';

const COMPANY = 'Bench Patrol Guarding';
const SITES = 200;
const CHECKPOINTS = 10;
const TIMES = Array.from({ length: 12 }, (_, i) => `${String(i * 2).padStart(2, '0')}:00`);
const GOALS = { pageMs: 300, scanMs: 5, watchMs: 1_000 };

interface Seeded {
  company: string;
  sites: string[];
  rounds: string[];
  checkpoints: string[][];
  codes: string[][];
  guards: string[];
}

async function seedPatrols(db: DB, scans: number, today: string): Promise<Seeded> {
  const existing = await db
    .selectFrom('security_companies')
    .select('uuid')
    .where('name', '=', COMPANY)
    .executeTakeFirst();
  const read = async (company: string): Promise<Seeded> => {
    const sites = (
      await db
        .selectFrom('residences')
        .select('uuid')
        .where('security_company_uuid', '=', company)
        .orderBy('name')
        .execute()
    ).map((row) => row.uuid);
    const rounds: string[] = [];
    const checkpoints: string[][] = [];
    const codes: string[][] = [];
    for (const site of sites) {
      const round = await db
        .selectFrom('rounds')
        .select('uuid')
        .where('residence_uuid', '=', site)
        .executeTakeFirstOrThrow();
      rounds.push(round.uuid);
      const points = await db
        .selectFrom('checkpoints')
        .select(['uuid', 'code'])
        .where('residence_uuid', '=', site)
        .orderBy('name')
        .execute();
      checkpoints.push(points.map((point) => point.uuid));
      codes.push(points.map((point) => point.code));
    }
    const guards = (
      await db
        .selectFrom('guards')
        .select('uuid')
        .where('security_company_uuid', '=', company)
        .orderBy('name')
        .execute()
    ).map((row) => row.uuid);
    return { company, sites, rounds, checkpoints, codes, guards };
  };
  if (existing) {
    print(`Reusing the patrols of ${COMPANY}.`);
    return read(existing.uuid);
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
      name: `Patrol Site ${String(i + 1).padStart(3, '0')}`,
      security_company_uuid: company,
      kipleguard_enabled: 1,
      kipleguard_attendance: 1,
    })),
  );
  const guards = sites.map(() => randomUUID());
  await insertInBatches(
    db,
    'guards',
    guards.map((uuid, i) => ({
      uuid,
      guard_id: `PB-${String(i + 1).padStart(5, '0')}`,
      name: `Patrol Guard ${String(i + 1).padStart(3, '0')}`,
      security_company_uuid: company,
    })),
  );
  await insertInBatches(
    db,
    'guard_residences',
    guards.map((guard, i) => ({ guard_uuid: guard, residence_uuid: sites[i] ?? '' })),
  );
  const checkpoints = sites.map(() => Array.from({ length: CHECKPOINTS }, () => randomUUID()));
  const codes = sites.map(() => Array.from({ length: CHECKPOINTS }, () => randomUUID()));
  await insertInBatches(
    db,
    'checkpoints',
    sites.flatMap((site, s) =>
      (checkpoints[s] ?? []).map((uuid, c) => ({
        uuid,
        residence_uuid: site,
        name: `Point ${String(c + 1).padStart(2, '0')}`,
        code: codes[s]?.[c] ?? '',
      })),
    ),
  );
  const rounds = sites.map(() => randomUUID());
  await insertInBatches(
    db,
    'rounds',
    sites.map((site, s) => ({
      uuid: rounds[s] ?? '',
      residence_uuid: site,
      name: 'Every two hours',
      in_order: 0,
      allowed_minutes: 30,
      schedule_kind: 'times' as const,
      times: TIMES.join(','),
      // Planned from the seeded days on by the watch.
      planned_until: toDbTime(localMoment(today, '00:00')),
    })),
  );
  await insertInBatches(
    db,
    'round_checkpoints',
    rounds.flatMap((round, s) =>
      (checkpoints[s] ?? []).map((checkpoint, position) => ({
        round_uuid: round,
        position,
        checkpoint_uuid: checkpoint,
      })),
    ),
  );

  // Walked patrols, newest first from yesterday: every round of every site, 12 a day.
  let made = 0;
  let patrolNumber = 0;
  for (let day = 1; made < scans; day += 1) {
    const date = addDays(today, -day);
    const patrolRows: Array<Insertable<Database['patrols']>> = [];
    const scanRows: Array<Insertable<Database['patrol_scans']>> = [];
    for (let s = 0; s < SITES && made < scans; s += 1) {
      const points = checkpoints[s] ?? [];
      for (const time of TIMES) {
        if (made >= scans) break;
        patrolNumber += 1;
        const due = localMoment(date, time).getTime();
        const walked = patrolNumber % 20 === 0 ? CHECKPOINTS - 2 : CHECKPOINTS;
        const uuid = randomUUID();
        const at = (minutes: number) => toDbTime(new Date(due + minutes * 60_000));
        patrolRows.push({
          uuid,
          round_uuid: rounds[s] ?? '',
          residence_uuid: sites[s] ?? '',
          due_at: at(0),
          closes_at: at(30),
          checkpoints: points.join(','),
          checkpoints_total: CHECKPOINTS,
          checkpoints_scanned: walked,
          state: walked === CHECKPOINTS ? 'done' : 'partly_done',
          guard_uuid: guards[s] ?? null,
          started_at: at(2),
          finished_at: at(2 + (walked - 1) * 2),
          created_at: at(-1440),
          updated_at: at(30),
        });
        for (let c = 0; c < walked; c += 1) {
          scanRows.push({
            uuid: randomUUID(),
            patrol_uuid: uuid,
            checkpoint_uuid: points[c] ?? '',
            position: c,
            guard_uuid: guards[s] ?? '',
            scanned_at: at(2 + c * 2),
            received_at: at(2 + c * 2),
          });
        }
        made += walked;
      }
    }
    await db.transaction().execute(async (trx) => {
      await insertInBatches(trx, 'patrols', patrolRows);
      await insertInBatches(trx, 'patrol_scans', scanRows);
    });
    if (day % 20 === 0) print(`  ${made.toLocaleString('en')} scans ...`);
  }
  print(
    `Seeded ${made.toLocaleString('en')} scans in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
  );
  return read(company);
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
      scans: { type: 'string' },
      runs: { type: 'string' },
    },
  });
  const dataDir = values['data-dir'];
  if (dataDir === undefined) throw new Error('Give --data-dir DIR to keep the data set in.');
  const scans = count('scans', values.scans, 10_000_000);
  const runs = count('runs', values.runs, 20);
  const databaseUrl = process.env.DATABASE_URL || null;
  print(`Engine: ${databaseUrl === null ? 'SQLite' : 'PostgreSQL (DATABASE_URL)'}.`);
  const db = await openConfiguredDatabase({ dataDir, databaseUrl });
  await seedDemoData(db, { dataDir });
  const now = new Date();
  const today = localDate(now);
  const seeded = await seedPatrols(db, scans, today);
  const [scanTotal, patrolTotal] = await Promise.all(
    (['patrol_scans', 'patrols'] as const).map(async (table) =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ),
  );
  print(
    `${(scanTotal ?? 0).toLocaleString('en')} scans, ${(patrolTotal ?? 0).toLocaleString('en')} patrols in the database.`,
  );
  print(machineLine());

  const manager: Principal = {
    sessionUuid: 'bench',
    profileUuid: randomUUID(),
    identityUuid: 'bench',
    name: 'Bench',
    email: 'bench@example.com',
    role: 'securitycompany',
    companyUuid: seeded.company,
    companyName: COMPANY,
    sites: [],
  };
  const repository = createPatrolsRepository(db);
  const service = createPatrolsService({
    patrols: repository,
    files: createFilesRepository(db, diskStorage(dataDir)),
  });
  const pick = (run: number) => run % SITES;

  // A site's Patrols page for a past day: its first page with the count, as the screen asks.
  const pageTimes: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const site = seeded.sites[pick(run * 37)] ?? '';
    const day = addDays(today, -1 - (run % 300));
    const [took] = await timed(async () => {
      const list = await readListQuery(
        db,
        {
          filter: `(residence_uuid='${site}') AND (due_at >= '${toDbTime(localMoment(day, '00:00'))}') AND (due_at < '${toDbTime(localMoment(addDays(day, 1), '00:00'))}')`,
          order: 'due_at asc',
          limit: '25',
          include_count: 'true',
        },
        PATROLS_QUERY,
        { engine: engineOf(db) },
      );
      return service.list(manager, list);
    });
    pageTimes.push(took);
  }
  const siteCompletion: number[] = [];
  const companyCompletion: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const site = seeded.sites[pick(run * 53)] ?? '';
    const [took] = await timed(() =>
      service.completion(
        manager,
        { residence_uuid: site, from: addDays(today, -30), to: addDays(today, -1) },
        now,
      ),
    );
    siteCompletion.push(took);
    const [all] = await timed(() =>
      service.completion(manager, { from: addDays(today, -7), to: addDays(today, -1) }, now),
    );
    companyCompletion.push(all);
  }

  // The watch plans today's patrols (the first run), then recording scans as the phone sends
  // them, on today's rounds whose window is open now.
  await db.deleteFrom('job_leases').execute();
  await runShiftWatch(db, now, {
    everySeconds: 60,
    mailer: null,
    publicUrl: '',
    productName: 'Guard Console',
  });
  // Each scan as at 10:05 today, on the 10:00 rounds (planned whatever the time of the run).
  const scanNow = localMoment(today, '10:05');
  const scanTimes: number[] = [];
  const open = await db
    .selectFrom('patrols')
    .select(['uuid', 'residence_uuid', 'due_at'])
    .where('residence_uuid', 'in', seeded.sites)
    .where('due_at', '=', toDbTime(localMoment(today, '10:00')))
    .execute();
  for (let run = 0; run < runs && open.length > 0; run += 1) {
    const patrol = open[run % open.length];
    if (!patrol) break;
    const s = seeded.sites.indexOf(patrol.residence_uuid);
    const code = seeded.codes[s]?.[Math.floor(run / open.length) % CHECKPOINTS] ?? '';
    const guard: GuardPrincipal = {
      role: 'guard',
      sessionUuid: 'bench',
      guardUuid: seeded.guards[s] ?? '',
      name: 'Bench guard',
      companyUuid: seeded.company,
      sites: [],
      kioskUuid: null,
    };
    const site = { uuid: patrol.residence_uuid } as GuardSite;
    guard.sites = [site];
    const [took] = await timed(() =>
      service.scan(guard, site, patrol.uuid, { code, scanned_at: scanNow.toISOString() }, scanNow),
    );
    scanTimes.push(took);
  }

  // The minute that closes a whole day of the company's rounds (one in ten not started).
  const watchTimes: number[] = [];
  const closeDay = addDays(today, 400);
  const closing = [];
  for (let s = 0; s < SITES; s += 1) {
    for (const time of TIMES) {
      const due = localMoment(closeDay, time).getTime();
      closing.push({
        uuid: randomUUID(),
        round_uuid: seeded.rounds[s] ?? '',
        residence_uuid: seeded.sites[s] ?? '',
        due_at: toDbTime(new Date(due)),
        closes_at: toDbTime(localMoment(addDays(closeDay, 1), '00:00')),
        checkpoints: (seeded.checkpoints[s] ?? []).join(','),
        checkpoints_total: CHECKPOINTS,
        checkpoints_scanned: closing.length % 10 === 0 ? 0 : CHECKPOINTS - 1,
        state: closing.length % 10 === 0 ? 'due' : 'in_progress',
      });
    }
  }
  const closeAt = localMoment(addDays(closeDay, 1), '00:00');
  // Every round counts as planned past that day, so the runs time the closing, not planning.
  const plannedUntil = await db.selectFrom('rounds').select(['uuid', 'planned_until']).execute();
  await db
    .updateTable('rounds')
    .set({ planned_until: toDbTime(new Date(closeAt.getTime() + 3 * 86_400_000)) })
    .execute();
  for (let run = 0; run < Math.min(runs, 5); run += 1) {
    await db
      .deleteFrom('alerts')
      .where(
        'patrol_uuid',
        'in',
        closing.map((p) => p.uuid),
      )
      .execute();
    await db
      .deleteFrom('patrols')
      .where('due_at', '>=', toDbTime(localMoment(closeDay, '00:00')))
      .execute();
    await insertInBatches(db, 'patrols', closing);
    await db.deleteFrom('job_leases').execute();
    const [took, result] = await timed(() =>
      runShiftWatch(db, closeAt, {
        everySeconds: 60,
        mailer: { send: () => Promise.resolve() },
        publicUrl: 'http://localhost',
        productName: 'Guard Console',
      }),
    );
    watchTimes.push(took);
    print(
      `  watch run ${run + 1}: ${ms(took)} (${result?.patrolsClosed} patrols closed, ${result?.alerts} alerts, ${result?.mails} mails)`,
    );
  }
  await db
    .deleteFrom('alerts')
    .where(
      'patrol_uuid',
      'in',
      closing.map((p) => p.uuid),
    )
    .execute();
  await db
    .deleteFrom('patrols')
    .where('due_at', '>=', toDbTime(localMoment(closeDay, '00:00')))
    .execute();
  for (const round of plannedUntil) {
    await db
      .updateTable('rounds')
      .set({ planned_until: round.planned_until })
      .where('uuid', '=', round.uuid)
      .execute();
  }
  // Today's patrols of the bench's sites go, to be planned afresh by the next run's watch.
  const fresh = db
    .selectFrom('patrols')
    .select('uuid')
    .where('residence_uuid', 'in', seeded.sites)
    .where('due_at', '>=', toDbTime(localMoment(today, '00:00')));
  await db.deleteFrom('alerts').where('patrol_uuid', 'in', fresh).execute();
  await db.deleteFrom('patrol_scans').where('patrol_uuid', 'in', fresh).execute();
  await db
    .deleteFrom('patrols')
    .where('residence_uuid', 'in', seeded.sites)
    .where('due_at', '>=', toDbTime(localMoment(today, '00:00')))
    .execute();
  await db
    .updateTable('rounds')
    .set({ planned_until: toDbTime(localMoment(today, '00:00')) })
    .where('uuid', 'in', seeded.rounds)
    .execute();

  print();
  print(`| measure | figure | goal |`);
  print(`|---|---|---|`);
  print(
    `| a site's Patrols page for a day, first page and count (p50; p95 of ${runs}) | ${ms(percentile(pageTimes, 50))}; ${ms(percentile(pageTimes, 95))} | < 300 ms: ${verdict(percentile(pageTimes, 95), GOALS.pageMs)} |`,
  );
  print(
    `| a site's completion over 30 days (p50; p95) | ${ms(percentile(siteCompletion, 50))}; ${ms(percentile(siteCompletion, 95))} | < 300 ms: ${verdict(percentile(siteCompletion, 95), GOALS.pageMs)} |`,
  );
  print(
    `| the company's completion over 7 days, ${SITES} sites (p50; p95) | ${ms(percentile(companyCompletion, 50))}; ${ms(percentile(companyCompletion, 95))} | < 300 ms: ${verdict(percentile(companyCompletion, 95), GOALS.pageMs)} |`,
  );
  print(
    scanTimes.length === 0
      ? `| recording a scan | no round open now to scan | < 5 ms |`
      : `| recording a scan, as the phone sends it (p50; p95 of ${scanTimes.length}) | ${ms(percentile(scanTimes, 50))}; ${ms(percentile(scanTimes, 95))} | < 5 ms: ${verdict(percentile(scanTimes, 50), GOALS.scanMs)} |`,
  );
  print(
    `| the watch's minute closing ${closing.length.toLocaleString('en')} rounds (median of ${watchTimes.length}; max) | ${ms(percentile(watchTimes, 50))}; ${ms(Math.max(...watchTimes))} | < 1 s: ${verdict(Math.max(...watchTimes), GOALS.watchMs)} |`,
  );
  await db.destroy();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
