import { randomBytes, randomUUID } from 'node:crypto';
import { sql, type SqlBool } from 'kysely';
import type { Checkpoint } from '@contract/checkpoints';
import { CHECKPOINT_QR_PREFIX, type CheckpointFields } from '@rules/checkpoints';
import type { Principal } from '../../auth/principal';
import { atLiveSite, siteScope } from '../../auth/scope';
import type { DB } from '../../db/database';
import { toDbTime } from '../../db/time';
import {
  applyListQuery,
  countMatches,
  type ParsedListQuery,
  type ResourceQuerySpec,
} from '../../query';
import { replanRounds, roundsThrough } from '../patrols/patrols.repository';
import { recordAudit, type AuditEvent } from '../audit/audit.repository';

/** What GET /checkpoints/list lets clients filter and sort by. */
export const CHECKPOINTS_QUERY: ResourceQuerySpec = {
  fields: {
    uuid: 'checkpoints.uuid',
    residence_uuid: 'checkpoints.residence_uuid',
    name: 'checkpoints.name',
    instructions: 'checkpoints.instructions',
    retired_at: 'checkpoints.retired_at',
    created_at: 'checkpoints.created_at',
  },
  related: [],
  defaultOrder: { field: 'name', direction: 'asc' },
};

const always = sql<SqlBool>`1 = 1`;

/** A sticker's code: 128 random bits, URL-safe, so nobody can make one by guessing. */
export const newCheckpointCode = () => randomBytes(16).toString('base64url');

/** A site's patrol checkpoints (issue 38), within the caller's sites. */
export function createCheckpointsRepository(db: DB) {
  function selectCheckpoints(principal: Principal) {
    return db
      .selectFrom('checkpoints')
      .innerJoin('residences', 'residences.uuid', 'checkpoints.residence_uuid')
      .select([
        'checkpoints.uuid',
        'checkpoints.residence_uuid',
        'residences.name as residence_name',
        'checkpoints.name',
        'checkpoints.instructions',
        'checkpoints.latitude',
        'checkpoints.longitude',
        sql<string>`${CHECKPOINT_QR_PREFIX} || checkpoints.code`.as('qr_text'),
        'checkpoints.retired_at',
        'checkpoints.created_at',
      ])
      .where(siteScope(principal, 'checkpoints.residence_uuid'))
      .where(atLiveSite('checkpoints.residence_uuid'));
  }

  return {
    async list(
      principal: Principal,
      list: ParsedListQuery,
    ): Promise<{ resource: Checkpoint[]; count: number | null }> {
      const rowsQuery = applyListQuery(selectCheckpoints(principal), list).orderBy(
        'checkpoints.uuid',
      );
      const countQuery = db
        .selectFrom('checkpoints')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(siteScope(principal, 'checkpoints.residence_uuid'))
        .where(atLiveSite('checkpoints.residence_uuid'))
        .where(list.where ?? always);
      const [rows, count] = await Promise.all([
        rowsQuery.execute(),
        countMatches(list, countQuery),
      ]);
      return { resource: rows, count };
    },

    find(principal: Principal, uuid: string): Promise<Checkpoint | undefined> {
      return selectCheckpoints(principal).where('checkpoints.uuid', '=', uuid).executeTakeFirst();
    },

    /** The live site of this uuid among the caller's sites. */
    siteInScope(principal: Principal, residenceUuid: string) {
      return db
        .selectFrom('residences')
        .select(['uuid', 'name', 'security_company_uuid'])
        .where('uuid', '=', residenceUuid)
        .where('deleted_at', 'is', null)
        .where(siteScope(principal, 'residences.uuid'))
        .executeTakeFirst();
    },

    /** Whether another checkpoint in use at the site has this name (letter case aside). */
    async nameTaken(residenceUuid: string, name: string, except?: string): Promise<boolean> {
      const row = await db
        .selectFrom('checkpoints')
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
      fields: CheckpointFields,
      audit: (uuid: string) => AuditEvent,
    ): Promise<string> {
      const uuid = randomUUID();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('checkpoints')
          .values({ uuid, residence_uuid: residenceUuid, ...fields, code: newCheckpointCode() })
          .execute();
        await recordAudit(trx, audit(uuid));
      });
      return uuid;
    },

    async update(
      uuid: string,
      values: Partial<CheckpointFields> & { retired_at?: string; code?: string },
      now: Date,
      audit: AuditEvent,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('checkpoints')
          .set({ ...values, updated_at: toDbTime(now) })
          .where('uuid', '=', uuid)
          .execute();
        await recordAudit(trx, audit);
        // A retired checkpoint leaves the patrols its rounds have not yet begun.
        if (values.retired_at !== undefined) {
          await replanRounds(trx, await roundsThrough(trx, uuid), now);
        }
      });
    },
  };
}

export type CheckpointsRepository = ReturnType<typeof createCheckpointsRepository>;
