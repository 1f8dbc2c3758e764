import type { DB } from '../database';
import type { Random } from './random';
import type { Place, StaffByCompany } from './rows';

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
const ROWS_PER_TRANSACTION = 50_000;

/** Active company logins and site supervisors of every company: as in the demo. */
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

/** The sites and staff the visitor and incident steps share, loaded once by large.ts. */
export interface LargeSites {
  sites: readonly LargeSite[];
  staff: StaffByCompany;
}

/** The sites with `service` on; an error when there are none, as the rows would have nowhere to go. */
export function sitesWith(
  sites: readonly LargeSite[],
  service: 'visitors' | 'reporting',
  rows: string,
): LargeSite[] {
  const served = sites.filter((site) => site[service]);
  if (served.length === 0) {
    throw new Error(`There are no sites with the ${service} service on to take ${rows}.`);
  }
  return served;
}

/** Days of history that hold `count` rows at about `daily` a day, within `min` and `max`. */
export function daysOfHistory(
  count: number,
  history: { daily: number; min: number; max: number },
): number {
  return Math.min(history.max, Math.max(history.min, Math.ceil(count / history.daily)));
}

/**
 * Writes `count` rows in transactions of ROWS_PER_TRANSACTION: `write` inserts the `size` rows
 * from `start`. Progress is reported after each as `label: written of count`.
 */
export async function writeInTransactions(
  ctx: LargeContext,
  count: number,
  label: string,
  write: (trx: DB, start: number, size: number) => Promise<void>,
): Promise<void> {
  for (let start = 0; start < count; start += ROWS_PER_TRANSACTION) {
    const size = Math.min(ROWS_PER_TRANSACTION, count - start);
    await ctx.db.transaction().execute((trx) => write(trx, start, size));
    ctx.progress(`${label}: ${start + size} of ${count}`);
  }
}
