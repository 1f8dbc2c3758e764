import { recordAudit, type AuditEvent } from '../audit/audit.repository';
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Incident, IncidentFile } from '@contract/incidents';
import type { IncidentStatus } from '@rules/incidents';
import type { Author, Caller } from '../../auth/principal';
import { atLiveSite, siteScope } from '../../auth/scope';
import type { DB } from '../../db/database';
import { pageAtLiveSites } from '../../db/site-lists';
import type { Database } from '../../db/schema';
import { searchIndexOf } from '../../db/search-indexes';
import { guardColumn, siteColumn } from '../../db/related-columns';
import { isUniqueViolation } from '../../db/errors';
import { toDbTime } from '../../db/time';
import {
  applyListQuery,
  relatedColumn,
  type ParsedListQuery,
  type ResourceQuerySpec,
} from '../../query';
import { fileUrl } from '../files/files.repository';

const bySite = (column: string, orderBy?: string) =>
  siteColumn('incidents.residence_uuid', column, orderBy);

/**
 * What GET /incidents/list lets clients filter and sort by. The reporter's email and Guard ID are
 * sub-selects on their tables, so the count runs on the incidents table alone.
 */
export const INCIDENTS_QUERY: ResourceQuerySpec = {
  table: 'incidents',
  fields: {
    uuid: 'incidents.uuid',
    kg_incident_id: 'incidents.kg_incident_id',
    residence_uuid: 'incidents.residence_uuid',
    residence_name: bySite('name', 'residences.name'),
    residence_kipleguard_reporting_enabled: bySite('kipleguard_reporting'),
    category_uuid: 'incidents.category_uuid',
    user_email: relatedColumn({
      key: 'incidents.reported_by_user_uuid',
      table: 'user_profiles',
      alias: 'filter_user',
      column: 'email',
      search: searchIndexOf('user_profiles', 'email', 'filter_user'),
    }),
    guard_id: guardColumn('incidents.reported_by_guard_uuid', 'guard_id'),
    status: 'incidents.status',
    description: 'incidents.description',
    incident_date: 'incidents.incident_date',
    created_at: 'incidents.created_at',
  },
  related: ['kg_security_company', 'residence', 'category', 'files'],
  defaultOrder: { field: 'created_at', direction: 'desc' },
};

/**
 * Incident numbers run per company: the sequence of a site's company is its uuid, and '' for a
 * site without one (IncidentsTable.number_sequence). Its counter is one row of the shared
 * counters table.
 */
export function incidentCounter(sequence: string): string {
  return `incident:${sequence}`;
}

/** The sequence an incident at the site takes its number from. */
export async function numberSequenceOf(db: Kysely<Database>, siteUuid: string): Promise<string> {
  const site = await db
    .selectFrom('residences')
    .select('security_company_uuid')
    .where('uuid', '=', siteUuid)
    .executeTakeFirst();
  return site?.security_company_uuid ?? '';
}

/**
 * The highest number written in a sequence, 0 when there is none. By length first: past
 * INC-999999 the numbers grow a digit, so the highest is not the last in text order.
 */
