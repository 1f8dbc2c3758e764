import { sql, type Expression, type SqlBool } from 'kysely';
import type { Attendance } from '../../../../src/lib/contract/attendances';
import type { Principal } from '../../auth/principal';
import { siteScope } from '../../auth/scope';
import type { DB } from '../../db/database';
import { searchIndexOf } from '../../db/search-indexes';
import { countAtSites } from '../../db/site-row-counts';
import {
  countMatches,
  applyListQuery,
  type ComputedField,
  type OrderTerm,
  type ParsedListQuery,
  type ResourceQuerySpec,
} from '../../query';
import { fileUrl } from '../files/files.repository';

/** A condition on the attendance's guard, as a sub-select on the guards table (its search index). */
const byGuard = (column: 'name' | 'guard_id'): ComputedField => ({
  compile: (test) =>
    sql<SqlBool>`attendances.guard_uuid in (select filter_guard.uuid from guards as filter_guard where ${test(sql.ref(`filter_guard.${column}`), searchIndexOf('guards', column, 'filter_guard'))})`,
  orderBy: `guards.${column}`,
});

/** A condition on the attendance's site, as a sub-select on the residences table. */
const bySite = (column: string, orderBy?: string): ComputedField => ({
  compile: (test) =>
    sql<SqlBool>`attendances.residence_uuid in (select filter_site.uuid from residences as filter_site where ${test(
      sql.ref(`filter_site.${column}`),
      column === 'name' ? searchIndexOf('residences', 'name', 'filter_site') : undefined,
    )})`,
  orderBy,
});

/**
 * What GET /attendances/list lets clients filter and sort by. Fields of the guard, the site and
 * its company are sub-selects keyed on an attendances column: they use the attendances indexes,
 * and the count runs on the attendances table alone, whatever the filter.
 */
export const ATTENDANCES_QUERY: ResourceQuerySpec = {
  fields: {
    uuid: 'attendances.uuid',
    kg_guard_uuid: 'attendances.guard_uuid',
    guard_id: byGuard('guard_id'),
    guard_name: byGuard('name'),
    residence_uuid: 'attendances.residence_uuid',
    residence_name: bySite('name', 'residences.name'),
    residence_kipleguard_attendance_enabled: bySite('kipleguard_attendance'),
    security_company_uuid: bySite('security_company_uuid'),
    security_company_name: {
      compile: (test) =>
        sql<SqlBool>`attendances.residence_uuid in (select filter_site.uuid from residences as filter_site inner join security_companies as filter_company on filter_company.uuid = filter_site.security_company_uuid where ${test(sql.ref('filter_company.name'), searchIndexOf('security_companies', 'name', 'filter_company'))})`,
      orderBy: 'security_companies.name',
    },
    checkin_at: 'attendances.checkin_at',
    checkout_at: 'attendances.checkout_at',
    created_at: 'attendances.created_at',
  },
  // Every record carries its guard and site fields; the names are accepted so clients may ask.
  related: ['kg_guard', 'residence'],
  defaultOrder: { field: 'created_at', direction: 'desc' },
};

