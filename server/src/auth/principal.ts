import type { RoleType } from '../db/schema';

/** Who is calling, as every route and repository sees it. */
export interface Principal {
  sessionUuid: string;
  profileUuid: string;
  identityUuid: string;
  name: string;
  email: string;
  role: RoleType;
  /** The company of a securitycompany or sitesupervisor role. */
  companyUuid: string | null;
  companyName: string | null;
  /** The sites of a sitesupervisor; empty for the other roles. */
  sites: Array<{ uuid: string; name: string }>;
}

/** Why a signed-in account may not act (any more). */
export type Refusal = 'no-account' | 'inactive-account' | 'inactive-company';

/** A principal before it has a session: what sign-in checks and every request re-checks. */
export type Access = Omit<Principal, 'sessionUuid'>;

export type AccessOrRefusal = { access: Access } | { refused: Refusal };

/** What the caller is told when its account may not act; the same words at sign-in and after. */
export const REFUSAL_MESSAGES: Record<Refusal, string> = {
  'no-account': 'This account has no access to the console.',
  'inactive-account': 'This account is inactive. Please contact your administrator.',
  'inactive-company': 'Your security company is inactive. Please contact your administrator.',
};
