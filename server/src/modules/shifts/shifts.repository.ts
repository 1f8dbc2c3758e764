import { randomUUID } from 'node:crypto';
import type {
  RosterSettings,
  Shift,
  ShiftPattern,
  ShiftState,
  UnplannedAttendance,
} from '@contract/shifts';
import { ABANDONED_SHIFT_HOURS } from '@rules/attendances';
import { ATTACH_EARLY_MINUTES } from '@rules/shifts';
import type { Caller, Principal } from '../../auth/principal';
import { atLiveSite, companyScope, siteScope } from '../../auth/scope';
import { sql, type ExpressionBuilder, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { DB } from '../../db/database';
import type { Database } from '../../db/schema';
import { valueOnly } from '../../db/engine/plan-hints';
import { timestampOf, toDbTime } from '../../db/time';
import { raiseShiftAlerts, shiftAlertRows, type ShiftAlertRow } from '../alerts/alerts.repository';
import { recordAudit, withAudit, type AuditEvent } from '../audit/audit.repository';

type Db = Kysely<Database> | Transaction<Database>;

/** A site's company's watch settings (the defaults when the site has no company). */
async function settingsOfSite(db: Db, residenceUuid: string): Promise<RosterSettings> {
  const row = await db
    .selectFrom('residences')
    .leftJoin('security_companies', 'security_companies.uuid', 'residences.security_company_uuid')
    .select([
      'security_companies.late_grace_minutes',
      'security_companies.no_show_minutes',
      'security_companies.weekly_hours_limit',
      'security_companies.patrol_completion_percent',
    ])
    .where('residences.uuid', '=', residenceUuid)
    .executeTakeFirst();
  return {
    late_grace_minutes: Number(row?.late_grace_minutes ?? 10),
    no_show_minutes: Number(row?.no_show_minutes ?? 30),
    weekly_hours_limit: Number(row?.weekly_hours_limit ?? 72),
    patrol_completion_percent: Number(row?.patrol_completion_percent ?? 90),
  };
}

const minutesBetween = (from: string, to: string) =>
  Math.floor(((timestampOf(to) ?? 0) - (timestampOf(from) ?? 0)) / 60_000);

/**
 * A start of an attendance attaches to the guard's planned shift at that site: live, not yet
 * attached, planned to start at most ATTACH_EARLY_MINUTES after `at` and not ended by then; of
 * several, the one whose start is nearest. It records the start and the minutes late, and the
 * state: late past the company's grace (a late start's alert is raised at once), else on duty.
 * A no-show that starts after all becomes late. Within the start's transaction; answers the
 * shift's uuid, or null for an unplanned attendance.
 */
export async function attachStart(
  trx: Db,
  input: { attendanceUuid: string; guardUuid: string; residenceUuid: string; at: Date },
): Promise<string | null> {
  const at = toDbTime(input.at);
  const candidates = await trx
    .selectFrom('shifts')
    .select(['uuid', 'starts_at'])
    .where('guard_uuid', '=', input.guardUuid)
    .where(
      'starts_at',
      '<=',
      toDbTime(new Date(input.at.getTime() + ATTACH_EARLY_MINUTES * 60_000)),
    )
    .where('starts_at', '>', toDbTime(new Date(input.at.getTime() - 24 * 3_600_000)))
    .where('ends_at', '>', at)
    .where('residence_uuid', '=', input.residenceUuid)
    .where('cancelled_at', 'is', null)
    .where('attendance_uuid', 'is', null)
    .execute();
  const distance = (row: { starts_at: string }) => Math.abs(minutesBetween(row.starts_at, at));
  const [nearest] = candidates.sort((a, b) => distance(a) - distance(b));
  if (!nearest) return null;
  const settings = await settingsOfSite(trx, input.residenceUuid);
  const late = Math.max(0, minutesBetween(nearest.starts_at, at));
  const state: ShiftState = late > settings.late_grace_minutes ? 'late' : 'on_duty';
  const attached = await trx
    .updateTable('shifts')
    .set({
      attendance_uuid: input.attendanceUuid,
      started_at: at,
      late_minutes: late,
      state,
      updated_at: at,
    })
    .where('uuid', '=', nearest.uuid)
    .where('attendance_uuid', 'is', null)
    .executeTakeFirst();
  if (Number(attached.numUpdatedRows) !== 1) return null;
  if (state === 'late') await raiseShiftAlerts(trx, [nearest.uuid], 'late', input.at);
  return nearest.uuid;
}

/**
 * The end of an attendance ends its shift, if it has one: left early when more than the grace
 * before the planned end, else completed. Within the end's transaction.
 */
export async function attachEnd(trx: Db, attendanceUuid: string, at: Date): Promise<void> {
  const shift = await trx
    .selectFrom('shifts')
    .select(['uuid', 'residence_uuid', 'ends_at'])
    .where('attendance_uuid', '=', attendanceUuid)
    .executeTakeFirst();
  if (!shift) return;
  const settings = await settingsOfSite(trx, shift.residence_uuid);
  const early = minutesBetween(toDbTime(at), shift.ends_at);
  await trx
    .updateTable('shifts')
    .set({
      ended_at: toDbTime(at),
      state: early > settings.late_grace_minutes ? 'left_early' : 'completed',
      updated_at: toDbTime(at),
    })
    .where('uuid', '=', shift.uuid)
    .execute();
}

/**
 * The watch's step: every live shift still upcoming whose guard has not started it by its start
 * plus its company's no-show time, or by its end, becomes a no-show. One update per distinct
 * no-show time (companies share few), each reading shifts by (state, starts_at). Answers how many.
 */
export async function markNoShows(trx: Db, now: Date): Promise<number> {
  const at = toDbTime(now);
  const times = await trx
    .selectFrom('security_companies')
    .select('no_show_minutes')
    .distinct()
    .execute();
  const minutes = [...new Set([30, ...times.map((row) => Number(row.no_show_minutes))])];
  let marked = 0;
  for (const wait of minutes) {
    const sites = trx
      .selectFrom('residences')
      .leftJoin('security_companies', 'security_companies.uuid', 'residences.security_company_uuid')
      .select('residences.uuid')
      .where((eb) =>
        wait === 30
          ? eb.or([
              eb('security_companies.no_show_minutes', '=', wait),
              eb('security_companies.uuid', 'is', null),
            ])
          : eb('security_companies.no_show_minutes', '=', wait),
      );
    const result = await trx
      .updateTable('shifts')
      .set({ state: 'no_show', updated_at: at })
      .where('state', '=', 'upcoming')
      .where('starts_at', '<', at)
      .where((eb) =>
        eb.or([
          eb('starts_at', '<=', toDbTime(new Date(now.getTime() - wait * 60_000))),
          eb('ends_at', '<=', at),
        ]),
      )
      .where('cancelled_at', 'is', null)
      .where('attendance_uuid', 'is', null)
      // Read by (state, starts_at), never through the sites' whole histories.
      .where(valueOnly(sql.ref('residence_uuid')), 'in', sites)
      .executeTakeFirst();
    marked += Number(result.numUpdatedRows);
  }
  return marked;
}

/**
 * Shifts in `state` that started in [since, now] with no alert of `kind` yet: what the watch
 * raises alerts for (again after a crash, or for rows a seed or an import wrote).
 */
export async function shiftsWithoutAlert(
  trx: Db,
  state: 'late' | 'no_show',
  since: string,
  now: string,
): Promise<ShiftAlertRow[]> {
  return (
    shiftAlertRows(trx)
      .where('shifts.state', '=', state)
      .where('shifts.starts_at', '>=', since)
      .where('shifts.starts_at', '<=', now)
      // By the alert's unique dedupe key (`shift:<uuid>:<kind>`, as insertShiftAlerts writes it).
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('alerts')
              .select('alerts.uuid')
              .where(
                'alerts.dedupe_key',
                '=',
                sql<string>`${'shift:'} || shifts.uuid || ${`:${state}`}`,
              ),
          ),
        ),
      )
      .execute()
  );
}

