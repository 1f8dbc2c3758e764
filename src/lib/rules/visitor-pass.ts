/**
 * When a visitor pass may be scanned, and which way (spec part 2 §4, "Check-in and check-out
 * button"). The details page shows its button, the desk its verdict, and the server records a scan
 * by this one judgement, so the three cannot disagree.
 *
 * A pass's `date` and `start_time` are the site's local day and time; `now` is read in the local
 * time of whoever judges (the browser, or the server, whose TZ is the deployment's).
 */

/** Scans a pass may have had before it is used up (spec part 2 §9). */
export const MAX_CHECKPOINT_TIMES = 2;
/** How long a pass's window lasts from its start: one day, or 30 for a repeating pass. */
export const ONE_TIME_WINDOW_DAYS = 1;
export const REPEAT_WINDOW_DAYS = 30;
export const ONE_TIME = 'ONE_TIME';
/** Scans closer together than this are one scan read twice (a scanner's double read). */
export const REPEAT_SCAN_MS = 10_000;
export const VALID = 'VALID';
/** A pass withdrawn before its visit: the record stays, the desk refuses it with this reason. */
export const CANCELLED = 'CANCELLED';

/** Index is Date.getDay(): Sunday first, as the API writes them (upper case). */
export const WEEKDAYS = [
  'SUNDAY',
  'MONDAY',
  'TUESDAY',
  'WEDNESDAY',
  'THURSDAY',
  'FRIDAY',
  'SATURDAY',
] as const;

export type Weekday = (typeof WEEKDAYS)[number];

