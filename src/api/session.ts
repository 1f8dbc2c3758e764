import { apiDelete, apiPost } from './client';

export type RoleType = 'superadmin' | 'securitycompany' | 'sitesupervisor';

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

export interface SessionAnswer {
  success: boolean;
  session_token: string;
  profile: SessionProfile;
  identities: SessionIdentity[];
}

export function signIn(email: string, password: string): Promise<SessionAnswer> {
  return apiPost<SessionAnswer>('/admin/session', { identifier: email, challenge: password });
}

export function signOut(): Promise<unknown> {
  return apiDelete('/identity/session');
}
