import { http, HttpResponse } from 'msw';
import type { Checkpoint, CheckpointBody } from '@contract/checkpoints';
import {
  CHECKPOINT_MESSAGES,
  CHECKPOINT_QR_PREFIX,
  checkpointFieldErrors,
} from '@rules/checkpoints';
import { API, apiError } from '../api';
import { equalsOf, matchesKeyword, pageOf } from '../filter-text';

const SITE_NAMES: Record<string, string> = {
  'site-1': 'Mont Kiara Residence',
  'site-2': 'Bangsar Heights',
};

function checkpoint(
  uuid: string,
  residence: string,
  name: string,
  overrides: Partial<Checkpoint> = {},
): Checkpoint {
  return {
    uuid,
    residence_uuid: residence,
    residence_name: SITE_NAMES[residence] ?? residence,
    name,
    instructions: '',
    latitude: null,
    longitude: null,
    qr_text: `${CHECKPOINT_QR_PREFIX}code-of-${uuid}`,
    retired_at: null,
    created_at: '2026-11-20 02:00:00',
    ...overrides,
  };
}

const initial: readonly Checkpoint[] = [
  checkpoint('cp-1', 'site-1', 'Car park B2', { instructions: 'Shutters down' }),
  checkpoint('cp-2', 'site-1', 'Pool gate', {
    instructions: 'Gate shut and locked',
    latitude: 3.1579,
    longitude: 101.7123,
  }),
  checkpoint('cp-3', 'site-1', 'Old guardhouse', { retired_at: '2026-11-25 03:00:00' }),
  checkpoint('cp-9', 'site-2', 'Lobby'),
];

let records: Checkpoint[] = [...initial];

/** The checkpoints as they stand, for the handlers of records that name them (rounds). */
export const checkpointRecords = (): readonly Checkpoint[] => records;
let made = 0;

/** Fresh checkpoints for every test that reads or writes them. */
export function resetCheckpointRecords(next: readonly Checkpoint[] = initial): void {
  records = [...next];
  made = 0;
}

const SORTABLE: Record<string, (row: Checkpoint) => string> = {
  name: (row) => row.name,
  instructions: (row) => row.instructions,
  retired_at: (row) => row.retired_at ?? '',
};

const refused = (status: number, code: string, message: string, field?: string) =>
  HttpResponse.json(apiError(code, message, field), { status });

/** As the server checks a body: the shared rules, then a name in use at the site. */
function problemOf(
  residence: string,
  body: Omit<CheckpointBody, 'residence_uuid'>,
  except?: string,
) {
  const fields = {
    name: body.name.trim(),
    instructions: body.instructions.trim(),
    latitude: body.latitude,
    longitude: body.longitude,
  };
  const [field, message] = Object.entries(checkpointFieldErrors(fields))[0] ?? [];
  if (field && message) return { response: refused(400, 'INVALID_REQUEST', message, field) };
  const taken = records.some(
    (row) =>
      row.residence_uuid === residence &&
      row.retired_at === null &&
      row.uuid !== except &&
      row.name.toLowerCase() === fields.name.toLowerCase(),
  );
  if (taken) {
    return {
      response: refused(409, 'CHECKPOINT_NAME_TAKEN', CHECKPOINT_MESSAGES.nameTaken, 'name'),
    };
  }
  return { fields };
}

function inUse(uuid: unknown) {
  const current = records.find((row) => row.uuid === uuid);
  if (!current) return { response: refused(404, 'NOT_FOUND', CHECKPOINT_MESSAGES.notFound) };
  if (current.retired_at !== null) {
    return { response: refused(409, 'CHECKPOINT_RETIRED', CHECKPOINT_MESSAGES.retired) };
  }
  return { current };
}

function saved(next: Checkpoint) {
  records = records.some((row) => row.uuid === next.uuid)
    ? records.map((row) => (row.uuid === next.uuid ? next : row))
    : [...records, next];
  return HttpResponse.json({ resource: [next] });
}

export const checkpointHandlers = [
  http.get(`${API}/checkpoints/list`, ({ request }) => {
    const params = new URL(request.url).searchParams;
    const filter = params.get('filter') ?? '';
    const site = equalsOf(filter, 'residence_uuid');
    const liveOnly = filter.includes('(retired_at IS NULL)');
    const matching = records.filter(
      (row) =>
        (site === undefined || row.residence_uuid === site) &&
        (!liveOnly || row.retired_at === null) &&
        matchesKeyword(filter, [row.name, row.instructions]),
    );
    return HttpResponse.json(pageOf(matching, params, SORTABLE));
  }),

  http.post(`${API}/checkpoints`, async ({ request }) => {
    const body = (await request.json()) as CheckpointBody;
    if (!SITE_NAMES[body.residence_uuid]) {
      return refused(400, 'SITE_NOT_FOUND', CHECKPOINT_MESSAGES.siteUnknown, 'residence_uuid');
    }
    const checked = problemOf(body.residence_uuid, body);
    if (checked.response) return checked.response;
    made += 1;
    return saved(
      checkpoint(`cp-new-${made}`, body.residence_uuid, checked.fields.name, checked.fields),
    );
  }),

  http.patch(`${API}/checkpoints/:uuid`, async ({ params, request }) => {
    const found = inUse(params.uuid);
    if (found.response) return found.response;
    const body = (await request.json()) as Omit<CheckpointBody, 'residence_uuid'>;
    const checked = problemOf(found.current.residence_uuid, body, found.current.uuid);
    if (checked.response) return checked.response;
    return saved({ ...found.current, ...checked.fields });
  }),

  http.post(`${API}/checkpoints/:uuid/retire`, ({ params }) => {
    const found = inUse(params.uuid);
    if (found.response) return found.response;
    return saved({ ...found.current, retired_at: '2026-11-29 08:00:00' });
  }),

  http.post(`${API}/checkpoints/:uuid/sticker`, ({ params }) => {
    const found = inUse(params.uuid);
    if (found.response) return found.response;
    made += 1;
    return saved({ ...found.current, qr_text: `${CHECKPOINT_QR_PREFIX}new-code-${made}` });
  }),
];
