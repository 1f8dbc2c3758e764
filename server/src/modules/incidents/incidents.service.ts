import type { Incident, IncidentAddBody, IncidentUpdateBody } from '@contract/incidents';
import { incidentFileProblem } from '@rules/files';
import {
  coordinatesProblem,
  INCIDENT_MESSAGES,
  isIncidentStatus,
  isInFuture,
  MAX_INCIDENT_FILES,
} from '@rules/incidents';
import { authorOf, type Caller, type GuardPrincipal } from '../../auth/principal';
import { timestampOf, toDbTime } from '../../db/time';
import { badRequest, notFound } from '../../http/errors';
import type { UploadedPart } from '../../http/uploads';
import { changesBetween } from '../audit/changes';
import { checkNewFile, storePhoto } from '../files/files.service';
import type { FilesRepository } from '../files/files.repository';
import type { IncidentsRepository, IncidentValues } from './incidents.repository';

export const INCIDENT_NOT_FOUND = 'Incident does not exist.';
/**
 * The same report (category, minute, description) from the same guard within this long is one
 * report sent twice: the app's queue re-sends, without a key, a report whose first sending may
 * have arrived, for as long as a late report is taken (LATE_REPORT_MS).
 */
export const RESEND_WINDOW_MS = 24 * 3_600_000;
export const FILE_NOT_FOUND = 'A file of this incident was not found. Please upload it again.';
const UTC_TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** The add payload as the route's schema lets it through: coordinates may come as text. */
export type IncidentAddPayload = Omit<IncidentAddBody, 'lat' | 'lng' | 'status' | 'files'> & {
  lat?: number | string | null;
  lng?: number | string | null;
  status?: string;
  files?: string[];
};

export type IncidentUpdatePayload = Omit<IncidentUpdateBody, 'status'> & { status?: string };

/** A coordinate as sent: a number, its text, or blank (null, ''). NaN marks text that is no number. */
function coordinate(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) {
    return null;
  }
  return typeof value === 'number' ? value : Number(value);
}

function checkStatus(status: string | undefined) {
  if (status !== undefined && !isIncidentStatus(status))
    throw badRequest(INCIDENT_MESSAGES.statusInvalid);
}

