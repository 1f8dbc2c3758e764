import type { AuditAction, AuditActorRole, AuditEntity, AuditEntry } from '@contract/audit';

/** The audit screens' words, written once for the page, the History tabs and their tests. */
export const AUDIT_TEXT = {
  title: 'Audit Log',
  historyTab: 'History',
  historyOf: (record: string) => `History of ${record}`,
  searchPlaceholder: 'Search by Record or User...',
  filters: 'Filters',
  entity: 'Record type',
  anyEntity: 'All record types',
  action: 'Action',
  anyAction: 'All actions',
  user: 'User',
  from: 'From',
  to: 'To',
  apply: 'Apply filters',
  clear: 'Clear filters',
  dateInvalid: 'Enter the date as DD/MM/YYYY.',
  toBeforeFrom: 'To cannot be before From.',
  columns: {
    when: 'Date & Time',
    user: 'User',
    action: 'Action',
    record: 'Record',
    address: 'Address',
  },
  panelTitle: 'Audit entry',
  who: 'Who',
  when: 'When',
  address: 'Address',
  userAgent: 'User agent',
  record: 'Record',
  changes: 'Changes',
  field: 'Field',
  before: 'Before',
  after: 'After',
  noChanges: 'No field changes were recorded for this entry.',
  /** A value that was not there: null, absent or empty. */
  noValue: '-',
  close: 'Close',
  fileName: 'Audit_Log.csv',
} as const;

/** The kinds of record, as the filter and the Record column name them. */
export const ENTITY_LABELS: Record<AuditEntity, string> = {
  guard: 'Guard',
  site: 'Site',
  security_company: 'Security Company',
  site_supervisor: 'Site Supervisor',
  login: 'Login',
  visitor: 'Visitor',
  incident: 'Incident',
  attendance: 'Attendance',
  kiosk: 'Kiosk',
  backup: 'Backup',
  retention: 'Retention',
  watchlist: 'Watchlist',
  unit: 'Unit',
  shift_pattern: 'Shift Pattern',
  checkpoint: 'Checkpoint',
  round: 'Round',
  shift: 'Shift',
};

/** What happened, in words. */
export const ACTION_LABELS: Record<AuditAction, string> = {
  create: 'Create',
  update: 'Update',
  delete: 'Delete',
  cancel: 'Cancel',
  'sign-in': 'Sign-in',
  'sign-in-failed': 'Failed sign-in',
  'sign-out': 'Sign-out',
  'session-end': 'Session ended',
  verification: 'Verification',
  'verification-failed': 'Failed verification',
  'password-reset-request': 'Password reset requested',
  'password-reset': 'Password reset',
  'password-change': 'Password change',
  'pin-change': 'PIN change',
  'pin-reveal': 'PIN revealed',
  'pin-lockout': 'PIN lock-out',
  'app-access': 'App access given',
  'app-access-revoke': 'App access revoked',
  'kiosk-enrol': 'Kiosk enrolled',
  'kiosk-revoke': 'Kiosk revoked',
  'shift-start': 'Shift start',
  'shift-end': 'Shift end',
  'check-in': 'Check-in',
  'check-out': 'Check-out',
  backup: 'Backup',
  retention: 'Retention run',
};

const ROLE_LABELS: Record<AuditActorRole, string> = {
  superadmin: 'Super admin',
  securitycompany: 'Security company',
  sitesupervisor: 'Site supervisor',
  guard: 'Guard',
  kiosk: 'Kiosk',
  system: 'System',
  anonymous: 'Not signed in',
};

/** A label of `labels`, or the value itself when the server sends one this console does not know. */
function labelOf(labels: Readonly<Record<string, string>>, value: string): string {
  return labels[value] ?? value;
}

export const actionLabel = (entry: Pick<AuditEntry, 'action'>) =>
  labelOf(ACTION_LABELS, entry.action);
export const entityLabel = (entry: Pick<AuditEntry, 'entity'>) =>
  labelOf(ENTITY_LABELS, entry.entity);
export const roleLabel = (entry: Pick<AuditEntry, 'actor_role'>) =>
  labelOf(ROLE_LABELS, entry.actor_role);

/** Who acted: the name, else the role (the system, someone not signed in). */
export const actorName = (entry: Pick<AuditEntry, 'actor_name' | 'actor_role'>) =>
  entry.actor_name ?? roleLabel(entry);

/** The record: its kind and its name when it had one ('Guard: Ahmad Faizal', 'Backup'). */
export const recordText = (entry: Pick<AuditEntry, 'entity' | 'entity_label'>) =>
  entry.entity_label ? `${entityLabel(entry)}: ${entry.entity_label}` : entityLabel(entry);

