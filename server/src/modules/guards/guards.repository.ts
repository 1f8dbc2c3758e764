import { randomUUID } from 'node:crypto';
import { recordAudit, type AuditEvent } from '../audit/audit.repository';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Guard, GuardSiteLink } from '@contract/guards';
import type { Principal } from '../../auth/principal';
import { guardScope } from '../../auth/scope';
import { engineOf } from '../../db/engine';
import { rowKey } from '../../db/engine/row-keys';
import { countSupervisorGuards } from '../../db/guard-links';
import type { Database } from '../../db/schema';
import { searchIndexOf } from '../../db/search-indexes';
import { endGuardSessions, syncSignInNames } from '../guard-app/guard-app.repository';
import { releaseFutureShifts } from '../shifts/shifts.repository';
import { toDbTime } from '../../db/time';
import {
  applyListQuery,
  relatedColumn,
  type ParsedListQuery,
  type ResourceQuerySpec,
  countMatches,
  countSearch,
  FEW_MATCHES,
  matchesForPlan,
} from '../../query';
import { fileUrl } from '../files/files.repository';
import { companyIsLive } from '../security-companies/security-companies.repository';

/**
 * What GET /guards/list lets clients filter and sort by. Every field is a guards column or a
 * sub-select keyed on one, so the count runs on the guards table alone, with no joins.
 */
export const GUARDS_QUERY: ResourceQuerySpec = {
  table: 'guards',
  fields: {
    uuid: 'guards.uuid',
    guard_id: { column: 'guards.guard_id', search: searchIndexOf('guards', 'guard_id') },
    name: { column: 'guards.name', search: searchIndexOf('guards', 'name') },
    email: 'guards.email',
    address: 'guards.address',
    contact_number: 'guards.contact_number',
    ic_passport_number: 'guards.ic_passport_number',
    nationality: 'guards.nationality',
    birthdate: 'guards.birthdate',
    is_active: 'guards.is_active',
    security_company_uuid: 'guards.security_company_uuid',
    security_company_name: relatedColumn(
      {
        key: 'guards.security_company_uuid',
        table: 'security_companies',
        alias: 'filter_company',
        column: 'name',
        search: searchIndexOf('security_companies', 'name', 'filter_company'),
      },
      { orderBy: 'security_companies.name' },
    ),
    // No `pin`: a PIN is never matched, sorted or listed, only revealed one at a time.
    photo: 'guards.photo_file_uuid',
    created_at: 'guards.created_at',
    updated_at: 'guards.updated_at',
    // A guard has many sites: `residence_uuid = x` means "linked to site x".
    residence_uuid: {
      compile: (test) =>
        sql<SqlBool>`guards.uuid in (select filter_link.guard_uuid from guard_residences as filter_link where ${test(sql.ref('filter_link.residence_uuid'))})`,
    },
  },
  // Every record carries its sites anyway; the names are accepted so clients may ask for them.
  related: ['kg_residence_guards', 'kg_security_company'],
  defaultOrder: { field: 'created_at', direction: 'desc' },
};

/** The stored values of a guard that a save writes; the service has checked every one. */
export interface GuardValues {
  security_company_uuid: string;
  guard_id: string;
  name: string;
  email: string | null;
  address: string;
  contact_number: string;
  ic_passport_number: string;
  nationality: string;
  birthdate: string | null;
  is_active: number;
  photo_file_uuid: string | null;
}

const always = sql<SqlBool>`1 = 1`;

