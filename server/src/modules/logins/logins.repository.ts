import { recordAudit, type AuditEvent } from '../audit/audit.repository';
import { sql, type Expression, type SqlBool, type Transaction } from 'kysely';
import type { Login } from '@contract/logins';
import { insertAccount, removeAccount, updateAccount } from '../../auth/accounts.repository';
import type { Principal } from '../../auth/principal';
import type { DB } from '../../db/database';
import type { Database } from '../../db/schema';
import { searchIndexOf } from '../../db/search-indexes';
import {
  applyListQuery,
  type ParsedListQuery,
  type ResourceQuerySpec,
  countMatches,
} from '../../query';

/**
 * What GET /logins/list lets clients filter and sort by. The spec's call always filters
 * `access_type = 'securitycompany'`; the list holds no other kind anyway.
 */
export const LOGINS_QUERY: ResourceQuerySpec = {
  fields: {
    uuid: 'user_profiles.uuid',
    user_email: { column: 'user_profiles.email', search: searchIndexOf('user_profiles', 'email') },
    security_company_uuid: 'user_roles.security_company_uuid',
    security_company_name: {
      column: 'security_companies.name',
      search: searchIndexOf('security_companies', 'name'),
    },
    is_active: 'user_profiles.is_active',
    access_type: 'user_roles.type',
    created_at: 'user_profiles.created_at',
  },
  related: ['residences', 'kg_security_company'],
  defaultOrder: { field: 'uuid', direction: 'desc' },
};

const always = sql<SqlBool>`1 = 1`;
const nothing = sql<SqlBool>`1 = 0`;

/** Logins a caller manages: any for superadmin, its own company's for a company, none for a supervisor. */
function loginScope(principal: Principal): Expression<SqlBool> {
  switch (principal.role) {
    case 'superadmin':
      return always;
    case 'securitycompany':
      return sql<SqlBool>`user_roles.security_company_uuid = ${principal.companyUuid}`;
    case 'sitesupervisor':
      return nothing;
  }
}

/**
 * Whether a company keeps an active login besides `leaving`, asked inside the write that takes
 * `leaving` away. The no-op write to the company's row locks it first, so that two such writes
 * at once take turns (PostgreSQL) rather than each counting the other and both going through.
 */
async function keepsAnotherActiveLogin(
  trx: Transaction<Database>,
  companyUuid: string,
  leaving: string,
): Promise<boolean> {
  await trx
    .updateTable('security_companies')
    .set((eb) => ({ uuid: eb.ref('uuid') }))
    .where('uuid', '=', companyUuid)
    .execute();
  const other = await trx
    .selectFrom('user_profiles')
    .innerJoin('user_roles', 'user_roles.user_profile_uuid', 'user_profiles.uuid')
    .select('user_profiles.uuid')
    .where('user_roles.type', '=', 'securitycompany')
    .where('user_roles.security_company_uuid', '=', companyUuid)
    .where('user_profiles.deleted_at', 'is', null)
    .where('user_profiles.is_active', '=', 1)
    .where('user_profiles.uuid', '!=', leaving)
    .executeTakeFirst();
  return other !== undefined;
}

/** A write that would leave a company with no active login is not made (the caller is told). */
export type LoginWrite = 'written' | 'last-active-login';

