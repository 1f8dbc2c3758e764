import type { Generated } from 'kysely';

/** Table types for Kysely. Column names match the API's where the spec names them. */

type Timestamps = {
  created_at: Generated<string>;
  updated_at: Generated<string>;
  deleted_at: string | null;
};

export interface FilesTable {
  uuid: string;
  access_key: string;
  storage_name: string;
  filename: string;
  mime_type: string;
  size: number;
  /** The user profile that uploaded it; null for seeded files. */
  uploaded_by: string | null;
  /** The guard that uploaded it through the guard app or a kiosk. */
  uploaded_by_guard_uuid: Generated<string | null>;
  created_at: Generated<string>;
  /** 1 once a record holds it (kept by triggers); uploads never attached are removed in time. */
  attached: Generated<number>;
}

/** Scheduled work runs in one process at a time: the one that holds the job's lease. */
export interface JobLeasesTable {
  name: string;
  held_until: string;
}

export interface SecurityCompaniesTable extends Timestamps {
  uuid: string;
  name: string;
  brn: Generated<string>;
  license_number: Generated<string>;
  license_expiry_date: string | null;
  address: Generated<string>;
  lat: number | null;
  lng: number | null;
  is_active: Generated<number>;
  kg_user_profile_uuid: string | null;
  /** The watch's settings (issue 36): minutes of grace, minutes to a no-show, weekly hours. */
  late_grace_minutes: Generated<number>;
  no_show_minutes: Generated<number>;
  weekly_hours_limit: Generated<number>;
  /** Below this share (%) of a night's checkpoints scanned, a site alerts (issue 38). */
  patrol_completion_percent: Generated<number>;
}

/** The integer the guard app reads as a record's `id`, given by a trigger on insert. */
type IntegerId = Generated<number>;

export interface ResidencesTable extends Timestamps {
  id: IntegerId;
  uuid: string;
  name: string;
  address: Generated<string>;
  type: Generated<string>;
  status: Generated<string>;
  lat: number | null;
  lng: number | null;
  security_company_uuid: string | null;
  cover_file_uuid: string | null;
  kipleguard_enabled: Generated<number>;
  kipleguard_visitors: Generated<number>;
  kipleguard_reporting: Generated<number>;
  kipleguard_attendance: Generated<number>;
  hdf_enabled: Generated<number>;
  visitor_pass_checkpoint_times: Generated<number>;
  /** 1 when guards may start and end shifts with their PIN alone, without a selfie. */
  pin_only_shifts: Generated<number>;
}

export interface UnitsTable {
  uuid: string;
  residence_uuid: string;
  name: string;
  owner_name: Generated<string>;
  /** The number the gate calls for the unit ('' when none). */
  contact_number: Generated<string>;
}

export interface UserProfilesTable extends Timestamps {
  uuid: string;
  name: string;
  email: string;
  phone: Generated<string>;
  address: Generated<string>;
  ic_passport_number: Generated<string>;
  photo_file_uuid: string | null;
  is_active: Generated<number>;
}

