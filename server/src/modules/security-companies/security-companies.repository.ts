import { randomUUID } from 'node:crypto';
import { recordAudit, type AuditEvent } from '../audit/audit.repository';
import { sql, type SqlBool, type Transaction } from 'kysely';
import type { CompanySite, SecurityCompany } from '@contract/security-companies';
import { insertAccount, removeAccount } from '../../auth/accounts.repository';
import type { Principal } from '../../auth/principal';
import { companyScope } from '../../auth/scope';
import type { DB } from '../../db/database';
import type { Database } from '../../db/schema';
import { searchIndexOf } from '../../db/search-indexes';
import { toDbTime } from '../../db/time';
import { endSiteTies } from '../sites/site-moves';
import {
  countMatches,
  applyListQuery,
  type ComputedField,
  type ParsedListQuery,
  type ResourceQuerySpec,
} from '../../query';

/** The email of the company's login, as a sub-select so the count needs no join. */
const byLoginEmail: ComputedField = {
  compile: (test) =>
    sql<SqlBool>`security_companies.kg_user_profile_uuid in (select filter_profile.uuid from user_profiles as filter_profile where ${test(sql.ref('filter_profile.email'), searchIndexOf('user_profiles', 'email', 'filter_profile'))})`,
  orderBy: 'user_profiles.email',
};

