import { sql } from 'kysely';
import type { Caller } from '../auth/principal';
import { siteScope } from '../auth/scope';
import type { DB } from './database';
import type { SiteRowCountsTable } from './schema';

/**
 * How many rows of a big list the caller's sites hold, added up from the per-site counts that
 * triggers keep (migration 2026-11-23T06): the count of an unfiltered list, read from one row per
 * site instead of a million index entries. A filtered list counts its matches as usual.
 */
export function countAtSites(
  db: DB,
  principal: Caller,
  list: SiteRowCountsTable['list'],
  options: { liveSitesOnly: boolean },
) {
  return db
    .selectFrom('site_row_counts')
    .select(sql<number>`coalesce(sum(site_row_counts.n), 0)`.as('n'))
    .where('site_row_counts.list', '=', list)
    .where(siteScope(principal, 'site_row_counts.residence_uuid'))
    .$if(options.liveSitesOnly, (qb) =>
      qb.where(
        sql<boolean>`site_row_counts.residence_uuid in (select live_site.uuid from residences as live_site where live_site.deleted_at is null)`,
      ),
    );
}
