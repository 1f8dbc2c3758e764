import { randomUUID } from 'node:crypto';
import { newCheckpointCode } from '../../modules/checkpoints/checkpoints.repository';
import { SUPERVISOR_EMAIL } from './demo-catalogue';
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
}
