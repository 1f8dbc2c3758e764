import { sql, type SqlBool } from 'kysely';
import type { Caller } from '../auth/principal';
import { atLiveSite, siteScope } from '../auth/scope';
import {
  applyListQuery,
  countMatches,
  countSearch,
  matchesForPlan,
  walksInOrder,
  type ParsedListQuery,
} from '../query';
import type { DB } from './database';
import { countAtSites } from './site-row-counts';

/** The lists of live rows (deleted_at null) at the caller's live sites. */
type SiteList = 'visitors' | 'incidents';

/**
 * One page of a list of rows at the caller's live sites, as a sub-select of their uuids in the
 * list's order, and how many match in all (null when the client asked for no count).
 *
 * Counted first, since how many match decides how the page is found (walksInOrder); a later page
 * of a list already counted counts only up to what decides it (matchesForPlan). The caller's
 * sites and the live-site test are read as values when a search's matches or a walk in the
 * list's order should drive the query (see siteScope), else through the site index; they also
 * apply inside a search's union of matches (ParsedListQuery.whereFor), so it gathers only rows
 * the caller may see. An unfiltered count adds up the per-site counts.
 */
export async function pageAtLiveSites(
  db: DB,
  principal: Caller,
  list: ParsedListQuery,
  table: SiteList,
) {
  const column = `${table}.residence_uuid` as const;
  const live = sql<SqlBool>`${sql.ref(`${table}.deleted_at`)} is null`;
  const siteConditions = (byValue: boolean) =>
    sql<SqlBool>`${atLiveSite(column, { throughIndex: !byValue })} and ${siteScope(principal, column, { throughIndex: !byValue })}`;
  const counted = siteConditions(list.readsSearchIndex);
  const countFilter = list.whereFor({ within: counted });
  const matching = db
    .selectFrom(table)
    .where(live)
    .where(counted)
    .where(countFilter ?? sql<SqlBool>`1 = 1`);
  const total =
    countFilter === null
      ? await countMatches(list, countAtSites(db, principal, table, { liveSitesOnly: true }))
      : await countSearch(db, list, matching);
  const inOrder = walksInOrder(list, await matchesForPlan(db, total, matching));
  const paged = siteConditions(list.readsSearchIndex || inOrder);
  const sortsBySite = list.order.some((term) => term.ref.startsWith('residences.'));
  const uuids = applyListQuery(
    db
      .selectFrom(table)
      .$if(sortsBySite, (qb) => qb.innerJoin('residences', 'residences.uuid', column))
      .select(sql<string>`${sql.ref(`${table}.uuid`)}`.as('uuid'))
      .where(live)
      .where(paged),
    { ...list, where: list.whereFor({ within: paged, inOrder }) },
  ).orderBy(sql.ref(`${table}.uuid`), 'desc');
  return { uuids, total };
}
