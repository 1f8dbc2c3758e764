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
