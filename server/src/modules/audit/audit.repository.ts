import { randomUUID } from 'node:crypto';
import { sql, type SqlBool } from 'kysely';
import type { AuditAction, AuditChange, AuditEntity, AuditEntry } from '@contract/audit';
import type { Principal } from '../../auth/principal';
import type { DB } from '../../db/database';
import { valueOnly } from '../../db/engine/plan-hints';
import { searchIndexOf } from '../../db/search-indexes';
import { toDbTime } from '../../db/time';
import { forbidden } from '../../http/errors';
import {
  applyListQuery,
  type ComputedField,
  countSearch,
  matchesForPlan,
  type ParsedListQuery,
  relatedColumn,
  type ResourceQuerySpec,
  walksInOrder,
} from '../../query';
import { currentOrigin, type AuditActor } from './audit-context';
import { namedChanges } from './changes';

/**
 * A name column of the entries, found by text through the table of distinct names (audit_names,
 * with the trigram index): `column in (select name from audit_names where …)`, then the
 * entries of those names through their index, newest first.
 */
function auditName(column: 'actor_name' | 'entity_label', alias: string): ComputedField {
  return relatedColumn(
    {
      key: `audit_entries.${column}`,
      table: 'audit_names',
      alias,
      column: 'name',
      matches: 'name',
      search: searchIndexOf('audit_names', 'name', alias),
    },
    { orderBy: `audit_entries.${column}` },
  );
}

/** What GET /audit/list lets clients filter and sort by. */
export const AUDIT_QUERY: ResourceQuerySpec = {
  fields: {
    id: 'audit_entries.id',
    created_at: 'audit_entries.created_at',
    action: 'audit_entries.action',
    entity: 'audit_entries.entity',
    entity_uuid: 'audit_entries.entity_uuid',
    entity_label: auditName('entity_label', 'label_name'),
    actor_uuid: 'audit_entries.actor_uuid',
    actor_name: auditName('actor_name', 'actor_name'),
    actor_role: 'audit_entries.actor_role',
    security_company_uuid: 'audit_entries.security_company_uuid',
  },
  sortable: ['id', 'created_at', 'action', 'entity', 'actor_name', 'entity_label'],
  defaultOrder: { field: 'id', direction: 'desc' },
  maxLimit: 500,
};

/** Only the superadmin and a company's users read the trail; a supervisor is refused. */
export const AUDIT_FORBIDDEN = 'Only administrators can read the audit log.';

/** One thing that happened, as a repository records it inside its write's transaction. */
export interface AuditEvent {
  action: AuditAction;
  entity: AuditEntity;
  entityUuid: string | null;
  /** The record's name as it is now (a guard's name, a login's email). */
  entityLabel?: string | null;
  /**
   * The company the record belongs to; its users see the entry. Defaults to the actor's;
   * `{ ofSite }` reads the company of that site within the write.
   */
  companyUuid?: string | null | { ofSite: string };
  changes?: Record<string, AuditChange>;
  /** Who acted, when the request has no signed-in caller yet (a sign-in names its account). */
  actor?: AuditActor;
  at?: Date;
}

/**
 * Appends one entry to the audit trail. Call it with the write's transaction, so the entry and
 * the write are kept or lost together; the caller, its address and user agent come from the
 * request being served (audit-context), or the server's own jobs.
 */
export async function recordAudit(db: DB, event: AuditEvent): Promise<void> {
  const origin = currentOrigin();
  const actor = event.actor ?? origin.actor;
  await recordNames(db, [actor.name, event.entityLabel]);
  await db
    .insertInto('audit_entries')
    .values({
      uuid: randomUUID(),
      created_at: toDbTime(event.at ?? new Date()),
      action: event.action,
      entity: event.entity,
      entity_uuid: event.entityUuid,
      entity_label: event.entityLabel ?? null,
      actor_uuid: actor.uuid,
      actor_name: actor.name,
      actor_role: actor.role,
      security_company_uuid: companyOf(db, event.companyUuid, actor),
      changes: JSON.stringify(await namedChanges(db, event.changes ?? {})),
      client_address: origin.clientAddress,
      user_agent: origin.userAgent,
    })
    .execute();
}

/** Adds names the trail has not held before to audit_names, where a search by text finds them. */
export async function recordNames(db: DB, names: ReadonlyArray<string | null | undefined>) {
  const distinct = [...new Set(names.filter((name): name is string => Boolean(name)))];
  if (distinct.length === 0) return;
  await db
    .insertInto('audit_names')
    .values(distinct.map((name) => ({ name })))
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
}

