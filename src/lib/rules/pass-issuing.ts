/**
 * Issuing a visitor pass ahead of the visit (issue 23): the console's Add and Edit form and the
 * server's add and edit check these, so a limit or a message cannot differ between them.
 *
 * A pass's `date`, `start_time` and `end_time` are the site's local day and times (as every pass
 * the desk scans); `now` is read in the local time of whoever judges, as `judgeScan` reads it.
 */
import { EMAIL_INVALID, EMAIL_PATTERN } from './passwords';
import { phoneProblem } from './site-supervisors';
import { ONE_TIME, SCAN_MESSAGES, WEEKDAYS, type Weekday } from './visitor-pass';
import { VISITOR_TYPES, WALK_IN_MESSAGES } from './walk-ins';

/** A pass repeats on chosen weekdays of its 30 days, or is for one day. */
export const REPEAT = 'REPEAT';
export const PASS_REPEAT_TYPES = [ONE_TIME, REPEAT] as const;
export type PassRepeatType = (typeof PASS_REPEAT_TYPES)[number];

export const PASS_MESSAGES = {
  siteRequired: 'Choose the site.',
  siteUnknown: 'Choose one of your sites with the guard service.',
  visitorsOff: 'This site does not take visitors.',
  unitRequired: WALK_IN_MESSAGES.unitRequired,
  hostRequired: 'Enter the host’s name.',
  nameRequired: WALK_IN_MESSAGES.nameRequired,
  categoryRequired: WALK_IN_MESSAGES.typeRequired,
  repeatTypeRequired: 'Choose one-time or repeating.',
  weekdaysRequired: 'Choose at least one weekday for a repeating pass.',
  dateInvalid: 'Enter the date as DD/MM/YYYY.',
  dateInPast: 'The visit date cannot be in the past.',
  timeInvalid: 'Enter the time as HH:MM.',
  endNotAfterStart: 'The end time must be after the start time.',
  endedAlready: 'This visit would end before now.',
  emailInvalid: EMAIL_INVALID,
  cancelled: SCAN_MESSAGES.cancelled,
  scannedAlready: 'This pass has been scanned, so it can no longer be changed.',
  /** The public e-pass page of a pass cancelled, expired or whose link was revoked. */
  epassGone: 'This pass is no longer valid.',
} as const;

/** Whom a visitor comes to see: the host the pass names, else the owner of the unit. */
export function passHost(named: string, unitOwner: string | null | undefined): string {
  return named || (unitOwner ?? '');
}

export interface PassFieldValues {
  residence_uuid?: unknown;
  unit_uuid?: unknown;
  host_name?: unknown;
  name?: unknown;
  phone_number?: unknown;
  email?: unknown;
  car_plate_number?: unknown;
  category?: unknown;
  repeat_type?: unknown;
  /** Weekdays of a repeating pass, comma-separated ('MONDAY,FRIDAY'), as the API writes them. */
  repeatType?: unknown;
  /** YYYY-MM-DD, the site's local day. */
  date?: unknown;
  /** HH:MM, local. */
  start_time?: unknown;
  end_time?: unknown;
  remarks?: unknown;
}

export type PassField = keyof PassFieldValues;
export type PassFieldErrors = Partial<Record<PassField, string>>;

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

/** The weekdays of a repeating pass as the API writes them, or null when one is not a weekday. */
export function passWeekdays(value: string): Weekday[] | null {
  const days = value
    .split(',')
    .map((day) => day.trim().toUpperCase())
    .filter(Boolean);
  if (!days.every((day): day is Weekday => (WEEKDAYS as readonly string[]).includes(day))) {
    return null;
  }
  // Week order, each once, whatever order they were chosen in.
  return WEEKDAYS.filter((day) => days.includes(day));
}

function localDay(date: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const value = new Date(year, month, day);
  // 2026-02-31 would roll over into March: not a day.
  return value.getFullYear() === year && value.getMonth() === month && value.getDate() === day
    ? value
    : null;
}

/** Seconds since midnight of 'HH:MM' (or 'HH:MM:SS'), or null. */
function secondsOf(time: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/.exec(time);
  return match ? Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3] ?? 0) : null;
}

/**
 * The pass form's checks, field → message in form order. A pass is for today or a later day, its
 * end after its start on that day, and for today not already over; a repeating pass names its
 * weekdays (its window is the spec's 30 days from its date, a one-time pass's one day). The phone
 * is a Malaysian number (60…), as on every form of the console; the email, if given, receives the
 * e-pass.
 */
export function passFieldErrors(
  values: PassFieldValues,
  context: { now: Date; siteTakesVisitors: boolean | null },
): PassFieldErrors {
  const errors: PassFieldErrors = {};
  if (!text(values.residence_uuid)) errors.residence_uuid = PASS_MESSAGES.siteRequired;
  else if (context.siteTakesVisitors === false) errors.residence_uuid = PASS_MESSAGES.visitorsOff;
  if (!text(values.unit_uuid)) errors.unit_uuid = PASS_MESSAGES.unitRequired;
  if (!text(values.host_name)) errors.host_name = PASS_MESSAGES.hostRequired;
  if (!text(values.name)) errors.name = PASS_MESSAGES.nameRequired;
  const phone = phoneProblem(text(values.phone_number), 'add');
  if (phone) errors.phone_number = phone;
  const email = text(values.email);
  if (email && !EMAIL_PATTERN.test(email)) errors.email = PASS_MESSAGES.emailInvalid;
  if (!VISITOR_TYPES.some((type) => type.name === text(values.category))) {
    errors.category = PASS_MESSAGES.categoryRequired;
  }
  const repeatType = text(values.repeat_type);
  if (!(PASS_REPEAT_TYPES as readonly string[]).includes(repeatType)) {
    errors.repeat_type = PASS_MESSAGES.repeatTypeRequired;
  } else if (repeatType === REPEAT && !passWeekdays(text(values.repeatType))?.length) {
    errors.repeatType = PASS_MESSAGES.weekdaysRequired;
  }
  const day = localDay(text(values.date));
  const today = new Date(context.now.getFullYear(), context.now.getMonth(), context.now.getDate());
  if (!day) errors.date = PASS_MESSAGES.dateInvalid;
  else if (day < today) errors.date = PASS_MESSAGES.dateInPast;
  const start = secondsOf(text(values.start_time));
  const end = secondsOf(text(values.end_time));
  if (start === null) errors.start_time = PASS_MESSAGES.timeInvalid;
  if (end === null) errors.end_time = PASS_MESSAGES.timeInvalid;
  else if (start !== null && end <= start) errors.end_time = PASS_MESSAGES.endNotAfterStart;
  else if (day && end !== null && day.getTime() === today.getTime()) {
    const nowSeconds =
      context.now.getHours() * 3600 + context.now.getMinutes() * 60 + context.now.getSeconds();
    // A repeating pass starting today still has its later days; only a one-time one is over.
    if (repeatType === ONE_TIME && end <= nowSeconds) errors.end_time = PASS_MESSAGES.endedAlready;
  }
  return errors;
}
