import { sql, type SqlBool } from 'kysely';
import type { SecurityCompany } from '../../../../src/lib/contract/security-companies';
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

const always = sql<SqlBool>`1 = 1`;

/** Whether a company exists and is not deleted, as a guard or site saved under it must be. */
export async function companyIsLive(db: DB, uuid: string): Promise<boolean> {
  const row = await db
    .selectFrom('security_companies')
    .select('uuid')
    .where('uuid', '=', uuid)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

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
      const resource: SecurityCompany[] = rows.map((row) => ({
        ...row,
        email: row.email ?? null,
      }));
      return { resource, count: Number(total.n) };
    },
  };
}

export type SecurityCompaniesRepository = ReturnType<typeof createSecurityCompaniesRepository>;