export function createAttendancesRepository(db: DB) {
  function selectAttendances() {
    return db
      .selectFrom('attendances')
      .innerJoin('guards', 'guards.uuid', 'attendances.guard_uuid')
      .innerJoin('residences', 'residences.uuid', 'attendances.residence_uuid')
      .leftJoin('security_companies', 'security_companies.uuid', 'residences.security_company_uuid')
      .leftJoin(
        'files as checkin_photo',
        'checkin_photo.uuid',
        'attendances.checkin_photo_file_uuid',
      )
      .leftJoin(
        'files as checkout_photo',
        'checkout_photo.uuid',
        'attendances.checkout_photo_file_uuid',
      )
      .select([
        'attendances.uuid',
        'guards.guard_id',
        'guards.name as guard_name',
        'attendances.guard_uuid as kg_guard_uuid',
        'attendances.residence_uuid',
        'residences.name as residence_name',
        'security_companies.name as security_company_name',
        'attendances.checkin_at',
        'attendances.checkout_at',
        'attendances.checkin_lat',
        'attendances.checkin_lng',
        'attendances.checkout_lat',
        'attendances.checkout_lng',
        'checkin_photo.access_key as checkin_access_key',
        'checkout_photo.access_key as checkout_access_key',
        'attendances.created_at',
      ]);
  }

  type AttendanceRow = Awaited<
    ReturnType<ReturnType<typeof selectAttendances>['executeTakeFirstOrThrow']>
  >;

  function toRecord({
    checkin_access_key,
    checkout_access_key,
    ...row
  }: AttendanceRow): Attendance {
    const companyName = row.security_company_name ?? null;
    return {
      ...row,
      security_company_name: companyName,
      residence: { name: row.residence_name, security_company_name: companyName },
      checkin_photo_url: checkin_access_key ? fileUrl(checkin_access_key) : null,
      checkout_photo_url: checkout_access_key ? fileUrl(checkout_access_key) : null,
    };
  }

  /** Whether the list sorts by a column of `table`: filters never need a join (see above). */
  const sortsBy = (list: ParsedListQuery, table: string) =>
    list.order.some((term) => term.ref.startsWith(`${table}.`));

  /**
   * The query for one page's uuids, and the order it reads them in. It reads attendances alone
   * unless the sort needs a guard, site or company column, because a join, even one SQLite would
   * leave out, stops it reading the company's sites' index in order (attendances_residence_created)
   * and stopping after a page. uuid last keeps pages stable.
   */
  function pageOf(scope: Expression<SqlBool>, list: ParsedListQuery) {
    const [first] = list.order;
    const byGuard = list.where === null && first !== undefined && first.ref.startsWith('guards.');
    // Sorted by a guard column and not filtered: read guards in that order (guards_name_uuid,
    // guards_guard_id_uuid) and each guard's shifts newest first (attendances_guard_created),
    // stopping after a page instead of sorting a million rows. The guard's uuid after its name
    // keeps namesakes apart; CROSS JOIN keeps SQLite from turning the loops around. A filter
    // leaves few enough rows to sort, and reading guards first would then visit all of them.
    const order: OrderTerm[] = byGuard
      ? [
          first,
          { field: 'kg_guard_uuid', ref: 'guards.uuid', direction: first.direction },
          ...list.order.slice(1),
        ]
      : list.order;
    const from = byGuard
      ? db
          .selectFrom('guards')
          .crossJoin('attendances')
          .whereRef('attendances.guard_uuid', '=', 'guards.uuid')
      : db
          .selectFrom('attendances')
          .$if(sortsBy(list, 'guards'), (qb) =>
            qb.innerJoin('guards', 'guards.uuid', 'attendances.guard_uuid'),
          );
    const query = from
      .$if(sortsBy(list, 'residences') || sortsBy(list, 'security_companies'), (qb) =>
        qb
          .innerJoin('residences', 'residences.uuid', 'attendances.residence_uuid')
          .leftJoin(
            'security_companies',
            'security_companies.uuid',
            'residences.security_company_uuid',
          ),
      )
      .select('attendances.uuid')
      .where(scope);
    const ordered = { ...list, order };
    return { ordered, uuids: applyListQuery(query, ordered).orderBy('attendances.uuid', 'desc') };
  }

  return {
    /**
     * One page of attendance at the caller's sites, and how many match in all. Rows of deleted
     * guards stay: attendance is history.
     */
    async list(principal: Principal, list: ParsedListQuery) {
      const scope = siteScope(principal, 'attendances.residence_uuid', {
        throughIndex: !list.readsSearchIndex,
      });
      const page = pageOf(scope, list);
      const rowsQuery = applyListQuery(
        selectAttendances().where('attendances.uuid', 'in', page.uuids),
        { ...page.ordered, where: null, offset: 0 },
      ).orderBy('attendances.uuid', 'desc');
      const countQuery =
        list.where === null
          ? countAtSites(db, principal, 'attendances', { liveSitesOnly: false })
          : db
              .selectFrom('attendances')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where(scope)
              .where(list.where);
      const [rows, total] = await Promise.all([
        rowsQuery.execute(),
        countMatches(list, countQuery),
      ]);
      return { resource: rows.map(toRecord), count: total };
    },
  };
}

export type AttendancesRepository = ReturnType<typeof createAttendancesRepository>;
