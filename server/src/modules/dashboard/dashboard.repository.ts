import { sql, type Expression, type SqlBool } from 'kysely';
import { ABANDONED_SHIFT_HOURS } from '@rules/attendances';
import type { DashboardFigures, SiteFigures } from '@contract/dashboard';
import { atLiveSite, guardScope, companyScope, siteScope } from '../../auth/scope';
import type { Principal } from '../../auth/principal';
import type { DB } from '../../db/database';
import { countSupervisorGuards } from '../../db/guard-links';
import { countAtSites } from '../../db/site-row-counts';
import { localDate, localDayRange, toDbTime } from '../../db/time';
import { overlapsWindow, STARTED_LATE } from '../shifts/shifts.repository';

/**
 * A guard with a shift still open counts as on duty, until the shift is abandoned: the same rule
 * the guard app's `is_open` and the shift buttons follow.
 */
export const ON_DUTY_WINDOW_HOURS = ABANDONED_SHIFT_HOURS;

/**
 * The site filter of /dashboard/sitedata, compiled for one table: it is given the column that
 * holds the site uuid in that query, and answers the condition (or null when there is no filter).
 */
export type SiteFilter = (residenceUuidColumn: string) => Expression<SqlBool> | null;

const always = sql<SqlBool>`1 = 1`;

/**
 * The caller's guards, as guardScope, but written to be read scope first: a supervisor's guards
 * from the links of its sites (guard_residences by residence) rather than every guard tested
 * for a link.
 */
function dashboardGuardScope(principal: Principal, guardTable: string): Expression<SqlBool> {
  if (principal.role !== 'sitesupervisor' || principal.sites.length === 0) {
    return guardScope(principal, guardTable);
  }
  const sites = sql.join(principal.sites.map((site) => site.uuid));
  return sql<SqlBool>`${sql.ref(`${guardTable}.uuid`)} in (select scoped_link.guard_uuid from guard_residences as scoped_link where scoped_link.residence_uuid in (${sites}))`;
}

async function countOf(query: {
  executeTakeFirstOrThrow(): Promise<{ n: number | string | bigint }>;
}) {
  return Number((await query.executeTakeFirstOrThrow()).n);
}

