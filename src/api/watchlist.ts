import type { ListResponse, ResourceResponse } from '@contract/list';
import type { WatchlistBody, WatchlistEntry } from '@contract/watchlist';
import { apiDelete, apiGet, apiPatch, apiPost } from './client';
import { keywordFilter } from './filters';
import type { SortState } from './types';

const SEARCH_FIELDS = [
  'name',
  'ic_passport_number',
  'car_plate_number',
  'phone_number',
  'reason',
] as const;

export async function list(params: {
  offset: number;
  limit: number;
  sort: SortState;
  search: string;
}): Promise<ListResponse<WatchlistEntry>> {
  return apiGet<ListResponse<WatchlistEntry>>('/watchlist/list', {
    params: {
      limit: params.limit,
      offset: params.offset,
      order: `${params.sort.field} ${params.sort.direction}`,
      ...(params.search ? { filter: keywordFilter(SEARCH_FIELDS, params.search) } : {}),
    },
  });
}

function only(answer: ResourceResponse<WatchlistEntry[]>): WatchlistEntry {
  const entry = answer.resource[0];
  if (!entry) throw new Error('The server answered no watchlist entry.');
  return entry;
}

export async function create(body: WatchlistBody): Promise<WatchlistEntry> {
  return only(await apiPost<ResourceResponse<WatchlistEntry[]>>('/watchlist/add', body));
}

export async function update(uuid: string, body: WatchlistBody): Promise<WatchlistEntry> {
  return only(
    await apiPatch<ResourceResponse<WatchlistEntry[]>>(
      `/watchlist/${encodeURIComponent(uuid)}`,
      body,
    ),
  );
}

export async function remove(uuid: string): Promise<void> {
  await apiDelete(`/watchlist/${encodeURIComponent(uuid)}`);
}
