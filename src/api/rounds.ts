import type { ListPage, ListQuery } from '../app/list-slice';
import type { ResourceResponse } from '@contract/list';
import type { Round, RoundBody } from '@contract/rounds';
import { apiGet, apiPatch, apiPost } from './client';
import { allOf, equals, keywordFilter } from './filters';
import { pageParams, toListPage, type ListAnswer } from './paging';

const SEARCH_FIELDS = ['name'] as const;
const LIVE = '(retired_at IS NULL)';

/** The list's scope: one site's rounds, those in use unless `show` asks for all. */
export interface RoundScope {
  residence_uuid?: string;
  show?: 'all';
}

export async function list(
  query: ListQuery,
  options: { signal?: AbortSignal } = {},
): Promise<ListPage<Round>> {
  const scope: RoundScope = query.scope;
  const filter = allOf(
    query.search && keywordFilter(SEARCH_FIELDS, query.search),
    scope.residence_uuid && equals('residence_uuid', scope.residence_uuid),
    scope.show !== 'all' && LIVE,
  );
  const answer = await apiGet<ListAnswer<Round>>('/rounds/list', {
    params: { filter: filter || undefined, ...pageParams(query) },
    signal: options.signal,
  });
  return toListPage(answer, query);
}

const only = (answer: ResourceResponse<Round[]>): Round => {
  const round = answer.resource[0];
  if (!round) throw new Error('The server answered no round.');
  return round;
};
const one = (uuid: string) => `/rounds/${encodeURIComponent(uuid)}`;

export async function create(body: RoundBody): Promise<Round> {
  return only(await apiPost<ResourceResponse<Round[]>>('/rounds', body));
}

export async function update(uuid: string, body: Omit<RoundBody, 'residence_uuid'>) {
  return only(await apiPatch<ResourceResponse<Round[]>>(one(uuid), body));
}

/** Out of use: no longer due; the rounds walked keep their record. */
export async function retire(uuid: string): Promise<Round> {
  return only(await apiPost<ResourceResponse<Round[]>>(`${one(uuid)}/retire`));
}
