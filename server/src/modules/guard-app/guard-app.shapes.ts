import type { Patrol } from '@contract/patrols';
import type {
  GuardAppAnswer,
  GuardAppAttendance,
  GuardAppFailure,
  GuardAppGuard,
  GuardAppResidence,
  GuardAppUnit,
  GuardAppVisitor,
} from '@contract/guard-app';
import type { Attendance } from '@contract/attendances';
import type { VisitorRow } from '@contract/visitors';
import { shiftState } from '@rules/attendances';
import { gateStatus, judgeScan, SCAN_REFUSAL_CODES, visitEnd } from '@rules/visitor-pass';
import { passHost } from '@rules/pass-issuing';
import { unitParts } from '@rules/walk-ins';
import type { GuardSite } from '../../auth/principal';
import { timestampOf } from '../../db/time';
import { fileUrl } from '../files/files.repository';
import type { GuardStanding } from './guard-app.repository';

// The guard app's shapes: our records mapped to the field names, integer ids and envelope the
// app reads (../shared/guard-app-api.md). No rule lives here; every judgement is the services'.

export function answer<T>(data: T, message = 'OK'): GuardAppAnswer<T> {
  return { success: true, message, data };
}

export function failureBody(code: string, message: string): GuardAppFailure {
  return { success: false, message, code };
}

const pad = (n: number) => String(n).padStart(2, '0');
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * An instant as the sites' wall clock with its offset, '2026-05-25T22:36:11+08:00'. The app drops
 * the offset and shows the digits as they are (guard_api_time_display.dart), so they must be the
 * local ones; anything that reads the offset (the kiosk) still gets the right instant.
 */
