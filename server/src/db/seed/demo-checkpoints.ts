import { randomUUID } from 'node:crypto';
import { newCheckpointCode } from '../../modules/checkpoints/checkpoints.repository';
import { lastNight } from '../../modules/patrols/patrol-watch';
import { planPatrols } from '../../modules/patrols/patrols.repository';
import { localMoment } from '../../modules/shifts/shifts.service';
import { toDbTime } from '../time';
import { SUPERVISOR_EMAIL } from './demo-catalogue';
import { DEMO_GUARD_EMAIL } from './demo-guards';
import type { DemoContext, SeededSite } from './demo-context';
import { insertInBatches } from './insert';

/** A demo site's rounds pass these, each a few metres from the site's pin (north, east). */
const POINTS = [
  ['Main gate', 'Barrier down, gate shut, intercom working', 0.0002, 0],
  ['Car park B1', 'Shutters down, no one sleeping in cars, lights on', -0.0001, 0.0002],
  ['Swimming pool', 'Pool gate locked after 22:00, no one in the water', 0.0001, -0.0002],
  ['Back fence', 'No gaps or cuts in the wire, no ladders left against it', -0.0003, -0.0001],
  ['Refuse room', 'Door shut, no fire risk, no strangers', 0, 0.0003],
] as const;

/**
 * Patrol checkpoints and rounds for the demo (issue 38): five checkpoints at each of the demo
 * supervisor's sites with the guard service, a Night round past all of them in order every 2
 * hours through the Night pattern, and a Perimeter round at set times in any order; so a new user
 * sees the Patrols screen and its sheet of stickers at once. No random draw of the demo's.
 */
export async function seedCheckpoints(ctx: DemoContext, sites: readonly SeededSite[]) {
  const supervised = await ctx.db
    .selectFrom('site_supervisor_residences')
    .innerJoin(
      'site_supervisors',
      'site_supervisors.uuid',
      'site_supervisor_residences.supervisor_uuid',
    )
    .innerJoin('user_profiles', 'user_profiles.uuid', 'site_supervisors.kg_user_profile_uuid')
    .select('site_supervisor_residences.residence_uuid')
    .where('user_profiles.email', '=', SUPERVISOR_EMAIL)
    .orderBy('site_supervisor_residences.residence_uuid')
    .execute();
  const places = supervised.flatMap(
    (row) => sites.find((site) => site.uuid === row.residence_uuid && site.attendance) ?? [],
  );
  const checkpoints = places.flatMap((site) =>
    POINTS.map(([name, instructions, north, east]) => ({
      uuid: randomUUID(),
      residence_uuid: site.uuid,
      name,
      instructions,
      latitude: Math.round((site.lat + north) * 1e7) / 1e7,
      longitude: Math.round((site.lng + east) * 1e7) / 1e7,
      code: newCheckpointCode(),
    })),
  );
  await insertInBatches(ctx.db, 'checkpoints', checkpoints);
  const nights = await ctx.db
    .selectFrom('shift_patterns')
    .select(['uuid', 'residence_uuid'])
    .where('name', '=', 'Night')
    .where('deleted_at', 'is', null)
    .execute();
  const rounds: Array<{ uuid: string; site: string; name: string; at: readonly string[] }> = [];
  const rows = places.flatMap((site) => {
    const night = nights.find((pattern) => pattern.residence_uuid === site.uuid);
    const at = (names: readonly string[]) =>
      names.map(
        (name) =>
          checkpoints.find((point) => point.residence_uuid === site.uuid && point.name === name)
            ?.uuid ?? '',
      );
    const nightRound = {
      uuid: randomUUID(),
      site: site.uuid,
      name: 'Night round',
      at: at(POINTS.map(([name]) => name)),
    };
    const perimeter = {
      uuid: randomUUID(),
      site: site.uuid,
      name: 'Perimeter',
      at: at(['Main gate', 'Back fence', 'Car park B1']),
    };
    rounds.push(...(night ? [nightRound, perimeter] : [perimeter]));
    return [
      ...(night
        ? [
            {
              uuid: nightRound.uuid,
              residence_uuid: site.uuid,
              name: nightRound.name,
              in_order: 1,
              allowed_minutes: 30,
              schedule_kind: 'every' as const,
              times: '',
              every_hours: 2,
              pattern_uuid: night.uuid,
            },
          ]
        : []),
      {
        uuid: perimeter.uuid,
        residence_uuid: site.uuid,
        name: perimeter.name,
        in_order: 0,
        allowed_minutes: 20,
        schedule_kind: 'times' as const,
        times: '02:00,05:00,22:00',
        every_hours: null,
        pattern_uuid: null,
      },
    ];
  });
  await insertInBatches(ctx.db, 'rounds', rows);
  await insertInBatches(
    ctx.db,
    'round_checkpoints',
    rounds.flatMap((round) =>
      round.at.map((checkpoint, position) => ({
        round_uuid: round.uuid,
        position,
        checkpoint_uuid: checkpoint,
      })),
    ),
  );
  await postDemoGuard(
    ctx,
    places.map((site) => site.uuid),
  );
  await seedPatrols(
    ctx,
    rounds.map((round) => round.uuid),
  );
}

/**
 * The guard app's demo guard also works at the sites with rounds of its company, so that signing
 * in on /guard shows rounds to walk.
 */
