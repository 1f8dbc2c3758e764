import { http, HttpResponse } from 'msw';
import type {
  Incident,
  IncidentAddBody,
  IncidentFile,
  IncidentUpdateBody,
} from '@contract/incidents';
import {
  INCIDENT_FILE_TOO_LARGE,
  incidentFileProblem,
  incidentFileTypeNotAllowed,
} from '@rules/files';
import { coordinatesProblem, INCIDENT_MESSAGES } from '@rules/incidents';
import {
  incidentCategories,
  incidentFile,
  incidents,
  makeIncident,
} from '../../fixtures/incidents';
import { API, apiError } from '../api';
import { equalsOf, matchesKeyword, pageOf } from '../filter-text';

/**
 * The incidents the handlers answer with, whoever asks (scope is the real server's job, tested in
 * test/server). Writes change this copy; resetIncidentRecords() starts a test afresh.
 */
let records: Incident[] = [...incidents];
/** Files uploaded since the last reset, by uuid: an add or update may attach them. */
let uploads = new Map<string, IncidentFile>();
let added = 0;

export function resetIncidentRecords(next: readonly Incident[] = incidents): void {
  records = [...next];
  uploads = new Map();
  added = 0;
}

export function incidentRecords(): readonly Incident[] {
  return records;
}

/** A real 2×1 PNG, so the Word export can read its size. */
export const PNG_2X1 = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAADUlEQVR4nGP4zwAE/wEHAAH/4iOeWQAAAABJRU5ErkJggg==',
  ),
  (character) => character.charCodeAt(0),
);

const SORTABLE: Record<string, (incident: Incident) => string> = {
  created_at: (incident) => incident.created_at,
  status: (incident) => incident.status,
  residence_name: (incident) => incident.residence_name,
};

function matchesFilter(filter: string, incident: Incident): boolean {
  const uuid = equalsOf(filter, 'uuid');
  if (uuid !== undefined && incident.uuid !== uuid) return false;
  const site = equalsOf(filter, 'residence_uuid');
  if (site !== undefined && incident.residence_uuid !== site) return false;
  return matchesKeyword(filter, [incident.residence_name, incident.user_email, incident.guard_id]);
}

function badRequest(message: string) {
  return HttpResponse.json(apiError('VALIDATION_FAILED', message), { status: 400 });
}

/** Attached files stay; new ones must have been uploaded. */
function filesFor(
  uuids: readonly string[],
  current: readonly IncidentFile[],
): IncidentFile[] | null {
  const files = uuids.map(
    (uuid) => current.find((file) => file.uuid === uuid) ?? uploads.get(uuid) ?? null,
  );
  return files.every((file) => file !== null) ? files : null;
}

export const incidentHandlers = [
  http.get(`${API}/incidents/list`, ({ request }) => {
    const params = new URL(request.url).searchParams;
    const filter = params.get('filter') ?? '';
    const matching = records.filter((incident) => matchesFilter(filter, incident));
    return HttpResponse.json(pageOf(matching, params, SORTABLE));
  }),

  http.get(`${API}/data/kg_incident_categories`, () =>
    HttpResponse.json({ resource: incidentCategories }),
  ),

  http.post(`${API}/files/multiple/Kgguards`, async ({ request }) => {
    const files = (await request.formData())
      .getAll('files')
      // Not `instanceof File`: the request's File comes from another realm than jsdom's.
      .filter((part): part is File => typeof part !== 'string');
    if (files.length === 0) return badRequest('Choose at least one file.');
    for (const file of files) {
      const problem = incidentFileProblem(file);
      if (problem === INCIDENT_FILE_TOO_LARGE) {
        return HttpResponse.json(apiError('FILE_TOO_LARGE', problem), { status: 413 });
      }
      if (problem) {
        return HttpResponse.json(
          apiError(
            'FILE_TYPE_NOT_ALLOWED',
            `${file.name}: ${incidentFileTypeNotAllowed(file.type)}`,
          ),
          { status: 415 },
        );
      }
    }
    const saved = files.map((file) => {
      const stored = incidentFile(`upload-${uploads.size + 1}`, file.name, file.type);
      uploads.set(stored.uuid, stored);
      return stored;
    });
    return HttpResponse.json({ resource: saved.map(({ uuid, url }) => ({ uuid, url })) });
  }),

  http.post(`${API}/incidents/add`, async ({ request }) => {
    const body = (await request.json()) as IncidentAddBody;
    if (!body.incident_date) return badRequest(INCIDENT_MESSAGES.dateRequired);
    if (!body.residence_uuid) return badRequest(INCIDENT_MESSAGES.siteRequired);
    if (!body.category_uuid) return badRequest(INCIDENT_MESSAGES.categoryRequired);
    const problem = coordinatesProblem(body.lat, body.lng);
    if (problem) return badRequest(problem);
    if (!body.description.trim()) return badRequest(INCIDENT_MESSAGES.descriptionRequired);
    const files = filesFor(body.files, []);
    if (!files) return badRequest('A file of this incident was not found. Please upload it again.');
    added += 1;
    const incident = makeIncident(`new-${added}`, {
      siteUuid: body.residence_uuid,
      categoryUuid: body.category_uuid,
      kg_incident_id: `INC-${String(100 + added).padStart(6, '0')}`,
      created_at: `2025-04-01 00:00:${String(added).padStart(2, '0')}`,
      incident_date: body.incident_date,
      lat: body.lat,
      lng: body.lng,
      description: body.description.trim(),
      actions_taken: body.actions_taken.trim(),
      status: body.status,
      files,
    });
    records = [incident, ...records];
    return HttpResponse.json({ resource: [incident] });
  }),

  http.patch(`${API}/incidents/:uuid`, async ({ request, params }) => {
    const current = records.find((incident) => incident.uuid === params.uuid);
    if (!current) {
      return HttpResponse.json(apiError('NOT_FOUND', 'Incident does not exist.'), { status: 404 });
    }
    const body = (await request.json()) as IncidentUpdateBody;
    const files = body.files ? filesFor(body.files, current.files) : current.files;
    if (!files) return badRequest('A file of this incident was not found. Please upload it again.');
    const next: Incident = {
      ...current,
      actions_taken: body.actions_taken?.trim() ?? current.actions_taken,
      status: body.status ?? current.status,
      files,
    };
    records = records.map((incident) => (incident.uuid === next.uuid ? next : incident));
    return HttpResponse.json({ resource: [next] });
  }),

  /** Every attached photo reads back as the same small PNG (what the Word export fetches). */
  http.get(`${API}/files/view/:key`, () =>
    HttpResponse.arrayBuffer(PNG_2X1.slice().buffer, { headers: { 'Content-Type': 'image/png' } }),
  ),
];
