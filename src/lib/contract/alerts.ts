/**
 * Alerts (issue 36): a shift gone Late or No-show, a company's licence near or past its expiry,
 * and (issue 38) a patrol missed or partly done, or a night's patrols under the company's share;
 * for the users whose scope holds them, read per user.
 */
export type AlertKind =
  | 'late'
  | 'no_show'
  | 'licence_expiring'
  | 'licence_expired'
  | 'round_missed'
  | 'checkpoints_missed'
  | 'completion_low'
  | 'sos';

export interface Alert {
  uuid: string;
  kind: AlertKind;
  /** The whole alert in words, e.g. "Arjun Thapa is a no-show for Night 19:00–07:00 at …". */
  message: string;
  security_company_uuid: string | null;
  residence_uuid: string | null;
  residence_name: string | null;
  shift_uuid: string | null;
  /** The patrol a patrol alert is about (issue 38). */
  patrol_uuid: string | null;
  guard_uuid: string | null;
  guard_name: string | null;
  /** UTC 'YYYY-MM-DD HH:MM:SS'. */
  created_at: string;
  /** Read by the user asking. */
  read: boolean;
  /** An SOS's acknowledgement (UTC), and who gave it; null while it is open (and for others). */
  acknowledged_at: string | null;
  acknowledged_by: string | null;
}

/** GET /alerts/unread. */
export interface UnreadAlerts {
  count: number;
}

/** POST /alerts/read: these alerts, or every alert the user sees (`all`). */
export interface ReadAlertsBody {
  uuids?: string[];
  all?: boolean;
}

/** One user's choice for one site of theirs (GET /alert-preferences; PUT …/{residence_uuid}). */
export interface AlertPreference {
  residence_uuid: string;
  residence_name: string;
  late: boolean;
  no_show: boolean;
  /** Also by email, as one digest a minute at most. */
  email: boolean;
}

export type AlertPreferenceBody = Pick<AlertPreference, 'late' | 'no_show' | 'email'>;