/** A pattern's weekdays as stored: ISO digits, '1234567' for every day. */
export const weekdaysText = (days: readonly number[]) => [...new Set(days)].sort().join('');
const weekdaysOf = (text: string) => [...text].map(Number);

export interface PatternValues {
  residence_uuid: string;
  name: string;
  start_time: string;
  end_time: string;
  headcount: number;
  weekdays: number[];
}

/**
 * Leaves open the shifts not yet started that a guard can no longer work: the guard's at sites it
 * is no longer assigned to (or all of its, `everywhere`), or every guard's at a site that moved to
 * another company. Past and running shifts keep their guard, as history. Within the caller's
 * transaction.
 */
export async function releaseFutureShifts(
  db: Kysely<Database> | Transaction<Database>,
  of: { guardUuid: string; everywhere?: boolean } | { residenceUuid: string },
  now: Date,
): Promise<void> {
  const at = toDbTime(now);
  await db
    .updateTable('shifts')
    .set({ guard_uuid: null, updated_at: at })
    .where('starts_at', '>', at)
    .where('guard_uuid', 'is not', null)
    .where((eb) =>
      'residenceUuid' in of
        ? eb('residence_uuid', '=', of.residenceUuid)
        : of.everywhere
          ? eb('guard_uuid', '=', of.guardUuid)
          : eb.and([
              eb('guard_uuid', '=', of.guardUuid),
              eb(
                'residence_uuid',
                'not in',
                eb
                  .selectFrom('guard_residences')
                  .select('guard_residences.residence_uuid')
                  .where('guard_residences.guard_uuid', '=', of.guardUuid),
              ),
            ]),
    )
    .execute();
}

