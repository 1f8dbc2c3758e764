/** The kinds of record an audit entry is about; a record's History tab lists its own. */
export const AUDIT_ENTITIES = [
  'guard',
  'site',
  'security_company',
  'site_supervisor',
  'login',
  'visitor',
  'incident',
  'attendance',
  'kiosk',
  'backup',
  'retention',
  'watchlist',
  'unit',
  'shift_pattern',
  'shift',
  'checkpoint',
  'round',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/**
 * What happened. Record writes are create, update and delete; the rest name an event, as the
 * user did it (a pass's cancel, a visitor's check-in).
 */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'cancel',
  'sign-in',
  'sign-in-failed',
  'sign-out',
  'session-end',
  'verification',
  'verification-failed',
  'password-reset-request',
  'password-reset',
  'password-change',
  'pin-change',
  'pin-reveal',
  'pin-lockout',
  'app-access',
  'app-access-revoke',
  'kiosk-enrol',
  'kiosk-revoke',
  'shift-start',
  'shift-end',
  'check-in',
  'check-out',
  'backup',
  'retention',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Who acted: a console role, a guard (app or kiosk), a kiosk device, or the server (its jobs). */
export type AuditActorRole =
  'superadmin' | 'securitycompany' | 'sitesupervisor' | 'guard' | 'kiosk' | 'system' | 'anonymous';

/** A changed field's value before and after; null when it had none (before a create, after a delete). */
export interface AuditChange {
  before: unknown;
  after: unknown;
}

/** The marker that stands for a secret's value (password, PIN, token, code) in `changes`. */
export const AUDIT_SECRET = '[secret]';

/** One entry of the append-only audit trail (GET /kgapi/audit/list). */
export interface AuditEntry {
  /** Increasing with time: the list's default order is newest first by id. */
  id: number;
  uuid: string;
  /** UTC 'YYYY-MM-DD HH:MM:SS'. */
  created_at: string;
  action: AuditAction;
  entity: AuditEntity;
  /** The record's uuid; null for entries about no one record (a backup, a retention run). */
  entity_uuid: string | null;
  /** The record's name when the entry was written (a guard's name, a login's email). */
  entity_label: string | null;
  /** The console profile or guard that acted; null for the system or an unknown caller. */
  actor_uuid: string | null;
  actor_name: string | null;
  actor_role: AuditActorRole;
  /** The security company the entry belongs to; its users see it. Null: superadmin only. */
  security_company_uuid: string | null;
  /** Field by field; secrets are AUDIT_SECRET on both sides. Empty for events without fields. */
  changes: Record<string, AuditChange>;
  client_address: string | null;
  user_agent: string | null;
}
