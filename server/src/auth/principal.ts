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

/** A site a guard may act at, with what the guard door needs of it. */
export interface GuardSite {
  uuid: string;
  id: number;
  name: string;
  address: string;
  lat: number | null;
  lng: number | null;
  coverAccessKey: string | null;
  companyUuid: string | null;
  /** The site's feature flags: which of the guard's calls it takes. */
  attendance: boolean;
  visitors: boolean;
  reporting: boolean;
  pinOnlyShifts: boolean;
}

/**
 * A guard calling through the guard app or at a kiosk (modules/guard-app). It reaches the same
 * services as a console user, scoped to the sites it may act at.
 */
export interface GuardPrincipal {
  role: 'guard';
  sessionUuid: string;
  guardUuid: string;
  name: string;
  companyUuid: string;
  /** Where the guard may act now: its assigned sites with the guard service on; at a kiosk, its site alone. */
  sites: GuardSite[];
  /** The kiosk the guard is signed in at, or null in the app. */
  kioskUuid: string | null;
}

/** Whoever calls a service both doors reach: a console user or a guard. */
export type Caller = Principal | GuardPrincipal;

/** Who wrote a record: a console login's profile, or a guard. */
export interface Author {
  profileUuid: string | null;
  guardUuid: string | null;
}

export function authorOf(caller: Caller): Author {
  return caller.role === 'guard'
    ? { profileUuid: null, guardUuid: caller.guardUuid }
    : { profileUuid: caller.profileUuid, guardUuid: null };
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
