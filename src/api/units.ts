import type { ListPage, ListQuery } from '../app/list-slice';
import type { ResourceResponse } from '@contract/list';
import type { Unit, UnitBody } from '@contract/units';
import { apiGet, apiPatch } from './client';
import { allOf, equals, keywordFilter } from './filters';
import { pageParams, toListPage, type ListAnswer } from './paging';

const SEARCH_FIELDS = ['name', 'owner_name', 'contact_number'] as const;

/** The list's scope: one site's units. */
export interface UnitScope {
  residence_uuid?: string;
}

export async function list(
  query: ListQuery,
  options: { signal?: AbortSignal } = {},
): Promise<ListPage<Unit>> {
  const scope: UnitScope = query.scope;
  const filter = allOf(
    query.search && keywordFilter(SEARCH_FIELDS, query.search),
    scope.residence_uuid && equals('residence_uuid', scope.residence_uuid),
  );
  const answer = await apiGet<ListAnswer<Unit>>('/units/list', {
    params: { filter: filter || undefined, ...pageParams(query) },
    signal: options.signal,
  });
  return toListPage(answer, query);
}

export async function update(uuid: string, body: UnitBody): Promise<Unit> {
  const answer = await apiPatch<ResourceResponse<Unit[]>>(
    `/units/${encodeURIComponent(uuid)}`,
    body,
  );
  const unit = answer.resource[0];
  if (!unit) throw new Error('The server answered no unit.');
  return unit;
}
