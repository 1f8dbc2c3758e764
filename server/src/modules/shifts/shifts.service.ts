import type {
  NowSite,
  RosterSettings,
  Shift,
  ShiftAssignment,
  ShiftPattern,
  ShiftPatternBody,
  Timesheet,
} from '@contract/shifts';
import {
  isCalendarDate,
  SHIFT_MESSAGES,
  minutesOf,
  rosterRangeProblem,
  rosterSettingsProblems,
  shiftMinutes,
  shiftPatternProblems,
} from '@rules/shifts';
import type { GuardPrincipal, Principal } from '../../auth/principal';
import { addDays, localClock, timestampOf, toDbTime } from '../../db/time';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { changesBetween } from '../audit/changes';
import type { NewShift, PatternValues, ShiftRange, ShiftsRepository } from './shifts.repository';
import { timesheetOf } from './timesheet';

/** A place is on duty while its guard has started it and not ended it. */
const onDuty = (shift: Shift) => shift.started_at !== null && shift.ended_at === null;

export const SHIFT_REFUSALS = {
  siteUnknown: 'Site does not exist.',
  guardNotAtSite: 'This guard is not assigned to this site. Assign the guard to the site first.',
  cancelled: 'This shift was cancelled.',
  over: 'This shift is over: it can no longer change.',
  overlap: (guard: string, other: { name: string; time: string; site: string; date: string }) =>
    `${guard} is already on ${other.name} ${other.time} at ${other.site} on ${other.date}.`,
  overHours: (guard: string, hours: number, limit: number) =>
    `${guard} would be rostered ${hours} hours that week, over the limit of ${limit}.`,
} as const;

/** How far ahead the kiosk looks for a guard's next shift after its PIN. */
export const ROSTER_LOOKAHEAD_MS = 12 * 3_600_000;

/** A moment in the server's local time: the date 'YYYY-MM-DD' at 'HH:MM'. */
export function localMoment(date: string, time: string): Date {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const minutes = minutesOf(time);
  return new Date(year, month - 1, day, Math.floor(minutes / 60), minutes % 60);
}

/** When a pattern's shift on `date` starts and ends (the next day when it crosses midnight). */
export function shiftTimes(date: string, start: string, end: string) {
  const startsAt = localMoment(date, start);
  const endsAt = new Date(startsAt.getTime() + shiftMinutes(start, end) * 60_000);
  return { starts_at: toDbTime(startsAt), ends_at: toDbTime(endsAt) };
}

/** ISO weekday (Monday 1) of a 'YYYY-MM-DD' date. */
function isoWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** 'DD/MM/YYYY' of a 'YYYY-MM-DD' date, as the console writes dates. */
function shownDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}

/** 'HH:MM–HH:MM' of a stored shift, in local time. */
export function shownTimes(startsAt: string, endsAt: string): string {
  return `${localClock(startsAt)}–${localClock(endsAt)}`;
}

function patternValues(
  residenceUuid: string,
  body: Partial<ShiftPatternBody>,
  current?: ShiftPattern,
) {
  const fields = {
    name: (body.name ?? current?.name ?? '').trim(),
    start_time: (body.start_time ?? current?.start_time ?? '').trim(),
    end_time: (body.end_time ?? current?.end_time ?? '').trim(),
    headcount: body.headcount ?? current?.headcount ?? 0,
    weekdays: body.weekdays ?? current?.weekdays ?? [],
  };
  const problems = Object.entries(shiftPatternProblems(fields));
  const [first] = problems;
  if (first) throw badRequest(first[1], 'INVALID_VALUE', first[0]);
  return {
    residence_uuid: residenceUuid,
    ...fields,
    headcount: Number(fields.headcount),
    weekdays: [...fields.weekdays],
  } satisfies PatternValues;
}

const shiftEntry = (
  shift: { uuid: string; name: string; date: string },
  companyUuid: string | null,
) => ({
  entity: 'shift' as const,
  entityUuid: shift.uuid,
  entityLabel: `${shift.name} ${shownDate(shift.date)}`,
  companyUuid,
});

