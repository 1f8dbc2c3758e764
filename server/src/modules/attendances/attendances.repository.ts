import { recordAudit, type AuditEvent } from '../audit/audit.repository';
import { randomUUID } from 'node:crypto';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Attendance } from '@contract/attendances';
import type { Principal } from '../../auth/principal';
import { siteScope } from '../../auth/scope';
import type { DB } from '../../db/database';
import { searchIndexOf } from '../../db/search-indexes';
import { guardColumn, siteColumn } from '../../db/related-columns';
import { isUniqueViolation } from '../../db/errors';
import { countAtSites } from '../../db/site-row-counts';
import { toDbTime } from '../../db/time';
import {
  countMatches,
  countSearch,
  applyListQuery,
  FEW_MATCHES,
  matchesForPlan,
  type OrderTerm,
  type ParsedListQuery,
  type ResourceQuerySpec,
} from '../../query';
import { fileUrl } from '../files/files.repository';
import { attachEnd, attachStart } from '../shifts/shifts.repository';
import { isAwayFromSite, type Position } from './geofence';
import { ABANDONED_SHIFT_HOURS } from '@rules/attendances';

// A shift open longer than ABANDONED_SHIFT_HOURS was left open (the guard forgot to end it): it no
// longer keeps the guard from starting a new one, and stays in the history without a check-out.
export { ABANDONED_SHIFT_HOURS };

/** Shifts opened before this moment are abandoned (UTC text, as stored). */
function abandonedBefore(now: Date): string {
  return toDbTime(new Date(now.getTime() - ABANDONED_SHIFT_HOURS * 3_600_000));
}

/** One end of a shift as the guard door records it: the server's clock, and what the guard sent. */
export interface ShiftEvent {
  at: Date;
  position: Position | null;
  distanceMetres: number | null;
  photoFileUuid: string | null;
}

const byGuard = (column: 'name' | 'guard_id') =>
  guardColumn('attendances.guard_uuid', column, `guards.${column}`);

const bySite = (column: string, orderBy?: string) =>
  siteColumn('attendances.residence_uuid', column, orderBy);

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

/**
 * Makes the open shifts a seed or an import wrote (no check-out, not yet abandoned) the guards'
 * open shifts, as a start through the guard door would: then the shift buttons, the guard app's
 * `is_open` and the dashboard's on-duty figure agree about them. A guard's newest such shift
 * counts; a guard who already has an open shift keeps it.
 */
export async function registerOpenShifts(db: DB, now: Date): Promise<void> {
  const candidates = await db
    .selectFrom('attendances')
    .select(['uuid', 'guard_uuid', 'checkin_at'])
    .where('checkout_at', 'is', null)
    .where('checkin_at', 'is not', null)
    .where('checkin_at', '>=', abandonedBefore(now))
    .where('checkin_at', '<=', toDbTime(now))
    .orderBy('checkin_at', 'desc')
    .execute();
  const newest = new Map<string, { uuid: string; checkin_at: string }>();
  for (const row of candidates) {
    if (row.checkin_at && !newest.has(row.guard_uuid)) {
      newest.set(row.guard_uuid, { uuid: row.uuid, checkin_at: row.checkin_at });
    }
  }
  const values = [...newest].map(([guardUuid, shift]) => ({
    guard_uuid: guardUuid,
    attendance_uuid: shift.uuid,
    started_at: shift.checkin_at,
  }));
  for (let i = 0; i < values.length; i += 500) {
    await db
      .insertInto('open_shifts')
      .values(values.slice(i, i + 500))
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }
}

