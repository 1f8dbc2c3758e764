import type { Patrol, PatrolCompletion } from '@contract/patrols';
import {
  PATROL_COMPLETION_MAX_DAYS,
  PATROL_EARLY_MINUTES,
  PATROL_MESSAGES,
  PATROL_NOTE_MAX_LENGTH,
  PATROL_SCAN_LATE_SECONDS,
} from '@rules/patrols';
import { CHECKPOINT_QR_PREFIX } from '@rules/checkpoints';
import { isCalendarDate } from '@rules/shifts';
import type { GuardPrincipal, GuardSite, Principal } from '../../auth/principal';
import { addDays, localClock, timestampOf, toDbTime } from '../../db/time';
import type { UploadedPart } from '../../http/uploads';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { ParsedListQuery } from '../../query';
import type { FilesRepository } from '../files/files.repository';
import { storePhoto } from '../files/files.service';
import { dayRange, type PatrolRow, type PatrolsRepository } from './patrols.repository';

/** How far either side of now the guard's phone is given its site's patrols. */
const PHONE_WINDOW_MS = 12 * 3_600_000;

const refused = (message: string, code: string) => conflict(message, code);

/** The phone's time of an action: ISO 8601, never after it reached the server. */
function phoneTime(text: string | undefined, now: Date): Date {
  if (text === undefined || text.trim() === '') return now;
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) throw badRequest(PATROL_MESSAGES.timeInvalid, 'INVALID_DATE', 'scanned_at');
  return new Date(Math.min(ms, now.getTime()));
}

/** Refused when `at` is outside the patrol's window: from a little before due to its close. */
function withinWindow(patrol: PatrolRow, at: Date) {
  const due = timestampOf(patrol.due_at) ?? 0;
  if (at.getTime() < due - PATROL_EARLY_MINUTES * 60_000) {
    throw refused(PATROL_MESSAGES.notOpen(localClock(patrol.due_at)), 'PATROL_NOT_OPEN');
  }
  if (at.getTime() > (timestampOf(patrol.closes_at) ?? 0)) {
    throw refused(PATROL_MESSAGES.closed(localClock(patrol.closes_at)), 'PATROL_CLOSED');
  }
}

export interface ScanInput {
  /** What the sticker's QR code (or NFC tag) holds. */
  code: string;
  scanned_at?: string;
  note?: string;
  photo?: UploadedPart;
}

/**
 * Patrols walked (issue 38): the console reads them and their completion within its sites; a
 * guard's phone starts, scans and finishes them at the guard's own site. The server judges each
 * scan by the phone's time (offline scans arrive late), never later than it arrived.
 */