/**
 * Rosters (issue 36): a site's shift patterns, the dated shifts made from them for the days ahead,
 * and their guards. Every read and write is within the caller's sites: the superadmin's, a
 * company's own, a supervisor's.
 */
export function createShiftsService(deps: { shifts: ShiftsRepository }) {
  const { shifts } = deps;

  async function siteOf(principal: Principal, residenceUuid: string) {
    const site = await shifts.siteInScope(principal, residenceUuid);
    if (!site) throw notFound(SHIFT_REFUSALS.siteUnknown, 'SITE_NOT_FOUND');
    return site;
  }

  async function shiftOf(principal: Principal, uuid: string): Promise<Shift> {
    const shift = await shifts.find(principal, uuid);
    if (!shift) throw notFound();
    return shift;
  }

  /**
   * The guard, if it may work `shift`: at the shift's site (400) and on no other live shift at the
   * time, those of `except` aside (409, naming the other shift). `field` is where a form shows it.
   */
  async function guardFreeFor(
    shift: Pick<Shift, 'residence_uuid' | 'starts_at' | 'ends_at'>,
    guardUuid: string,
    except: string[],
    field?: string,
  ) {
    const guard = await shifts.guardAtSite(guardUuid, shift.residence_uuid);
    if (!guard) throw badRequest(SHIFT_REFUSALS.guardNotAtSite, 'GUARD_NOT_AT_SITE', field);
    const other = await shifts.overlapping(guard.uuid, shift.starts_at, shift.ends_at, except);
    if (other) {
      throw conflict(
        SHIFT_REFUSALS.overlap(guard.name, {
          name: other.name,
          time: shownTimes(other.starts_at, other.ends_at),
          site: other.residence_name,
          date: shownDate(other.date),
        }),
        'SHIFT_OVERLAP',
        field,
      );
    }
    return guard;
  }

  /** Warnings that do not block: the guard's hours in the shift's week past the limit. */
  async function hoursWarnings(shift: Shift, guard: { uuid: string; name: string }) {
    const weekStart = addDays(shift.date, 1 - isoWeekday(shift.date));
    const from = toDbTime(localMoment(weekStart, '00:00'));
    const to = toDbTime(localMoment(addDays(weekStart, 7), '00:00'));
    const others = await shifts.guardShiftsBetween(guard.uuid, from, to, shift.uuid);
    const minutes = [...others, shift].reduce(
      (sum, row) =>
        sum + ((timestampOf(row.ends_at) ?? 0) - (timestampOf(row.starts_at) ?? 0)) / 60_000,
      0,
    );
    const hours = Math.round((minutes / 60) * 10) / 10;
    const weeklyLimit = (await shifts.settingsOfSite(shift.residence_uuid)).weekly_hours_limit;
    return hours > weeklyLimit ? [SHIFT_REFUSALS.overHours(guard.name, hours, weeklyLimit)] : [];
  }

  return {
    async patterns(principal: Principal, residenceUuid: string) {
      await siteOf(principal, residenceUuid);
      return shifts.patternsOf(principal, residenceUuid);
    },

    async addPattern(principal: Principal, body: Partial<ShiftPatternBody>) {
      const site = await siteOf(principal, body.residence_uuid ?? '');
      const values = patternValues(site.uuid, body);
      const uuid = await shifts.insertPattern(values, (created) => ({
        entity: 'shift_pattern',
        entityUuid: created,
        entityLabel: `${values.name} at ${site.name}`,
        companyUuid: site.security_company_uuid,
        action: 'create',
        changes: changesBetween(null, { ...values, weekdays: values.weekdays.join(',') }),
      }));
      return (await shifts.findPattern(principal, uuid)) as ShiftPattern;
    },

    /** Changes a pattern: shifts made from it already stay as they are (changed one by one). */
    async updatePattern(
      principal: Principal,
      uuid: string,
      body: Partial<ShiftPatternBody>,
      now: Date,
    ) {
      const current = await shifts.findPattern(principal, uuid);
      if (!current) throw notFound();
      const site = await siteOf(principal, current.residence_uuid);
      const values = patternValues(current.residence_uuid, body, current);
      await shifts.updatePattern(uuid, values, now, {
        entity: 'shift_pattern',
        entityUuid: uuid,
        entityLabel: `${values.name} at ${site.name}`,
        companyUuid: site.security_company_uuid,
        action: 'update',
        changes: changesBetween(
          { ...current, weekdays: current.weekdays.join(',') },
          { ...values, weekdays: values.weekdays.join(',') },
        ),
      });
      return (await shifts.findPattern(principal, uuid)) as ShiftPattern;
    },

    async removePattern(principal: Principal, uuid: string, now: Date) {
      const current = await shifts.findPattern(principal, uuid);
      if (!current) throw notFound();
      const site = await siteOf(principal, current.residence_uuid);
      await shifts.removePattern(uuid, now, {
        entity: 'shift_pattern',
        entityUuid: uuid,
        entityLabel: `${current.name} at ${site.name}`,
        companyUuid: site.security_company_uuid,
        action: 'delete',
      });
    },

    /**
     * Makes the site's shifts from its patterns for the days `from` to `to`: a pattern's day and
     * slot once, however often asked, and only shifts that have not started by `now`.
     */
    async generate(
      principal: Principal,
      body: { residence_uuid: string; from: string; to: string },
      now: Date,
    ): Promise<number> {
      const site = await siteOf(principal, body.residence_uuid);
      const problem = rosterRangeProblem(body.from, body.to);
      if (problem) throw badRequest(problem, 'INVALID_VALUE', 'to');
      const patterns = await shifts.patternsOf(principal, site.uuid);
      const rows: NewShift[] = [];
      const nowText = toDbTime(now);
      for (let date = body.from; date <= body.to; date = addDays(date, 1)) {
        const weekday = isoWeekday(date);
        for (const pattern of patterns) {
          if (!pattern.weekdays.includes(weekday)) continue;
          const times = shiftTimes(date, pattern.start_time, pattern.end_time);
          if (times.starts_at <= nowText) continue;
          for (let slot = 0; slot < pattern.headcount; slot += 1) {
            rows.push({
              residence_uuid: site.uuid,
              pattern_uuid: pattern.uuid,
              slot,
              name: pattern.name,
              date,
              ...times,
            });
          }
        }
      }
      return shifts.insertShifts(rows);
    },

    /**
     * The guard's rostered shift for the kiosk after its PIN: the one running now, or else the
     * next within 12 hours, wherever it is, and whether it is at `siteUuid`.
     */
    async rosteredNow(guardUuid: string, siteUuid: string, now: Date) {
      const shift = await shifts.currentOrNext(
        guardUuid,
        toDbTime(now),
        toDbTime(new Date(now.getTime() + ROSTER_LOOKAHEAD_MS)),
      );
      return shift ? { ...shift, at_this_site: shift.residence_uuid === siteUuid } : null;
    },

    /** A guard's own shifts from `from` to `to`, at its sites (the guard app's `shifts`). */
    async guardShifts(guard: GuardPrincipal, from: string, to: string) {
      const problem = rosterRangeProblem(from, to);
      if (problem) throw badRequest(problem, 'INVALID_VALUE', 'to');
      return (await shifts.list(guard, { from, to, guardUuid: guard.guardUuid })).rows;
    },

    list(principal: Principal, range: ShiftRange, page?: { limit: number; offset: number }) {
      const problem = rosterRangeProblem(range.from, range.to);
      if (problem) throw badRequest(problem, 'INVALID_VALUE', 'to');
      return shifts.list(principal, range, page);
    },

    /**
     * The Now board: each site of the caller's with shifts in progress at `now` or guards on an
     * unplanned attendance, with its places needed and on duty (a place is on duty while its
     * attendance is open; unplanned attendance covers no place).
     */
    async now(principal: Principal, now: Date): Promise<NowSite[]> {
      const [running, unplanned] = await Promise.all([
        shifts.inProgress(principal, now),
        shifts.unplannedOpen(principal, now),
      ]);
      const sites = new Map<string, NowSite>();
      const siteOfRow = (row: { residence_uuid: string; residence_name: string }) => {
        const site = sites.get(row.residence_uuid) ?? {
          residence_uuid: row.residence_uuid,
          residence_name: row.residence_name,
          needed: 0,
          on_duty: 0,
          shifts: [],
          unplanned: [],
        };
        sites.set(row.residence_uuid, site);
        return site;
      };
      for (const shift of running) {
        const site = siteOfRow(shift);
        site.needed += 1;
        if (onDuty(shift)) site.on_duty += 1;
        site.shifts.push(shift);
      }
      for (const row of unplanned) siteOfRow(row).unplanned.push(row);
      return [...sites.values()].sort((a, b) => a.residence_name.localeCompare(b.residence_name));
    },

    /** The timesheet of the caller's guards for the local days `from` to `to`. */
    async timesheet(
      principal: Principal,
      query: { from: string; to: string; guardUuid?: string; residenceUuid?: string },
    ): Promise<Timesheet> {
      const problem = rosterRangeProblem(query.from, query.to);
      if (problem) throw badRequest(problem, 'INVALID_VALUE', 'to');
      const range = {
        from: toDbTime(localMoment(query.from, '00:00')),
        to: toDbTime(localMoment(addDays(query.to, 1), '00:00')),
        guardUuid: query.guardUuid,
        residenceUuid: query.residenceUuid,
      };
      const [planned, unplanned] = await Promise.all([
        shifts.timesheetShifts(principal, range),
        shifts.timesheetUnplanned(principal, range),
      ]);
      return timesheetOf(query.from, query.to, planned, unplanned);
    },

    async rosterSettings(principal: Principal, companyUuid: string): Promise<RosterSettings> {
      const company = await shifts.rosterSettings(principal, companyUuid);
      if (!company) throw notFound();
      return company.settings;
    },

    /** A company's own users and the superadmin change its settings; supervisors only read. */
    async updateRosterSettings(
      principal: Principal,
      companyUuid: string,
      body: Partial<RosterSettings>,
      now: Date,
    ): Promise<RosterSettings> {
      const company = await shifts.rosterSettings(principal, companyUuid);
      if (!company) throw notFound();
      if (principal.role === 'sitesupervisor') throw forbidden();
      const fields = { ...company.settings, ...body };
      const [first] = Object.entries(rosterSettingsProblems(fields));
      if (first) throw badRequest(first[1], 'INVALID_VALUE', first[0]);
      const settings: RosterSettings = {
        late_grace_minutes: Number(fields.late_grace_minutes),
        no_show_minutes: Number(fields.no_show_minutes),
        weekly_hours_limit: Number(fields.weekly_hours_limit),
        patrol_completion_percent: Number(fields.patrol_completion_percent),
      };
      await shifts.updateRosterSettings(companyUuid, settings, now, {
        entity: 'security_company',
        entityUuid: companyUuid,
        entityLabel: company.name,
        companyUuid,
        action: 'update',
        changes: changesBetween({ ...company.settings }, { ...settings }),
      });
      return settings;
    },

    /**
     * Puts a guard on a shift, or takes the guard off (`guardUuid` null). The guard must be at
     * the shift's site and on no other shift at the time; past the week's hours it warns only.
     */
    async assign(
      principal: Principal,
      uuid: string,
      guardUuid: string | null,
      now: Date,
    ): Promise<ShiftAssignment> {
      const shift = await shiftOf(principal, uuid);
      if (shift.cancelled_at !== null) throw conflict(SHIFT_REFUSALS.cancelled, 'SHIFT_CANCELLED');
      if (shift.ends_at <= toDbTime(now)) throw conflict(SHIFT_REFUSALS.over, 'SHIFT_OVER');
      const site = await siteOf(principal, shift.residence_uuid);
      let warnings: string[] = [];
      if (guardUuid !== null) {
        const guard = await guardFreeFor(shift, guardUuid, [shift.uuid], 'guard_uuid');
        warnings = await hoursWarnings(shift, guard);
      }
      await shifts.assign(uuid, guardUuid, now, {
        ...shiftEntry(shift, site.security_company_uuid),
        action: 'update',
        changes: changesBetween({ guard: shift.guard_name }, { kg_guard_uuid: guardUuid }),
      });
      return { shift: await shiftOf(principal, uuid), warnings };
    },

    /** A one-off shift at a site: one guard's place, on one day. */
    async addOneOff(
      principal: Principal,
      body: {
        residence_uuid: string;
        name: string;
        date: string;
        start_time: string;
        end_time: string;
        guard_uuid?: string;
      },
      now: Date,
    ): Promise<Shift> {
      const site = await siteOf(principal, body.residence_uuid);
      const problems = Object.entries(
        shiftPatternProblems({ ...body, headcount: 1, weekdays: [1] }),
      );
      const [first] = problems;
      if (first) throw badRequest(first[1], 'INVALID_VALUE', first[0]);
      if (!isCalendarDate(body.date)) {
        throw badRequest(SHIFT_MESSAGES.dateInvalid, 'INVALID_VALUE', 'date');
      }
      const times = shiftTimes(body.date, body.start_time.trim(), body.end_time.trim());
      if (times.ends_at <= toDbTime(now)) throw conflict(SHIFT_REFUSALS.over, 'SHIFT_OVER', 'date');
      // Made with its guard, it is made whole: the watch never sees it open (nor calls a shift
      // already under way unstaffed while its guard is being put on it).
      const guard =
        body.guard_uuid === undefined
          ? null
          : await guardFreeFor(
              { residence_uuid: site.uuid, ...times },
              body.guard_uuid,
              [],
              'guard_uuid',
            );
      const [uuid] = await shifts.insertOneOff(
        {
          residence_uuid: site.uuid,
          pattern_uuid: null,
          slot: 0,
          name: body.name.trim(),
          date: body.date,
          ...times,
          guard_uuid: guard?.uuid ?? null,
        },
        (made) => ({
          ...shiftEntry(
            { uuid: made, name: body.name.trim(), date: body.date },
            site.security_company_uuid,
          ),
          action: 'create',
        }),
      );
      return shiftOf(principal, uuid ?? '');
    },

    /**
     * Exchanges the guards of two shifts at one site, together: each guard must be at the site and
     * free at the other's time (the two shifts themselves aside).
     */
    async swap(principal: Principal, aUuid: string, bUuid: string, now: Date) {
      const a = await shiftOf(principal, aUuid);
      const b = await shiftOf(principal, bUuid);
      for (const shift of [a, b]) {
        if (shift.cancelled_at !== null)
          throw conflict(SHIFT_REFUSALS.cancelled, 'SHIFT_CANCELLED');
        if (shift.ends_at <= toDbTime(now)) throw conflict(SHIFT_REFUSALS.over, 'SHIFT_OVER');
      }
      const site = await siteOf(principal, a.residence_uuid);
      for (const [shift, guardUuid] of [
        [a, b.guard_uuid],
        [b, a.guard_uuid],
      ] as const) {
        if (guardUuid === null) continue;
        await guardFreeFor(shift, guardUuid, [a.uuid, b.uuid]);
      }
      await shifts.swap(a, b, now, [
        {
          ...shiftEntry(a, site.security_company_uuid),
          action: 'update',
          changes: changesBetween({ guard: a.guard_name }, { guard: b.guard_name }),
        },
        {
          ...shiftEntry(b, site.security_company_uuid),
          action: 'update',
          changes: changesBetween({ guard: b.guard_name }, { guard: a.guard_name }),
        },
      ]);
      return [await shiftOf(principal, a.uuid), await shiftOf(principal, b.uuid)];
    },

    async cancel(principal: Principal, uuid: string, now: Date): Promise<Shift> {
      const shift = await shiftOf(principal, uuid);
      if (shift.cancelled_at !== null) throw conflict(SHIFT_REFUSALS.cancelled, 'SHIFT_CANCELLED');
      if (shift.ends_at <= toDbTime(now)) throw conflict(SHIFT_REFUSALS.over, 'SHIFT_OVER');
      const site = await siteOf(principal, shift.residence_uuid);
      await shifts.cancel(uuid, now, {
        ...shiftEntry(shift, site.security_company_uuid),
        action: 'cancel',
      });
      return shiftOf(principal, uuid);
    },
  };
}

export type ShiftsService = ReturnType<typeof createShiftsService>;