export function createAttendancesRepository(db: DB, options: { geofenceRadiusMetres: number }) {
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
        'attendances.checkin_distance_m',
        'attendances.checkout_distance_m',
        'attendances.selfies_removed_at',
        'attendances.created_at',
        'attendances.id',
        'residences.id as residence_id',
      ]);
  }

  type AttendanceRow = Awaited<
    ReturnType<ReturnType<typeof selectAttendances>['executeTakeFirstOrThrow']>
  >;

  /**
   * The record the API answers, written out field by field: one literal of one shape is built and
   * serialised several times faster than a spread of the row (an export reads 500 at a time).
   */
  function toRecord(row: AttendanceRow): Attendance {
    const companyName = row.security_company_name ?? null;
    const checkinAway = isAwayFromSite(row.checkin_distance_m, options.geofenceRadiusMetres);
    const checkoutAway = isAwayFromSite(row.checkout_distance_m, options.geofenceRadiusMetres);
    return {
      uuid: row.uuid,
      guard_id: row.guard_id,
      guard_name: row.guard_name,
      kg_guard_uuid: row.kg_guard_uuid,
      residence_uuid: row.residence_uuid,
      residence_name: row.residence_name,
      security_company_name: companyName,
      checkin_at: row.checkin_at,
      checkout_at: row.checkout_at,
      checkin_lat: row.checkin_lat,
      checkin_lng: row.checkin_lng,
      checkout_lat: row.checkout_lat,
      checkout_lng: row.checkout_lng,
      checkin_distance_m: row.checkin_distance_m,
      checkout_distance_m: row.checkout_distance_m,
      selfies_removed_at: row.selfies_removed_at,
      created_at: row.created_at,
      residence: { name: row.residence_name, security_company_name: companyName },
      checkin_photo_url: row.checkin_access_key ? fileUrl(row.checkin_access_key) : null,
      checkout_photo_url: row.checkout_access_key ? fileUrl(row.checkout_access_key) : null,
      checkin_away_from_site: checkinAway,
      checkout_away_from_site: checkoutAway,
      away_from_site: checkinAway || checkoutAway,
    };
  }

  /** A shift with the integer ids the guard app reads beside the console's record. */
  function toShift(row: AttendanceRow) {
    return { ...toRecord(row), id: row.id, residence_id: row.residence_id };
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
  function pageOf(scope: Expression<SqlBool>, list: ParsedListQuery, fromMatches: boolean) {
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
    return {
      ordered,
      uuids: applyListQuery(query, ordered, { byValue: fromMatches }).orderBy(
        'attendances.uuid',
        'desc',
      ),
    };
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
      const matching = db
        .selectFrom('attendances')
        .where(scope)
        .where(list.where ?? sql<SqlBool>`1 = 1`);
      const total =
        list.where === null
          ? await countMatches(
              list,
              countAtSites(db, principal, 'attendances', { liveSitesOnly: false }),
            )
          : await countSearch(db, list, matching);
      // A filter's few matches are read first and sorted, so they drive the query at every table
      // size; many are met early on a walk in the list's order. Chosen here, by the matches,
      // never left to the planner's statistics (at 100,000 rows SQLite walked the whole order for
      // a search that matched nothing).
      const fromMatches =
        list.where !== null && (await matchesForPlan(db, total, matching)) <= FEW_MATCHES;
      // Many matches: the page walks the list's order, testing each row against them.
      const page = pageOf(
        scope,
        fromMatches ? list : { ...list, where: list.whereFor({ inOrder: true }) },
        fromMatches,
      );
      const rows = await applyListQuery(
        selectAttendances().where('attendances.uuid', 'in', page.uuids),
        { ...page.ordered, where: null, offset: 0 },
      )
        .orderBy('attendances.uuid', 'desc')
        .execute();
      return { resource: rows.map(toRecord), count: total };
    },

    /**
     * Takes the selfies off up to `limit` shifts started before `before`, marking when; answers
     * the photos' file uuids, for the caller to delete. The rest of the row stays: attendance is
     * history.
     */
    async removeSelfies(input: { before: Date; now: Date; limit?: number }) {
      return db.transaction().execute(async (trx) => {
        const rows = await trx
          .selectFrom('attendances')
          .select(['uuid', 'checkin_photo_file_uuid', 'checkout_photo_file_uuid'])
          // The partial index attendances_selfies_kept holds exactly these rows.
          .where(
            sql<SqlBool>`(checkin_photo_file_uuid is not null or checkout_photo_file_uuid is not null)`,
          )
          .where('created_at', '<', toDbTime(input.before))
          .orderBy('created_at')
          .limit(input.limit ?? 500)
          .execute();
        if (rows.length === 0) return { shifts: 0, photos: [] };
        await trx
          .updateTable('attendances')
          .set({
            checkin_photo_file_uuid: null,
            checkout_photo_file_uuid: null,
            selfies_removed_at: toDbTime(input.now),
          })
          .where(
            'uuid',
            'in',
            rows.map((row) => row.uuid),
          )
          .execute();
        const photos = rows.flatMap((row) =>
          [row.checkin_photo_file_uuid, row.checkout_photo_file_uuid].filter(
            (uuid): uuid is string => uuid !== null,
          ),
        );
        return { shifts: rows.length, photos };
      });
    },

    async findShift(uuid: string) {
      const row = await selectAttendances().where('attendances.uuid', '=', uuid).executeTakeFirst();
      return row && toShift(row);
    },

    /** A guard's shifts at a site that started within [from, to) (UTC), newest first. */
    async shiftsOf(guardUuid: string, residenceUuid: string, range: { from: string; to: string }) {
      const rows = await selectAttendances()
        .where('attendances.guard_uuid', '=', guardUuid)
        .where('attendances.residence_uuid', '=', residenceUuid)
        .where('attendances.created_at', '>=', range.from)
        .where('attendances.created_at', '<', range.to)
        .orderBy('attendances.created_at', 'desc')
        .orderBy('attendances.uuid', 'desc')
        .limit(500)
        .execute();
      return rows.map(toShift);
    },

    /** The uuid of the guard's open shift, if it has one that is not abandoned by `now`. */
    async openShiftOf(guardUuid: string, now: Date) {
      return db
        .selectFrom('open_shifts')
        .select('attendance_uuid')
        .where('guard_uuid', '=', guardUuid)
        .where('started_at', '>=', abandonedBefore(now))
        .executeTakeFirst();
    },

    /**
     * Opens a shift: the attendance row and the guard's open_shifts entry in one transaction. The
     * entry's primary key lets one of two racing starts through; the other answers null. An open
     * shift older than ABANDONED_SHIFT_HOURS is let go first, keeping its row as it is.
     */
    async startShift(input: {
      guardUuid: string;
      residenceUuid: string;
      checkin: ShiftEvent;
      audit: (uuid: string) => AuditEvent;
    }): Promise<string | null> {
      const uuid = randomUUID();
      const at = toDbTime(input.checkin.at);
      try {
        await db.transaction().execute(async (trx) => {
          await trx
            .deleteFrom('open_shifts')
            .where('guard_uuid', '=', input.guardUuid)
            .where('started_at', '<', abandonedBefore(input.checkin.at))
            .execute();
          await trx
            .insertInto('attendances')
            .values({
              uuid,
              guard_uuid: input.guardUuid,
              residence_uuid: input.residenceUuid,
              checkin_at: at,
              checkout_at: null,
              checkin_lat: input.checkin.position?.lat ?? null,
              checkin_lng: input.checkin.position?.lng ?? null,
              checkout_lat: null,
              checkout_lng: null,
              checkin_photo_file_uuid: input.checkin.photoFileUuid,
              checkout_photo_file_uuid: null,
              checkin_distance_m: input.checkin.distanceMetres,
              created_at: at,
            })
            .execute();
          await trx
            .insertInto('open_shifts')
            .values({ guard_uuid: input.guardUuid, attendance_uuid: uuid, started_at: at })
            .execute();
          // The guard's planned shift here, if any, is started by this row (the watch).
          await attachStart(trx, {
            attendanceUuid: uuid,
            guardUuid: input.guardUuid,
            residenceUuid: input.residenceUuid,
            at: input.checkin.at,
          });
          await recordAudit(trx, input.audit(uuid));
        });
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
      return uuid;
    },

    /**
     * Ends the guard's open shift, if it has one: the entry goes and the row gets its check-out,
     * together. Answers the shift's uuid, or null when there was none (or a racing end took it).
     */
    async endShift(input: {
      guardUuid: string;
      checkout: ShiftEvent;
      audit: (uuid: string) => AuditEvent;
    }): Promise<string | null> {
      return db.transaction().execute(async (trx) => {
        const open = await trx
          .selectFrom('open_shifts')
          .select('attendance_uuid')
          .where('guard_uuid', '=', input.guardUuid)
          .where('started_at', '>=', abandonedBefore(input.checkout.at))
          .executeTakeFirst();
        if (!open) return null;
        const removed = await trx
          .deleteFrom('open_shifts')
          .where('guard_uuid', '=', input.guardUuid)
          .where('attendance_uuid', '=', open.attendance_uuid)
          .executeTakeFirst();
        if (Number(removed.numDeletedRows) !== 1) return null;
        await trx
          .updateTable('attendances')
          .set({
            checkout_at: toDbTime(input.checkout.at),
            checkout_lat: input.checkout.position?.lat ?? null,
            checkout_lng: input.checkout.position?.lng ?? null,
            checkout_photo_file_uuid: input.checkout.photoFileUuid,
            checkout_distance_m: input.checkout.distanceMetres,
          })
          .where('uuid', '=', open.attendance_uuid)
          .execute();
        await attachEnd(trx, open.attendance_uuid, input.checkout.at);
        await recordAudit(trx, input.audit(open.attendance_uuid));
        return open.attendance_uuid;
      });
    },
  };
}

export type AttendancesRepository = ReturnType<typeof createAttendancesRepository>;