/** What GET /securitycompanies/list lets clients filter and sort by (not the two counts). */
export const SECURITY_COMPANIES_QUERY: ResourceQuerySpec = {
  fields: {
    uuid: 'security_companies.uuid',
    name: {
      column: 'security_companies.name',
      search: searchIndexOf('security_companies', 'name'),
    },
    brn: { column: 'security_companies.brn', search: searchIndexOf('security_companies', 'brn') },
    license_number: {
      column: 'security_companies.license_number',
      search: searchIndexOf('security_companies', 'license_number'),
    },
    license_expiry_date: 'security_companies.license_expiry_date',
    address: 'security_companies.address',
    is_active: 'security_companies.is_active',
    kg_user_profile_uuid: 'security_companies.kg_user_profile_uuid',
    email: byLoginEmail,
    user_email: byLoginEmail,
    created_at: 'security_companies.created_at',
    updated_at: 'security_companies.updated_at',
  },
  related: ['kg_user_profile', 'residences', 'kg_guards'],
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

export interface CompanyValues {
  name: string;
  brn: string;
  license_number: string;
  license_expiry_date: string | null;
  address: string;
  lat: number | null;
  lng: number | null;
  is_active: number;
}

/** A chosen site went to another company between the check and the write. */
export class SiteTaken extends Error {}

/** The logins of a company's staff: its own and its supervisors'. */
function staffOf(trx: Transaction<Database>, companyUuid: string) {
  return trx
    .selectFrom('user_roles')
    .select('user_profile_uuid')
    .where('security_company_uuid', '=', companyUuid);
}

export function createSecurityCompaniesRepository(db: DB) {
  function liveCompanies(principal: Principal) {
    return db
      .selectFrom('security_companies')
      .where('security_companies.deleted_at', 'is', null)
      .where(companyScope(principal, 'security_companies.uuid'));
  }

  function selectCompanies(principal: Principal) {
    return liveCompanies(principal)
      .leftJoin('user_profiles', 'user_profiles.uuid', 'security_companies.kg_user_profile_uuid')
      .select((eb) => [
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
        eb
          .selectFrom('residences')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .whereRef('residences.security_company_uuid', '=', 'security_companies.uuid')
          .where('residences.deleted_at', 'is', null)
          .where('residences.kipleguard_enabled', '=', 1)
          .as('site_count'),
        // Kept by triggers (migration 2026-11-24T02), so no guard is counted here.
        eb
          .selectFrom('company_guard_counts')
          .select('company_guard_counts.n')
          .whereRef('company_guard_counts.company_uuid', '=', 'security_companies.uuid')
          .as('guard_count'),
      ]);
  }

  type CompanyRow = Awaited<
    ReturnType<ReturnType<typeof selectCompanies>['executeTakeFirstOrThrow']>
  >;

  async function sitesOf(companyUuids: string[]): Promise<Map<string, CompanySite[]>> {
    const bySite = new Map<string, CompanySite[]>();
    if (companyUuids.length === 0) return bySite;
    const rows = await db
      .selectFrom('residences')
      .select(['uuid', 'name', 'kipleguard_enabled', 'security_company_uuid'])
      .where('security_company_uuid', 'in', companyUuids)
      .where('deleted_at', 'is', null)
      .orderBy('name')
      .execute();
    for (const { security_company_uuid, ...site } of rows) {
      const key = security_company_uuid ?? '';
      bySite.set(key, [...(bySite.get(key) ?? []), site]);
    }
    return bySite;
  }

  function toRecord(row: CompanyRow, sites: CompanySite[]): SecurityCompany {
    const email = row.email ?? null;
    return {
      ...row,
      email,
      kg_user_profile: email === null ? null : { email },
      residences: sites,
      site_count: Number(row.site_count ?? 0),
      guard_count: Number(row.guard_count ?? 0),
    };
  }

  /**
   * Points the chosen sites at the company and lets go of the ones it no longer has. A site may
   * be taken only when it has no live company or is already this company's.
   */
  /**
   * A suspended or deleted company's kiosks are revoked for good (its guards' sessions end with
   * the suspension): reactivating it revives none; the company enrols its kiosks again.
   */
  async function revokeCompanyKiosks(trx: Transaction<Database>, companyUuid: string, at: string) {
    await trx
      .updateTable('kiosks')
      .set({ revoked_at: at })
      .where('revoked_at', 'is', null)
      .where('residence_uuid', 'in', (eb) =>
        eb
          .selectFrom('residences')
          .select('residences.uuid')
          .where('residences.security_company_uuid', '=', companyUuid),
      )
      .execute();
  }

  async function assignSites(
    trx: Transaction<Database>,
    companyUuid: string,
    siteUuids: string[],
    at: Date,
  ): Promise<void> {
    const now = toDbTime(at);
    // Sites leaving this company, or coming from another (a deleted one's): a move each, whose
    // ties to the old company end (site-moves.ts).
    const moving = await trx
      .selectFrom('residences')
      .select('uuid')
      .where((eb) =>
        eb.or([
          eb.and([
            eb('security_company_uuid', '=', companyUuid),
            ...(siteUuids.length > 0 ? [eb('uuid', 'not in', siteUuids)] : []),
          ]),
          ...(siteUuids.length > 0
            ? [
                eb.and([
                  eb('uuid', 'in', siteUuids),
                  eb('security_company_uuid', 'is not', null),
                  eb('security_company_uuid', '!=', companyUuid),
                ]),
              ]
            : []),
        ]),
      )
      .execute();
    for (const site of moving) await endSiteTies(trx, site.uuid, at);
    await trx
      .updateTable('residences')
      .set({ security_company_uuid: null, updated_at: now })
      .where('security_company_uuid', '=', companyUuid)
      .$if(siteUuids.length > 0, (qb) => qb.where('uuid', 'not in', siteUuids))
      .execute();
    if (siteUuids.length === 0) return;
    // Claimed only while free (or this company's, or a deleted company's): of two writes racing
    // for one site, the database lets one through and the other rolls back whole.
    const claimed = await trx
      .updateTable('residences')
      .set({ security_company_uuid: companyUuid, updated_at: now })
      .where('uuid', 'in', siteUuids)
      .where('deleted_at', 'is', null)
      .where((eb) =>
        eb.or([
          eb('security_company_uuid', 'is', null),
          eb('security_company_uuid', '=', companyUuid),
          eb(
            'security_company_uuid',
            'in',
            eb
              .selectFrom('security_companies as former')
              .select('former.uuid')
              .where('former.deleted_at', 'is not', null),
          ),
        ]),
      )
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) < siteUuids.length) throw new SiteTaken();
  }

  return {
    /** One page of the companies the caller may see, and how many match in all. */
    async list(principal: Principal, list: ParsedListQuery) {
      const where = list.where ?? always;
      const rowsQuery = applyListQuery(selectCompanies(principal), list).orderBy(
        'security_companies.uuid',
      );
      const countQuery = liveCompanies(principal)
        .where(where)
        .select((eb) => eb.fn.countAll<number>().as('n'));
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

    async find(principal: Principal, uuid: string): Promise<SecurityCompany | undefined> {
      const row = await selectCompanies(principal)
        .where('security_companies.uuid', '=', uuid)
        .executeTakeFirst();
      return row ? toRecord(row, (await sitesOf([uuid])).get(uuid) ?? []) : undefined;
    },

    /** The chosen sites that may not be given to this company: unknown, or another live company's. */
    async unavailableSites(companyUuid: string | null, siteUuids: string[]) {
      if (siteUuids.length === 0) return { unknown: [], taken: [] };
      const rows = await db
        .selectFrom('residences')
        .leftJoin(
          'security_companies',
          'security_companies.uuid',
          'residences.security_company_uuid',
        )
        .select([
          'residences.uuid',
          'residences.security_company_uuid',
          'security_companies.deleted_at as company_deleted_at',
        ])
        .where('residences.uuid', 'in', siteUuids)
        .where('residences.deleted_at', 'is', null)
        .execute();
      const found = new Set(rows.map((row) => row.uuid));
      return {
        unknown: siteUuids.filter((uuid) => !found.has(uuid)),
        taken: rows
          .filter(
            (row) =>
              row.security_company_uuid !== null &&
              row.security_company_uuid !== companyUuid &&
              row.company_deleted_at === null,
          )
          .map((row) => row.uuid),
      };
    },

    /** The company, its login and its sites, in one transaction: a failure leaves none of them. */
    async insert(input: {
      values: CompanyValues;
      siteUuids: string[];
      login: { email: string; challengeHash: string };
      now: Date;
      audit: (uuid: string) => AuditEvent;
    }): Promise<string> {
      const uuid = randomUUID();
      const at = toDbTime(input.now);
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('security_companies')
          .values({ uuid, ...input.values, created_at: at, updated_at: at })
          .execute();
        const profile = await insertAccount(trx, {
          name: input.values.name,
          email: input.login.email,
          role: 'securitycompany',
          companyUuid: uuid,
          challengeHash: input.login.challengeHash,
        });
        await trx
          .updateTable('security_companies')
          .set({ kg_user_profile_uuid: profile })
          .where('uuid', '=', uuid)
          .execute();
        await assignSites(trx, uuid, input.siteUuids, input.now);
        await recordAudit(trx, input.audit(uuid));
      });
      return uuid;
    },

    async update(
      uuid: string,
      values: CompanyValues,
      siteUuids: string[],
      now: Date,
      audit: AuditEvent,
    ): Promise<void> {
      const at = toDbTime(now);
      await db.transaction().execute(async (trx) => {
        await recordAudit(trx, audit);
        await trx
          .updateTable('security_companies')
          .set({ ...values, updated_at: at })
          .where('uuid', '=', uuid)
          .execute();
        await assignSites(trx, uuid, siteUuids, now);
        // A suspension ends its staff's and its guards' sessions for good, as a login's
        // deactivation does: reactivating the company must not revive tokens issued before it.
        if (values.is_active === 0) {
          await trx
            .updateTable('sessions')
            .set({ revoked_at: at })
            .where('revoked_at', 'is', null)
            .where('user_profile_uuid', 'in', staffOf(trx, uuid))
            .execute();
          await trx
            .updateTable('guard_sessions')
            .set({ revoked_at: at, revoked_reason: 'access-revoked' })
            .where('revoked_at', 'is', null)
            .where('guard_uuid', 'in', (eb) =>
              eb
                .selectFrom('guards')
                .select('guards.uuid')
                .where('guards.security_company_uuid', '=', uuid),
            )
            .execute();
          await revokeCompanyKiosks(trx, uuid, at);
        }
      });
    },

    /**
     * Soft-deletes the company and the logins of its staff (its supervisors' too), ending their
     * sessions for good. Guards, sites and their history stay.
     */
    async remove(uuid: string, now: Date, audit: AuditEvent): Promise<void> {
      const at = toDbTime(now);
      await db.transaction().execute(async (trx) => {
        await recordAudit(trx, audit);
        await trx
          .updateTable('security_companies')
          .set({ deleted_at: at, updated_at: at })
          .where('uuid', '=', uuid)
          .execute();
        await revokeCompanyKiosks(trx, uuid, at);
        const staff = await staffOf(trx, uuid).execute();
        for (const { user_profile_uuid } of staff) {
          await removeAccount(trx, user_profile_uuid, now);
        }
        await trx
          .updateTable('site_supervisors')
          .set({ deleted_at: at, updated_at: at })
          .where('security_company_uuid', '=', uuid)
          .where('deleted_at', 'is', null)
          .execute();
      });
    },
  };
}

export type SecurityCompaniesRepository = ReturnType<typeof createSecurityCompaniesRepository>;