export function createPatrolsService(deps: { patrols: PatrolsRepository; files: FilesRepository }) {
  const { patrols } = deps;

  async function patrolAt(site: GuardSite, uuid: string): Promise<PatrolRow> {
    const patrol = await patrols.patrolAt(site.uuid, uuid);
    if (!patrol) throw notFound(PATROL_MESSAGES.notFound, 'PATROL_NOT_FOUND');
    return patrol;
  }

  async function answer(guard: GuardPrincipal, uuid: string): Promise<Patrol> {
    const patrol = await patrols.find(guard, uuid);
    if (!patrol) throw notFound(PATROL_MESSAGES.notFound, 'PATROL_NOT_FOUND');
    return patrol;
  }

  return {
    list(principal: Principal, list: ParsedListQuery) {
      return patrols.list(principal, list);
    },

    /** Checkpoints scanned of those due over local days [from, to], at one site or all. */
    completion(
      principal: Principal,
      query: { residence_uuid?: string; from?: string; to?: string },
      now: Date,
    ): Promise<PatrolCompletion> {
      const from = query.from ?? '';
      const to = query.to ?? from;
      if (!isCalendarDate(from) || !isCalendarDate(to)) {
        throw badRequest(PATROL_MESSAGES.dayInvalid, 'INVALID_DATE', 'from');
      }
      if (to < from || addDays(from, PATROL_COMPLETION_MAX_DAYS - 1) < to) {
        throw badRequest(PATROL_MESSAGES.rangeInvalid, 'INVALID_DATE', 'to');
      }
      const range = dayRange(from, to);
      return patrols.completion(principal, {
        from: range.start,
        to: range.end,
        now: toDbTime(now),
        residenceUuid: query.residence_uuid || undefined,
      });
    },

    /** The site's patrols due within half a day either side of now, for the guard's phone. */
    ofSite(guard: GuardPrincipal, site: GuardSite, now: Date): Promise<Patrol[]> {
      return patrols.ofSite(
        guard,
        site.uuid,
        toDbTime(new Date(now.getTime() - PHONE_WINDOW_MS)),
        toDbTime(new Date(now.getTime() + PHONE_WINDOW_MS)),
      );
    },

    async start(
      guard: GuardPrincipal,
      site: GuardSite,
      uuid: string,
      body: { started_at?: string },
      now: Date,
    ): Promise<Patrol> {
      const patrol = await patrolAt(site, uuid);
      const at = phoneTime(body.started_at, now);
      withinWindow(patrol, at);
      await patrols.start(patrol.uuid, guard.guardUuid, toDbTime(at), toDbTime(now));
      return answer(guard, uuid);
    },

    /**
     * One checkpoint scanned on a patrol. A replay (the phone sending again what it is not sure
     * arrived) answers the patrol as it is, with `replayed`; nothing is recorded twice.
     */
    async scan(
      guard: GuardPrincipal,
      site: GuardSite,
      uuid: string,
      input: ScanInput,
      now: Date,
    ): Promise<{ patrol: Patrol; replayed: boolean }> {
      const note = (input.note ?? '').trim();
      if (note.length > PATROL_NOTE_MAX_LENGTH) {
        throw badRequest(PATROL_MESSAGES.noteTooLong, 'INVALID_REQUEST', 'note');
      }
      const at = phoneTime(input.scanned_at, now);
      // The sticker's QR (or NFC tag) holds the prefix and the code; the code alone is taken too.
      const text = input.code.trim();
      const code = text.startsWith(CHECKPOINT_QR_PREFIX)
        ? text.slice(CHECKPOINT_QR_PREFIX.length)
        : text;
      // Three reads at once: on PostgreSQL each is a round trip of its own.
      const [found, checkpoint, scans] = await Promise.all([
        patrols.patrolAt(site.uuid, uuid),
        patrols.checkpointByCode(code),
        patrols.scansOf(uuid),
      ]);
      if (!found) throw notFound(PATROL_MESSAGES.notFound, 'PATROL_NOT_FOUND');
      const patrol = found;
      if (!checkpoint) throw notFound(PATROL_MESSAGES.codeUnknown, 'CHECKPOINT_NOT_FOUND');
      if (checkpoint.residence_uuid !== site.uuid) {
        throw refused(PATROL_MESSAGES.otherSite, 'CHECKPOINT_OTHER_SITE');
      }
      if (checkpoint.retired_at !== null) {
        throw refused(PATROL_MESSAGES.retired, 'CHECKPOINT_RETIRED');
      }
      const order = patrol.checkpoints.split(',');
      const position = order.indexOf(checkpoint.uuid);
      if (position < 0) {
        throw refused(PATROL_MESSAGES.notOnRound(checkpoint.name), 'CHECKPOINT_NOT_ON_ROUND');
      }
      if (scans.some((scan) => scan.checkpoint_uuid === checkpoint.uuid)) {
        return { patrol: await answer(guard, uuid), replayed: true };
      }
      withinWindow(patrol, at);
      if (Number(patrol.in_order) === 1) {
        const later = scans
          .filter((scan) => scan.position > position)
          .sort((a, b) => a.position - b.position)[0];
        if (later) {
          const names = await patrols.checkpointNames([later.checkpoint_uuid]);
          throw refused(
            PATROL_MESSAGES.passed(checkpoint.name, names.get(later.checkpoint_uuid) ?? ''),
            'CHECKPOINT_PASSED',
          );
        }
      }
      const photo = input.photo ? await storePhoto(deps.files, guard, input.photo) : null;
      const recorded = await patrols.recordScan({
        patrol,
        checkpointUuid: checkpoint.uuid,
        position,
        guardUuid: guard.guardUuid,
        scannedAt: toDbTime(at),
        receivedAt: toDbTime(now),
        sentLate: now.getTime() - at.getTime() > PATROL_SCAN_LATE_SECONDS * 1000,
        note,
        photoFileUuid: photo?.uuid ?? null,
      });
      return { patrol: await answer(guard, uuid), replayed: !recorded };
    },

    async finish(
      guard: GuardPrincipal,
      site: GuardSite,
      uuid: string,
      body: { finished_at?: string },
      now: Date,
    ): Promise<Patrol> {
      const patrol = await patrolAt(site, uuid);
      const at = phoneTime(body.finished_at, now);
      const closes = timestampOf(patrol.closes_at) ?? 0;
      const finishedAt = new Date(Math.min(at.getTime(), closes));
      await patrols.finish(patrol.uuid, guard.guardUuid, toDbTime(finishedAt), toDbTime(now));
      return answer(guard, uuid);
    },
  };
}

export type PatrolsService = ReturnType<typeof createPatrolsService>;