export async function highestIncidentNumber(
  db: Kysely<Database>,
  sequence: string,
): Promise<number> {
  const highest = await db
    .selectFrom('incidents')
    .select('kg_incident_id')
    .where('number_sequence', '=', sequence)
    .where('kg_incident_id', 'like', 'INC-%')
    .orderBy(sql`length(kg_incident_id)`, 'desc')
    .orderBy('kg_incident_id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return Number(/^INC-(\d+)$/.exec(highest?.kg_incident_id ?? '')?.[1] ?? 0);
}

/** 'INC-000123': six digits, more once the count passes a million. */
export function incidentNumber(value: number): string {
  return `INC-${String(value).padStart(6, '0')}`;
}

export interface IncidentValues {
  incident_date: string;
  residence_uuid: string;
  category_uuid: string;
  lat: number | null;
  lng: number | null;
  actions_taken: string;
  description: string;
  status: IncidentStatus;
}

export function createIncidentsRepository(db: DB) {
  function selectIncidents() {
    return db
      .selectFrom('incidents')
      .innerJoin('residences', 'residences.uuid', 'incidents.residence_uuid')
      .innerJoin('incident_categories', 'incident_categories.uuid', 'incidents.category_uuid')
      .leftJoin('security_companies', 'security_companies.uuid', 'residences.security_company_uuid')
      .leftJoin('user_profiles as reporter', 'reporter.uuid', 'incidents.reported_by_user_uuid')
      .leftJoin(
        'guards as reporting_guard',
        'reporting_guard.uuid',
        'incidents.reported_by_guard_uuid',
      )
      .select([
        'incidents.uuid',
        'incidents.kg_incident_id',
        'incidents.category_uuid',
        'incident_categories.name as category_name',
        'incidents.residence_uuid',
        'residences.name as residence_name',
        'security_companies.name as security_company_name',
        'incidents.created_at',
        'incidents.incident_date',
        'incidents.lat',
        'incidents.lng',
        'incidents.description',
        'incidents.actions_taken',
        'incidents.status',
        'reporter.email as user_email',
        'reporting_guard.guard_id',
      ])
      .where('incidents.deleted_at', 'is', null)
      .where(atLiveSite('incidents.residence_uuid'));
  }

  async function filesOf(incidentUuids: string[]): Promise<Map<string, IncidentFile[]>> {
    const byIncident = new Map<string, IncidentFile[]>();
    if (incidentUuids.length === 0) return byIncident;
    const rows = await db
      .selectFrom('incident_files')
      .innerJoin('files', 'files.uuid', 'incident_files.file_uuid')
      .select([
        'incident_files.incident_uuid',
        'files.uuid',
        'files.access_key',
        'files.filename',
        'files.mime_type',
      ])
      .where('incident_files.incident_uuid', 'in', incidentUuids)
      .orderBy('incident_files.position')
      .execute();
    for (const row of rows) {
      const url = fileUrl(row.access_key);
      byIncident.set(row.incident_uuid, [
        ...(byIncident.get(row.incident_uuid) ?? []),
        {
          uuid: row.uuid,
          url,
          path: url,
          thumbnail: url,
          filename: row.filename,
          mime_type: row.mime_type,
        },
      ]);
    }
    return byIncident;
  }

  type IncidentRow = Awaited<
    ReturnType<ReturnType<typeof selectIncidents>['executeTakeFirstOrThrow']>
  >;

  function toRecord(
    { security_company_name, ...row }: IncidentRow,
    files: IncidentFile[],
  ): Incident {
    return {
      ...row,
      kg_security_company: security_company_name === null ? null : { name: security_company_name },
      user_email: row.user_email ?? null,
      guard_id: row.guard_id ?? null,
      files,
    };
  }

  /**
   * The next number of a sequence, from its counter. The counter's first use starts after the
   * highest number already written there (seeded or imported incidents); two first uses at once
   * still get two numbers, as the second turns into an increment.
   */
  async function nextNumber(trx: Transaction<Database>, sequence: string): Promise<number> {
    const name = incidentCounter(sequence);
    const counter = await trx
      .selectFrom('counters')
      .select('value')
      .where('name', '=', name)
      .executeTakeFirst();
    let start = 1;
    if (!counter) start = (await highestIncidentNumber(trx, sequence)) + 1;
    const row = await trx
      .insertInto('counters')
      .values({ name, value: start })
      .onConflict((oc) =>
        oc.column('name').doUpdateSet((eb) => ({ value: eb('counters.value', '+', 1) })),
      )
      .returning('value')
      .executeTakeFirstOrThrow();
    return Number(row.value);
  }

  /**
   * A live incident the guard already reported: by the app's key when it sent one, else the same
   * category, time and description reported since `since` (UTC). Answers its uuid.
   */
  async function findResent(
    guardUuid: string,
    report:
      | { idempotencyKey: string }
      | { category_uuid: string; incident_date: string; description: string; since: string },
  ): Promise<string | undefined> {
    const row = await db
      .selectFrom('incidents')
      .select('uuid')
      .where('reported_by_guard_uuid', '=', guardUuid)
      .where('deleted_at', 'is', null)
      .where((eb) =>
        'idempotencyKey' in report
          ? eb('idempotency_key', '=', report.idempotencyKey)
          : eb.and([
              eb('category_uuid', '=', report.category_uuid),
              eb('incident_date', '=', report.incident_date),
              eb('description', '=', report.description),
              eb('created_at', '>=', report.since),
            ]),
      )
      .executeTakeFirst();
    return row?.uuid;
  }

  return {
    /** One page of incidents at the caller's sites, with their files, and how many match in all. */
    async list(principal: Caller, list: ParsedListQuery) {
      const { uuids: pageUuids, total } = await pageAtLiveSites(db, principal, list, 'incidents');
      const rowsQuery = applyListQuery(selectIncidents().where('incidents.uuid', 'in', pageUuids), {
        ...list,
        where: null,
        offset: 0,
      }).orderBy('incidents.uuid', 'desc');
      const rows = await rowsQuery.execute();
      const files = await filesOf(rows.map((row) => row.uuid));
      return {
        resource: rows.map((row) => toRecord(row, files.get(row.uuid) ?? [])),
        count: total,
      };
    },

    async find(principal: Caller, uuid: string): Promise<Incident | undefined> {
      const row = await selectIncidents()
        .where(siteScope(principal, 'incidents.residence_uuid'))
        .where('incidents.uuid', '=', uuid)
        .executeTakeFirst();
      if (!row) return undefined;
      return toRecord(row, (await filesOf([uuid])).get(uuid) ?? []);
    },

    async categories() {
      return db
        .selectFrom('incident_categories')
        .select(['uuid', 'name'])
        .orderBy('name')
        .execute();
    },

    async categoryExists(uuid: string): Promise<boolean> {
      const row = await db
        .selectFrom('incident_categories')
        .select('uuid')
        .where('uuid', '=', uuid)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** A live site within the caller's scope. */
    async siteInScope(principal: Caller, uuid: string): Promise<boolean> {
      const row = await db
        .selectFrom('residences')
        .select('uuid')
        .where('uuid', '=', uuid)
        .where('deleted_at', 'is', null)
        .where(siteScope(principal, 'residences.uuid'))
        .executeTakeFirst();
      return row !== undefined;
    },

    findResent,

    /** Which of these files an incident already holds (they may stay without a new check). */
    async attachedFiles(incidentUuid: string): Promise<string[]> {
      const rows = await db
        .selectFrom('incident_files')
        .select('file_uuid')
        .where('incident_uuid', '=', incidentUuid)
        .execute();
      return rows.map((row) => row.file_uuid);
    },

    /**
     * Writes a new incident with its number and files in one transaction; answers its uuid. The
     * number comes from the shared counter, so concurrent adds never share one.
     */
    async insert(input: {
      values: IncidentValues;
      files: string[];
      reportedBy: Author;
      /** The guard app's key for a report it may send again; unique per guard. */
      idempotencyKey?: string | null;
      now: Date;
      /** Its audit entry; the number and the company are filled in as they are given out. */
      audit: AuditEvent;
    }): Promise<string> {
      const uuid = randomUUID();
      const at = toDbTime(input.now);
      for (let attempt = 0; ; attempt += 1) {
        try {
          await db.transaction().execute(async (trx) => {
            const sequence = await numberSequenceOf(trx, input.values.residence_uuid);
            const number = await nextNumber(trx, sequence);
            await trx
              .insertInto('incidents')
              .values({
                uuid,
                kg_incident_id: incidentNumber(number),
                number_sequence: sequence,
                ...input.values,
                reported_by_user_uuid: input.reportedBy.profileUuid,
                reported_by_guard_uuid: input.reportedBy.guardUuid,
                idempotency_key: input.idempotencyKey ?? null,
                created_at: at,
                updated_at: at,
              })
              .execute();
            if (input.files.length > 0) {
              await trx
                .insertInto('incident_files')
                .values(
                  input.files.map((file_uuid, position) => ({
                    incident_uuid: uuid,
                    file_uuid,
                    position,
                  })),
                )
                .execute();
            }
            await recordAudit(trx, {
              ...input.audit,
              entityUuid: uuid,
              entityLabel: incidentNumber(number),
              companyUuid: sequence || null,
            });
          });
          return uuid;
        } catch (error) {
          // The same key sent twice at once: the first one stored is the report.
          if (input.idempotencyKey && input.reportedBy.guardUuid && isUniqueViolation(error)) {
            const stored = await findResent(input.reportedBy.guardUuid, {
              idempotencyKey: input.idempotencyKey,
            });
            if (stored) return stored;
          }
          // A number taken by rows written outside the counter (an import): move past it once.
          if (attempt === 0 && isUniqueViolation(error)) {
            const sequence = await numberSequenceOf(db, input.values.residence_uuid);
            await db.deleteFrom('counters').where('name', '=', incidentCounter(sequence)).execute();
            continue;
          }
          throw error;
        }
      }
    },

    /** The company an incident belongs to (its numbering sequence), or null for a site without one. */
    async companyOf(uuid: string): Promise<string | null> {
      const row = await db
        .selectFrom('incidents')
        .select('number_sequence')
        .where('uuid', '=', uuid)
        .executeTakeFirst();
      return row?.number_sequence || null;
    },

    /** Changes remarks, status and, when given, the whole file list, in one transaction. */
    async update(
      uuid: string,
      changes: { actions_taken?: string; status?: IncidentStatus; files?: string[] },
      now: Date,
      audit: AuditEvent,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await recordAudit(trx, audit);
        await trx
          .updateTable('incidents')
          .set({
            ...(changes.actions_taken !== undefined
              ? { actions_taken: changes.actions_taken }
              : {}),
            ...(changes.status !== undefined ? { status: changes.status } : {}),
            updated_at: toDbTime(now),
          })
          .where('uuid', '=', uuid)
          .execute();
        if (changes.files) {
          await trx.deleteFrom('incident_files').where('incident_uuid', '=', uuid).execute();
          if (changes.files.length > 0) {
            await trx
              .insertInto('incident_files')
              .values(
                changes.files.map((file_uuid, position) => ({
                  incident_uuid: uuid,
                  file_uuid,
                  position,
                })),
              )
              .execute();
          }
        }
      });
    },
  };
}

export type IncidentsRepository = ReturnType<typeof createIncidentsRepository>;
