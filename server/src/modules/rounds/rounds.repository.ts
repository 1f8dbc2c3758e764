import { randomUUID } from 'node:crypto';
import { sql, type SqlBool, type Transaction } from 'kysely';
import type { Round } from '@contract/rounds';
import type { RoundFields } from '@rules/rounds';
import type { Principal } from '../../auth/principal';
import { atLiveSite, siteScope } from '../../auth/scope';
import type { DB } from '../../db/database';
import type { Database } from '../../db/schema';
import { toDbTime } from '../../db/time';
import {
  applyListQuery,
  countMatches,
  type ParsedListQuery,
  type ResourceQuerySpec,
} from '../../query';
import { recordAudit, type AuditEvent } from '../audit/audit.repository';
import { replanRounds } from '../patrols/patrols.repository';

/** What GET /rounds/list lets clients filter and sort by. */
export const ROUNDS_QUERY: ResourceQuerySpec = {
  fields: {
    uuid: 'rounds.uuid',
    residence_uuid: 'rounds.residence_uuid',
    name: 'rounds.name',
    allowed_minutes: 'rounds.allowed_minutes',
    retired_at: 'rounds.retired_at',
    created_at: 'rounds.created_at',
  },
  related: [],
  defaultOrder: { field: 'name', direction: 'asc' },
};

const always = sql<SqlBool>`1 = 1`;

/** A round as stored, before its checkpoints are read. */
type RoundRow = Omit<Round, 'in_order' | 'times' | 'checkpoints'> & {
  in_order: number;
  times: string;
};