export interface IdentitiesTable {
  uuid: string;
  user_profile_uuid: string;
  type: Generated<string>;
  identifier: string;
  challenge_hash: string;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export type RoleType = 'superadmin' | 'securitycompany' | 'sitesupervisor';

export interface UserRolesTable {
  uuid: string;
  user_profile_uuid: string;
  type: RoleType;
  security_company_uuid: string | null;
  created_at: Generated<string>;
}

export interface SiteSupervisorsTable extends Timestamps {
  uuid: string;
  kg_user_profile_uuid: string;
  security_company_uuid: string;
  staff_id: Generated<string>;
  is_active: Generated<number>;
}

export interface SiteSupervisorResidencesTable {
  supervisor_uuid: string;
  residence_uuid: string;
}

export interface GuardsTable extends Timestamps {
  id: IntegerId;
  uuid: string;
  guard_id: string;
  name: string;
  email: string | null;
  address: Generated<string>;
  contact_number: Generated<string>;
  ic_passport_number: Generated<string>;
  nationality: Generated<string>;
  birthdate: string | null;
  is_active: Generated<number>;
  security_company_uuid: string;
  pin: string | null;
  photo_file_uuid: string | null;
}

export interface GuardResidencesTable {
  guard_uuid: string;
  residence_uuid: string;
  /** 1 while the guard is live, kept by triggers (migration 2026-11-23T10). */
  guard_live: Generated<number>;
}

export interface AttendancesTable {
  id: IntegerId;
  uuid: string;
  guard_uuid: string;
  residence_uuid: string;
  checkin_at: string | null;
  checkout_at: string | null;
  checkin_lat: number | null;
  checkin_lng: number | null;
  checkout_lat: number | null;
  checkout_lng: number | null;
  checkin_photo_file_uuid: string | null;
  checkout_photo_file_uuid: string | null;
  /** Metres from the site's position, when the site and the guard's location were both known. */
  checkin_distance_m: Generated<number | null>;
  checkout_distance_m: Generated<number | null>;
  created_at: Generated<string>;
  /** When the retention job deleted the shift's selfies. */
  selfies_removed_at: Generated<string | null>;
}

/** A guard's one open shift, started through the guard app or a kiosk. */
export interface OpenShiftsTable {
  guard_uuid: string;
  attendance_uuid: string;
  started_at: string;
}

export interface VisitorsTable extends Timestamps {
  id: IntegerId;
  uuid: string;
  residence_uuid: string;
  unit_uuid: string | null;
  name: string;
  car_plate_number: Generated<string>;
  phone_number: Generated<string>;
  category: string;
  type: Generated<string>;
  repeat_type: Generated<string>;
  /** Comma-separated weekdays of a repeating pass (the API's repeatType). */
  repeat_days: Generated<string>;
  date: string;
  start_time: string;
  end_time: string;
  checkpoint_times: Generated<number>;
  status: Generated<string>;
  latest_scan_type: 'IN' | 'OUT' | null;
  qr_code: string;
  /** JSON array of file uuids. */
  walkin_photo: Generated<string>;
  hdf: string | null;
  visitor_temp: number | null;
  health_code: string | null;
  qrcode_expired_at: string | null;
  created_by: string | null;
  /** The guard that registered a walk-in at the gate. */
  created_by_guard_uuid: Generated<string | null>;
  ic_passport_number: Generated<string>;
  email: Generated<string>;
  purpose: Generated<string>;
  /** When the retention job removed the visitor's name, phone, document, plate and photos. */
  personal_data_removed_at: Generated<string | null>;
  /** Whom the visitor comes to see: the unit's owner or a named resident (issued passes). */
  host_name: Generated<string>;
  remarks: Generated<string>;
  /** When the pass was cancelled (its status is then CANCELLED); the record stays. */
  cancelled_at: Generated<string | null>;
  /** The token of the pass's public e-pass link (/pass/{token}); null once revoked. */
  epass_token: Generated<string | null>;
  /** When a visitor inside is due out: the end of the visit, written at each check-in (UTC). */
  due_out_at: Generated<string | null>;
  /** The access card handed to the visitor at the gate: its number (blank if none given), and when. */
  access_card_number: Generated<string>;
  access_card_issued_at: Generated<string | null>;
}

export interface VisitorPassScansTable {
  uuid: string;
  visitor_uuid: string;
  scan_type: 'IN' | 'OUT';
  created_at: Generated<string>;
  /** The user profile that scanned the pass; null for seeded scans. */
  scanned_by: string | null;
  /** The guard that scanned it at the gate. */
  scanned_by_guard_uuid: Generated<string | null>;
}

export interface HealthApplicationsTable {
  uuid: string;
  visitor_uuid: string;
  status: string;
  qrcode_expired_at: string | null;
  creator_temp: number | null;
  creator_temp_updated_at: string | null;
  created_at: Generated<string>;
}

export interface IncidentCategoriesTable {
  uuid: string;
  name: string;
}

export interface IncidentsTable extends Timestamps {
  uuid: string;
  kg_incident_id: string;
  category_uuid: string;
  residence_uuid: string;
  incident_date: string;
  lat: number | null;
  lng: number | null;
  description: string;
  actions_taken: Generated<string>;
  status: Generated<'PENDING' | 'RESOLVED'>;
  reported_by_guard_uuid: string | null;
  reported_by_user_uuid: string | null;
  /** The guard app's key for a report it may send twice; unique per guard. */
  idempotency_key: Generated<string | null>;
  /**
   * The sequence kg_incident_id was taken from: the uuid of the site's company when the incident
   * was written, '' for a site without one. Numbers are unique within a sequence.
   */
  number_sequence: Generated<string>;
}

export interface IncidentFilesTable {
  incident_uuid: string;
  file_uuid: string;
  position: Generated<number>;
}

export interface SessionsTable {
  uuid: string;
  token_hash: string;
  user_profile_uuid: string;
  created_at: Generated<string>;
  expires_at: string;
  revoked_at: string | null;
  /** Last use, written at most every SESSION_ACTIVITY_STEP_MS; null until the first after sign-in. */
  last_seen_at: Generated<string | null>;
  /** Where it was signed in from: the browser's User-Agent (cut at 300) and the client address. */
  user_agent: Generated<string | null>;
  client_address: Generated<string | null>;
}

/** Failed password checks per key; times in milliseconds since the epoch. */
export interface AuthThrottleTable {
  key: string;
  failures: number;
  window_started_at: number;
  next_attempt_at: Generated<number>;
}

/** Proofs of re-verification (token hashes), bound to a session, single-use. */
export interface VerificationTokensTable {
  token_hash: string;
  session_uuid: string;
  expires_at: string;
  used_at: string | null;
}

/** A backup archive written, by npm run backup or the scheduled backup. */
export interface BackupsTable {
  /** The archive's file name. */
  archive: string;
  taken_at: string;
  bytes: number;
}

/** Named counters shared by every server process (incident numbers). */
export interface CountersTable {
  name: string;
  value: number;
}

/** Rows per site of the big lists, kept by triggers: unfiltered lists add these up. */
export interface SiteRowCountsTable {
  list: 'attendances' | 'visitors' | 'incidents';
  residence_uuid: string;
  n: number;
}

/** A reset code sets a console identity's password, or a guard's guard-app password. */
export interface PasswordResetCodesTable {
  uuid: string;
  identity_uuid: string | null;
  guard_uuid: string | null;
  code_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: Generated<string>;
}

/** Live guards per company, kept by triggers: the companies page reads these. */
export interface CompanyGuardCountsTable {
  company_uuid: string;
  n: number;
}

/** A supervisor reaches a guard through a live link at one of its live sites (kept by triggers). */
export interface SupervisorGuardsTable {
  supervisor_uuid: string;
  guard_uuid: string;
}

export interface SupervisorGuardCountsTable {
  supervisor_uuid: string;
  n: number;
}

/** A guard's password for the guard app. */
export interface GuardCredentialsTable {
  guard_uuid: string;
  password_hash: string;
  /** The guard's email in lower case and contact number, unique among guards with app access. */
  sign_in_email: string | null;
  sign_in_phone: string | null;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

/** A site's shift pattern (issue 36): times 'HH:MM' in local time, weekdays as ISO digits. */
export interface ShiftPatternsTable {
  uuid: string;
  residence_uuid: string;
  name: string;
  start_time: string;
  end_time: string;
  headcount: number;
  weekdays: string;
  created_at: Generated<string>;
  updated_at: Generated<string>;
  deleted_at: string | null;
}

/** A site's patrol checkpoint (issue 38): `code` is what its QR sticker holds after the prefix. */
export interface CheckpointsTable {
  uuid: string;
  residence_uuid: string;
  name: string;
  instructions: Generated<string>;
  latitude: number | null;
  longitude: number | null;
  code: string;
  retired_at: string | null;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

/** A site's patrol round (issue 38): `times` 'HH:MM' comma-joined, earliest first. */
export interface RoundsTable {
  uuid: string;
  residence_uuid: string;
  name: string;
  in_order: number;
  allowed_minutes: number;
  schedule_kind: 'times' | 'every';
  times: Generated<string>;
  every_hours: number | null;
  pattern_uuid: string | null;
  retired_at: string | null;
  created_at: Generated<string>;
  updated_at: Generated<string>;
  /** Its patrols are planned up to this time (null: not yet, or to plan again). */
  planned_until: string | null;
}

/** One time a round is due (issue 38), walked by one guard. */
export interface PatrolsTable {
  uuid: string;
  round_uuid: string;
  residence_uuid: string;
  due_at: string;
  /** due_at plus the round's minutes allowed: the watch closes it then. */
  closes_at: string;
  /** The round's checkpoint uuids when planned, in their order, comma-joined. */
  checkpoints: string;
  checkpoints_total: number;
  checkpoints_scanned: Generated<number>;
  state: Generated<string>;
  guard_uuid: string | null;
  started_at: string | null;
  finished_at: string | null;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

/** A checkpoint scanned on a patrol: once per checkpoint and patrol. */
export interface PatrolScansTable {
  uuid: string;
  patrol_uuid: string;
  checkpoint_uuid: string;
  position: number;
  guard_uuid: string;
  /** The phone's time of the scan, bounded by the upload's. */
  scanned_at: string;
  received_at: string;
  sent_late: Generated<number>;
  note: Generated<string>;
  photo_file_uuid: string | null;
}

/** A round's checkpoints in their order (position 0 first). */
export interface RoundCheckpointsTable {
  round_uuid: string;
  position: number;
  checkpoint_uuid: string;
}

/** One guard's place in a dated shift: a pattern's slot on one day, or a one-off. */
export interface ShiftsTable {
  uuid: string;
  residence_uuid: string;
  pattern_uuid: string | null;
  slot: Generated<number>;
  name: string;
  date: string;
  starts_at: string;
  ends_at: string;
  guard_uuid: string | null;
  cancelled_at: string | null;
  created_at: Generated<string>;
  updated_at: Generated<string>;
  /** The watch's state (ShiftState), and the attendance that started it once attached. */
  state: Generated<string>;
  attendance_uuid: Generated<string | null>;
  started_at: Generated<string | null>;
  ended_at: Generated<string | null>;
  late_minutes: Generated<number | null>;
}

/** An alert the watch raised (issue 36): once per dedupe_key, however many processes run. */
export interface AlertsTable {
  uuid: string;
  kind: string;
  dedupe_key: string;
  security_company_uuid: string | null;
  residence_uuid: string | null;
  shift_uuid: string | null;
  guard_uuid: string | null;
  /** The patrol a patrol alert is about (issue 38). */
  patrol_uuid: Generated<string | null>;
  /** An SOS's acknowledgement: when, and by whom (a profile's name). */
  acknowledged_at: Generated<string | null>;
  acknowledged_by: Generated<string | null>;
  message: string;
  created_at: string;
  /** 1 once a digest step has taken it to mail (the one whose update turned it). */
  digested: Generated<number>;
}

export interface AlertReadsTable {
  profile_uuid: string;
  alert_uuid: string;
}

/** A user's choice for one site; no row means every alert, by email too. */
export interface AlertPreferencesTable {
  profile_uuid: string;
  residence_uuid: string;
  late: number;
  no_show: number;
  email: number;
}

/** A device enrolled as a kiosk for one site. */
export interface KiosksTable {
  uuid: string;
  residence_uuid: string;
  label: string;
  token_hash: string;
  enrolled_by: string | null;
  created_at: Generated<string>;
  last_seen_at: string | null;
  revoked_at: string | null;
}

export type GuardSessionEnd = 'signed-out' | 'superseded' | 'access-revoked' | 'kiosk-revoked';

/** A guard's session: in the app on one device, or at one kiosk. */
export interface GuardSessionsTable {
  uuid: string;
  token_hash: string;
  guard_uuid: string;
  kiosk_uuid: string | null;
  device_unique_id: Generated<string>;
  device_label: Generated<string>;
  created_at: Generated<string>;
  expires_at: string;
  revoked_at: string | null;
  revoked_reason: GuardSessionEnd | null;
  pin_verified_at: string | null;
  pin_verified_residence_uuid: string | null;
}

/** One entry of the append-only audit trail (modules/audit). */
/** Each name the audit trail holds (actors' and records'), once: what a search by text reads. */
export interface AuditNamesTable {
  name: string;
}

export interface AuditEntriesTable {
  id: Generated<number>;
  uuid: string;
  created_at: string;
  action: string;
  entity: string;
  entity_uuid: string | null;
  entity_label: string | null;
  actor_uuid: string | null;
  actor_name: string | null;
  actor_role: string;
  security_company_uuid: string | null;
  /** JSON: {field: {before, after}}. */
  changes: string;
  client_address: string | null;
  user_agent: string | null;
}

/** A watchlist entry (issue 23): each identifying field as given and as its key ('' when not given). */
export interface WatchlistEntriesTable {
  uuid: string;
  security_company_uuid: string;
  /** The one site the entry is for; null for every site of the company. */
  residence_uuid: string | null;
  name: Generated<string>;
  ic_passport_number: Generated<string>;
  car_plate_number: Generated<string>;
  phone_number: Generated<string>;
  name_key: Generated<string>;
  document_key: Generated<string>;
  plate_key: Generated<string>;
  phone_key: Generated<string>;
  reason: string;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface Database {
  files: FilesTable;
  security_companies: SecurityCompaniesTable;
  residences: ResidencesTable;
  units: UnitsTable;
  user_profiles: UserProfilesTable;
  identities: IdentitiesTable;
  user_roles: UserRolesTable;
  site_supervisors: SiteSupervisorsTable;
  site_supervisor_residences: SiteSupervisorResidencesTable;
  guards: GuardsTable;
  guard_residences: GuardResidencesTable;
  attendances: AttendancesTable;
  visitors: VisitorsTable;
  visitor_pass_scans: VisitorPassScansTable;
  health_applications: HealthApplicationsTable;
  incident_categories: IncidentCategoriesTable;
  incidents: IncidentsTable;
  incident_files: IncidentFilesTable;
  sessions: SessionsTable;
  password_reset_codes: PasswordResetCodesTable;
  auth_throttle: AuthThrottleTable;
  counters: CountersTable;
  backups: BackupsTable;
  site_row_counts: SiteRowCountsTable;
  verification_tokens: VerificationTokensTable;
  open_shifts: OpenShiftsTable;
  guard_credentials: GuardCredentialsTable;
  shift_patterns: ShiftPatternsTable;
  shifts: ShiftsTable;
  checkpoints: CheckpointsTable;
  rounds: RoundsTable;
  round_checkpoints: RoundCheckpointsTable;
  patrols: PatrolsTable;
  patrol_scans: PatrolScansTable;
  alerts: AlertsTable;
  alert_reads: AlertReadsTable;
  alert_preferences: AlertPreferencesTable;
  kiosks: KiosksTable;
  guard_sessions: GuardSessionsTable;
  company_guard_counts: CompanyGuardCountsTable;
  supervisor_guards: SupervisorGuardsTable;
  supervisor_guard_counts: SupervisorGuardCountsTable;
  job_leases: JobLeasesTable;
  audit_entries: AuditEntriesTable;
  audit_names: AuditNamesTable;
  watchlist_entries: WatchlistEntriesTable;
}
