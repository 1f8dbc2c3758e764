import type { Checkpoint, CheckpointBody } from '@contract/checkpoints';
import { AUDIT_SECRET } from '@contract/audit';
import {
  CHECKPOINT_MESSAGES,
  checkpointFieldErrors,
  type CheckpointFields,
} from '@rules/checkpoints';
import type { Principal } from '../../auth/principal';
import { badRequest, conflict, notFound } from '../../http/errors';
import { toDbTime } from '../../db/time';
import type { ParsedListQuery } from '../../query';
import { changesBetween } from '../audit/changes';
import { newCheckpointCode, type CheckpointsRepository } from './checkpoints.repository';

/** A coordinate as given: a number, or null for none ('' and absent too). */
function coordinate(value: unknown, fallback: number | null): number | null {
  if (value === undefined) return fallback;
  if (value === null || value === '') return null;
  return typeof value === 'number' ? value : Number(value);
}

/**
 * Patrol checkpoints (issue 38): the superadmin, the site's company and its supervisors keep a
 * site's checkpoints; a checkpoint is retired rather than deleted, and its sticker can be
 * replaced (a new code: the old sticker no longer scans).
 */
export function createCheckpointsService(deps: { checkpoints: CheckpointsRepository }) {
  const { checkpoints } = deps;

  async function found(principal: Principal, uuid: string): Promise<Checkpoint> {
    const checkpoint = await checkpoints.find(principal, uuid);
    if (!checkpoint) throw notFound(CHECKPOINT_MESSAGES.notFound);
    return checkpoint;
  }

  async function inUse(principal: Principal, uuid: string): Promise<Checkpoint> {
    const checkpoint = await found(principal, uuid);
    if (checkpoint.retired_at !== null) {
      throw conflict(CHECKPOINT_MESSAGES.retired, 'CHECKPOINT_RETIRED');
    }
    return checkpoint;
  }

  /** The fields to store, checked; a bad one is refused at its field. */
  async function checked(
    residenceUuid: string,
    body: Partial<CheckpointBody>,
    current?: Checkpoint,
  ): Promise<CheckpointFields> {
    const fields: CheckpointFields = {
      name: (body.name ?? current?.name ?? '').trim(),
      instructions: (body.instructions ?? current?.instructions ?? '').trim(),
      latitude: coordinate(body.latitude, current?.latitude ?? null),
      longitude: coordinate(body.longitude, current?.longitude ?? null),
    };
    const [field, message] = Object.entries(checkpointFieldErrors(fields))[0] ?? [];
    if (field && message) throw badRequest(message, 'INVALID_REQUEST', field);
    if (await checkpoints.nameTaken(residenceUuid, fields.name, current?.uuid)) {
      throw conflict(CHECKPOINT_MESSAGES.nameTaken, 'CHECKPOINT_NAME_TAKEN', 'name');
    }
    return fields;
  }

  const audited = (checkpoint: Pick<Checkpoint, 'name' | 'residence_uuid'>, uuid: string) => ({
    entity: 'checkpoint' as const,
    entityUuid: uuid,
    entityLabel: checkpoint.name,
    companyUuid: { ofSite: checkpoint.residence_uuid },
  });

  return {
    list(principal: Principal, list: ParsedListQuery) {
      return checkpoints.list(principal, list);
    },

    async create(principal: Principal, body: Partial<CheckpointBody>): Promise<Checkpoint> {
      const site = await checkpoints.siteInScope(principal, body.residence_uuid ?? '');
      if (!site)
        throw badRequest(CHECKPOINT_MESSAGES.siteUnknown, 'SITE_NOT_FOUND', 'residence_uuid');
      const fields = await checked(site.uuid, body);
      const uuid = await checkpoints.insert(site.uuid, fields, (created) => ({
        action: 'create',
        ...audited({ name: fields.name, residence_uuid: site.uuid }, created),
        changes: changesBetween({}, fields),
      }));
      return found(principal, uuid);
    },

    async update(
      principal: Principal,
      uuid: string,
      body: Partial<CheckpointBody>,
      now: Date,
    ): Promise<Checkpoint> {
      const current = await inUse(principal, uuid);
      if (body.residence_uuid !== undefined && body.residence_uuid !== current.residence_uuid) {
        throw badRequest(CHECKPOINT_MESSAGES.siteFixed, 'INVALID_REQUEST', 'residence_uuid');
      }
      const fields = await checked(current.residence_uuid, body, current);
      await checkpoints.update(uuid, fields, now, {
        action: 'update',
        ...audited({ name: fields.name, residence_uuid: current.residence_uuid }, uuid),
        changes: changesBetween(
          {
            name: current.name,
            instructions: current.instructions,
            latitude: current.latitude,
            longitude: current.longitude,
          },
          fields,
        ),
      });
      return found(principal, uuid);
    },

    /** Out of use from now: off the rounds to come, kept in the record of those walked. */
    async retire(principal: Principal, uuid: string, now: Date): Promise<Checkpoint> {
      const current = await inUse(principal, uuid);
      const retiredAt = toDbTime(now);
      await checkpoints.update(uuid, { retired_at: retiredAt }, now, {
        action: 'update',
        ...audited(current, uuid),
        changes: { retired_at: { before: null, after: retiredAt } },
      });
      return found(principal, uuid);
    },

    /** A new sticker for a damaged one: a new code, so the old sticker no longer scans. */
    async replaceSticker(principal: Principal, uuid: string, now: Date): Promise<Checkpoint> {
      const current = await inUse(principal, uuid);
      await checkpoints.update(uuid, { code: newCheckpointCode() }, now, {
        action: 'update',
        ...audited(current, uuid),
        changes: { code: { before: AUDIT_SECRET, after: AUDIT_SECRET } },
      });
      return found(principal, uuid);
    },
  };
}

export type CheckpointsService = ReturnType<typeof createCheckpointsService>;
