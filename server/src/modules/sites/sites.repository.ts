import { randomUUID } from 'node:crypto';
import { withAudit, type AuditEvent } from '../audit/audit.repository';
import { sql, type SqlBool } from 'kysely';
import type { Site } from '@contract/sites';
import type { Principal } from '../../auth/principal';
import { siteScope } from '../../auth/scope';
import { containsText } from '../../db/contains';
import type { DB } from '../../db/database';
import { endSiteTies, siteMoveOf, siteTiesOf, type SiteTies } from './site-moves';
import { toDbTime } from '../../db/time';
import {
  applyListQuery,
  type ParsedListQuery,
  type ResourceQuerySpec,
  countMatches,
} from '../../query';
import { fileUrl } from '../files/files.repository';
import { companyIsLive } from '../security-companies/security-companies.repository';

/** What GET /data/residences lets clients filter and sort by, over the columns of selectSites. */
export const SITES_QUERY: ResourceQuerySpec = {
  fields: {
    uuid: 'residences.uuid',
    name: 'residences.name',
    address: 'residences.address',
    type: 'residences.type',
    status: 'residences.status',
    lat: 'residences.lat',
    lng: 'residences.lng',
    security_company_uuid: 'residences.security_company_uuid',
    kg_security_company: 'residences.security_company_uuid',
    security_company_name: 'sc.name',
    kipleguard_enabled: 'residences.kipleguard_enabled',
    kipleguard_visitors: 'residences.kipleguard_visitors',
    kipleguard_reporting: 'residences.kipleguard_reporting',
    kipleguard_attendance: 'residences.kipleguard_attendance',
    hdf_enabled: 'residences.hdf_enabled',
    created_at: 'residences.created_at',
    updated_at: 'residences.updated_at',
    deleted_at: 'residences.deleted_at',
  },
  // Every record embeds its company and cover photo; the names are accepted so clients may ask.
  related: ['security_company', 'file'],
  defaultOrder: { field: 'created_at', direction: 'desc' },
};

/** The stored values a superadmin writes; the service has checked every one. */
export interface SiteValues {
  name: string;
  address: string;
  type: string;
  status: string;
  lat: number | null;
  lng: number | null;
  security_company_uuid: string | null;
  cover_file_uuid: string | null;
  kipleguard_enabled: number;
  kipleguard_visitors: number;
  kipleguard_reporting: number;
  kipleguard_attendance: number;
}

const always = sql<SqlBool>`1 = 1`;

/** uuid or name contains the text as typed, any case (% and _ in it are plain characters). */
function keywordMatch(keyword: string) {
  return sql<SqlBool>`(${containsText(sql.ref('residences.uuid'), keyword)} or ${containsText(sql.ref('residences.name'), keyword)})`;
}