export function createIncidentsService(deps: {
  incidents: IncidentsRepository;
  files: FilesRepository;
}) {
  const { incidents, files } = deps;

  /** New files must be the caller's uploads of an allowed type and size; kept ones may stay. */
  async function checkFiles(
    principal: Caller,
    wanted: string[],
    kept: string[],
  ): Promise<string[]> {
    const unique = [...new Set(wanted)];
    if (unique.length > MAX_INCIDENT_FILES) throw badRequest(INCIDENT_MESSAGES.tooManyFiles);
    for (const uuid of unique) {
      if (!kept.includes(uuid))
        await checkNewFile(files, principal, uuid, FILE_NOT_FOUND, incidentFileProblem);
    }
    return unique;
  }

  async function found(principal: Caller, uuid: string): Promise<Incident> {
    const incident = await incidents.find(principal, uuid);
    if (!incident) throw notFound(INCIDENT_NOT_FOUND);
    return incident;
  }

  return {
    /** A report's photos from the guard app, stored as the guard's (PNG or JPEG): their uuids. */
    async storeReportPhotos(guard: GuardPrincipal, photos: UploadedPart[]): Promise<string[]> {
      const stored: string[] = [];
      for (const photo of photos) stored.push((await storePhoto(files, guard, photo)).uuid);
      return stored;
    },

    list: incidents.list,
    categories: incidents.categories,
    find: found,

    /**
     * A report the guard already sent (the app's queue sends again what it is not sure arrived):
     * by its idempotency key, or else the same category, time and description within
     * RESEND_WINDOW_MS. Answers the incident stored the first time, or undefined.
     */
    async findResent(
      guard: GuardPrincipal,
      report: { category_uuid: string; incident_date: string; description: string },
      idempotencyKey: string | null,
      now: Date,
    ): Promise<Incident | undefined> {
      const uuid = await incidents.findResent(
        guard.guardUuid,
        idempotencyKey
          ? { idempotencyKey }
          : {
              ...report,
              description: report.description.trim(),
              since: toDbTime(new Date(now.getTime() - RESEND_WINDOW_MS)),
            },
      );
      return uuid ? found(guard, uuid) : undefined;
    },

    /**
     * Checks a new incident as the form does, then writes it with its number and status; the
     * reporter is the caller (a login, or a guard through the guard app or a kiosk).
     */
    async add(
      principal: Caller,
      body: IncidentAddPayload,
      now: Date,
      idempotencyKey: string | null = null,
    ): Promise<Incident> {
      const date = body.incident_date?.trim() ?? '';
      if (!date) throw badRequest(INCIDENT_MESSAGES.dateRequired);
      const happened = UTC_TIMESTAMP.test(date) ? timestampOf(date) : null;
      if (happened === null) {
        throw badRequest("incident_date must be UTC 'YYYY-MM-DD HH:mm:ss'.", 'INVALID_DATE');
      }
      if (isInFuture(happened, now.getTime()))
        throw badRequest(INCIDENT_MESSAGES.momentInFuture, 'INCIDENT_IN_FUTURE');
      if (!body.residence_uuid?.trim()) throw badRequest(INCIDENT_MESSAGES.siteRequired);
      if (!body.category_uuid?.trim()) throw badRequest(INCIDENT_MESSAGES.categoryRequired);
      const lat = coordinate(body.lat);
      const lng = coordinate(body.lng);
      const problem = coordinatesProblem(lat, lng);
      if (problem) throw badRequest(problem);
      const description = body.description?.trim() ?? '';
      if (!description) throw badRequest(INCIDENT_MESSAGES.descriptionRequired);
      checkStatus(body.status);
      if (!(await incidents.siteInScope(principal, body.residence_uuid))) {
        throw badRequest('Choose one of your sites.', 'INVALID_SITE');
      }
      if (!(await incidents.categoryExists(body.category_uuid))) {
        throw badRequest('Choose a category from the list.', 'INVALID_CATEGORY');
      }
      const attached = await checkFiles(principal, body.files ?? [], []);
      const values: IncidentValues = {
        incident_date: date,
        residence_uuid: body.residence_uuid,
        category_uuid: body.category_uuid,
        lat,
        lng,
        actions_taken: body.actions_taken?.trim() ?? '',
        description,
        status: isIncidentStatus(body.status) ? body.status : 'PENDING',
      };
      const uuid = await incidents.insert({
        values,
        files: attached,
        reportedBy: authorOf(principal),
        idempotencyKey,
        now,
        audit: {
          action: 'create',
          entity: 'incident',
          entityUuid: null,
          changes: changesBetween(null, { ...values, files: attached }),
        },
      });
      return found(principal, uuid);
    },

    /** Remarks, status and files of an incident within the caller's scope. */
    async update(
      principal: Caller,
      uuid: string,
      body: IncidentUpdatePayload,
      now: Date,
    ): Promise<Incident> {
      const current = await found(principal, uuid);
      checkStatus(body.status);
      const kept = await incidents.attachedFiles(uuid);
      const files = body.files ? await checkFiles(principal, body.files, kept) : undefined;
      const changes = {
        actions_taken: body.actions_taken?.trim(),
        status: isIncidentStatus(body.status) ? body.status : undefined,
        files,
      };
      const before = { actions_taken: current.actions_taken, status: current.status, files: kept };
      await incidents.update(uuid, changes, now, {
        action: 'update',
        entity: 'incident',
        entityUuid: uuid,
        entityLabel: current.kg_incident_id,
        companyUuid: await incidents.companyOf(uuid),
        changes: changesBetween(before, {
          actions_taken: changes.actions_taken ?? before.actions_taken,
          status: changes.status ?? before.status,
          files: files ?? kept,
        }),
      });
      return found(principal, uuid);
    },
  };
}

export type IncidentsService = ReturnType<typeof createIncidentsService>;