/** A site's patrol rounds (issue 38), within the caller's sites. */
export function createRoundsRepository(db: DB) {
  function selectRounds(principal: Principal) {
    return db
      .selectFrom('rounds')
      .innerJoin('residences', 'residences.uuid', 'rounds.residence_uuid')
      .leftJoin('shift_patterns', 'shift_patterns.uuid', 'rounds.pattern_uuid')
      .select([
        'rounds.uuid',
        'rounds.residence_uuid',
        'residences.name as residence_name',
        'rounds.name',
        'rounds.in_order',
        'rounds.allowed_minutes',
        'rounds.schedule_kind',
        'rounds.times',
        'rounds.every_hours',
        'rounds.pattern_uuid',
        'shift_patterns.name as pattern_name',
        'rounds.retired_at',
        'rounds.created_at',
      ])
      .where(siteScope(principal, 'rounds.residence_uuid'))
      .where(atLiveSite('rounds.residence_uuid'));
  }

  /** The rows with their checkpoints in order: one read for the whole page. */
  async function withCheckpoints(rows: RoundRow[]): Promise<Round[]> {
    if (rows.length === 0) return [];
    const points = await db
      .selectFrom('round_checkpoints')
      .innerJoin('checkpoints', 'checkpoints.uuid', 'round_checkpoints.checkpoint_uuid')
      .select([
        'round_checkpoints.round_uuid',
        'checkpoints.uuid',
        'checkpoints.name',
        'checkpoints.retired_at',
      ])
      .where(
        'round_checkpoints.round_uuid',
        'in',
        rows.map((row) => row.uuid),
      )
      .orderBy('round_checkpoints.round_uuid')
      .orderBy('round_checkpoints.position')
      .execute();
    return rows.map((row) => ({
      ...row,
      in_order: row.in_order === 1,
      times: row.times ? row.times.split(',') : [],
      checkpoints: points
        .filter((point) => point.round_uuid === row.uuid)
        .map((point) => ({
          uuid: point.uuid,
          name: point.name,
          retired: point.retired_at !== null,
        })),
    }));
  }

  async function writeCheckpoints(
    trx: Transaction<Database>,
    roundUuid: string,
    checkpointUuids: readonly string[],
  ) {
    await trx.deleteFrom('round_checkpoints').where('round_uuid', '=', roundUuid).execute();
    if (checkpointUuids.length === 0) return;
    await trx
      .insertInto('round_checkpoints')
      .values(
        checkpointUuids.map((checkpoint, position) => ({
          round_uuid: roundUuid,
          position,
          checkpoint_uuid: checkpoint,
        })),
      )
      .execute();
  }

  const stored = (fields: RoundFields & { in_order: boolean }) => ({
    name: fields.name,
    in_order: fields.in_order ? 1 : 0,
    allowed_minutes: fields.allowed_minutes,
    schedule_kind: fields.schedule_kind,
    times: fields.schedule_kind === 'times' ? fields.times.join(',') : '',
    every_hours: fields.schedule_kind === 'every' ? fields.every_hours : null,
    pattern_uuid: fields.schedule_kind === 'every' ? fields.pattern_uuid : null,
  });

  return {
    async list(
      principal: Principal,
      list: ParsedListQuery,
    ): Promise<{ resource: Round[]; count: number | null }> {
      const rowsQuery = applyListQuery(selectRounds(principal), list).orderBy('rounds.uuid');
      const countQuery = db
        .selectFrom('rounds')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(siteScope(principal, 'rounds.residence_uuid'))
        .where(atLiveSite('rounds.residence_uuid'))
        .where(list.where ?? always);
      const [rows, count] = await Promise.all([
        rowsQuery.execute(),
        countMatches(list, countQuery),
      ]);
      return { resource: await withCheckpoints(rows as RoundRow[]), count };
    },

    async find(principal: Principal, uuid: string): Promise<Round | undefined> {
      const row = await selectRounds(principal).where('rounds.uuid', '=', uuid).executeTakeFirst();
      return row ? (await withCheckpoints([row as RoundRow]))[0] : undefined;
    },

    siteInScope(principal: Principal, residenceUuid: string) {
      return db
        .selectFrom('residences')
        .select(['uuid', 'name'])
        .where('uuid', '=', residenceUuid)
        .where('deleted_at', 'is', null)
        .where(siteScope(principal, 'residences.uuid'))
        .executeTakeFirst();
    },

    /** How many of these are checkpoints in use at the site. */
    async liveCheckpointsAt(residenceUuid: string, uuids: readonly string[]): Promise<number> {
      if (uuids.length === 0) return 0;
      const row = await db
        .selectFrom('checkpoints')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('residence_uuid', '=', residenceUuid)
        .where('retired_at', 'is', null)
        .where('uuid', 'in', [...uuids])
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Whether the pattern is a live shift pattern of the site. */
    async patternAt(residenceUuid: string, patternUuid: string): Promise<boolean> {
      const row = await db
        .selectFrom('shift_patterns')
        .select('uuid')
        .where('uuid', '=', patternUuid)
        .where('residence_uuid', '=', residenceUuid)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return row !== undefined;
    },

    async nameTaken(residenceUuid: string, name: string, except?: string): Promise<boolean> {
      const row = await db
        .selectFrom('rounds')
        .select('uuid')
        .where('residence_uuid', '=', residenceUuid)
        .where('retired_at', 'is', null)
        .where(sql<SqlBool>`lower(name) = ${name.toLowerCase()}`)
        .$if(except !== undefined, (qb) => qb.where('uuid', '!=', except ?? ''))
        .executeTakeFirst();
      return row !== undefined;
    },

    async insert(
      residenceUuid: string,
      fields: RoundFields & { in_order: boolean },
      now: Date,
      audit: (uuid: string) => AuditEvent,
    ): Promise<string> {
      const uuid = randomUUID();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('rounds')
          .values({ uuid, residence_uuid: residenceUuid, ...stored(fields) })
          .execute();
        await writeCheckpoints(trx, uuid, fields.checkpoint_uuids);
        await recordAudit(trx, audit(uuid));
        await replanRounds(trx, [uuid], now);
      });
      return uuid;
    },

    async update(
      uuid: string,
      fields: RoundFields & { in_order: boolean },
      now: Date,
      audit: AuditEvent,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('rounds')
          .set({ ...stored(fields), updated_at: toDbTime(now) })
          .where('uuid', '=', uuid)
          .execute();
        await writeCheckpoints(trx, uuid, fields.checkpoint_uuids);
        await recordAudit(trx, audit);
        await replanRounds(trx, [uuid], now);
      });
    },

    async retire(uuid: string, now: Date, audit: AuditEvent): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('rounds')
          .set({ retired_at: toDbTime(now), updated_at: toDbTime(now) })
          .where('uuid', '=', uuid)
          .execute();
        await recordAudit(trx, audit);
        await replanRounds(trx, [uuid], now);
      });
    },
  };
}

export type RoundsRepository = ReturnType<typeof createRoundsRepository>;
