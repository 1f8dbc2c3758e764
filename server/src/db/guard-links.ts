import { sql } from 'kysely';
import type { DB } from './database';

/**
 * How many live guards a supervisor reaches through its live sites: one number kept by triggers
 * (migration 2026-11-24T03), the same at any scope. A guard linked to two of its sites counts once.
 */
export function countSupervisorGuards(db: DB, supervisorProfileUuid: string) {
  return db
    .selectFrom('site_supervisors')
    .leftJoin(
      'supervisor_guard_counts',
      'supervisor_guard_counts.supervisor_uuid',
      'site_supervisors.uuid',
    )
    .select(sql<number>`coalesce(supervisor_guard_counts.n, 0)`.as('n'))
    .where('site_supervisors.kg_user_profile_uuid', '=', supervisorProfileUuid)
    .where('site_supervisors.deleted_at', 'is', null);
}