/**
 * A changed field's value as a person reads it: '-' when there was none, the secret marker as
 * sent, a list as its items with commas, a record as 'field: value' pairs (in brackets inside a
 * list, so two records stay apart).
 */
export function auditValueText(value: unknown, nested = false): string {
  if (value === null || value === undefined || value === '') return AUDIT_TEXT.noValue;
  if (Array.isArray(value)) {
    return value.length === 0
      ? AUDIT_TEXT.noValue
      : value.map((item) => auditValueText(item, true)).join(', ');
  }
  if (typeof value === 'object') {
    const pairs = Object.entries(value).map(
      ([field, inner]) => `${field}: ${auditValueText(inner, true)}`,
    );
    if (pairs.length === 0) return AUDIT_TEXT.noValue;
    return nested ? `(${pairs.join('; ')})` : pairs.join('; ');
  }
  return String(value);
}

/**
 * A changed field as the forms label it. The server records a reference as its record's name
 * under the form's field ('site', not 'residence_uuid'); entries written before that keep their
 * ids, labelled all the same.
 */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  site: 'Site',
  sites: 'Sites',
  residence_uuid: 'Site',
  residence_uuids: 'Sites',
  company: 'Security Company',
  security_company_uuid: 'Security Company',
  unit: 'Unit',
  unit_uuid: 'Unit',
  guard: 'Guard',
  kg_guard_uuid: 'Guard',
  photo: 'Photo',
  photo_file_uuid: 'Photo',
  cover_photo: 'Cover Photo',
  name: 'Name',
  email: 'Email',
  password: 'Password',
  pin: 'PIN',
  address: 'Address',
  guard_id: 'Guard ID',
  contact_number: 'Contact No.',
  phone_number: 'Phone',
  ic_passport_number: 'IC/Passport No.',
  nationality: 'Nationality',
  birthdate: 'Birthdate',
  is_active: 'Active',
  status: 'Status',
  type: 'Type',
  lat: 'Latitude',
  lng: 'Longitude',
  brn: 'BRN',
  license_number: 'License No.',
  license_expiry_date: 'License Expiry Date',
  kipleguard_enabled: 'Guard service',
  kipleguard_visitors: 'Visitors',
  kipleguard_reporting: 'Reporting',
  kipleguard_attendance: 'Attendance',
  pin_only_shifts: 'Shifts by PIN alone',
  host_name: 'Host',
  category: 'Category',
  repeat_type: 'Pass type',
  repeat_days: 'Weekdays',
  date: 'Date',
  start_time: 'Start time',
  end_time: 'End time',
  purpose: 'Purpose',
  remarks: 'Remarks',
  car_plate_number: 'Car plate',
  access_card_number: 'Access card',
  latest_scan_type: 'Last scan',
  checkpoint_times: 'Scans',
  watchlist_override: 'Watchlist overridden',
  reason: 'Reason',
  kiosk: 'Kiosk',
  actions_taken: 'Actions taken',
  files: 'Files',
};

/** Where one kind of record's form words a field its own way. */
const ENTITY_FIELD_LABELS: Partial<Record<AuditEntity, Readonly<Record<string, string>>>> = {
  guard: { company: 'Company', security_company_uuid: 'Company' },
  visitor: { name: 'Visitor name' },
  watchlist: { car_plate_number: 'Car Plate Number' },
};

/** A field no form shows: its words, the first capitalised ('set_password_link_sent_to'). */
function fieldWords(field: string): string {
  const words = field.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function fieldLabel(entry: Pick<AuditEntry, 'entity'>, field: string): string {
  return ENTITY_FIELD_LABELS[entry.entity]?.[field] ?? FIELD_LABELS[field] ?? fieldWords(field);
}

/** Fields stored as 1 or 0, read as the form's switch says it. */
const SWITCHES = new Set([
  'is_active',
  'kipleguard_enabled',
  'kipleguard_visitors',
  'kipleguard_reporting',
  'kipleguard_attendance',
  'pin_only_shifts',
]);

/** A changed field's value as the forms show it: a switch as Yes or No, else auditValueText. */
export function fieldValueText(field: string, value: unknown): string {
  if (SWITCHES.has(field) && (value === 0 || value === 1 || typeof value === 'boolean')) {
    return value === 1 || value === true ? 'Yes' : 'No';
  }
  return auditValueText(value);
}

/** The changes as text, one field a line: 'Name: Ahmad → Ahmad Faizal'. */
export function changesText(entry: Pick<AuditEntry, 'changes' | 'entity'>): string {
  return Object.entries(entry.changes)
    .map(
      ([field, change]) =>
        `${fieldLabel(entry, field)}: ${fieldValueText(field, change.before)} → ${fieldValueText(field, change.after)}`,
    )
    .join('\n');
}