export function createLoginsRepository(db: DB) {
  function logins(principal: Principal) {
    return db
      .selectFrom('user_profiles')
      .innerJoin('user_roles', 'user_roles.user_profile_uuid', 'user_profiles.uuid')
      .innerJoin(
        'security_companies',
        'security_companies.uuid',
        'user_roles.security_company_uuid',
      )
      .where('user_roles.type', '=', 'securitycompany')
      .where('user_profiles.deleted_at', 'is', null)
      .where('security_companies.deleted_at', 'is', null)
      .where(loginScope(principal));
  }

  function selectLogins(principal: Principal) {
    return logins(principal).select([
      'user_profiles.uuid',
      'user_roles.security_company_uuid',
      'security_companies.name as security_company_name',
      'security_companies.is_active as security_company_is_active',
      'user_profiles.email as user_email',
      'user_profiles.is_active',
      'user_profiles.created_at',
    ]);
  }

  async function sitesOf(companyUuids: string[]) {
    const byCompany = new Map<string, Array<{ residence_name: string }>>();
    if (companyUuids.length === 0) return byCompany;
    const rows = await db
      .selectFrom('residences')
      .select(['security_company_uuid', 'name'])
      .where('security_company_uuid', 'in', companyUuids)
      .where('deleted_at', 'is', null)
      .orderBy('name')
      .execute();
    for (const row of rows) {
      const key = row.security_company_uuid ?? '';
      byCompany.set(key, [...(byCompany.get(key) ?? []), { residence_name: row.name }]);
    }
    return byCompany;
  }

  async function withSites(
    rows: Array<
      Omit<Login, 'access_type' | 'residences' | 'security_company_uuid'> & {
        security_company_uuid: string | null;
      }
    >,
  ): Promise<Login[]> {
    const sites = await sitesOf([...new Set(rows.map((row) => row.security_company_uuid ?? ''))]);
    return rows.map((row) => ({
      ...row,
      security_company_uuid: row.security_company_uuid ?? '',
      access_type: 'securitycompany',
      residences: sites.get(row.security_company_uuid ?? '') ?? [],
    }));
  }

  return {
    async list(principal: Principal, list: ParsedListQuery) {
      const where = list.where ?? always;
      const rowsQuery = applyListQuery(selectLogins(principal), list);
      const countQuery = logins(principal)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(where);
      const [rows, total] = await Promise.all([
        rowsQuery.execute(),
        countMatches(list, countQuery),
      ]);
      return { resource: await withSites(rows), count: total };
    },

    async find(principal: Principal, uuid: string): Promise<Login | undefined> {
      const row = await selectLogins(principal)
        .where('user_profiles.uuid', '=', uuid)
        .executeTakeFirst();
      return row ? (await withSites([row]))[0] : undefined;
    },

    async insert(input: {
      companyUuid: string;
      email: string;
      isActive: boolean;
      challengeHash: string;
      audit: (uuid: string) => AuditEvent;
    }) {
      return db.transaction().execute(async (trx) => {
        const uuid = await insertAccount(trx, {
          name: input.email,
          email: input.email,
          role: 'securitycompany',
          companyUuid: input.companyUuid,
          challengeHash: input.challengeHash,
        });
        if (!input.isActive) await updateAccount(trx, uuid, { isActive: false }, new Date());
        await recordAudit(trx, input.audit(uuid));
        return uuid;
      });
    },

    /**
     * Email, company, status and (when given) password; deactivation or a new password ends
     * sessions. `takesActiveFrom` names the company the write takes an active login away from.
     */
    async update(
      uuid: string,
      input: { companyUuid: string; email: string; isActive: boolean; challengeHash?: string },
      takesActiveFrom: string | null,
      now: Date,
      audit: AuditEvent,
    ): Promise<LoginWrite> {
      return db.transaction().execute(async (trx) => {
        if (takesActiveFrom && !(await keepsAnotherActiveLogin(trx, takesActiveFrom, uuid)))
          return 'last-active-login';
        await recordAudit(trx, audit);
        await updateAccount(
          trx,
          uuid,
          {
            name: input.email,
            email: input.email,
            isActive: input.isActive,
            challengeHash: input.challengeHash,
          },
          now,
        );
        await trx
          .updateTable('user_roles')
          .set({ security_company_uuid: input.companyUuid })
          .where('user_profile_uuid', '=', uuid)
          .execute();
        return 'written';
      });
    },

    /** Soft-deletes a login; `takesActiveFrom` as on update. */
    async remove(
      uuid: string,
      takesActiveFrom: string | null,
      now: Date,
      audit: AuditEvent,
    ): Promise<LoginWrite> {
      return db.transaction().execute(async (trx) => {
        if (takesActiveFrom && !(await keepsAnotherActiveLogin(trx, takesActiveFrom, uuid)))
          return 'last-active-login';
        await recordAudit(trx, audit);
        await removeAccount(trx, uuid, now);
        return 'written';
      });
    },
  };
}

export type LoginsRepository = ReturnType<typeof createLoginsRepository>;
