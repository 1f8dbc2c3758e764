export type RoleType = 'superadmin' | 'securitycompany' | 'sitesupervisor';

/** One role of the signed-in person: a supervisor has one per site. */
export interface SessionRole {
  type: RoleType;
  security_company_uuid: string | null;
  security_company_name: string | null;
  residence_uuid: string | null;
  residence_name: string | null;
}

export interface SessionProfile {
  name: string;
  email: string;
  roles: SessionRole[];
}

export interface SessionIdentity {
  uuid: string;
}

/** The answer of POST /admin/session. */
export interface SessionAnswer {
  success: boolean;
  session_token: string;
  profile: SessionProfile;
  identities: SessionIdentity[];
}

/**
 * Every console API answer to a signed-in call names the idle timeout, in minutes, in this header,
 * so the console can warn before it: a session unused that long ends.
 */
export const SESSION_IDLE_HEADER = 'X-Session-Idle-Minutes';

/** The 401 of a session that ended for want of use (code SESSION_IDLE). */
export const SESSION_IDLE_MESSAGE =
  'You were signed out after a while without activity. Please sign in again.';

/** One of the signed-in person's live sessions (GET /identity/sessions). */
export interface ActiveSession {
  uuid: string;
  /** The browser's User-Agent at sign-in; null when it sent none. */
  user_agent: string | null;
  client_address: string | null;
  signed_in_at: string;
  last_used_at: string;
  /** The session the call was made with. */
  current: boolean;
}
