import { randomUUID } from 'node:crypto';
import { recordAudit, type AuditEvent } from '../audit/audit.repository';
import { sql, type Expression, type SqlBool, type Transaction } from 'kysely';
import type { SiteSupervisor } from '@contract/site-supervisors';
import { insertAccount, removeAccount, updateAccount } from '../../auth/accounts.repository';
import type { Principal } from '../../auth/principal';
import type { DB } from '../../db/database';
import type { Database } from '../../db/schema';
import { searchIndexOf } from '../../db/search-indexes';
import { toDbTime } from '../../db/time';
import {
  applyListQuery,
  type ParsedListQuery,
  type ResourceQuerySpec,
  countMatches,
} from '../../query';
import { fileUrl } from '../files/files.repository';

/** What GET /sitesupervisors/list lets clients filter and sort by. */
export const SITE_SUPERVISORS_QUERY: ResourceQuerySpec = {
  fields: {
    uuid: 'site_supervisors.uuid',
    supervisor_name: {
      column: 'user_profiles.name',
      search: searchIndexOf('user_profiles', 'name'),
    },
    supervisor_email: {
      column: 'user_profiles.email',
      search: searchIndexOf('user_profiles', 'email'),
    },
    staff_id: 'site_supervisors.staff_id',
    is_active: 'site_supervisors.is_active',
    security_company_uuid: 'site_supervisors.security_company_uuid',
    kg_user_profile_uuid: 'site_supervisors.kg_user_profile_uuid',
    created_at: 'site_supervisors.created_at',
  },
  related: [
    'kg_security_company',
    'kg_user_profiles_by_kg_user_profile_uuid',
    'kg_residence_supervisors',
  ],
  defaultOrder: { field: 'supervisor_name', direction: 'asc' },
};

const always = sql<SqlBool>`1 = 1`;
const nothing = sql<SqlBool>`1 = 0`;

/** Supervisors a caller manages: any for superadmin, its own company's for a company, none for a supervisor. */
export function supervisorScope(principal: Principal): Expression<SqlBool> {
  switch (principal.role) {
    case 'superadmin':
      return always;
    case 'securitycompany':
      return sql<SqlBool>`site_supervisors.security_company_uuid = ${principal.companyUuid}`;
    case 'sitesupervisor':
      return nothing;
  }
}

export interface SupervisorValues {
  security_company_uuid: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  ic_passport_number: string;
  is_active: number;
  photo_file_uuid: string | null;
}

