import type { ScanType, Visitor, VisitorRow } from '@contract/visitors';
import { formatLocalDateTime, formatTimestamp } from '../../lib/dates';
import { passHost } from '@rules/pass-issuing';
import { OVERSTAY } from './visitor-quick-filters';
import {
  CANCELLED,
  isOverdue,
  judgeScan,
  ONE_TIME,
  onPassWeekday,
  passWindow,
  type ScanVerdict,
} from '@rules/visitor-pass';
import { visitorTemperature } from '../../lib/visitor-health';

/**
 * How a pass reads on every visitors screen and in its export, so the list, the details page,
 * the desk and the CSV say the same thing.
 */

/** A pass's date and times are the site's local day and time ('YYYY-MM-DD', 'HH:mm:ss'). */
function passTime(date: string, time: string): string {
  return formatLocalDateTime(`${date} ${time.length === 5 ? `${time}:00` : time}`);
}

/** When the visitor is expected to arrive: the pass's date at its start time. */
export function expectedArrival(pass: Pick<VisitorRow, 'date' | 'start_time'>): string {
  return passTime(pass.date, pass.start_time);
}

/** When the visitor is expected to leave: the pass's date at its end time. */
export function expectedExit(pass: Pick<VisitorRow, 'date' | 'end_time'>): string {
  return passTime(pass.date, pass.end_time);
}

/** The local day of a moment, as a pass writes its date ('YYYY-MM-DD'). */
function localDay(moment: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}`;
}

/**
 * The desk's Expected line: on a repeating pass that is valid today (inside its 30 days, on one
 * of its weekdays), today's window; otherwise the pass's own date and times.
 */
export function expectedWindow(
  pass: Pick<VisitorRow, 'date' | 'start_time' | 'end_time' | 'repeat_type' | 'repeatType'>,
  now: Date,
): string {
  const window = passWindow(pass);
  const validToday =
    pass.repeat_type !== ONE_TIME &&
    window !== null &&
    now >= window.start &&
    now <= window.end &&
    onPassWeekday(pass, now);
  const day = validToday ? localDay(now) : pass.date;
  return `${passTime(day, pass.start_time)} to ${passTime(day, pass.end_time)}`;
}

/**
 * Spec part 2 §4: the latest scan, IN or OUT, and NOT YET ARRIVED before the first; a pass
 * cancelled before its visitor came reads CANCELLED, since nobody is expected on it any more.
 */
export function latestScanText(pass: Pick<VisitorRow, 'latest_scan_type' | 'status'>): string {
  if (pass.latest_scan_type) return pass.latest_scan_type;
  return pass.status === CANCELLED ? 'CANCELLED' : 'NOT YET ARRIVED';
}

/** The latest scan, and Overstay for a visitor still inside after the pass's window (the CSV's). */
export function latestScanWithOverdue(pass: VisitorRow, now: Date): string {
  const text = latestScanText(pass);
  return isOverdue(pass, now) ? `${text} (${OVERSTAY})` : text;
}

/** The temperature the pass is judged by, to one decimal; '' when there is no reading. */
export function temperatureText(pass: VisitorRow): string {
  const temperature = visitorTemperature(pass);
  return temperature === null ? '' : temperature.toFixed(1);
}

/** Weekday names as people read them: 'MONDAY,FRIDAY' → 'Monday, Friday'. */
function weekdayNames(days: string): string {
  return days
    .split(',')
    .map((day) => day.trim())
    .filter(Boolean)
    .map((day) => `${day.charAt(0)}${day.slice(1).toLowerCase()}`)
    .join(', ');
}

/** What kind of pass it is: for one visit, or repeating on some weekdays for 30 days. */
export function passKind(pass: Pick<VisitorRow, 'repeat_type' | 'repeatType'>): string {
  if (pass.repeat_type === ONE_TIME) return 'One-time pass';
  const days = weekdayNames(pass.repeatType);
  return days ? `Repeating pass (${days})` : 'Repeating pass';
}

/** The host: the one the pass names, else the owner of the unit the visitor comes to. */
export function hostName(pass: Pick<VisitorRow, 'host_name' | 'residence_unit'>): string {
  return passHost(pass.host_name, pass.residence_unit?.owner_name);
}

export function unitName(pass: Pick<VisitorRow, 'residence_unit'>): string {
  return pass.residence_unit?.name ?? '';
}

/** What a pass shows for its visitor once the retention job removed the visitor's details. */
export const PERSONAL_DATA_REMOVED = 'Removed (retention)';

/** The visitor's name, or what stands in for it once removed by the retention job. */
export function visitorName(pass: Pick<VisitorRow, 'name' | 'personal_data_removed_at'>): string {
  return pass.personal_data_removed_at ? PERSONAL_DATA_REMOVED : pass.name;
}

export function creatorName(pass: Pick<VisitorRow, 'user_profiles_by_created_by'>): string {
  return pass.user_profiles_by_created_by?.name ?? '';
}

/**
 * The pass as the shared check-in rules read it, with its site's checkpoint limit. The desk, which
 * reads passes from a scanner, gives the last scan (`lastScanMsOf`), so a double read is named at
 * once; the details page's button follows the spec's rules alone, and the server refuses a scan
 * seconds after another with the same words.
 */
export function verdictOf(
  visitor: VisitorRow,
  now: Date,
  lastScanMs: number | null = null,
): ScanVerdict {
  return judgeScan(
    {
      ...visitor,
      siteCheckpointLimit: visitor.residence.visitor_pass_checkpoint_times,
      lastScanMs,
    },
    now,
  );
}

/** What the desk and the details page say once a scan is recorded. */
export function scanDoneText(name: string, scanType: ScanType): string {
  return scanType === 'IN' ? `${name} checked in.` : `${name} checked out.`;
}

/** The access card handed out at the gate: 'Card 0123 (27 Nov 2026 10:05)', 'Issued …', or ''. */
export function accessCardText(
  pass: Pick<Visitor, 'access_card_number' | 'access_card_issued_at'>,
): string {
  if (!pass.access_card_issued_at) return '';
  const when = formatTimestamp(pass.access_card_issued_at);
  return pass.access_card_number
    ? `Card ${pass.access_card_number} (${when})`
    : `Issued, without a number (${when})`;
}

/**
 * Whether the company let a listed visitor's pass through the watchlist (issue 34): who and when,
 * or that nobody did, said beside the watchlist's reasons on the desk and the details page.
 */
export function watchlistOverrideText(pass: Pick<Visitor, 'watchlist_override'>): string {
  const override = pass.watchlist_override;
  return override
    ? `Issued despite the watchlist by ${override.by || 'an unknown user'} on ${formatTimestamp(override.at)}.`
    : 'Nobody has overridden this listing.';
}