async function postDemoGuard(ctx: DemoContext, siteUuids: readonly string[]) {
  const guard = await ctx.db
    .selectFrom('guards')
    .select(['uuid', 'security_company_uuid'])
    .where('email', '=', DEMO_GUARD_EMAIL)
    .executeTakeFirst();
  if (!guard || siteUuids.length === 0) return;
  const sites = await ctx.db
    .selectFrom('residences')
    .select('uuid')
    .where('uuid', 'in', [...siteUuids])
    .where('security_company_uuid', '=', guard.security_company_uuid)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('guard_residences')
            .select('guard_uuid')
            .whereRef('guard_residences.residence_uuid', '=', 'residences.uuid')
            .where('guard_residences.guard_uuid', '=', guard.uuid),
        ),
      ),
    )
    .execute();
  if (sites.length === 0) return;
  await insertInBatches(
    ctx.db,
    'guard_residences',
    sites.map((site) => ({ guard_uuid: guard.uuid, residence_uuid: site.uuid })),
  );
}

/** Minutes from the start of a demo round to each scan. */
const SCAN_EVERY_MINUTES = 4;

/**
 * The demo's patrols (issue 38): the rounds planned from a day and a half ago to two days ahead,
 * and those whose time is up walked by a guard of the site, each checkpoint a few minutes after
 * the last. Last night's 03:00 Night round skips its last two checkpoints (partly done), the first
 * site's 05:00 Perimeter was missed, and the second site's 01:00 Night round was walked in the
 * car park without signal (its scans sent late), with a note at the pool. The minute watch raises
 * their alerts at the first start.
 */
export async function seedPatrols(ctx: DemoContext, roundUuids: readonly string[]) {
  if (roundUuids.length === 0) return;
  const from = new Date(ctx.now.getTime() - 36 * 3_600_000);
  await ctx.db
    .updateTable('rounds')
    .set({ planned_until: toDbTime(from) })
    .where('uuid', 'in', [...roundUuids])
    .execute();
  await planPatrols(ctx.db, ctx.now, roundUuids);
  const closed = await ctx.db
    .selectFrom('patrols')
    .innerJoin('rounds', 'rounds.uuid', 'patrols.round_uuid')
    .select([
      'patrols.uuid',
      'patrols.residence_uuid',
      'patrols.due_at',
      'patrols.checkpoints',
      'rounds.name',
    ])
    .where('patrols.closes_at', '<=', toDbTime(ctx.now))
    .orderBy('patrols.residence_uuid')
    .orderBy('patrols.due_at')
    .execute();
  const siteOrder = [...new Set(closed.map((patrol) => patrol.residence_uuid))];
  const walkers = await ctx.db
    .selectFrom('guard_residences')
    .innerJoin('guards', 'guards.uuid', 'guard_residences.guard_uuid')
    .select(['guard_residences.residence_uuid', 'guards.uuid'])
    .where('guard_residences.residence_uuid', 'in', siteOrder.length ? siteOrder : [''])
    .where('guards.deleted_at', 'is', null)
    .orderBy('guards.name')
    .execute();
  const night = lastNight(ctx.now);
  const partlyDue = toDbTime(localMoment(night.date, '03:00'));
  const missedDue = toDbTime(localMoment(night.date, '05:00'));
  const lateDue = toDbTime(localMoment(night.date, '01:00'));
  const names = new Map(
    (
      await ctx.db
        .selectFrom('checkpoints')
        .select(['uuid', 'name'])
        .where('residence_uuid', 'in', siteOrder.length ? siteOrder : [''])
        .execute()
    ).map((row) => [row.uuid, row.name]),
  );
  const scans: Array<{
    uuid: string;
    patrol_uuid: string;
    checkpoint_uuid: string;
    position: number;
    guard_uuid: string;
    scanned_at: string;
    received_at: string;
    sent_late: number;
    note: string;
  }> = [];
  for (const patrol of closed) {
    const siteIndex = siteOrder.indexOf(patrol.residence_uuid);
    const onSite = walkers.filter((row) => row.residence_uuid === patrol.residence_uuid);
    const guard = onSite[closed.indexOf(patrol) % Math.max(1, onSite.length)]?.uuid;
    const missed = patrol.name === 'Perimeter' && patrol.due_at === missedDue && siteIndex === 0;
    if (!guard || missed) {
      await ctx.db
        .updateTable('patrols')
        .set({ state: 'missed' })
        .where('uuid', '=', patrol.uuid)
        .execute();
      continue;
    }
    const points = patrol.checkpoints.split(',');
    const walked =
      patrol.name === 'Night round' && patrol.due_at === partlyDue
        ? points.slice(0, points.length - 2)
        : points;
    const late = patrol.name === 'Night round' && patrol.due_at === lateDue && siteIndex === 1;
    const due = new Date(`${patrol.due_at.replace(' ', 'T')}Z`).getTime();
    const times = walked.map((_, index) =>
      toDbTime(new Date(due + (3 + index * SCAN_EVERY_MINUTES) * 60_000)),
    );
    walked.forEach((checkpoint, index) => {
      const at = times[index] ?? patrol.due_at;
      scans.push({
        uuid: randomUUID(),
        patrol_uuid: patrol.uuid,
        checkpoint_uuid: checkpoint,
        position: points.indexOf(checkpoint),
        guard_uuid: guard,
        scanned_at: at,
        received_at: late ? toDbTime(new Date(due + 40 * 60_000)) : at,
        sent_late: late ? 1 : 0,
        note:
          late && names.get(checkpoint) === 'Swimming pool'
            ? 'Pool gate found unlocked; locked it. Car park has no signal, scans sent on leaving.'
            : '',
      });
    });
    await ctx.db
      .updateTable('patrols')
      .set({
        state: walked.length === points.length ? 'done' : 'partly_done',
        guard_uuid: guard,
        started_at: times[0] ?? null,
        finished_at: times[times.length - 1] ?? null,
        checkpoints_scanned: walked.length,
      })
      .where('uuid', '=', patrol.uuid)
      .execute();
  }
  await insertInBatches(ctx.db, 'patrol_scans', scans);
}