/** One dated shift to make: a pattern's slot on a day, or a one-off. */
export interface NewShift {
  residence_uuid: string;
  pattern_uuid: string | null;
  slot: number;
  name: string;
  date: string;
  starts_at: string;
  ends_at: string;
  /** A one-off may be made with its guard; made from a pattern, a shift starts open. */
  guard_uuid?: string | null;
}

const DAY_MS = 86_400_000;

export interface TimesheetRange {
  /** UTC 'YYYY-MM-DD HH:MM:SS', half open. */
  from: string;
  to: string;
  guardUuid?: string;
  residenceUuid?: string;
}

export interface ShiftRange {
  from: string;
  to: string;
  residenceUuid?: string;
  guardUuid?: string;
  state?: ShiftState;
  /**
   * The shifts that run during the days (overlap them), rather than those that start on them: a
   * night begun the evening before is one of today's shifts.
   */
  overlap?: boolean;
  /** Only the shifts started past their company's grace, whatever became of them since. */
  startedLate?: boolean;
}

/** Local midnight of a 'YYYY-MM-DD' date, `days` later, as the database's UTC text. */
function midnightOf(date: string, days = 0): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return toDbTime(new Date(year, month - 1, day + days));
}

/**
 * Shifts running at some time between two UTC instants (half open). A shift lasts under a day, so
 * its start is also bounded below, which keeps the read on the starts_at indexes.
 */
export function overlapsWindow(start: string, end: string, dayBefore: string) {
  return sql<SqlBool>`shifts.starts_at > ${dayBefore} and shifts.starts_at < ${end} and shifts.ends_at > ${start}`;
}

/** Today's late starts, late or since completed or left early (the dashboard's Late today). */
export const STARTED_LATE = sql<SqlBool>`shifts.state in ('late', 'completed', 'left_early') and shifts.late_minutes > coalesce((select late_company.late_grace_minutes from residences as late_site inner join security_companies as late_company on late_company.uuid = late_site.security_company_uuid where late_site.uuid = shifts.residence_uuid), 10)`;

/** An attendance row no shift holds: a start off the roster (the Now board, the timesheet). */
function unplanned({ not, exists, selectFrom }: ExpressionBuilder<Database, 'attendances'>) {
  return not(
    exists(
      selectFrom('shifts as held')
        .select('held.uuid')
        .whereRef('held.attendance_uuid', '=', 'attendances.uuid'),
    ),
  );
}

