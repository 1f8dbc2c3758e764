import type {
  ShiftState,
  Timesheet,
  TimesheetGuard,
  TimesheetLine,
  TimesheetSite,
  TimesheetTotals,
} from '@contract/shifts';
import { DAY_HOURS, WEEK_HOURS } from '@rules/shifts';
import { addDays, localDate, timestampOf } from '../../db/time';

interface Worker {
  guard_uuid: string | null;
  guard_name: string;
  guard_id: string;
  residence_uuid: string;
  residence_name: string;
  checkin_at: string | null;
  checkout_at: string | null;
}

export interface PlannedRow extends Worker {
  name: string;
  date: string;
  starts_at: string;
  ends_at: string;
  state: string;
  late_minutes: number | string | null;
}

const minutes = (from: string | null, to: string | null) =>
  from && to
    ? Math.max(0, Math.floor(((timestampOf(to) ?? 0) - (timestampOf(from) ?? 0)) / 60_000))
    : 0;

/** The Monday of a 'YYYY-MM-DD' date's ISO week. */
function weekOf(date: string): string {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((day + 6) % 7));
}

const zero = (): TimesheetTotals => ({
  planned_minutes: 0,
  worked_minutes: 0,
  late_minutes: 0,
  no_shows: 0,
  over_day_minutes: 0,
  over_week_minutes: 0,
});

/**
 * A timesheet from its rows: a line per shift and per unplanned attendance, and sums per guard
 * and per site. Worked time is an attendance's start to its end (none while open). Overtime is
 * worked minutes past DAY_HOURS in a guard's day (the local day a line starts on), then, of the
 * rest, past WEEK_HOURS in its ISO week; each line carries the overtime it made, in time order, so
 * that a site's totals are the overtime worked there.
 */
export function timesheetOf(
  from: string,
  to: string,
  planned: readonly PlannedRow[],
  unplanned: readonly Worker[],
): Timesheet {
  const lines: Array<TimesheetLine & { over_day: number; over_week: number }> = [];
  for (const row of planned) {
    if (!row.guard_uuid) continue;
    lines.push({
      guard_uuid: row.guard_uuid,
      guard_name: row.guard_name,
      guard_id: row.guard_id,
      residence_uuid: row.residence_uuid,
      residence_name: row.residence_name,
      shift_name: row.name,
      date: row.date,
      planned_start: row.starts_at,
      planned_end: row.ends_at,
      started_at: row.checkin_at,
      ended_at: row.checkout_at,
      state: row.state as ShiftState,
      planned_minutes: minutes(row.starts_at, row.ends_at),
      worked_minutes: minutes(row.checkin_at, row.checkout_at),
      late_minutes: Number(row.late_minutes ?? 0),
      over_day: 0,
      over_week: 0,
    });
  }
  for (const row of unplanned) {
    if (!row.guard_uuid || !row.checkin_at) continue;
    lines.push({
      guard_uuid: row.guard_uuid,
      guard_name: row.guard_name,
      guard_id: row.guard_id,
      residence_uuid: row.residence_uuid,
      residence_name: row.residence_name,
      shift_name: '',
      date: localDate(new Date(timestampOf(row.checkin_at) ?? 0)),
      planned_start: null,
      planned_end: null,
      started_at: row.checkin_at,
      ended_at: row.checkout_at,
      state: 'unplanned',
      planned_minutes: 0,
      worked_minutes: minutes(row.checkin_at, row.checkout_at),
      late_minutes: 0,
      over_day: 0,
      over_week: 0,
    });
  }
  const startOf = (line: TimesheetLine) => line.planned_start ?? line.started_at ?? '';
  lines.sort(
    (a, b) =>
      a.guard_name.localeCompare(b.guard_name) ||
      a.guard_uuid.localeCompare(b.guard_uuid) ||
      startOf(a).localeCompare(startOf(b)),
  );

  const dayWorked = new Map<string, number>();
  const weekRegular = new Map<string, number>();
  for (const line of lines) {
    const dayKey = `${line.guard_uuid} ${line.date}`;
    const weekKey = `${line.guard_uuid} ${weekOf(line.date)}`;
    const before = dayWorked.get(dayKey) ?? 0;
    const regular = Math.min(line.worked_minutes, Math.max(0, DAY_HOURS * 60 - before));
    dayWorked.set(dayKey, before + line.worked_minutes);
    line.over_day = line.worked_minutes - regular;
    const weekBefore = weekRegular.get(weekKey) ?? 0;
    weekRegular.set(weekKey, weekBefore + regular);
    line.over_week = Math.min(regular, Math.max(0, weekBefore + regular - WEEK_HOURS * 60));
  }

  const guards = new Map<string, TimesheetGuard>();
  const sites = new Map<string, TimesheetSite>();
  const addTo = (totals: TimesheetTotals, line: (typeof lines)[number]) => {
    totals.planned_minutes += line.planned_minutes;
    totals.worked_minutes += line.worked_minutes;
    totals.late_minutes += line.late_minutes;
    totals.no_shows += line.state === 'no_show' ? 1 : 0;
    totals.over_day_minutes += line.over_day;
    totals.over_week_minutes += line.over_week;
  };
  for (const line of lines) {
    const guard = guards.get(line.guard_uuid) ?? {
      guard_uuid: line.guard_uuid,
      guard_name: line.guard_name,
      guard_id: line.guard_id,
      ...zero(),
    };
    guards.set(line.guard_uuid, guard);
    addTo(guard, line);
    const site = sites.get(line.residence_uuid) ?? {
      residence_uuid: line.residence_uuid,
      residence_name: line.residence_name,
      ...zero(),
    };
    sites.set(line.residence_uuid, site);
    addTo(site, line);
  }
  return {
    from,
    to,
    lines: lines.map(({ over_day: _day, over_week: _week, ...line }) => line),
    guards: [...guards.values()],
    sites: [...sites.values()].sort((a, b) => a.residence_name.localeCompare(b.residence_name)),
  };
}
