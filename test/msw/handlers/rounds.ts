import { http, HttpResponse } from 'msw';
import type { Round, RoundBody } from '@contract/rounds';
import { ROUND_MESSAGES, roundFieldErrors, sortedTimes } from '@rules/rounds';
import { API, apiError } from '../api';
import { equalsOf, matchesKeyword, pageOf } from '../filter-text';
import { checkpointRecords } from './checkpoints';
import { patternRecords } from './shifts';

const SITE_NAMES: Record<string, string> = {
  'site-1': 'Mont Kiara Residence',
  'site-2': 'Bangsar Heights',
};

function round(uuid: string, residence: string, name: string, overrides: Partial<Round> = {}) {
  return {
    uuid,
    residence_uuid: residence,
    residence_name: SITE_NAMES[residence] ?? residence,
    name,
    in_order: true,
    allowed_minutes: 30,
    schedule_kind: 'times',
    times: ['22:00'],
    every_hours: null,
    pattern_uuid: null,
    pattern_name: null,
    checkpoints: [],
    retired_at: null,
    created_at: '2026-11-20 02:00:00',
    ...overrides,
  } satisfies Round;
}

const initial: readonly Round[] = [
  round('round-1', 'site-1', 'Night round', {
    schedule_kind: 'every',
    times: [],
    every_hours: 2,
    pattern_uuid: 'pattern-night',
    pattern_name: 'Night',
    checkpoints: [
      { uuid: 'cp-2', name: 'Pool gate', retired: false },
      { uuid: 'cp-1', name: 'Car park B2', retired: false },
    ],
  }),
];

let records: Round[] = [...initial];
let made = 0;

/** Fresh rounds for every test that reads or writes them. */
export function resetRoundRecords(next: readonly Round[] = initial): void {
  records = [...next];
  made = 0;
}

const SORTABLE: Record<string, (row: Round) => string> = { name: (row) => row.name };

const refused = (status: number, code: string, message: string, field?: string) =>
  HttpResponse.json(apiError(code, message, field), { status });

/** As the server checks a body: the shared rules, then the site's records. */
function checked(residence: string, body: Omit<RoundBody, 'residence_uuid'>, except?: string) {
  const fields = { ...body, name: body.name.trim(), times: sortedTimes(body.times) };
  const [field, message] = Object.entries(roundFieldErrors(fields))[0] ?? [];
  if (field && message) return { response: refused(400, 'INVALID_REQUEST', message, field) };
  const live = checkpointRecords().filter(
    (point) => point.residence_uuid === residence && point.retired_at === null,
  );
  if (!fields.checkpoint_uuids.every((uuid) => live.some((point) => point.uuid === uuid))) {
    return {
      response: refused(
        400,
        'INVALID_REQUEST',
        ROUND_MESSAGES.checkpointUnknown,
        'checkpoint_uuids',
      ),
    };
  }
  const pattern = patternRecords().find(
    (row) => row.uuid === fields.pattern_uuid && row.residence_uuid === residence,
  );
  if (fields.schedule_kind === 'every' && !pattern) {
    return {
      response: refused(400, 'INVALID_REQUEST', ROUND_MESSAGES.patternUnknown, 'pattern_uuid'),
    };
  }
  if (
    records.some(
      (row) =>
        row.residence_uuid === residence &&
        row.retired_at === null &&
        row.uuid !== except &&
        row.name.toLowerCase() === fields.name.toLowerCase(),
    )
  ) {
    return { response: refused(409, 'ROUND_NAME_TAKEN', ROUND_MESSAGES.nameTaken, 'name') };
  }
  return {
    values: {
      name: fields.name,
      in_order: fields.in_order,
      allowed_minutes: fields.allowed_minutes,
      schedule_kind: fields.schedule_kind,
      times: fields.schedule_kind === 'times' ? fields.times : [],
      every_hours: fields.schedule_kind === 'every' ? fields.every_hours : null,
      pattern_uuid: pattern?.uuid ?? null,
      pattern_name: pattern?.name ?? null,
      checkpoints: fields.checkpoint_uuids.map((uuid) => ({
        uuid,
        name: live.find((point) => point.uuid === uuid)?.name ?? uuid,
        retired: false,
      })),
    },
  };
}

function saved(next: Round) {
  records = records.some((row) => row.uuid === next.uuid)
    ? records.map((row) => (row.uuid === next.uuid ? next : row))
    : [...records, next];
  return HttpResponse.json({ resource: [next] });
}

function inUse(uuid: unknown) {
  const current = records.find((row) => row.uuid === uuid);
  if (!current) return { response: refused(404, 'NOT_FOUND', ROUND_MESSAGES.notFound) };
  if (current.retired_at !== null) {
    return { response: refused(409, 'ROUND_RETIRED', ROUND_MESSAGES.retired) };
  }
  return { current };
}

export const roundHandlers = [
  http.get(`${API}/rounds/list`, ({ request }) => {
    const params = new URL(request.url).searchParams;
    const filter = params.get('filter') ?? '';
    const site = equalsOf(filter, 'residence_uuid');
    const liveOnly = filter.includes('(retired_at IS NULL)');
    const matching = records.filter(
      (row) =>
        (site === undefined || row.residence_uuid === site) &&
        (!liveOnly || row.retired_at === null) &&
        matchesKeyword(filter, [row.name]),
    );
    return HttpResponse.json(pageOf(matching, params, SORTABLE));
  }),

  http.post(`${API}/rounds`, async ({ request }) => {
    const body = (await request.json()) as RoundBody;
    const result = checked(body.residence_uuid, body);
    if (result.response) return result.response;
    made += 1;
    return saved(
      round(`round-new-${made}`, body.residence_uuid, result.values.name, result.values),
    );
  }),

  http.patch(`${API}/rounds/:uuid`, async ({ params, request }) => {
    const found = inUse(params.uuid);
    if (found.response) return found.response;
    const body = (await request.json()) as Omit<RoundBody, 'residence_uuid'>;
    const result = checked(found.current.residence_uuid, body, found.current.uuid);
    if (result.response) return result.response;
    return saved({ ...found.current, ...result.values });
  }),

  http.post(`${API}/rounds/:uuid/retire`, ({ params }) => {
    const found = inUse(params.uuid);
    if (found.response) return found.response;
    return saved({ ...found.current, retired_at: '2026-11-29 08:00:00' });
  }),
];
