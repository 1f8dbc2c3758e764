/**
 * Rosters (issue 36): a site's shift patterns and the dated shifts made from them, shared by the
 * console's forms and the server. Times of day are the site's local time, 'HH:MM'; a shift whose
 * end is not after its start ends the next day (a night shift).
 */

/** The most guards one pattern may need at once. */
export const MAX_HEADCOUNT = 50;
/** The longest range of days one call may make shifts for. */
export const MAX_ROSTER_DAYS = 366;
/** Hours a week a guard may be rostered before a warning (a company's limit, by default). */
export const DEFAULT_WEEKLY_HOURS_LIMIT = 72;
/** ISO weekdays, Monday 1 to Sunday 7, as a pattern lists them. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

export const SHIFT_MESSAGES = {
  nameRequired: 'Enter the shift’s name, e.g. Day or Night.',
  timeInvalid: 'Enter a time of day as HH:MM, e.g. 07:00.',
  sameStartEnd: 'The shift must end at another time than it starts.',
  headcountInvalid: `The guards needed must be a whole number from 1 to ${MAX_HEADCOUNT}.`,
  weekdaysRequired: 'Choose at least one weekday.',
  dateInvalid: 'Enter a date as YYYY-MM-DD.',
  rangeBackwards: 'The last day must not be before the first.',
  rangeTooLong: `Choose at most ${MAX_ROSTER_DAYS} days at once.`,
} as const;

export interface ShiftPatternFields {
  name: string;
  start_time: string;
  end_time: string;
  headcount: number | string;
  weekdays: readonly number[];
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A time of day 'HH:MM' (24 hours). */
export function isTimeOfDay(value: string): boolean {
  return TIME.test(value.trim());
}

/** Each field's first problem, in the form's order; empty when the pattern is good. */
export function shiftPatternProblems(
  fields: ShiftPatternFields,
): Partial<Record<keyof ShiftPatternFields, string>> {
  const problems: Partial<Record<keyof ShiftPatternFields, string>> = {};
  if (!fields.name.trim()) problems.name = SHIFT_MESSAGES.nameRequired;
  if (!isTimeOfDay(fields.start_time)) problems.start_time = SHIFT_MESSAGES.timeInvalid;
  if (!isTimeOfDay(fields.end_time)) problems.end_time = SHIFT_MESSAGES.timeInvalid;
  else if (fields.start_time.trim() === fields.end_time.trim()) {
    problems.end_time = SHIFT_MESSAGES.sameStartEnd;
  }
  const headcount = Number(fields.headcount);
  if (!Number.isInteger(headcount) || headcount < 1 || headcount > MAX_HEADCOUNT) {
    problems.headcount = SHIFT_MESSAGES.headcountInvalid;
  }
  if (fields.weekdays.length === 0 || fields.weekdays.some((day) => !WEEKDAYS.includes(day as 1))) {
    problems.weekdays = SHIFT_MESSAGES.weekdaysRequired;
  }
  return problems;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date 'YYYY-MM-DD'. */
export function isCalendarDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
}

/** The problem with a range of days to make shifts for, or null. */
export function rosterRangeProblem(from: string, to: string): string | null {
  if (!isCalendarDate(from) || !isCalendarDate(to)) return SHIFT_MESSAGES.dateInvalid;
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  if (days < 1) return SHIFT_MESSAGES.rangeBackwards;
  if (days > MAX_ROSTER_DAYS) return SHIFT_MESSAGES.rangeTooLong;
  return null;
}

/** Minutes from midnight of 'HH:MM'. */
export function minutesOf(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/** How long a shift from `start` to `end` lasts, in minutes (past midnight when end ≤ start). */
export function shiftMinutes(start: string, end: string): number {
  const length = minutesOf(end) - minutesOf(start);
  return length > 0 ? length : length + 24 * 60;
}

// ---- The watch (issue 36) ----

/**
 * A start at a site attaches to the guard's shift there that is planned to start at most this many
 * minutes later, or has started and not yet ended; of several, the one whose start is nearest.
 */
export const ATTACH_EARLY_MINUTES = 120;
/** A company's watch settings by default. */
export const DEFAULT_LATE_GRACE_MINUTES = 10;
export const DEFAULT_NO_SHOW_MINUTES = 30;
/** A day's and a week's worked hours past which a timesheet counts overtime. */
export const DAY_HOURS = 8;
export const WEEK_HOURS = 48;

export const ROSTER_SETTINGS_LIMITS = {
  late_grace_minutes: { min: 0, max: 120 },
  no_show_minutes: { min: 1, max: 240 },
  weekly_hours_limit: { min: 1, max: 168 },
  patrol_completion_percent: { min: 1, max: 100 },
} as const;

export const ROSTER_SETTINGS_MESSAGES = {
  graceInvalid: 'The grace must be a whole number of minutes from 0 to 120.',
  noShowInvalid: 'The no-show time must be a whole number of minutes from 1 to 240.',
  noShowWithinGrace: 'The no-show time must be longer than the grace.',
  weeklyLimitInvalid: 'The weekly limit must be a whole number of hours from 1 to 168.',
  completionInvalid: 'The patrols’ share must be a whole number from 1 to 100 (%).',
} as const;

export interface RosterSettingsFields {
  late_grace_minutes: number | string;
  no_show_minutes: number | string;
  weekly_hours_limit: number | string;
  /** Below this share (%) of a night's checkpoints scanned, a site alerts (issue 38). */
  patrol_completion_percent: number | string;
}

const wholeWithin = (value: number | string, range: { min: number; max: number }) => {
  const number = typeof value === 'string' && value.trim() === '' ? NaN : Number(value);
  return Number.isInteger(number) && number >= range.min && number <= range.max;
};

/** Each field's first problem; empty when the settings are good. */
export function rosterSettingsProblems(
  fields: RosterSettingsFields,
): Partial<Record<keyof RosterSettingsFields, string>> {
  const problems: Partial<Record<keyof RosterSettingsFields, string>> = {};
  const limits = ROSTER_SETTINGS_LIMITS;
  const graceGood = wholeWithin(fields.late_grace_minutes, limits.late_grace_minutes);
  if (!graceGood) problems.late_grace_minutes = ROSTER_SETTINGS_MESSAGES.graceInvalid;
  if (!wholeWithin(fields.no_show_minutes, limits.no_show_minutes)) {
    problems.no_show_minutes = ROSTER_SETTINGS_MESSAGES.noShowInvalid;
  } else if (graceGood && Number(fields.no_show_minutes) <= Number(fields.late_grace_minutes)) {
    problems.no_show_minutes = ROSTER_SETTINGS_MESSAGES.noShowWithinGrace;
  }
  if (!wholeWithin(fields.weekly_hours_limit, limits.weekly_hours_limit)) {
    problems.weekly_hours_limit = ROSTER_SETTINGS_MESSAGES.weeklyLimitInvalid;
  }
  if (!wholeWithin(fields.patrol_completion_percent, limits.patrol_completion_percent)) {
    problems.patrol_completion_percent = ROSTER_SETTINGS_MESSAGES.completionInvalid;
  }
  return problems;
}