export function localIso(ms: number | null): string | null {
  if (ms === null) return null;
  const at = new Date(ms);
  const offset = -at.getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  const zone = `${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  return (
    `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}` +
    `T${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}${zone}`
  );
}

/** A stored UTC timestamp ('YYYY-MM-DD HH:mm:ss') as the sites' wall clock (localIso). */
export function appTime(stored: string | null): string | null {
  return localIso(timestampOf(stored));
}

/**
 * An instant as the app's visitor details show it, '25 May 2026, 10:36 pm' in the sites' zone:
 * a label with letters and a comma is shown as sent (visitor_details_page.dart).
 */
export function appLabel(ms: number | null): string | null {
  if (ms === null) return null;
  const at = new Date(ms);
  const hour = at.getHours() % 12 || 12;
  const meridiem = at.getHours() < 12 ? 'am' : 'pm';
  return `${pad(at.getDate())} ${MONTHS[at.getMonth()]} ${at.getFullYear()}, ${pad(hour)}:${pad(at.getMinutes())} ${meridiem}`;
}

/** File URLs for the app: whole, since the app resolves them against no page. */
export function urlMaker(publicUrl: string) {
  return (accessKey: string | null) => (accessKey ? `${publicUrl}${fileUrl(accessKey)}` : null);
}

export type UrlMaker = ReturnType<typeof urlMaker>;

/** A Malaysian address's tail, read best-effort: '…, 47300 Petaling Jaya, Selangor'. */
export function addressParts(address: string): { city: string; state: string; postcode: string } {
  const parts = address
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length < 2) return { city: '', state: '', postcode: '' };
  const state = parts.at(-1) ?? '';
  const town = parts.at(-2) ?? '';
  const postcode = /^(\d{5})\s+(.+)$/.exec(town);
  return postcode
    ? { city: postcode[2] ?? '', state, postcode: postcode[1] ?? '' }
    : { city: town, state, postcode: '' };
}

export function toAppGuard(guard: GuardStanding, url: UrlMaker): GuardAppGuard {
  return {
    id: guard.id,
    uuid: guard.uuid,
    name: guard.name,
    email: guard.email,
    phone: guard.contact_number,
    profile_image_url: url(guard.photo_access_key),
    role: 'guard',
  };
}

export function toAppResidence(site: GuardSite, url: UrlMaker): GuardAppResidence {
  return {
    id: site.id,
    uuid: site.uuid,
    name: site.name,
    address: site.address,
    ...addressParts(site.address),
    image_url: url(site.coverAccessKey),
    role: 'guard',
    security_company_uuid: site.companyUuid,
  };
}

/** A photo URL of the console's API, made whole for the app. */
function wholeUrl(publicUrl: string, path: string | null): string | null {
  return path === null ? null : `${publicUrl}${path}`;
}

export function toAppAttendance(
  shift: Attendance & { id: number; residence_id: number },
  publicUrl: string,
  now: Date,
): GuardAppAttendance {
  return {
    id: shift.id,
    uuid: shift.uuid,
    guard_uuid: shift.kg_guard_uuid,
    residence_id: shift.residence_id,
    residence_uuid: shift.residence_uuid,
    residence_name: shift.residence_name,
    started_at: appTime(shift.checkin_at),
    ended_at: appTime(shift.checkout_at),
    // A shift left open past ABANDONED_SHIFT_HOURS is closed, as the server takes it: the app's
    // hasOpenShiftForGuard (guard_attendance_repository.dart) reads is_open over a long range.
    is_open:
      shiftState(timestampOf(shift.checkin_at), timestampOf(shift.checkout_at), now.getTime()) ===
      'open',
    start_photo_url: wholeUrl(publicUrl, shift.checkin_photo_url),
    end_photo_url: wholeUrl(publicUrl, shift.checkout_photo_url),
    start_lat: shift.checkin_lat,
    start_lng: shift.checkin_lng,
    end_lat: shift.checkout_lat,
    end_lng: shift.checkout_lng,
    start_distance_m: shift.checkin_distance_m,
    end_distance_m: shift.checkout_distance_m,
    away_from_site: shift.away_from_site,
  };
}

export function toAppUnit(unit: { uuid: string; name: string }): GuardAppUnit {
  const parts = unitParts(unit.name);
  return {
    uuid: unit.uuid,
    display_label: unit.name,
    unit_number: parts.unitNumber,
    block: parts.block,
    floor: parts.floor,
  };
}

/**
 * The visit the gate expects: its day's start time to its end time (the next day's for an
 * overnight visit), on the day of the check-in for a pass that repeats. Not the pass's validity.
 */
function visitWindow(pass: VisitorRow): { start: Date; end: Date } | null {
  const end = visitEnd(pass);
  const time = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(pass.start_time);
  if (!end || !time) return null;
  const start = new Date(end);
  start.setHours(Number(time[1]), Number(time[2]), Number(time[3] ?? 0), 0);
  if (start > end) start.setDate(start.getDate() - 1);
  return { start, end };
}

/** A pass as the app lists and shows it; what may be done with it now comes from the pass rules. */
export function toAppVisitor(
  pass: VisitorRow & {
    qr_code: string;
    photo_url: string | null;
    residence: { visitor_pass_checkpoint_times: number };
  },
  now: Date,
  publicUrl: string,
): GuardAppVisitor {
  const verdict = judgeScan(
    // The app's buttons follow the spec's rules alone; a scan seconds after another is refused
    // by the scan itself, with how long to wait.
    {
      ...pass,
      siteCheckpointLimit: pass.residence.visitor_pass_checkpoint_times,
      lastScanMs: null,
    },
    now,
  );
  const window = visitWindow(pass);
  const unit =
    pass.residence_unit && pass.unit_uuid
      ? toAppUnit({ uuid: pass.unit_uuid, name: pass.residence_unit.name })
      : null;
  return {
    id: pass.id,
    uuid: pass.uuid,
    name: pass.name,
    mobile_number: pass.phone_number,
    vehicle_number: pass.car_plate_number,
    unit: unit && {
      display_label: unit.display_label,
      unit_number: unit.unit_number,
      block: unit.block,
      floor: unit.floor,
    },
    host_name: passHost(pass.host_name, pass.residence_unit?.owner_name),
    category: pass.category,
    status: gateStatus(pass, now),
    eta_arrival: localIso(window ? window.start.getTime() : null),
    eta_exit: localIso(window ? window.end.getTime() : null),
    actual_arrival_time: appTime(pass.check_in_time),
    actual_exit_time: appTime(pass.check_out_time),
    eta_arrival_label: appLabel(window ? window.start.getTime() : null),
    eta_exit_label: appLabel(window ? window.end.getTime() : null),
    actual_arrival_time_label: appLabel(timestampOf(pass.check_in_time)),
    actual_exit_time_label: appLabel(timestampOf(pass.check_out_time)),
    qr_code_data: pass.qr_code,
    // The visitors repository masks it for every caller but the company and the superadmin.
    ic_passport_no_masked: pass.ic_passport_number,
    can_check_in: verdict.allowed && verdict.scanType === 'IN',
    can_check_out: verdict.allowed && verdict.scanType === 'OUT',
    photo_url: wholeUrl(publicUrl, pass.photo_url),
    refusal: verdict.allowed
      ? null
      : { code: SCAN_REFUSAL_CODES[verdict.reason], message: verdict.message },
  };
}

/**
 * A device's local time as the app sends it ('2026-11-24 9:05 PM', 'yyyy-MM-dd h:mm a' or
 * 'hh:mm AM/PM'; a 24-hour 'HH:mm' is read too), in the server's time zone, the sites' own.
 */
export function parseDeviceTime(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AaPp][Mm])?$/.exec(
    text.trim(),
  );
  if (!match) return null;
  const [, year, month, day, hourText, minute, second, meridiem] = match;
  let hour = Number(hourText);
  if (meridiem) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (meridiem.toUpperCase() === 'PM' ? 12 : 0);
  } else if (hour > 23) {
    return null;
  }
  const date = new Date(
    Number(year),
    Number(month) - 1,
    Number(day),
    hour,
    Number(minute),
    Number(second ?? 0),
  );
  // new Date rolls 31 February over into March: such a text is no date.
  return date.getDate() === Number(day) && Number(minute) < 60 ? date : null;
}

/** A 'yyyy-MM-dd' day, checked. */
export function isDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return date.getDate() === Number(match[3]) && date.getMonth() === Number(match[2]) - 1;
}

/** A patrol as the guard's phone reads it (issue 38): the console's shape, times in the app's form. */
export function toAppPatrol(patrol: Patrol, publicUrl: string) {
  return {
    ...patrol,
    due_at: appTime(patrol.due_at),
    closes_at: appTime(patrol.closes_at),
    started_at: appTime(patrol.started_at),
    finished_at: appTime(patrol.finished_at),
    checkpoints: patrol.checkpoints.map((checkpoint) => ({
      ...checkpoint,
      scanned_at: appTime(checkpoint.scanned_at),
      photo_url: checkpoint.photo_url ? `${publicUrl}${checkpoint.photo_url}` : null,
    })),
  };
}
