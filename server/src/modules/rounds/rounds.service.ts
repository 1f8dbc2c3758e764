import type { Round, RoundBody } from '@contract/rounds';
import { ROUND_MESSAGES, roundFieldErrors, sortedTimes, type RoundFields } from '@rules/rounds';
import type { Principal } from '../../auth/principal';
import { toDbTime } from '../../db/time';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { ParsedListQuery } from '../../query';
import { changesBetween } from '../audit/changes';
import type { RoundsRepository } from './rounds.repository';

type Checked = RoundFields & { in_order: boolean };

/** The round's fields as the audit trail shows them. */
const audited = (round: Checked) => ({
  name: round.name,
  in_order: round.in_order,
  allowed_minutes: round.allowed_minutes,
  schedule:
    round.schedule_kind === 'times' ? round.times.join(', ') : `every ${round.every_hours} h`,
  pattern_uuid: round.pattern_uuid,
  checkpoints: round.checkpoint_uuids.join(', '),
});

/**
 * Patrol rounds (issue 38): the superadmin, the site's company and its supervisors keep a site's
 * rounds; each passes checkpoints in use at its site, and repeats through one of the site's shift
 * patterns or at set times. A round is retired rather than deleted.
 */
export function createRoundsService(deps: { rounds: RoundsRepository }) {
  const { rounds } = deps;

  async function found(principal: Principal, uuid: string): Promise<Round> {
    const round = await rounds.find(principal, uuid);
    if (!round) throw notFound(ROUND_MESSAGES.notFound);
    return round;
  }

  async function inUse(principal: Principal, uuid: string): Promise<Round> {
    const round = await found(principal, uuid);
    if (round.retired_at !== null) throw conflict(ROUND_MESSAGES.retired, 'ROUND_RETIRED');
    return round;
  }

  /** The fields to store, checked; a bad one is refused at its field. */
  async function checked(
    residenceUuid: string,
    body: Partial<RoundBody>,
    current?: Round,
  ): Promise<Checked> {
    const kind = body.schedule_kind ?? current?.schedule_kind ?? 'times';
    const fields: Checked = {
      name: (body.name ?? current?.name ?? '').trim(),
      in_order: body.in_order ?? current?.in_order ?? false,
      allowed_minutes: body.allowed_minutes ?? current?.allowed_minutes ?? Number.NaN,
      schedule_kind: kind,
      times: sortedTimes(body.times ?? current?.times ?? []),
      every_hours: body.every_hours ?? current?.every_hours ?? null,
      pattern_uuid: body.pattern_uuid ?? current?.pattern_uuid ?? null,
      checkpoint_uuids:
        body.checkpoint_uuids ?? current?.checkpoints.map((checkpoint) => checkpoint.uuid) ?? [],
    };
    const [field, message] = Object.entries(roundFieldErrors(fields))[0] ?? [];
    if (field && message) throw badRequest(message, 'INVALID_REQUEST', field);
    if (
      (await rounds.liveCheckpointsAt(residenceUuid, fields.checkpoint_uuids)) !==
      fields.checkpoint_uuids.length
    ) {
      throw badRequest(ROUND_MESSAGES.checkpointUnknown, 'INVALID_REQUEST', 'checkpoint_uuids');
    }
    if (kind === 'every' && !(await rounds.patternAt(residenceUuid, fields.pattern_uuid ?? ''))) {
      throw badRequest(ROUND_MESSAGES.patternUnknown, 'INVALID_REQUEST', 'pattern_uuid');
    }
    if (await rounds.nameTaken(residenceUuid, fields.name, current?.uuid)) {
      throw conflict(ROUND_MESSAGES.nameTaken, 'ROUND_NAME_TAKEN', 'name');
    }
    return fields;
  }

  const subject = (name: string, residenceUuid: string, uuid: string) => ({
    entity: 'round' as const,
    entityUuid: uuid,
    entityLabel: name,
    companyUuid: { ofSite: residenceUuid },
  });

  return {
    list(principal: Principal, list: ParsedListQuery) {
      return rounds.list(principal, list);
    },

    async create(principal: Principal, body: Partial<RoundBody>, now: Date): Promise<Round> {
      const site = await rounds.siteInScope(principal, body.residence_uuid ?? '');
      if (!site) throw badRequest(ROUND_MESSAGES.siteUnknown, 'SITE_NOT_FOUND', 'residence_uuid');
      const fields = await checked(site.uuid, body);
      const uuid = await rounds.insert(site.uuid, fields, now, (created) => ({
        action: 'create',
        ...subject(fields.name, site.uuid, created),
        changes: changesBetween({}, audited(fields)),
      }));
      return found(principal, uuid);
    },

    async update(
      principal: Principal,
      uuid: string,
      body: Partial<RoundBody>,
      now: Date,
    ): Promise<Round> {
      const current = await inUse(principal, uuid);
      if (body.residence_uuid !== undefined && body.residence_uuid !== current.residence_uuid) {
        throw badRequest(ROUND_MESSAGES.siteFixed, 'INVALID_REQUEST', 'residence_uuid');
      }
      const fields = await checked(current.residence_uuid, body, current);
      const before: Checked = {
        name: current.name,
        in_order: current.in_order,
        allowed_minutes: current.allowed_minutes,
        schedule_kind: current.schedule_kind,
        times: current.times,
        every_hours: current.every_hours,
        pattern_uuid: current.pattern_uuid,
        checkpoint_uuids: current.checkpoints.map((checkpoint) => checkpoint.uuid),
      };
      await rounds.update(uuid, fields, now, {
        action: 'update',
        ...subject(fields.name, current.residence_uuid, uuid),
        changes: changesBetween(audited(before), audited(fields)),
      });
      return found(principal, uuid);
    },

    /** Out of use from now: no longer due; the rounds walked keep their record. */
    async retire(principal: Principal, uuid: string, now: Date): Promise<Round> {
      const current = await inUse(principal, uuid);
      await rounds.retire(uuid, now, {
        action: 'update',
        ...subject(current.name, current.residence_uuid, uuid),
        changes: { retired_at: { before: null, after: toDbTime(now) } },
      });
      return found(principal, uuid);
    },
  };
}

export type RoundsService = ReturnType<typeof createRoundsService>;