export function createDashboardRepository(db: DB) {
  async function siteFigures(
    principal: Principal,
    now: Date,
    siteFilter: SiteFilter,
  ): Promise<SiteFigures> {
    const today = localDayRange(now);
    const dayBefore = toDbTime(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1));
    const onDutySince = toDbTime(new Date(now.getTime() - ON_DUTY_WINDOW_HOURS * 3_600_000));

    const incidents = () =>
      db
        .selectFrom('incidents')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('incidents.deleted_at', 'is', null)
        .where(siteScope(principal, 'incidents.residence_uuid'))
        .where(atLiveSite('incidents.residence_uuid'))
        .where(siteFilter('incidents.residence_uuid') ?? always);

    const visitors = () =>
      db
        .selectFrom('visitors')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('visitors.deleted_at', 'is', null)
        .where(siteScope(principal, 'visitors.residence_uuid'))
        .where(atLiveSite('visitors.residence_uuid'))
        .where(siteFilter('visitors.residence_uuid') ?? always);

    // Rosters (issue 36): shifts by start (shifts_starts, shifts_state_starts), live, in scope.
    const shifts = () =>
      db
        .selectFrom('shifts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(siteScope(principal, 'shifts.residence_uuid'))
        .where(atLiveSite('shifts.residence_uuid'))
        .where(siteFilter('shifts.residence_uuid') ?? always);
    const at = toDbTime(now);

    const [
      incidentToday,
      allIncidents,
      upcomingVisitors,
      checkedinVisitors,
      overstayVisitors,
      onDutyGuard,
      totalGuard,
      missedToday,
      lateToday,
      uncoveredNow,
    ] = await Promise.all([
      countOf(
        incidents()
          .where('incidents.created_at', '>=', today.start)
          .where('incidents.created_at', '<', today.end),
      ),
      // Every live incident at a live site: a plain count per site, kept by triggers.
      countOf(
        countAtSites(db, principal, 'incidents', { liveSitesOnly: true }).where(
          siteFilter('site_row_counts.residence_uuid') ?? always,
        ),
      ),
      // Upcoming: a valid pass for today or later whose visitor has not arrived yet.
      countOf(
        visitors()
          // Literal constants, so SQLite sees that its partial index visitors_upcoming_date fits.
          .where(sql<SqlBool>`visitors.status = 'VALID'`)
          .where('visitors.latest_scan_type', 'is', null)
          .where('visitors.date', '>=', localDate(now)),
      ),
      countOf(visitors().where(sql<SqlBool>`visitors.latest_scan_type = 'IN'`)),
      // Inside past the window: the partial index visitors_inside_due_out.
      countOf(
        visitors()
          .where(sql<SqlBool>`visitors.latest_scan_type = 'IN'`)
          .where('visitors.due_out_at', '<', toDbTime(now)),
      ),
      // Open shifts first (partial indexes attendances_open_checkin and, by site,
      // attendances_open_site), each tested for a live guard in scope: as a join, SQLite would
      // rather walk a company's guards and each one's whole attendance history.
      countOf(
        db
          .selectFrom('attendances')
          .select(sql<number>`count(distinct attendances.guard_uuid)`.as('n'))
          .where('attendances.checkin_at', 'is not', null)
          .where('attendances.checkout_at', 'is', null)
          .where('attendances.checkin_at', '>=', onDutySince)
          .where(siteScope(principal, 'attendances.residence_uuid'))
          .where(atLiveSite('attendances.residence_uuid'))
          .where(siteFilter('attendances.residence_uuid') ?? always)
          .where(({ exists, selectFrom }) =>
            exists(
              selectFrom('guards as on_duty_guard')
                .select(sql`1`.as('one'))
                .whereRef('on_duty_guard.uuid', '=', 'attendances.guard_uuid')
                .where('on_duty_guard.deleted_at', 'is', null)
                .where(guardScope(principal, 'on_duty_guard')),
            ),
          ),
      ),
      countOf(totalGuards(principal, siteFilter)),
      // No-shows among the shifts that ran today: a night begun yesterday evening is one of them.
      countOf(
        shifts()
          .where(sql<SqlBool>`shifts.state = 'no_show'`)
          .where(overlapsWindow(today.start, today.end, dayBefore)),
      ),
      // Late starts among the shifts that ran today, whatever became of them since: late now, or
      // completed or left early after a late start.
      countOf(
        shifts()
          .where(overlapsWindow(today.start, today.end, dayBefore))
          .where(STARTED_LATE),
      ),
      // Places in progress now (a shift lasts under a day) with no guard on duty.
      countOf(
        shifts()
          .where('shifts.starts_at', '>', toDbTime(new Date(now.getTime() - 86_400_000)))
          .where('shifts.starts_at', '<=', at)
          .where('shifts.ends_at', '>', at)
          .where('shifts.cancelled_at', 'is', null)
          .where((eb) =>
            eb.or([eb('shifts.started_at', 'is', null), eb('shifts.ended_at', 'is not', null)]),
          ),
      ),
    ]);
    return {
      upcomingVisitors,
      checkedinVisitors,
      overstayVisitors,
      incidentToday,
      allIncidents,
      onDutyGuard,
      totalGuard,
      missedToday,
      lateToday,
      uncoveredNow,
    };
  }

  function totalGuards(principal: Principal, siteFilter: SiteFilter) {
    const bySite = siteFilter('guard_site.residence_uuid');
    // A supervisor's guards on all its sites: one number kept by triggers.
    if (!bySite && principal.role === 'sitesupervisor' && principal.sites.length > 0) {
      return countSupervisorGuards(db, principal.profileUuid);
    }
    const query = db
      .selectFrom('guards')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('guards.deleted_at', 'is', null)
      .where(dashboardGuardScope(principal, 'guards'));
    if (!bySite) return query;
    // The site must be in scope too: a guard the caller may see can also work at a site it may not.
    // The links of the site first (guard_residences by residence), then each guard by uuid.
    return query.where(
      'guards.uuid',
      'in',
      db
        .selectFrom('guard_residences as guard_site')
        .select('guard_site.guard_uuid')
        .where(siteScope(principal, 'guard_site.residence_uuid'))
        .where(atLiveSite('guard_site.residence_uuid'))
        .where(bySite),
    );
  }

  return {
    siteFigures,

    async allFigures(principal: Principal, now: Date): Promise<DashboardFigures> {
      const noFilter: SiteFilter = () => null;
      const supervisors = (active: number) =>
        db
          .selectFrom('site_supervisors')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('deleted_at', 'is', null)
          .where('is_active', '=', active)
          .where(companyScope(principal, 'site_supervisors.security_company_uuid'));
      const companies = (active: number) =>
        db
          .selectFrom('security_companies')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('deleted_at', 'is', null)
          .where('is_active', '=', active)
          .where(companyScope(principal, 'security_companies.uuid'));
      const [
        site,
        activeSiteCount,
        activeSupservisor,
        inActiveSupservisor,
        activeSecurityCompany,
        inActiveSecurityCompany,
      ] = await Promise.all([
        siteFigures(principal, now, noFilter),
        countOf(
          db
            .selectFrom('residences')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            // Every live site in scope: the same sites the Sites list (its View All) shows.
            .where('deleted_at', 'is', null)
            .where(siteScope(principal, 'residences.uuid')),
        ),
        countOf(supervisors(1)),
        countOf(supervisors(0)),
        countOf(companies(1)),
        countOf(companies(0)),
      ]);
      return {
        activeSiteCount,
        ...site,
        activeSupservisor,
        inActiveSupservisor,
        activeSecurityCompany,
        inActiveSecurityCompany,
      };
    },
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
