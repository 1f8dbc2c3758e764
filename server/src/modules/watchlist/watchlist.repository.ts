import { randomUUID } from 'node:crypto';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { WatchlistEntry, WatchlistHit } from '@contract/watchlist';
import { watchKeys, type WatchedPerson } from '@rules/watchlist';
import type { Principal } from '../../auth/principal';
import type { DB } from '../../db/database';
import { toDbTime } from '../../db/time';
import {
  applyListQuery,
  countMatches,
  type ParsedListQuery,
  type ResourceQuerySpec,
} from '../../query';
import { recordAudit, type AuditEvent } from '../audit/audit.repository';

/** What GET /watchlist/list lets clients filter and sort by. */
export const WATCHLIST_QUERY: ResourceQuerySpec = {
  fields: {
    uuid: 'watchlist_entries.uuid',
    name: 'watchlist_entries.name',
    ic_passport_number: 'watchlist_entries.ic_passport_number',
    car_plate_number: 'watchlist_entries.car_plate_number',
    phone_number: 'watchlist_entries.phone_number',
    reason: 'watchlist_entries.reason',
    security_company_uuid: 'watchlist_entries.security_company_uuid',
    residence_uuid: 'watchlist_entries.residence_uuid',
    created_at: 'watchlist_entries.created_at',
    updated_at: 'watchlist_entries.updated_at',
  },
  related: [],
  defaultOrder: { field: 'created_at', direction: 'desc' },
};

const always = sql<SqlBool>`1 = 1`;

/** The entries a caller manages: any for the superadmin, its own company's for a company. */
function entryScope(principal: Principal): Expression<SqlBool> {
  return principal.role === 'superadmin'
    ? always
    : sql<SqlBool>`watchlist_entries.security_company_uuid = ${principal.companyUuid}`;
}

/** An entry's stored values: each identifying field as given, and the reason. */
export interface WatchlistValues {
  security_company_uuid: string;
  residence_uuid: string | null;
  name: string;
  ic_passport_number: string;
  car_plate_number: string;
  phone_number: string;
  reason: string;
}

/** The keys a pass is matched on, '' where the field is blank (never matched: see `matching`). */
function keysOf(values: WatchedPerson) {
  const keys = watchKeys(values);
  return {
    name_key: keys.name ?? '',
    document_key: keys.ic_passport_number ?? '',
    plate_key: keys.car_plate_number ?? '',
    phone_key: keys.phone_number ?? '',
  };
}

export function createWatchlistRepository(db: DB) {
  function selectEntries(principal: Principal) {
    return db
      .selectFrom('watchlist_entries')
      .innerJoin(
        'security_companies',
        'security_companies.uuid',
        'watchlist_entries.security_company_uuid',
      )
      .leftJoin('residences', 'residences.uuid', 'watchlist_entries.residence_uuid')
      .leftJoin('user_profiles as creator', 'creator.uuid', 'watchlist_entries.created_by')
      .select([
        'watchlist_entries.uuid',
        'watchlist_entries.security_company_uuid',
        'security_companies.name as security_company_name',
        'watchlist_entries.residence_uuid',
        'residences.name as residence_name',
        'watchlist_entries.name',
        'watchlist_entries.ic_passport_number',
        'watchlist_entries.car_plate_number',
        'watchlist_entries.phone_number',
        'watchlist_entries.reason',
        'creator.name as created_by_name',
        'watchlist_entries.created_at',
        'watchlist_entries.updated_at',
      ])
      .where('watchlist_entries.deleted_at', 'is', null)
      .where(entryScope(principal));
  }

  /**
   * The live entries a person matches at a site: the site's own, and its company's for every
   * site. One indexed equality per key the person gives; blank keys never match.
   */
  async function matching(siteUuid: string, person: WatchedPerson): Promise<WatchlistHit[]> {
    const keys = Object.entries(keysOf(person)).filter(([, key]) => key !== '') as Array<
      ['name_key' | 'document_key' | 'plate_key' | 'phone_key', string]
    >;
    if (keys.length === 0) return [];
    const site = await db
      .selectFrom('residences')
      .select('security_company_uuid')
      .where('uuid', '=', siteUuid)
      .executeTakeFirst();
    if (!site?.security_company_uuid) return [];
    return db
      .selectFrom('watchlist_entries')
      .select(['uuid', 'reason'])
      .where('security_company_uuid', '=', site.security_company_uuid)
      .where('deleted_at', 'is', null)
      .where((eb) => eb.or([eb('residence_uuid', 'is', null), eb('residence_uuid', '=', siteUuid)]))
      .where((eb) => eb.or(keys.map(([column, key]) => eb(column, '=', key))))
      .orderBy('created_at')
      .orderBy('uuid')
      .execute();
  }

  return {
    async list(
      principal: Principal,
      list: ParsedListQuery,
    ): Promise<{ resource: WatchlistEntry[]; count: number | null }> {
      const rowsQuery = applyListQuery(selectEntries(principal), list).orderBy(
        'watchlist_entries.uuid',
      );
      const countQuery = db
        .selectFrom('watchlist_entries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('watchlist_entries.deleted_at', 'is', null)
        .where(entryScope(principal))
        .where(list.where ?? always);
      const [rows, count] = await Promise.all([
        rowsQuery.execute(),
        countMatches(list, countQuery),
      ]);
      return { resource: rows, count };
    },

    async find(principal: Principal, uuid: string): Promise<WatchlistEntry | undefined> {
      return selectEntries(principal).where('watchlist_entries.uuid', '=', uuid).executeTakeFirst();
    },

    /** The live site of the company, or undefined. */
    async siteOfCompany(companyUuid: string, siteUuid: string) {
      return db
        .selectFrom('residences')
        .select('uuid')
        .where('uuid', '=', siteUuid)
        .where('security_company_uuid', '=', companyUuid)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
    },

    async insert(
      values: WatchlistValues,
      createdBy: string | null,
      now: Date,
      audit: (uuid: string) => AuditEvent,
    ): Promise<string> {
      const uuid = randomUUID();
      const at = toDbTime(now);
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('watchlist_entries')
          .values({
            uuid,
            ...values,
            ...keysOf(values),
            created_by: createdBy,
            created_at: at,
            updated_at: at,
          })
          .execute();
        await recordAudit(trx, audit(uuid));
      });
      return uuid;
    },

    async update(uuid: string, values: WatchlistValues, now: Date, audit: AuditEvent) {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('watchlist_entries')
          .set({ ...values, ...keysOf(values), updated_at: toDbTime(now) })
          .where('uuid', '=', uuid)
          .where('deleted_at', 'is', null)
          .execute();
        await recordAudit(trx, audit);
      });
    },

    async remove(uuid: string, now: Date, audit: AuditEvent) {
      const at = toDbTime(now);
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('watchlist_entries')
          .set({ deleted_at: at, updated_at: at })
          .where('uuid', '=', uuid)
          .where('deleted_at', 'is', null)
          .execute();
        await recordAudit(trx, audit);
      });
    },

    /**
     * The live entries a pass's visitor matches at its site, read from the pass as stored (a
     * caller's view of it may mask the document number).
     */
    async matchingPass(visitorUuid: string): Promise<WatchlistHit[]> {
      const pass = await db
        .selectFrom('visitors')
        .select([
          'residence_uuid',
          'name',
          'ic_passport_number',
          'car_plate_number',
          'phone_number',
        ])
        .where('uuid', '=', visitorUuid)
        .executeTakeFirst();
      return pass ? matching(pass.residence_uuid, pass) : [];
    },

    matching,
  };
}

export type WatchlistRepository = ReturnType<typeof createWatchlistRepository>;
