import { http, HttpResponse } from 'msw';
import type { WatchlistBody, WatchlistEntry } from '@contract/watchlist';
import { watchlistFieldErrors } from '@rules/watchlist';
import { API, apiError } from '../api';
import { matchesKeyword, pageOf } from '../filter-text';

export function watchlistEntry(
  uuid: string,
  overrides: Partial<WatchlistEntry> = {},
): WatchlistEntry {
  return {
    uuid,
    security_company_uuid: 'company-1',
    security_company_name: 'Aegis Guarding Sdn Bhd',
    residence_uuid: null,
    residence_name: null,
    name: '',
    ic_passport_number: '',
    car_plate_number: '',
    phone_number: '',
    reason: '',
    created_by_name: 'Chandra Company',
    created_at: '2026-03-01 02:00:00',
    updated_at: '2026-03-01 02:00:00',
    ...overrides,
  };
}

const initial: readonly WatchlistEntry[] = [
  watchlistEntry('watch-1', {
    name: 'Lim Ah Kow',
    car_plate_number: 'VBA 7788',
    reason: 'Theft at Block C',
    created_at: '2026-03-02 02:00:00',
  }),
  watchlistEntry('watch-2', {
    ic_passport_number: '900101-14-5566',
    residence_uuid: 'site-1',
    residence_name: 'Mont Kiara Residence',
    reason: 'Harassed a resident',
  }),
];

let records: WatchlistEntry[] = [...initial];

/** Fresh entries for every test that reads or writes them. */
export function resetWatchlistRecords(next: readonly WatchlistEntry[] = initial): void {
  records = [...next];
}

const SORTABLE: Record<string, (entry: WatchlistEntry) => string> = {
  created_at: (entry) => entry.created_at,
  name: (entry) => entry.name,
  ic_passport_number: (entry) => entry.ic_passport_number,
  car_plate_number: (entry) => entry.car_plate_number,
  phone_number: (entry) => entry.phone_number,
  reason: (entry) => entry.reason,
};

/** The server's checks, with the shared words, so the form's and the server's agree. */
function refusal(body: WatchlistBody) {
  const errors = watchlistFieldErrors(body);
  const [field] = Object.keys(errors) as Array<keyof typeof errors>;
  return field
    ? HttpResponse.json(apiError('INVALID_WATCHLIST', errors[field] ?? '', field), { status: 400 })
    : null;
}

function written(entry: WatchlistEntry, body: WatchlistBody): WatchlistEntry {
  const named = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
  return {
    ...entry,
    ...named,
    car_plate_number: String(named.car_plate_number ?? entry.car_plate_number).toUpperCase(),
    residence_uuid: (named.residence_uuid as string | null | undefined) || null,
    residence_name: named.residence_uuid ? 'Mont Kiara Residence' : null,
  } as WatchlistEntry;
}

export const watchlistHandlers = [
  http.get(`${API}/watchlist/list`, ({ request }) => {
    const params = new URL(request.url).searchParams;
    const filter = params.get('filter') ?? '';
    const matching = records.filter((entry) =>
      matchesKeyword(filter, [
        entry.name,
        entry.ic_passport_number,
        entry.car_plate_number,
        entry.phone_number,
        entry.reason,
      ]),
    );
    return HttpResponse.json(pageOf(matching, params, SORTABLE));
  }),

  http.post(`${API}/watchlist/add`, async ({ request }) => {
    const body = (await request.json()) as WatchlistBody;
    const refused = refusal(body);
    if (refused) return refused;
    const entry = written(
      watchlistEntry(`watch-${records.length + 1}`, { created_at: '2026-03-20 02:00:00' }),
      body,
    );
    records = [entry, ...records];
    return HttpResponse.json({ resource: [entry] });
  }),

  http.patch(`${API}/watchlist/:uuid`, async ({ params, request }) => {
    const current = records.find((entry) => entry.uuid === params.uuid);
    if (!current)
      return HttpResponse.json(apiError('NOT_FOUND', 'Record does not exist.'), { status: 404 });
    const entry = written(current, (await request.json()) as WatchlistBody);
    const refused = refusal(entry);
    if (refused) return refused;
    records = records.map((each) => (each.uuid === entry.uuid ? entry : each));
    return HttpResponse.json({ resource: [entry] });
  }),

  http.delete(`${API}/watchlist/:uuid`, ({ params }) => {
    records = records.filter((entry) => entry.uuid !== params.uuid);
    return HttpResponse.json({ resource: [{ uuid: params.uuid }] });
  }),
];