/** Every read and write of guards, over the database or one transaction. */
function createGuardsStore(db: Kysely<Database>) {
  const engine = engineOf(db);
  function liveGuards(principal: Principal | null) {
    const query = db.selectFrom('guards').where('guards.deleted_at', 'is', null);
    return principal ? query.where(guardScope(principal, 'guards')) : query;
  }

  /**
   * guardScope for counting: the same guards, in a form SQLite counts from an index. A
   * supervisor's guards are the ones its sites' links name (guardScope's `exists`, asked from the
   * links' side: tested guard by guard it reads every guard). Every live guard, unfiltered, is
   * counted in the live guards' company index: every guard has a company uuid, and all text is
   * >= '', so the range only lets SQLite read that small index instead of every row.
   */
  function countScope(principal: Principal, unfiltered: boolean): Expression<SqlBool> {
    if (principal.role === 'sitesupervisor' && principal.sites.length > 0) {
      const sites = sql.join(principal.sites.map((site) => site.uuid));
      return sql<SqlBool>`guards.uuid in (select count_link.guard_uuid from guard_residences as count_link where count_link.residence_uuid in (${sites}))`;
    }
    if (principal.role === 'superadmin' && unfiltered) {
      return sql<SqlBool>`guards.security_company_uuid >= ''`;
    }
    return guardScope(principal, 'guards');
  }

  function selectGuards(principal: Principal | null) {
    return liveGuards(principal)
      .innerJoin('security_companies', 'security_companies.uuid', 'guards.security_company_uuid')
      .leftJoin('files as photo_file', 'photo_file.uuid', 'guards.photo_file_uuid')
      .select([
        'guards.uuid',
        'guards.guard_id',
        'guards.name',
        'guards.email',
        'guards.address',
        'guards.contact_number',
        'guards.ic_passport_number',
        'guards.nationality',
        'guards.birthdate',
        'guards.is_active',
        'guards.security_company_uuid',
        'security_companies.name as security_company_name',
        'guards.pin',
        'guards.photo_file_uuid',
        'photo_file.access_key as photo_access_key',
        'guards.created_at',
        'guards.updated_at',
        'guards.deleted_at',
      ]);
  }

  type GuardRow = Awaited<ReturnType<ReturnType<typeof selectGuards>['executeTakeFirstOrThrow']>>;

  /** The live sites of a page of guards, in one query. */
  async function sitesOf(guardUuids: string[]): Promise<Map<string, GuardSiteLink[]>> {
    const byGuard = new Map<string, GuardSiteLink[]>();
    if (guardUuids.length === 0) return byGuard;
    const rows = await db
      .selectFrom('guard_residences')
      .innerJoin('residences', 'residences.uuid', 'guard_residences.residence_uuid')
      .select([
        'guard_residences.guard_uuid',
        'residences.uuid as residence_uuid',
        'residences.name as residence_name',
        'residences.kipleguard_enabled as residence_kipleguard_enabled',
      ])
      .where('guard_residences.guard_uuid', 'in', guardUuids)
      .where('residences.deleted_at', 'is', null)
      .orderBy('residences.name')
      .execute();
    for (const { guard_uuid, ...link } of rows) {
      byGuard.set(guard_uuid, [...(byGuard.get(guard_uuid) ?? []), link]);
    }
    return byGuard;
  }

  async function toRecords(rows: GuardRow[], withCompany: boolean): Promise<Guard[]> {
    const sites = await sitesOf(rows.map((row) => row.uuid));
    return rows.map(({ photo_file_uuid, photo_access_key, pin, ...row }) => ({
      ...row,
      // The PIN itself is shown only on an explicit reveal (POST /guards/{uuid}/pin/reveal).
      pin: null,
      pin_enabled: pin !== null,
      photo: photo_file_uuid,
      photo_url: photo_access_key ? fileUrl(photo_access_key) : null,
      kg_residence_guards: sites.get(row.uuid) ?? [],
      ...(withCompany && {
        kg_security_company: { uuid: row.security_company_uuid, name: row.security_company_name },
      }),
    }));
  }

  async function replaceSites(guardUuid: string, siteUuids: string[]) {
    await db.deleteFrom('guard_residences').where('guard_uuid', '=', guardUuid).execute();
    if (siteUuids.length === 0) return;
    await db
      .insertInto('guard_residences')
      .values(siteUuids.map((residence_uuid) => ({ guard_uuid: guardUuid, residence_uuid })))
      .execute();
  }

  async function findRecord(principal: Principal | null, uuid: string) {
    const row = await selectGuards(principal).where('guards.uuid', '=', uuid).executeTakeFirst();
    const [record] = row ? await toRecords([row], false) : [];
    return record;
  }

  return {
    /** One page of the caller's live guards, and how many match in all. */
    async list(principal: Principal, list: ParsedListQuery) {
      const where = list.where ?? always;
      // A search of three letters or more finds its guards in the trigram indexes. Asked for
      // first, by row key, the matches drive the query; left among the other conditions, SQLite
      // walks the created_at order testing every guard, all 100,000 when nothing matches.
      const searched = list.readsSearchIndex;
      const filter = searched
        ? sql<SqlBool>`${rowKey(engine, 'guards')} in (select ${rowKey(engine, 'guards')} from guards where ${where})`
        : where;
      // A supervisor's unfiltered count is one number kept by triggers.
      const countsBySupervisor = principal.role === 'sitesupervisor' && principal.sites.length > 0;
      const matching = db
        .selectFrom('guards')
        .where('guards.deleted_at', 'is', null)
        .where(countScope(principal, list.where === null))
        .where(filter);
      const total =
        list.where === null
          ? await countMatches(
              list,
              countsBySupervisor
                ? countSupervisorGuards(db, principal.profileUuid)
                : matching.select((eb) => eb.fn.countAll<number>().as('n')),
            )
          : await countSearch(db, list, matching);
      // Few matches are sorted faster than the order is walked; many are met early on the walk.
      const fromMatches = searched && (await matchesForPlan(db, total, matching)) <= FEW_MATCHES;
      // The page's uuids first, from guards alone (a join, even one SQLite would leave out, stops
      // it reading the index in order and stopping after a page), then the page's records.
      // uuid last, so guards created in the same second still page in a stable order.
      const sortsByCompany = list.order.some((term) => term.ref.startsWith('security_companies.'));
      const pageQuery = applyListQuery(
        liveGuards(principal)
          .$if(sortsByCompany, (qb) =>
            qb.innerJoin(
              'security_companies',
              'security_companies.uuid',
              'guards.security_company_uuid',
            ),
          )
          .select('guards.uuid'),
        { ...list, where: filter },
        { byValue: fromMatches },
      );
      const pageUuids = pageQuery.orderBy('guards.uuid', 'desc');
      const rowsQuery = applyListQuery(selectGuards(null).where('guards.uuid', 'in', pageUuids), {
        ...list,
        where: null,
        offset: 0,
      }).orderBy('guards.uuid', 'desc');
      const rows = await rowsQuery.execute();
      return {
        resource: await toRecords(rows, list.related.includes('kg_security_company')),
        count: total,
      };
    },

    /** A live guard within the caller's scope. */
    findInScope(principal: Principal, uuid: string): Promise<Guard | undefined> {
      return findRecord(principal, uuid);
    },

    /** A live guard whatever the scope: for answering a save the service has already allowed. */
    findLive(uuid: string): Promise<Guard | undefined> {
      return findRecord(null, uuid);
    },

    companyIsLive(uuid: string): Promise<boolean> {
      return companyIsLive(db, uuid);
    },

    /** The live sites among `uuids`, with what a guard's site link depends on. */
    async liveSites(uuids: string[]) {
      if (uuids.length === 0) return [];
      return db
        .selectFrom('residences')
        .select(['uuid', 'security_company_uuid', 'kipleguard_enabled'])
        .where('uuid', 'in', uuids)
        .where('deleted_at', 'is', null)
        .execute();
    },

    /** The guard's live sites: links to deleted sites are hidden everywhere, and a save drops them. */
    async linkedSiteUuids(guardUuid: string): Promise<string[]> {
      const rows = await db
        .selectFrom('guard_residences')
        .innerJoin('residences', 'residences.uuid', 'guard_residences.residence_uuid')
        .select('guard_residences.residence_uuid')
        .where('guard_residences.guard_uuid', '=', guardUuid)
        .where('residences.deleted_at', 'is', null)
        .execute();
      return rows.map((row) => row.residence_uuid);
    },

    /** Whether another live guard of the company already has this guard ID. */
    async guardIdTaken(companyUuid: string, guardId: string, exceptUuid: string | null) {
      let query = db
        .selectFrom('guards')
        .select('uuid')
        .where('security_company_uuid', '=', companyUuid)
        .where('guard_id', '=', guardId)
        .where('deleted_at', 'is', null);
      if (exceptUuid) query = query.where('uuid', '<>', exceptUuid);
      return (await query.executeTakeFirst()) !== undefined;
    },

    /** Writes a new guard and its site links; call inside transaction(). */
    async insert(values: GuardValues, pin: string, siteUuids: string[]): Promise<string> {
      const uuid = randomUUID();
      await db
        .insertInto('guards')
        .values({ uuid, ...values, pin })
        .execute();
      await replaceSites(uuid, siteUuids);
      return uuid;
    },

    /** Updates a guard's values and replaces its site links; call inside transaction(). */
    async update(uuid: string, values: GuardValues, siteUuids: string[], now: Date) {
      await db
        .updateTable('guards')
        .set({ ...values, updated_at: toDbTime(now) })
        .where('uuid', '=', uuid)
        .execute();
      await replaceSites(uuid, siteUuids);
    },

    /** Soft delete: the guard leaves every list; its attendance and site links stay as history. */
    async softDelete(uuid: string, now: Date) {
      const time = toDbTime(now);
      await db
        .updateTable('guards')
        .set({ deleted_at: time, updated_at: time })
        .where('uuid', '=', uuid)
        .where('deleted_at', 'is', null)
        .execute();
    },

    /**
     * After a guard's save: its sign-in names follow its email and contact number (SignInTaken
     * when another guard with app access holds one), and a guard made inactive is signed out of
     * every session for good, app and kiosk. Call inside transaction().
     */
    async afterSave(uuid: string, active: boolean, now: Date): Promise<void> {
      await syncSignInNames(db, uuid);
      if (!active) await endGuardSessions(db, { guardUuid: uuid }, 'access-revoked', now);
      // Shifts ahead at sites the guard left, or all when it is inactive, are open again.
      await releaseFutureShifts(db, { guardUuid: uuid, everywhere: !active }, now);
    },

    /** A deleted guard's app access goes, with its sessions: its sign-in names are free again. */
    async endAppAccess(uuid: string, now: Date): Promise<void> {
      await db.deleteFrom('guard_credentials').where('guard_uuid', '=', uuid).execute();
      await endGuardSessions(db, { guardUuid: uuid }, 'access-revoked', now);
      await releaseFutureShifts(db, { guardUuid: uuid, everywhere: true }, now);
    },

    /** A live guard's PIN, for its reveal; null when it has none. */
    async pinOf(uuid: string): Promise<string | null> {
      const row = await db
        .selectFrom('guards')
        .select('pin')
        .where('uuid', '=', uuid)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return row?.pin ?? null;
    },

    async setPin(uuid: string, pin: string, now: Date) {
      await db
        .updateTable('guards')
        .set({ pin, updated_at: toDbTime(now) })
        .where('uuid', '=', uuid)
        .execute();
    },

    /** Records what was written in the audit trail; call inside transaction(). */
    audit(event: AuditEvent): Promise<void> {
      return recordAudit(db, event);
    },
  };
}

export type GuardsStore = ReturnType<typeof createGuardsStore>;

export function createGuardsRepository(db: Kysely<Database>) {
  return {
    ...createGuardsStore(db),
    /** Runs `work` in one transaction, with the same reads and writes bound to it. */
    transaction<T>(work: (store: GuardsStore) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(createGuardsStore(trx)));
    },
  };
}

export type GuardsRepository = ReturnType<typeof createGuardsRepository>;