export const SCAN_MESSAGES = {
  notValid: 'This pass is not valid.',
  cancelled: 'This pass was cancelled.',
  used: 'This pass has been used.',
  outsideWindow: 'This pass is outside its visiting window.',
  wrongWeekday: (weekday: Weekday) =>
    `This pass is not valid on ${weekday.charAt(0)}${weekday.slice(1).toLowerCase()}.`,
  justScanned: (seconds: number) =>
    `This pass was scanned a moment ago. Scan it again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
} as const;

export const SCAN_LABELS = { in: 'Check-in', out: 'Check-out' } as const;

/** What of a pass the judgement reads. */
export interface PassForScan {
  status: string;
  checkpoint_times: number;
  repeat_type: string;
  /** Weekdays of a repeating pass, comma-separated ('MONDAY,FRIDAY'). */
  repeatType: string;
  date: string;
  start_time: string;
  /** The site's visitor_pass_checkpoint_times: the scans a one-time pass may have. */
  siteCheckpointLimit: number;
  /** When the pass was last scanned (ms since the epoch), or null if never. */
  lastScanMs: number | null;
}

export type ScanRefusal =
  'cancelled' | 'not-valid' | 'used' | 'outside-window' | 'wrong-weekday' | 'just-scanned';

/**
 * The code each refusal travels with, on the server's refusal of a scan and on a guard API
 * visitor that may be scanned neither way, so that a client words it in its own language.
 */
export const SCAN_REFUSAL_CODES = {
  cancelled: 'PASS_CANCELLED',
  'not-valid': 'PASS_NOT_VALID',
  used: 'PASS_USED',
  'outside-window': 'PASS_OUTSIDE_WINDOW',
  'wrong-weekday': 'PASS_WRONG_WEEKDAY',
  'just-scanned': 'PASS_JUST_SCANNED',
} as const satisfies Record<ScanRefusal, string>;

export type ScanVerdict =
  | { allowed: true; scanType: 'IN' | 'OUT'; label: string }
  | { allowed: false; reason: ScanRefusal; message: string };

/** Today's weekday as the API writes it ('TUESDAY'). */
export function weekdayOf(now: Date): Weekday {
  return WEEKDAYS[now.getDay()] ?? 'SUNDAY';
}

/** The pass's window: from its date at its start time, for one day or 30 (local time). */
export function passWindow(pass: Pick<PassForScan, 'date' | 'start_time' | 'repeat_type'>): {
  start: Date;
  end: Date;
} | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(pass.date);
  const time = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(pass.start_time);
  if (!day || !time) return null;
  const [year, month, date] = [Number(day[1]), Number(day[2]) - 1, Number(day[3])];
  const start = new Date(year, month, date, Number(time[1]), Number(time[2]), Number(time[3] ?? 0));
  const days = pass.repeat_type === ONE_TIME ? ONE_TIME_WINDOW_DAYS : REPEAT_WINDOW_DAYS;
  // Calendar days, not 24-hour blocks, so a daylight-saving change does not move the end.
  const end = new Date(
    year,
    month,
    date + days,
    start.getHours(),
    start.getMinutes(),
    start.getSeconds(),
  );
  return { start, end };
}

/** Whether `now` falls on one of a repeating pass's weekdays. */
export function onPassWeekday(pass: Pick<PassForScan, 'repeatType'>, now: Date): boolean {
  return pass.repeatType
    .split(',')
    .map((day) => day.trim().toUpperCase())
    .includes(weekdayOf(now));
}

/**
 * When a listed pass was last scanned (ms since the epoch), from its check-in and check-out times
 * (UTC 'YYYY-MM-DD HH:MM:SS'); null if never.
 */
export function lastScanMsOf(pass: {
  check_in_time: string | null;
  check_out_time: string | null;
}): number | null {
  const times = [pass.check_in_time, pass.check_out_time]
    .filter((time): time is string => Boolean(time))
    .map((time) => new Date(`${time.replace(' ', 'T')}Z`).getTime())
    .filter((ms) => !Number.isNaN(ms));
  return times.length > 0 ? Math.max(...times) : null;
}

function refused(reason: ScanRefusal, message: string): ScanVerdict {
  return { allowed: false, reason, message };
}

/** Whether the pass may be scanned now and which way; if not, why, in words. */
export function judgeScan(pass: PassForScan, now: Date): ScanVerdict {
  if (pass.status === CANCELLED) return refused('cancelled', SCAN_MESSAGES.cancelled);
  if (pass.status !== VALID) return refused('not-valid', SCAN_MESSAGES.notValid);
  if (pass.checkpoint_times > MAX_CHECKPOINT_TIMES) return refused('used', SCAN_MESSAGES.used);
  const oneTime = pass.repeat_type === ONE_TIME;
  if (oneTime && pass.checkpoint_times + 1 > pass.siteCheckpointLimit) {
    return refused('used', SCAN_MESSAGES.used);
  }
  // Only a coming-in scan (the 1st, the 3rd) is held to the window and the weekdays: a visitor
  // inside may always be let out.
  const comingIn = (pass.checkpoint_times + 1) % 2 === 1;
  if (comingIn) {
    const window = passWindow(pass);
    if (!window || now < window.start || now > window.end) {
      return refused('outside-window', SCAN_MESSAGES.outsideWindow);
    }
    if (!oneTime && !onPassWeekday(pass, now)) {
      return refused('wrong-weekday', SCAN_MESSAGES.wrongWeekday(weekdayOf(now)));
    }
  }
  // A scanner's double read must not check the visitor in and straight out again; the desk says
  // so at the first read, with how long to wait, rather than offering a scan it will refuse.
  const sinceLastScan = pass.lastScanMs === null ? null : now.getTime() - pass.lastScanMs;
  if (sinceLastScan !== null && sinceLastScan < REPEAT_SCAN_MS) {
    const seconds = Math.max(1, Math.ceil((REPEAT_SCAN_MS - sinceLastScan) / 1000));
    return refused('just-scanned', SCAN_MESSAGES.justScanned(seconds));
  }
  return pass.checkpoint_times === 1
    ? { allowed: true, scanType: 'OUT', label: SCAN_LABELS.out }
    : { allowed: true, scanType: 'IN', label: SCAN_LABELS.in };
}

/** What of a pass the Overdue mark reads. */
export type PassForOverdue = Pick<PassForScan, 'date' | 'start_time'> & {
  end_time: string;
  latest_scan_type: string | null;
  /** When the visitor last came in (UTC 'YYYY-MM-DD HH:MM:SS'). */
  check_in_time: string | null;
};

function localTime(text: string): [number, number, number] | null {
  const time = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  return time ? [Number(time[1]), Number(time[2]), Number(time[3] ?? 0)] : null;
}

/**
 * The end of the visit a visitor inside came for: the pass's end time on the (local) day they
 * came in, or the next day for a visit that runs past midnight (end before start). A pass
 * without a check-in time counts from its own date.
 */
export function visitEnd(pass: PassForOverdue): Date | null {
  const end = localTime(pass.end_time);
  const start = localTime(pass.start_time);
  if (!end || !start) return null;
  let day: Date;
  if (pass.check_in_time) {
    day = new Date(`${pass.check_in_time.replace(' ', 'T')}Z`);
  } else {
    const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(pass.date);
    if (!date) return null;
    day = new Date(Number(date[1]), Number(date[2]) - 1, Number(date[3]));
  }
  if (Number.isNaN(day.getTime())) return null;
  const overnight =
    end[0] * 3600 + end[1] * 60 + end[2] < start[0] * 3600 + start[1] * 60 + start[2];
  return new Date(
    day.getFullYear(),
    day.getMonth(),
    day.getDate() + (overnight ? 1 : 0),
    end[0],
    end[1],
    end[2],
  );
}

/**
 * When a visitor checked in at `checkedInAt` is due out: the end of the visit they came for, as
 * visitEnd reads it. The server keeps it on the pass (due_out_at), so Overstay is a range query.
 */
export function dueOutAfter(
  pass: Pick<PassForOverdue, 'date' | 'start_time' | 'end_time'>,
  checkedInAt: Date,
): Date | null {
  const checkIn = checkedInAt.toISOString().slice(0, 19).replace('T', ' ');
  return visitEnd({ ...pass, latest_scan_type: 'IN', check_in_time: checkIn });
}

/**
 * Overdue, our own mark (not the spec's button rule): a visitor still inside after the end time
 * of the day they came in. A visitor expected 12:30 to 1:30 pm and inside at 2:50 pm is overdue.
 */
export function isOverdue(pass: PassForOverdue, now: Date): boolean {
  if (pass.latest_scan_type !== 'IN') return false;
  const end = visitEnd(pass);
  return end !== null && now > end;
}

/** Where a visitor stands at the gate, as the guard app lists them (lower case, as it reads them). */
export type GateStatus = 'upcoming' | 'checked_in' | 'checked_out' | 'overtime';

/** Not yet arrived, inside (or inside past the pass's window: overtime), or gone. */
export function gateStatus(pass: PassForOverdue, now: Date): GateStatus {
  if (pass.latest_scan_type === 'OUT') return 'checked_out';
  if (pass.latest_scan_type === 'IN') return isOverdue(pass, now) ? 'overtime' : 'checked_in';
  return 'upcoming';
}