export function createSitesRepository(db: DB) {
  /** Live sites only: a deleted site is gone from every answer, whatever the client filters on. */
  function liveSites() {
    return db
      .selectFrom('residences')
      .leftJoin('security_companies as sc', 'sc.uuid', 'residences.security_company_uuid')
      .leftJoin('files as cover', 'cover.uuid', 'residences.cover_file_uuid')
      .where('residences.deleted_at', 'is', null);
  }

  function selectSites() {
    return liveSites().select([
      'residences.uuid',
      'residences.name',
      'residences.address',
      'residences.type',
      'residences.status',
      'residences.lat',
      'residences.lng',
      'residences.security_company_uuid',
      'sc.name as security_company_name',
      'cover.access_key as cover_access_key',
      'residences.kipleguard_enabled',
      'residences.kipleguard_visitors',
      'residences.kipleguard_reporting',
      'residences.kipleguard_attendance',
      'residences.hdf_enabled',
      'residences.visitor_pass_checkpoint_times',
      'residences.pin_only_shifts',
      'residences.created_at',
      'residences.updated_at',
    ]);
  }

  type SiteRow = Awaited<ReturnType<ReturnType<typeof selectSites>['executeTakeFirstOrThrow']>>;

  function toRecord({ cover_access_key, ...row }: SiteRow): Site {
    return {
      ...row,
      kg_security_company: row.security_company_uuid,
      security_company_name: row.security_company_name ?? null,
      file: cover_access_key ? { url: fileUrl(cover_access_key) } : null,
    };
  }

  return {
    /**
     * One page of the caller's live sites, and how many match in all. `keyword` is the spec's
     * filterValues: a plain-text search on uuid and name, ANDed with the filter.
     */
    async list(principal: Principal, list: ParsedListQuery, keyword = '') {
      const scope = siteScope(principal, 'residences.uuid');
      const clientFilter = list.where ?? always;
      const where = keyword
        ? sql<SqlBool>`(${clientFilter}) and ${keywordMatch(keyword)}`
        : clientFilter;
      // uuid last, so sites created in the same second still page in a stable order.
      const rowsQuery = applyListQuery(selectSites().where(scope), { ...list, where }).orderBy(
        'residences.uuid',
        'desc',
      );
      const countQuery = liveSites()
        .where(scope)
        .where(where)
        .select((eb) => eb.fn.countAll<number>().as('n'));
      const [rows, total] = await Promise.all([
        rowsQuery.execute(),
        countMatches(list, countQuery),
      ]);
      return { resource: rows.map(toRecord), count: total };
    },

    async findLive(uuid: string): Promise<Site | undefined> {
      const row = await selectSites().where('residences.uuid', '=', uuid).executeTakeFirst();
      return row && toRecord(row);
    },

    /** The stored values of a live site, which an edit starts from. */
    async findValues(uuid: string): Promise<SiteValues | undefined> {
      return db
        .selectFrom('residences')
        .select([
          'name',
          'address',
          'type',
          'status',
          'lat',
          'lng',
          'security_company_uuid',
          'cover_file_uuid',
          'kipleguard_enabled',
          'kipleguard_visitors',
          'kipleguard_reporting',
          'kipleguard_attendance',
        ])
        .where('uuid', '=', uuid)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
    },

    companyIsLive(uuid: string): Promise<boolean> {
      return companyIsLive(db, uuid);
    },

    async insert(values: SiteValues, audit: (uuid: string) => AuditEvent): Promise<string> {
      const uuid = randomUUID();
      return withAudit(
        db,
        async (trx) => {
          await trx
            .insertInto('residences')
            .values({ uuid, ...values })
            .execute();
          return uuid;
        },
        audit,
      );
    },

    /** False when the site does not exist or is deleted. */
    /**
     * Updates a live site. A change of company is a move (site-moves.ts): the site's ties to its
     * old company end in the same transaction, and the audit entry counts them.
     */
    async update(
      uuid: string,
      values: SiteValues,
      now: Date,
      audit: (ended: SiteTies | null) => AuditEvent,
    ): Promise<boolean> {
      const result = await withAudit(
        db,
        async (trx) => {
          const before = await trx
            .selectFrom('residences')
            .select('security_company_uuid')
            .where('uuid', '=', uuid)
            .where('deleted_at', 'is', null)
            .executeTakeFirst();
          if (!before) return { updated: false, ended: null };
          const moves = before.security_company_uuid !== values.security_company_uuid;
          const ended = moves ? await siteTiesOf(trx, uuid, now) : null;
          if (moves) await endSiteTies(trx, uuid, now);
          await trx
            .updateTable('residences')
            .set({ ...values, updated_at: toDbTime(now) })
            .where('uuid', '=', uuid)
            .execute();
          return { updated: true, ended };
        },
        (done) => (done.updated ? audit(done.ended) : null),
      );
      return result.updated;
    },

    /** What moving the site to `companyUuid` would end, and what goes with it. */
    moveOf(uuid: string, companyUuid: string | null, now: Date) {
      return siteMoveOf(db, uuid, companyUuid, now);
    },

    /** Whether guards may start and end shifts here with their PIN alone, for a site in scope. */
    async setPinOnlyShifts(
      principal: Principal,
      uuid: string,
      on: boolean,
      now: Date,
      audit: AuditEvent,
    ) {
      return withAudit(
        db,
        async (trx) => {
          const result = await trx
            .updateTable('residences')
            .set({ pin_only_shifts: on ? 1 : 0, updated_at: toDbTime(now) })
            .where('uuid', '=', uuid)
            .where('deleted_at', 'is', null)
            .where(siteScope(principal, 'residences.uuid'))
            .executeTakeFirst();
          return result.numUpdatedRows > 0n;
        },
        (updated) => (updated ? audit : null),
      );
    },

    /**
     * Soft delete: the row stays for the attendance, visitors and incidents that name it, and so do
     * its guard and supervisor links; every reader skips it by deleted_at.
     */
    async softDelete(uuid: string, now: Date, audit: AuditEvent): Promise<boolean> {
      const at = toDbTime(now);
      return withAudit(
        db,
        async (trx) => {
          const result = await trx
            .updateTable('residences')
            .set({ deleted_at: at, updated_at: at })
            .where('uuid', '=', uuid)
            .where('deleted_at', 'is', null)
            .executeTakeFirst();
          return result.numUpdatedRows > 0n;
        },
        (removed) => (removed ? audit : null),
      );
    },

    /** The site's unit directory: every unit, by name, with its owner (the unit's host). */
    async unitsOf(siteUuid: string) {
      return db
        .selectFrom('units')
        .select(['uuid', 'name', 'owner_name'])
        .where('residence_uuid', '=', siteUuid)
        .orderBy('name')
        .orderBy('uuid')
        .execute();
    },

    async unitOf(siteUuid: string, unitUuid: string) {
      return db
        .selectFrom('units')
        .select(['uuid', 'name', 'owner_name', 'contact_number'])
        .where('residence_uuid', '=', siteUuid)
        .where('uuid', '=', unitUuid)
        .executeTakeFirst();
    },
  };
}

export type SitesRepository = ReturnType<typeof createSitesRepository>;
