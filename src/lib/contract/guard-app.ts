/**
 * The guard app's API (`/api/v1/guard/...`, ../shared/guard-app-api.md): the answers the guards'
 * mobile app reads, with its field names and integer ids, and the kiosk's few calls of its own.
 * Times the server writes are ISO 8601 in UTC ('2026-11-24T08:00:00Z'): the app parses them as
 * instants, where our console API's 'YYYY-MM-DD HH:mm:ss' would read as the phone's local time.
 */

/** Every answer: `data` on success; a failure carries only a message (and sometimes a code). */
export interface GuardAppAnswer<T> {
  success: true;
  message: string;
  data: T;
}

export interface GuardAppFailure {
  success: false;
  message: string;
  /** SESSION_SUPERSEDED when another device took over the guard's session; others as the console's. */
  code?: string;
}

export interface GuardAppGuard {
  id: number;
  uuid: string;
  name: string;
  email: string | null;
  phone: string;
  profile_image_url: string | null;
  role: 'guard';
}

/** A site the guard is assigned to, where the guard service is enabled. */
export interface GuardAppResidence {
  id: number;
  uuid: string;
  name: string;
  address: string;
  city: string;
  state: string;
  postcode: string;
  image_url: string | null;
  role: 'guard';
  security_company_uuid: string | null;
}

export interface GuardAppSwitchDevice {
  is_switch_device: true;
  previous_device_label: string;
  message: string;
}

/** POST auth/login. With `switch_device`, the token opens nothing: the app resends with is_proceed. */
export interface GuardAppLoginData {
  token: string;
  guard: GuardAppGuard;
  residences: GuardAppResidence[];
  switch_device?: GuardAppSwitchDevice;
}

export interface GuardAppLoginBody {
  email_or_phone: string;
  password: string;
  device_unique_id: string;
  device_model?: string;
  brand?: string;
  is_proceed?: 0 | 1;
}

export interface GuardAppMeData {
  guard: GuardAppGuard;
  residences: GuardAppResidence[];
}

export interface GuardAppVerifyPinBody {
  pin: string;
  residence_uuid: string;
  /** At a kiosk: which of the site's guards is typing (the kiosk's credential has no guard). */
  guard_uuid?: string;
}

export interface GuardAppVerifyPinData {
  pin_verified: true;
  guard_uuid: string;
  security_company_uuid: string;
  /**
   * At a kiosk, the guard's session there, for the action the guard chooses next; in the app, the
   * session it called with (issue 38).
   */
  token?: string;
  /** At a kiosk only. */
  guard?: GuardAppGuard;
  /** The guard's open shift at any site, or null. */
  open_shift?: GuardAppAttendance | null;
  /** The guard's rostered shift now or within 12 hours, at any site, or null. */
  rostered_shift?: GuardAppRosteredShift | null;
}

/** A guard's rostered shift as the kiosk hears of it after the PIN (issue 36). */
export interface GuardAppRosteredShift {
  uuid: string;
  name: string;
  residence_uuid: string;
  residence_name: string;
  /** The sites' wall clock with its offset. */
  starts_at: string | null;
  ends_at: string | null;
  /** Whether it is at the kiosk's own site. */
  at_this_site: boolean;
}

/** A shift as the app reads it; our extras (location, distance from the site) follow the app's keys. */
export interface GuardAppAttendance {
  id: number;
  uuid: string;
  guard_uuid: string;
  residence_id: number;
  residence_uuid: string;
  residence_name: string;
  started_at: string | null;
  ended_at: string | null;
  is_open: boolean;
  start_photo_url: string | null;
  end_photo_url: string | null;
  start_lat: number | null;
  start_lng: number | null;
  end_lat: number | null;
  end_lng: number | null;
  /** Metres from the site's position at check-in and check-out, when both are known. */
  start_distance_m: number | null;
  end_distance_m: number | null;
  /** True when either distance is beyond the server's geofence radius. */
  away_from_site: boolean;
}

export type GuardAppVisitorStatus = 'upcoming' | 'checked_in' | 'checked_out' | 'overtime';

export interface GuardAppUnit {
  uuid: string;
  display_label: string;
  unit_number: string;
  block: string;
  floor: string;
}

export interface GuardAppScanRefusal {
  code: string;
  message: string;
}

export interface GuardAppVisitor {
  id: number;
  uuid: string;
  name: string;
  mobile_number: string;
  vehicle_number: string;
  unit: Omit<GuardAppUnit, 'uuid'> | null;
  host_name: string;
  category: string;
  status: GuardAppVisitorStatus;
  eta_arrival: string | null;
  eta_exit: string | null;
  actual_arrival_time: string | null;
  actual_exit_time: string | null;
  /**
   * Times are the sites' wall clock with its offset ('2026-05-25T22:36:11+08:00'): the app shows
   * the digits as sent. The labels are what its details page shows: '25 May 2026, 10:36 pm'.
   */
  eta_arrival_label: string | null;
  eta_exit_label: string | null;
  actual_arrival_time_label: string | null;
  actual_exit_time_label: string | null;
  qr_code_data: string;
  ic_passport_no_masked: string;
  can_check_in: boolean;
  can_check_out: boolean;
  photo_url: string | null;
  /**
   * Why the pass may be scanned neither way now, as the desk's refusal would say it (code and
   * English words, `judgeScan`'s); null when it may be (issue 34, added after the app's keys).
   */
  refusal: GuardAppScanRefusal | null;
  /** The watchlist's reasons for this visitor at the site, on a scan's look-up only (issue 23). */
  watchlist?: string[];
  /**
   * Who overrode those reasons and when (the sites' wall clock with its offset), on a scan's
   * look-up; null when nobody overrode every one of them (issue 34).
   */
  watchlist_override?: { by: string; at: string } | null;
}

export interface GuardAppVisitorCounts {
  all_visitors: number;
  overtime: number;
  checked_in: number;
  upcoming: number;
  checked_out: number;
}

/** GET residences/{site}/visitors: the list sits under the key the status names, or all_visitors. */
export type GuardAppVisitorsData = {
  date: string;
  counts: GuardAppVisitorCounts;
} & Partial<
  Record<'all_visitors' | 'upcoming' | 'checked_in' | 'overtime' | 'checked_out', GuardAppVisitor[]>
>;

export interface GuardAppVisitorType {
  id: number;
  uuid: string;
  name: string;
}

export interface GuardAppHost {
  id: number;
  user_id: number | null;
  name: string;
  phone: string;
  membership_role: string;
}

export interface GuardAppIncidentType {
  key: string;
  label: string;
}

/** GET kiosk: the enrolled device and its site. */
export interface KioskData {
  kiosk: { uuid: string; label: string };
  residence: GuardAppResidence;
  /** The company lets guards start and end shifts here with their PIN alone, without a selfie. */
  pin_only_shifts: boolean;
}

/** GET kiosk/guards: the site's guards a kiosk offers to pick from. */
export interface KioskGuard {
  uuid: string;
  guard_id: string;
  name: string;
  profile_image_url: string | null;
}
