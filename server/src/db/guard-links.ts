import { sql } from 'kysely';
import type { DB } from './database';

/**
 * How many live guards are linked to any of `siteUuids` (not empty), read from the links alone:
 * the partial index of live guards' links (migration 2026-11-23T10) holds them, so no guard row
 * is read. A guard linked to two of the sites counts once.
 */
export function countLiveGuardsLinkedTo(db: DB, siteUuids: string[]) {
  return db
    .selectFrom('guard_residences')
    .select(sql<number>`count(distinct guard_residences.guard_uuid)`.as('n'))
    .where('guard_residences.residence_uuid', 'in', siteUuids)
    .where('guard_residences.guard_live', '=', 1);
}
