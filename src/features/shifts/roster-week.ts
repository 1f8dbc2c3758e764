import type { Shift, ShiftPattern } from '@contract/shifts';
import { timestampMs } from '../../lib/dates';

/**
 * The week grid's model, with no React: days are local calendar days written 'YYYY-MM-DD', the
 * shifts' own `date` (the site's local day the shift starts on).
 */

const pad2 = (value: number) => String(value).padStart(2, '0');

/** A local day as 'YYYY-MM-DD'. */
export function isoDay(day: Date): string {
  return `${day.getFullYear()}-${pad2(day.getMonth() + 1)}-${pad2(day.getDate())}`;
}

function dayOf(iso: string): Date {
  const [year = 1970, month = 1, day = 1] = iso.split('-').map(Number);
  return new Date(year, month - 1, day);
}

/** `iso` moved by `days` (negative for earlier), across months and daylight-saving changes. */
export function addDays(iso: string, days: number): string {
  const day = dayOf(iso);
  day.setDate(day.getDate() + days);
  return isoDay(day);
}

/** ISO weekday of a day: Monday 1 to Sunday 7, as patterns list them. */
export function isoWeekday(iso: string): number {
  const weekday = dayOf(iso).getDay();
  return weekday === 0 ? 7 : weekday;
}

/** The Monday of the week `iso` is in. */
export function mondayOf(iso: string): string {
  return addDays(iso, 1 - isoWeekday(iso));
}

/** Today, the reader's local day. */
export function today(): string {
  return isoDay(new Date());
}

/** The seven days of the week starting on `monday`. */
export function weekDays(monday: string): string[] {
  return Array.from({ length: 7 }, (_, index) => addDays(monday, index));
}

export const WEEKDAY_NAMES = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

/** 'DD/MM/YYYY', as the console writes dates. */
export function shownDay(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}/${month}/${year}`;
}

/** 'Mon 30/11', a day's column heading. */
export function shortDay(iso: string): string {
  const [, month, day] = iso.split('-');
  return `${WEEKDAY_NAMES[isoWeekday(iso) - 1]?.slice(0, 3)} ${day}/${month}`;
}

/** 'Monday 30/11/2026', a day in full. */
export function longDay(iso: string): string {
  return `${WEEKDAY_NAMES[isoWeekday(iso) - 1]} ${shownDay(iso)}`;
}

/** A stored UTC timestamp as the reader's local 'HH:MM'. */
function localTime(utc: string): string {
  const ms = timestampMs(utc);
  if (ms === null) return '';
  const at = new Date(ms);
  return `${pad2(at.getHours())}:${pad2(at.getMinutes())}`;
}

/** '19:00–07:00' of a dated shift, in the reader's local time. */
export function shiftTimes(shift: Pick<Shift, 'starts_at' | 'ends_at'>): string {
  return `${localTime(shift.starts_at)}–${localTime(shift.ends_at)}`;
}

/** '19:00–07:00' of a pattern. */
export function patternTimes(pattern: Pick<ShiftPattern, 'start_time' | 'end_time'>): string {
  return `${pattern.start_time}–${pattern.end_time}`;
}

/** 'Mon–Fri' style list of a pattern's weekdays: 'Every day', or the days' short names. */
export function weekdaysText(weekdays: readonly number[]): string {
  if (weekdays.length === 7) return 'Every day';
  return [...weekdays]
    .sort((a, b) => a - b)
    .map((day) => WEEKDAY_NAMES[day - 1]?.slice(0, 3))
    .join(', ');
}

export const isCancelled = (shift: Shift) => shift.cancelled_at !== null;

/** One cell of the grid: a row's shifts on one day. */
export interface RosterCell {
  date: string;
  shifts: Shift[];
  /** The row's pattern works this weekday (always true for the one-off row when it has shifts). */
  scheduled: boolean;
  filled: number;
  needed: number;
}

export interface RosterRow {
  key: string;
  name: string;
  /** '07:00–19:00'; '' for the one-off row, whose shifts each have their own times. */
  times: string;
  cells: RosterCell[];
}

function cellOf(date: string, shifts: Shift[], scheduled: boolean): RosterCell {
  const live = shifts.filter((shift) => !isCancelled(shift));
  return {
    date,
    shifts: [...shifts].sort((a, b) => a.starts_at.localeCompare(b.starts_at) || a.slot - b.slot),
    scheduled: scheduled || shifts.length > 0,
    filled: live.filter((shift) => shift.guard_uuid !== null).length,
    needed: live.length,
  };
}

export const ONE_OFF_ROW = 'one-off';

/**
 * The grid: the site's patterns down, by start time, then one row for the one-off shifts (and
 * those of a pattern since deleted); the week's days across.
 */
export function rosterRows(patterns: ShiftPattern[], shifts: Shift[], days: string[]): RosterRow[] {
  const known = new Set(patterns.map((pattern) => pattern.uuid));
  const ordered = [...patterns].sort(
    (a, b) => a.start_time.localeCompare(b.start_time) || a.name.localeCompare(b.name),
  );
  const rows: RosterRow[] = ordered.map((pattern) => ({
    key: pattern.uuid,
    name: pattern.name,
    times: patternTimes(pattern),
    cells: days.map((date) =>
      cellOf(
        date,
        shifts.filter((shift) => shift.pattern_uuid === pattern.uuid && shift.date === date),
        pattern.weekdays.includes(isoWeekday(date)),
      ),
    ),
  }));
  const others = shifts.filter(
    (shift) => shift.pattern_uuid === null || !known.has(shift.pattern_uuid),
  );
  rows.push({
    key: ONE_OFF_ROW,
    name: 'One-off shifts',
    times: '',
    cells: days.map((date) =>
      cellOf(
        date,
        others.filter((shift) => shift.date === date),
        false,
      ),
    ),
  });
  return rows;
}

/** How a shift is named in a list: 'Mon 30/11 Day 07:00–19:00, place 2'. */
export function shiftLabel(shift: Shift): string {
  return `${shortDay(shift.date)} ${shift.name} ${shiftTimes(shift)}, place ${shift.slot + 1}`;
}
