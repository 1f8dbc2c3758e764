import { sql, type Expression, type SqlBool } from 'kysely';
import { valueOnly } from '../db/engine/plan-hints';
import type { Caller } from './principal';

// Role scope as SQL conditions. Repositories AND them with whatever filter the client sent,
// so a client can narrow what it sees but never widen it.

const everything = sql<SqlBool>`1 = 1`;
const nothing = sql<SqlBool>`1 = 0`;

function siteUuidList(principal: Caller) {
  return sql.join(principal.sites.map((site) => site.uuid));
}

/**
 * A site uuid column, as SQL. Without `throughIndex` it is read as a value (valueOnly), so the
 * planner cannot read the table through the column's index: a search's few matches then drive
 * the query, where otherwise SQLite may walk every row of the caller's sites testing each
 * (ParsedListQuery.readsSearchIndex).
 */
function siteColumn(residenceUuidColumn: string, options: { throughIndex?: boolean }) {
  return options.throughIndex === false
    ? valueOnly(sql.ref(residenceUuidColumn))
    : sql.ref(residenceUuidColumn);
}

/** Rows that hang off a site (the site itself, attendance, visitors, incidents), by the site's uuid column. */
export function siteScope(
  principal: Caller,
  residenceUuidColumn: string,
  options: { throughIndex?: boolean } = {},
): Expression<SqlBool> {
  const column = siteColumn(residenceUuidColumn, options);
  switch (principal.role) {
    case 'superadmin':
      return everything;
    case 'securitycompany':
      return sql<SqlBool>`${column} in (select scoped_site.uuid from residences as scoped_site where scoped_site.security_company_uuid = ${principal.companyUuid})`;
    case 'sitesupervisor':
    case 'guard':
      return principal.sites.length > 0
        ? sql<SqlBool>`${column} in (${siteUuidList(principal)})`
        : nothing;
  }
}

/**
 * Rows at a live site only: a deleted site's rows leave the lists and the figures. `throughIndex`
 * false reads the column as a value, as siteScope does, so a search's matches drive the query.
 */
export function atLiveSite(
  residenceUuidColumn: string,
  options: { throughIndex?: boolean } = {},
): Expression<SqlBool> {
  const column = siteColumn(residenceUuidColumn, options);
  return sql<SqlBool>`${column} in (select live_site.uuid from residences as live_site where live_site.deleted_at is null)`;
}

/**
 * Guards: a company's own guards, for a supervisor the guards linked to one of its sites, and for
 * a guard itself.
 */
export function guardScope(principal: Caller, guardTable: string): Expression<SqlBool> {
  switch (principal.role) {
    case 'superadmin':
      return everything;
    case 'securitycompany':
      return sql<SqlBool>`${sql.ref(`${guardTable}.security_company_uuid`)} = ${principal.companyUuid}`;
    case 'sitesupervisor':
      return principal.sites.length > 0
        ? sql<SqlBool>`exists (select 1 from guard_residences as scoped_link where scoped_link.guard_uuid = ${sql.ref(`${guardTable}.uuid`)} and scoped_link.residence_uuid in (${siteUuidList(principal)}))`
        : nothing;
    case 'guard':
      return sql<SqlBool>`${sql.ref(`${guardTable}.uuid`)} = ${principal.guardUuid}`;
  }
}

/** Records that belong to a company (companies by uuid, supervisors by their company column). */
export function companyScope(principal: Caller, companyUuidColumn: string): Expression<SqlBool> {
  return principal.role === 'superadmin'
    ? everything
    : sql<SqlBool>`${sql.ref(companyUuidColumn)} = ${principal.companyUuid}`;
}