/** Rosters: shift patterns and dated shifts, read within the caller's sites. */
export function createShiftsRepository(db: DB) {
  function patterns(principal: Principal) {
    return db
      .selectFrom('shift_patterns')
      .select([
        'shift_patterns.uuid',
        'shift_patterns.residence_uuid',
        'shift_patterns.name',
        'shift_patterns.start_time',
        'shift_patterns.end_time',
        'shift_patterns.headcount',
        'shift_patterns.weekdays',
      ])
      .where('shift_patterns.deleted_at', 'is', null)
      .where(siteScope(principal, 'shift_patterns.residence_uuid'))
      .where(atLiveSite('shift_patterns.residence_uuid'));
  }

  const toPattern = (row: {
    uuid: string;
    residence_uuid: string;
    name: string;
    start_time: string;
    end_time: string;
    headcount: number;
    weekdays: string;
  }): ShiftPattern => ({
    ...row,
    headcount: Number(row.headcount),
    weekdays: weekdaysOf(row.weekdays),
  });

  function shifts(principal: Caller) {
    return db
      .selectFrom('shifts')
      .innerJoin('residences', 'residences.uuid', 'shifts.residence_uuid')
      .leftJoin('guards', 'guards.uuid', 'shifts.guard_uuid')
      .select([
        'shifts.uuid',
        'shifts.residence_uuid',
        'residences.name as residence_name',
        'shifts.pattern_uuid',
        'shifts.slot',
        'shifts.name',
        'shifts.date',
        'shifts.starts_at',
        'shifts.ends_at',
        'shifts.guard_uuid',
        'guards.name as guard_name',
        'shifts.cancelled_at',
        'shifts.state',
        'shifts.attendance_uuid',
        'shifts.started_at',
        'shifts.ended_at',
        'shifts.late_minutes',
      ])
      .where('residences.deleted_at', 'is', null)
      .where(siteScope(principal, 'shifts.residence_uuid'));
  }

  const toShift = (row: Omit<Shift, 'state'> & { state: string }): Shift => ({
    ...row,
    slot: Number(row.slot),
    state: row.state as ShiftState,
    late_minutes: row.late_minutes === null ? null : Number(row.late_minutes),
  });

  return {
    /** The live patterns of one of the caller's sites, by name. */
    async patternsOf(principal: Principal, residenceUuid: string): Promise<ShiftPattern[]> {
      const rows = await patterns(principal)
        .where('shift_patterns.residence_uuid', '=', residenceUuid)
        .orderBy('shift_patterns.start_time')
        .orderBy('shift_patterns.name')
        .execute();
      return rows.map(toPattern);
    },

    async findPattern(principal: Principal, uuid: string): Promise<ShiftPattern | undefined> {
      const row = await patterns(principal)
        .where('shift_patterns.uuid', '=', uuid)
        .executeTakeFirst();
      return row && toPattern(row);
    },

    async insertPattern(values: PatternValues, audit: (uuid: string) => AuditEvent) {
      const uuid = randomUUID();
      await withAudit(
        db,
        (trx) =>
          trx
            .insertInto('shift_patterns')
            .values({ uuid, ...values, weekdays: weekdaysText(values.weekdays), deleted_at: null })
            .execute(),
        () => audit(uuid),
      );
      return uuid;
    },

    async updatePattern(uuid: string, values: PatternValues, now: Date, audit: AuditEvent) {
      await withAudit(
        db,
        (trx) =>
          trx
            .updateTable('shift_patterns')
            .set({
              ...values,
              weekdays: weekdaysText(values.weekdays),
              updated_at: toDbTime(now),
            })
            .where('uuid', '=', uuid)
            .execute(),
        () => audit,
      );
    },

    /** A pattern goes; the shifts made from it stay, as they were. */
    async removePattern(uuid: string, now: Date, audit: AuditEvent) {
      await withAudit(
        db,
        (trx) =>
          trx
            .updateTable('shift_patterns')
            .set({ deleted_at: toDbTime(now), updated_at: toDbTime(now) })
            .where('uuid', '=', uuid)
            .execute(),
        () => audit,
      );
    },

    /** Makes the shifts not made yet (a pattern's day and slot once); answers how many were. */
    async insertShifts(rows: NewShift[]): Promise<number> {
      let made = 0;
      for (let i = 0; i < rows.length; i += 200) {
        const batch = rows.slice(i, i + 200).map((row) => ({ uuid: randomUUID(), ...row }));
        const inserted = await db
          .insertInto('shifts')
          .values(batch)
          .onConflict((oc) => oc.columns(['pattern_uuid', 'date', 'slot']).doNothing())
          .returning('uuid')
          .execute();
        made += inserted.length;
      }
      return made;
    },

    /** Makes one shift (a one-off); answers its uuid. */
    async insertOneOff(row: NewShift, audit: (uuid: string) => AuditEvent): Promise<string[]> {
      const uuid = randomUUID();
      await withAudit(
        db,
        (trx) =>
          trx
            .insertInto('shifts')
            .values({ uuid, ...row })
            .execute(),
        () => audit(uuid),
      );
      return [uuid];
    },

    /**
     * The caller's shifts from `from` to `to` (local dates), at one site or all, of one guard or
     * all, in one state or all, in time order: a page of them and how many there are.
     */
    async list(
      principal: Caller,
      range: ShiftRange,
      page: { limit: number; offset: number } = { limit: 5_000, offset: 0 },
    ): Promise<{ rows: Shift[]; count: number }> {
      const filtered = <T extends ReturnType<typeof shifts>>(qb: T) =>
        qb
          .$if(!range.overlap, (q) =>
            q.where('shifts.date', '>=', range.from).where('shifts.date', '<=', range.to),
          )
          .$if(range.overlap === true, (q) =>
            q.where(
              overlapsWindow(
                midnightOf(range.from),
                midnightOf(range.to, 1),
                midnightOf(range.from, -1),
              ),
            ),
          )
          .$if(range.startedLate === true, (q) => q.where(STARTED_LATE))
          .$if(range.residenceUuid !== undefined, (q) =>
            q.where('shifts.residence_uuid', '=', range.residenceUuid ?? ''),
          )
          .$if(range.guardUuid !== undefined, (q) =>
            q.where('shifts.guard_uuid', '=', range.guardUuid ?? ''),
          )
          .$if(range.state !== undefined, (q) => q.where('shifts.state', '=', range.state ?? ''));
      const [rows, counted] = await Promise.all([
        filtered(shifts(principal))
          .orderBy('shifts.starts_at')
          .orderBy('shifts.name')
          .orderBy('shifts.slot')
          .orderBy('shifts.uuid')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        filtered(shifts(principal))
          .clearSelect()
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows: rows.map(toShift), count: Number(counted.n) };
    },

    async find(principal: Principal, uuid: string): Promise<Shift | undefined> {
      const row = await shifts(principal).where('shifts.uuid', '=', uuid).executeTakeFirst();
      return row && toShift(row);
    },

    /** The guard's first live shift, other than those of `except`, overlapping [startsAt, endsAt). */
    async overlapping(
      guardUuid: string,
      startsAt: string,
      endsAt: string,
      except: string | string[],
    ) {
      return db
        .selectFrom('shifts')
        .innerJoin('residences', 'residences.uuid', 'shifts.residence_uuid')
        .select([
          'shifts.name',
          'shifts.date',
          'shifts.starts_at',
          'shifts.ends_at',
          'residences.name as residence_name',
        ])
        .where('shifts.guard_uuid', '=', guardUuid)
        .where('shifts.cancelled_at', 'is', null)
        .$if(except.length > 0, (q) =>
          q.where('shifts.uuid', 'not in', typeof except === 'string' ? [except] : except),
        )
        .where('shifts.starts_at', '<', endsAt)
        .where('shifts.ends_at', '>', startsAt)
        .orderBy('shifts.starts_at')
        .executeTakeFirst();
    },

    /**
     * The guard's live shift running at `now`, or else its next one starting by `until`, at any
     * site: what the kiosk tells the guard after the PIN.
     */
    async currentOrNext(guardUuid: string, now: string, until: string) {
      return db
        .selectFrom('shifts')
        .innerJoin('residences', 'residences.uuid', 'shifts.residence_uuid')
        .select([
          'shifts.uuid',
          'shifts.name',
          'shifts.residence_uuid',
          'residences.name as residence_name',
          'shifts.starts_at',
          'shifts.ends_at',
        ])
        .where('shifts.guard_uuid', '=', guardUuid)
        .where('shifts.cancelled_at', 'is', null)
        .where('shifts.ends_at', '>', now)
        .where('shifts.starts_at', '<', until)
        .orderBy('shifts.starts_at')
        .executeTakeFirst();
    },

    /** The guard's live shifts starting in [from, to): for the week's hours. */
    async guardShiftsBetween(guardUuid: string, from: string, to: string, except: string) {
      return db
        .selectFrom('shifts')
        .select(['starts_at', 'ends_at'])
        .where('guard_uuid', '=', guardUuid)
        .where('cancelled_at', 'is', null)
        .where('uuid', '!=', except)
        .where('starts_at', '>=', from)
        .where('starts_at', '<', to)
        .execute();
    },

    /** Whether the guard is live, active and assigned to the site. */
    async guardAtSite(guardUuid: string, residenceUuid: string) {
      return db
        .selectFrom('guard_residences')
        .innerJoin('guards', 'guards.uuid', 'guard_residences.guard_uuid')
        .select(['guards.uuid', 'guards.name', 'guards.security_company_uuid'])
        .where('guard_residences.guard_uuid', '=', guardUuid)
        .where('guard_residences.residence_uuid', '=', residenceUuid)
        .where('guards.deleted_at', 'is', null)
        .where('guards.is_active', '=', 1)
        .executeTakeFirst();
    },

    async assign(uuid: string, guardUuid: string | null, now: Date, audit: AuditEvent) {
      await withAudit(
        db,
        (trx) =>
          trx
            .updateTable('shifts')
            .set({ guard_uuid: guardUuid, updated_at: toDbTime(now) })
            .where('uuid', '=', uuid)
            .execute(),
        () => audit,
      );
    },

    /** Exchanges the guards of two shifts, together. */
    async swap(a: Shift, b: Shift, now: Date, audits: AuditEvent[]) {
      await db.transaction().execute(async (trx) => {
        for (const [shift, guard] of [
          [a, b.guard_uuid],
          [b, a.guard_uuid],
        ] as const) {
          await trx
            .updateTable('shifts')
            .set({ guard_uuid: guard, updated_at: toDbTime(now) })
            .where('uuid', '=', shift.uuid)
            .execute();
        }
        for (const audit of audits) await recordAudit(trx, audit);
      });
    },

    async cancel(uuid: string, now: Date, audit: AuditEvent) {
      await withAudit(
        db,
        (trx) =>
          trx
            .updateTable('shifts')
            .set({ cancelled_at: toDbTime(now), state: 'cancelled', updated_at: toDbTime(now) })
            .where('uuid', '=', uuid)
            .where('cancelled_at', 'is', null)
            .execute(),
        () => audit,
      );
    },

    /** A site's company's watch settings: the weekly hours limit among them. */
    settingsOfSite: (residenceUuid: string) => settingsOfSite(db, residenceUuid),

    /** A live company's watch settings, if the caller's scope holds the company. */
    async rosterSettings(principal: Principal, companyUuid: string) {
      const row = await db
        .selectFrom('security_companies')
        .select([
          'uuid',
          'name',
          'late_grace_minutes',
          'no_show_minutes',
          'weekly_hours_limit',
          'patrol_completion_percent',
        ])
        .where('uuid', '=', companyUuid)
        .where('deleted_at', 'is', null)
        .where(companyScope(principal, 'security_companies.uuid'))
        .executeTakeFirst();
      return (
        row && {
          uuid: row.uuid,
          name: row.name,
          settings: {
            late_grace_minutes: Number(row.late_grace_minutes),
            no_show_minutes: Number(row.no_show_minutes),
            weekly_hours_limit: Number(row.weekly_hours_limit),
            patrol_completion_percent: Number(row.patrol_completion_percent),
          } satisfies RosterSettings,
        }
      );
    },

    async updateRosterSettings(
      companyUuid: string,
      settings: RosterSettings,
      now: Date,
      audit: AuditEvent,
    ) {
      await withAudit(
        db,
        (trx) =>
          trx
            .updateTable('security_companies')
            .set({ ...settings, updated_at: toDbTime(now) })
            .where('uuid', '=', companyUuid)
            .execute(),
        () => audit,
      );
    },

    /** The caller's live shifts in progress at `now` (a shift lasts under a day), by site. */
    async inProgress(principal: Principal, now: Date): Promise<Shift[]> {
      const at = toDbTime(now);
      const rows = await shifts(principal)
        .where('shifts.starts_at', '>', toDbTime(new Date(now.getTime() - DAY_MS)))
        .where('shifts.starts_at', '<=', at)
        .where('shifts.ends_at', '>', at)
        .where('shifts.cancelled_at', 'is', null)
        .orderBy('residences.name')
        .orderBy('shifts.residence_uuid')
        .orderBy('shifts.starts_at')
        .orderBy('shifts.name')
        .orderBy('shifts.slot')
        .execute();
      return rows.map(toShift);
    },

    /** Open attendance rows at the caller's live sites that no shift holds: unplanned. */
    async unplannedOpen(principal: Principal, now: Date): Promise<UnplannedAttendance[]> {
      const rows = await db
        .selectFrom('attendances')
        .innerJoin('residences', 'residences.uuid', 'attendances.residence_uuid')
        .innerJoin('guards', 'guards.uuid', 'attendances.guard_uuid')
        .select([
          'attendances.uuid as attendance_uuid',
          'attendances.guard_uuid',
          'guards.name as guard_name',
          'attendances.residence_uuid',
          'residences.name as residence_name',
          'attendances.checkin_at',
        ])
        .where('attendances.checkin_at', 'is not', null)
        .where('attendances.checkout_at', 'is', null)
        .where(
          'attendances.checkin_at',
          '>=',
          toDbTime(new Date(now.getTime() - ABANDONED_SHIFT_HOURS * 3_600_000)),
        )
        .where('attendances.checkin_at', '<=', toDbTime(now))
        .where('residences.deleted_at', 'is', null)
        .where(siteScope(principal, 'attendances.residence_uuid'))
        .where(unplanned)
        .orderBy('attendances.checkin_at')
        .execute();
      return rows.map(({ checkin_at: startedAt, ...row }) => ({
        ...row,
        started_at: startedAt ?? '',
      }));
    },

    /** The caller's live shifts with a guard starting in [from, to) (UTC), for a timesheet. */
    async timesheetShifts(principal: Principal, range: TimesheetRange) {
      return db
        .selectFrom('shifts')
        .innerJoin('residences', 'residences.uuid', 'shifts.residence_uuid')
        .innerJoin('guards', 'guards.uuid', 'shifts.guard_uuid')
        .select([
          'shifts.guard_uuid',
          'guards.name as guard_name',
          'guards.guard_id',
          'shifts.residence_uuid',
          'residences.name as residence_name',
          'shifts.name',
          'shifts.date',
          'shifts.starts_at',
          'shifts.ends_at',
          'shifts.state',
          'shifts.late_minutes',
          // The attached attendance's start and end, copied to the shift when it attached.
          'shifts.started_at as checkin_at',
          'shifts.ended_at as checkout_at',
        ])
        .where('shifts.starts_at', '>=', range.from)
        .where('shifts.starts_at', '<', range.to)
        .where('shifts.cancelled_at', 'is', null)
        .where(siteScope(principal, 'shifts.residence_uuid'))
        .where('residences.deleted_at', 'is', null)
        .$if(range.guardUuid !== undefined, (q) =>
          q.where('shifts.guard_uuid', '=', range.guardUuid ?? ''),
        )
        .$if(range.residenceUuid !== undefined, (q) =>
          q.where('shifts.residence_uuid', '=', range.residenceUuid ?? ''),
        )
        .orderBy('shifts.starts_at')
        .execute();
    },

    /** The caller's attendance rows started in [from, to) (UTC) that no shift holds. */
    async timesheetUnplanned(principal: Principal, range: TimesheetRange) {
      return db
        .selectFrom('attendances')
        .innerJoin('residences', 'residences.uuid', 'attendances.residence_uuid')
        .innerJoin('guards', 'guards.uuid', 'attendances.guard_uuid')
        .select([
          'attendances.guard_uuid',
          'guards.name as guard_name',
          'guards.guard_id',
          'attendances.residence_uuid',
          'residences.name as residence_name',
          'attendances.checkin_at',
          'attendances.checkout_at',
        ])
        .where('attendances.checkin_at', '>=', range.from)
        .where('attendances.checkin_at', '<', range.to)
        .where(siteScope(principal, 'attendances.residence_uuid'))
        .where('residences.deleted_at', 'is', null)
        .$if(range.guardUuid !== undefined, (q) =>
          q.where('attendances.guard_uuid', '=', range.guardUuid ?? ''),
        )
        .$if(range.residenceUuid !== undefined, (q) =>
          q.where('attendances.residence_uuid', '=', range.residenceUuid ?? ''),
        )
        .where(unplanned)
        .orderBy('attendances.checkin_at')
        .execute();
    },

    /** Whether a live site with the guard service is within the caller's scope. */
    async siteInScope(principal: Principal, residenceUuid: string) {
      return db
        .selectFrom('residences')
        .select(['uuid', 'name', 'security_company_uuid'])
        .where('uuid', '=', residenceUuid)
        .where('deleted_at', 'is', null)
        .where(siteScope(principal, 'residences.uuid'))
        .executeTakeFirst();
    },
  };
}

export type ShiftsRepository = ReturnType<typeof createShiftsRepository>;