export function createSiteSupervisorsRepository(db: DB) {
  function selectSupervisors(principal: Principal) {
    return db
      .selectFrom('site_supervisors')
      .innerJoin('user_profiles', 'user_profiles.uuid', 'site_supervisors.kg_user_profile_uuid')
      .innerJoin(
        'security_companies',
        'security_companies.uuid',
        'site_supervisors.security_company_uuid',
      )
      .leftJoin('files as photo', 'photo.uuid', 'user_profiles.photo_file_uuid')
      .select([
        'site_supervisors.uuid',
        'user_profiles.name as supervisor_name',
        'user_profiles.email as supervisor_email',
        'site_supervisors.staff_id',
        'site_supervisors.is_active',
        'site_supervisors.created_at',
        'site_supervisors.security_company_uuid',
        'security_companies.name as security_company_name',
        'site_supervisors.kg_user_profile_uuid',
        'user_profiles.phone',
        'user_profiles.address',
        'user_profiles.ic_passport_number',
        'user_profiles.photo_file_uuid',
        'photo.access_key as photo_access_key',
      ])
      .where('site_supervisors.deleted_at', 'is', null)
      .where('user_profiles.deleted_at', 'is', null)
      .where(supervisorScope(principal));
  }

  type Row = Awaited<ReturnType<ReturnType<typeof selectSupervisors>['executeTakeFirstOrThrow']>>;

  async function sitesOf(uuids: string[]) {
    const bySupervisor = new Map<string, SiteSupervisor['kg_residence_supervisors']>();
    if (uuids.length === 0) return bySupervisor;
    const rows = await db
      .selectFrom('site_supervisor_residences')
      .innerJoin('residences', 'residences.uuid', 'site_supervisor_residences.residence_uuid')
      .select([
        'site_supervisor_residences.supervisor_uuid',
        'residences.uuid as residence_uuid',
        'residences.name as residence_name',
        'residences.kipleguard_enabled as residence_kipleguard_enabled',
      ])
      .where('site_supervisor_residences.supervisor_uuid', 'in', uuids)
      .where('residences.deleted_at', 'is', null)
      .orderBy('residences.name')
      .execute();
    for (const { supervisor_uuid, ...site } of rows) {
      bySupervisor.set(supervisor_uuid, [...(bySupervisor.get(supervisor_uuid) ?? []), site]);
    }
    return bySupervisor;
  }

  function toRecord(row: Row, sites: SiteSupervisor['kg_residence_supervisors']): SiteSupervisor {
    return {
      uuid: row.uuid,
      supervisor_name: row.supervisor_name,
      supervisor_email: row.supervisor_email,
      staff_id: row.staff_id,
      is_active: row.is_active,
      created_at: row.created_at,
      security_company_uuid: row.security_company_uuid,
      kg_security_company: { uuid: row.security_company_uuid, name: row.security_company_name },
      kg_user_profile_uuid: row.kg_user_profile_uuid,
      kg_user_profiles_by_kg_user_profile_uuid: {
        phone: row.phone,
        address: row.address,
        ic_passport_number: row.ic_passport_number,
        photo: row.photo_file_uuid,
        photo_url: row.photo_access_key ? fileUrl(row.photo_access_key) : null,
      },
      kg_residence_supervisors: sites,
    };
  }

  async function linkSites(
    trx: Transaction<Database>,
    supervisorUuid: string,
    siteUuids: string[],
  ) {
    await trx
      .deleteFrom('site_supervisor_residences')
      .where('supervisor_uuid', '=', supervisorUuid)
      .execute();
    if (siteUuids.length > 0) {
      await trx
        .insertInto('site_supervisor_residences')
        .values(
          siteUuids.map((residence_uuid) => ({ supervisor_uuid: supervisorUuid, residence_uuid })),
        )
        .execute();
    }
  }

  return {
    async list(principal: Principal, list: ParsedListQuery) {
      const where = list.where ?? always;
      const rowsQuery = applyListQuery(selectSupervisors(principal), list).orderBy(
        'site_supervisors.uuid',
      );
      const countQuery = db
        .selectFrom('site_supervisors')
        .innerJoin('user_profiles', 'user_profiles.uuid', 'site_supervisors.kg_user_profile_uuid')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('site_supervisors.deleted_at', 'is', null)
        .where('user_profiles.deleted_at', 'is', null)
        .where(supervisorScope(principal))
        .where(where);
      const [rows, total] = await Promise.all([
        rowsQuery.execute(),
        countMatches(list, countQuery),
      ]);
      const sites = await sitesOf(rows.map((row) => row.uuid));
      return {
        resource: rows.map((row) => toRecord(row, sites.get(row.uuid) ?? [])),
        count: total,
      };
    },

    async find(principal: Principal, uuid: string): Promise<SiteSupervisor | undefined> {
      const row = await selectSupervisors(principal)
        .where('site_supervisors.uuid', '=', uuid)
        .executeTakeFirst();
      return row ? toRecord(row, (await sitesOf([uuid])).get(uuid) ?? []) : undefined;
    },

    /** The chosen sites that are not live sites of the company with the guard service on. */
    async sitesOutsideCompany(companyUuid: string, siteUuids: string[]): Promise<string[]> {
      if (siteUuids.length === 0) return [];
      const rows = await db
        .selectFrom('residences')
        .select('uuid')
        .where('uuid', 'in', siteUuids)
        .where('security_company_uuid', '=', companyUuid)
        .where('deleted_at', 'is', null)
        .where('kipleguard_enabled', '=', 1)
        .execute();
      const ok = new Set(rows.map((row) => row.uuid));
      return siteUuids.filter((uuid) => !ok.has(uuid));
    },

    /** The supervisor, its login and its site links, in one transaction. */
    async insert(
      values: SupervisorValues,
      siteUuids: string[],
      challengeHash: string,
      now: Date,
      audit: (uuid: string) => AuditEvent,
    ): Promise<string> {
      const uuid = randomUUID();
      const at = toDbTime(now);
      await db.transaction().execute(async (trx) => {
        const profile = await insertAccount(trx, {
          name: values.name,
          email: values.email,
          role: 'sitesupervisor',
          companyUuid: values.security_company_uuid,
          phone: values.phone,
          address: values.address,
          icPassportNumber: values.ic_passport_number,
          photoFileUuid: values.photo_file_uuid,
          challengeHash,
        });
        await trx
          .insertInto('site_supervisors')
          .values({
            uuid,
            kg_user_profile_uuid: profile,
            security_company_uuid: values.security_company_uuid,
            is_active: values.is_active,
            created_at: at,
            updated_at: at,
          })
          .execute();
        await linkSites(trx, uuid, siteUuids);
        await recordAudit(trx, audit(uuid));
      });
      return uuid;
    },

    /** Profile, login, company, status and sites together; deactivation ends the login's sessions. */
    async update(
      current: SiteSupervisor,
      values: SupervisorValues,
      siteUuids: string[],
      now: Date,
      audit: AuditEvent,
    ): Promise<void> {
      const at = toDbTime(now);
      await db.transaction().execute(async (trx) => {
        await recordAudit(trx, audit);
        await updateAccount(
          trx,
          current.kg_user_profile_uuid,
          {
            name: values.name,
            email: values.email,
            phone: values.phone,
            address: values.address,
            icPassportNumber: values.ic_passport_number,
            photoFileUuid: values.photo_file_uuid,
            isActive: values.is_active === 1,
          },
          now,
        );
        await trx
          .updateTable('user_roles')
          .set({ security_company_uuid: values.security_company_uuid })
          .where('user_profile_uuid', '=', current.kg_user_profile_uuid)
          .execute();
        await trx
          .updateTable('site_supervisors')
          .set({
            security_company_uuid: values.security_company_uuid,
            is_active: values.is_active,
            updated_at: at,
          })
          .where('uuid', '=', current.uuid)
          .execute();
        await linkSites(trx, current.uuid, siteUuids);
      });
    },

    async remove(current: SiteSupervisor, now: Date, audit: AuditEvent): Promise<void> {
      const at = toDbTime(now);
      await db.transaction().execute(async (trx) => {
        await recordAudit(trx, audit);
        await trx
          .updateTable('site_supervisors')
          .set({ deleted_at: at, updated_at: at })
          .where('uuid', '=', current.uuid)
          .execute();
        await removeAccount(trx, current.kg_user_profile_uuid, now);
      });
    },
  };
}

export type SiteSupervisorsRepository = ReturnType<typeof createSiteSupervisorsRepository>;
