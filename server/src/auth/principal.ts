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
