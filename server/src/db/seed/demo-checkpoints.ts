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
 * Patrol checkpoints for the demo (issue 38): five at each of the demo supervisor's sites with the
 * guard service, so a new user sees the Patrols screen and its sheet of stickers at once. No
 * random draw of the demo's: the data seeded after keeps its sequence.
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
  await insertInBatches(
    ctx.db,
    'checkpoints',
    places.flatMap((site) =>
      POINTS.map(([name, instructions, north, east]) => ({
        uuid: randomUUID(),
        residence_uuid: site.uuid,
        name,
        instructions,
        latitude: Math.round((site.lat + north) * 1e7) / 1e7,
        longitude: Math.round((site.lng + east) * 1e7) / 1e7,
        code: newCheckpointCode(),
      })),
    ),
  );
}
