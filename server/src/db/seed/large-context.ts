import type { DB } from '../database';
import type { Random } from './random';
import type { Place } from './rows';

/** What every step of the large seed shares. */
export interface LargeContext {
  db: DB;
  random: Random;
  now: Date;
  progress: (message: string) => void;
}

/** A live site of a company, with the services the large seed fills for it. */
export interface LargeSite extends Place {
  companyUuid: string;
  /** kipleguard_enabled and the feature flag together: a service is on only if both are. */
  visitors: boolean;
  reporting: boolean;
  hdf: boolean;
}

/** Rows per transaction: big enough to be fast, small enough to keep the WAL file modest. */
export const ROWS_PER_TRANSACTION = 50_000;

/** Logins that create visitor passes and report incidents, by company: as in the demo. */
export type StaffByCompany = ReadonlyMap<string, readonly string[]>;

/** Active company logins and site supervisors of every company. */
export async function loadStaff(db: DB): Promise<StaffByCompany> {
  const rows = await db
    .selectFrom('user_roles')
    .innerJoin('user_profiles', 'user_profiles.uuid', 'user_roles.user_profile_uuid')
    .select(['user_roles.security_company_uuid as companyUuid', 'user_profiles.uuid'])
    .where('user_roles.type', 'in', ['securitycompany', 'sitesupervisor'])
    .where('user_roles.security_company_uuid', 'is not', null)
    .where('user_profiles.is_active', '=', 1)
    .where('user_profiles.deleted_at', 'is', null)
    .orderBy('user_profiles.uuid')
    .execute();
  const staff = new Map<string, string[]>();
  for (const row of rows) {
    if (!row.companyUuid) continue;
    const logins = staff.get(row.companyUuid) ?? [];
    logins.push(row.uuid);
    staff.set(row.companyUuid, logins);
  }
  return staff;
}

/** One of the company's logins, or none (a pass made by the system) when it has none. */
export function pickStaff(
  random: Random,
  staff: StaffByCompany,
  companyUuid: string,
): string | null {
  const logins = staff.get(companyUuid);
  return logins && logins.length > 0 ? random.pick(logins) : null;
}
