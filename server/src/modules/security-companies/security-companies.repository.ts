import { sql, type SqlBool } from 'kysely';
import type { Principal } from '../../auth/principal';
import { companyScope } from '../../auth/scope';
import type { DB } from '../../db/database';
import {
  applyListQuery,
  type ComputedField,
  type ParsedListQuery,
  type ResourceQuerySpec,
} from '../../query';

/** The email of the company's login, as a sub-select so the count needs no join. */
const byLoginEmail: ComputedField = {
  compile: (test) =>
    sql<SqlBool>`security_companies.kg_user_profile_uuid in (select filter_profile.uuid from user_profiles as filter_profile where ${test(sql.ref('filter_profile.email'))})`,
  orderBy: 'user_profiles.email',
};

/** What GET /securitycompanies/list lets clients filter and sort by. */
export const SECURITY_COMPANIES_QUERY: ResourceQuerySpec = {
  fields: {
    uuid: 'security_companies.uuid',
    name: 'security_companies.name',
    brn: 'security_companies.brn',
    license_number: 'security_companies.license_number',
    license_expiry_date: 'security_companies.license_expiry_date',
    address: 'security_companies.address',
    is_active: 'security_companies.is_active',
    kg_user_profile_uuid: 'security_companies.kg_user_profile_uuid',
    email: byLoginEmail,
    user_email: byLoginEmail,
    created_at: 'security_companies.created_at',
    updated_at: 'security_companies.updated_at',
  },
  defaultOrder: { field: 'name', direction: 'asc' },
};

/** A security company as the list answers it (spec part 2 §3; writes come with a later issue). */
export interface SecurityCompanyRecord {
  uuid: string;
  name: string;
  brn: string;
  license_number: string;
  license_expiry_date: string | null;
  address: string;
  lat: number | null;
  lng: number | null;
  is_active: number;
  kg_user_profile_uuid: string | null;
  /** The email of the company's login, or null when it has none. */
  email: string | null;
  created_at: string;
  updated_at: string;
}

const always = sql<SqlBool>`1 = 1`;

export function createSecurityCompaniesRepository(db: DB) {
  function liveCompanies(principal: Principal) {
    return db
      .selectFrom('security_companies')
      .where('security_companies.deleted_at', 'is', null)
      .where(companyScope(principal, 'security_companies.uuid'));
  }

  return {
    /** One page of the companies the caller may see, and how many match in all. */
    async list(principal: Principal, list: ParsedListQuery) {
      const where = list.where ?? always;
      const rowsQuery = applyListQuery(
        liveCompanies(principal)
          .leftJoin(
            'user_profiles',
            'user_profiles.uuid',
            'security_companies.kg_user_profile_uuid',
          )
          .select([
            'security_companies.uuid',
            'security_companies.name',
            'security_companies.brn',
            'security_companies.license_number',
            'security_companies.license_expiry_date',
            'security_companies.address',
            'security_companies.lat',
            'security_companies.lng',
            'security_companies.is_active',
            'security_companies.kg_user_profile_uuid',
            'user_profiles.email',
            'security_companies.created_at',
            'security_companies.updated_at',
          ])
          .where(where),
        list,
      ).orderBy('security_companies.uuid');
      const countQuery = liveCompanies(principal)
        .where(where)
        .select((eb) => eb.fn.countAll<number>().as('n'));
      const [rows, total] = await Promise.all([
        rowsQuery.execute(),
        countQuery.executeTakeFirstOrThrow(),
      ]);
      const resource: SecurityCompanyRecord[] = rows.map((row) => ({
        ...row,
        email: row.email ?? null,
      }));
      return { resource, count: Number(total.n) };
    },
  };
}

export type SecurityCompaniesRepository = ReturnType<typeof createSecurityCompaniesRepository>;