function companyOf(db: DB, company: AuditEvent['companyUuid'], actor: AuditActor) {
  if (company === undefined) return actor.companyUuid;
  if (company === null || typeof company === 'string') return company;
  return db
    .selectFrom('residences')
    .select('residences.security_company_uuid')
    .where('residences.uuid', '=', company.ofSite);
}

/** A login as an entry's subject: named by its email, seen by its company. */
export async function loginSubject(db: DB, profileUuid: string | null) {
  const login =
    profileUuid === null
      ? undefined
      : await db
          .selectFrom('user_profiles')
          .leftJoin('user_roles', 'user_roles.user_profile_uuid', 'user_profiles.uuid')
          .select(['user_profiles.email', 'user_roles.security_company_uuid'])
          .where('user_profiles.uuid', '=', profileUuid)
          .executeTakeFirst();
  return {
    entity: 'login' as const,
    entityUuid: profileUuid,
    entityLabel: login?.email ?? null,
    companyUuid: login?.security_company_uuid ?? null,
  };
}

/** Writes `work` and its audit entry in one transaction; answers what `work` answers. */
export function withAudit<T>(
  db: DB,
  work: (trx: DB) => Promise<T>,
  event: (result: T) => AuditEvent | null,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const result = await work(trx);
    const entry = event(result);
    if (entry) await recordAudit(trx, entry);
    return result;
  });
}

/**
 * The entries a caller may read: all for the superadmin, its company's for a company user.
 * `throughIndex` false reads the company as a value, tested in the name indexes (which hold it
 * after the name), when a search's names drive the query; a walk in order reads the company's own
 * index, newest first.
 */
function entriesInScope(db: DB, principal: Principal, throughIndex: boolean) {
  const entries = db.selectFrom('audit_entries');
  switch (principal.role) {
    case 'superadmin':
      return entries;
    case 'securitycompany': {
      const company = sql.ref('audit_entries.security_company_uuid');
      return entries.where(throughIndex ? company : valueOnly(company), '=', principal.companyUuid);
    }
    default:
      throw forbidden(AUDIT_FORBIDDEN);
  }
}

export function createAuditRepository(db: DB) {
  return {
    /**
     * One page of the caller's entries, newest first unless ordered, and how many match. A
     * search's names are found in audit_names, and their entries counted first: few are read
     * through the names' indexes and sorted; many (a name on every hundredth entry) are met early
     * on a walk in the list's order, each entry's name tested against the names found.
     */
    async list(principal: Principal, list: ParsedListQuery) {
      const matching = entriesInScope(db, principal, !list.readsSearchIndex).where(
        list.where ?? sql<SqlBool>`1 = 1`,
      );
      const count = await countSearch(db, list, matching);
      const walks =
        list.readsSearchIndex && walksInOrder(list, await matchesForPlan(db, count, matching));
      const page = walks ? { ...list, where: list.whereFor({ inOrder: true }) } : list;
      const rows = await applyListQuery(
        entriesInScope(db, principal, walks || !list.readsSearchIndex).selectAll('audit_entries'),
        page,
      )
        .orderBy('audit_entries.id', 'desc')
        .execute();
      const resource: AuditEntry[] = rows.map((row) => ({
        ...row,
        action: row.action as AuditAction,
        entity: row.entity as AuditEntity,
        actor_role: row.actor_role as AuditEntry['actor_role'],
        changes: JSON.parse(row.changes) as AuditEntry['changes'],
      }));
      return { resource, count };
    },

    /**
     * Removes entries older than `before` (the retention), a batch at a time so a large backlog
     * never holds the database for long; answers how many went.
     */
    async removeOlderThan(before: Date, batch = 5000): Promise<number> {
      let removed = 0;
      for (;;) {
        const result = await db
          .deleteFrom('audit_entries')
          .where(
            'id',
            'in',
            db
              .selectFrom('audit_entries')
              .select('id')
              .where('created_at', '<', toDbTime(before))
              .orderBy('id')
              .limit(batch),
          )
          .executeTakeFirst();
        const n = Number(result.numDeletedRows);
        removed += n;
        if (n < batch) break;
      }
      // Names only the removed entries held go with them: the trail keeps no name it no longer shows.
      if (removed > 0) {
        await db
          .deleteFrom('audit_names')
          .where(({ exists, not, selectFrom }) =>
            not(
              exists(
                selectFrom('audit_entries')
                  .select(sql`1`.as('one'))
                  .where((eb) =>
                    eb.or([
                      eb('audit_entries.actor_name', '=', eb.ref('audit_names.name')),
                      eb('audit_entries.entity_label', '=', eb.ref('audit_names.name')),
                    ]),
                  ),
              ),
            ),
          )
          .execute();
      }
      return removed;
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
