import type { ListPage, ListQuery } from '../app/list-slice';
import type { Checkpoint, CheckpointBody } from '@contract/checkpoints';
import type { ListResponse, ResourceResponse } from '@contract/list';
import { apiGet, apiPatch, apiPost } from './client';
import { allOf, equals, keywordFilter } from './filters';
import { pageParams, toListPage, type ListAnswer } from './paging';

const SEARCH_FIELDS = ['name', 'instructions'] as const;
const LIVE = '(retired_at IS NULL)';
/** More checkpoints than a site has: a sheet of stickers holds them all. */
const STICKERS_LIMIT = 500;

/** The list's scope: one site's checkpoints, those in use unless `show` asks for all. */
export interface CheckpointScope {
  residence_uuid?: string;
  show?: 'all';
}

export async function list(
  query: ListQuery,
  options: { signal?: AbortSignal } = {},
): Promise<ListPage<Checkpoint>> {
  const scope: CheckpointScope = query.scope;
  const filter = allOf(
    query.search && keywordFilter(SEARCH_FIELDS, query.search),
    scope.residence_uuid && equals('residence_uuid', scope.residence_uuid),
    scope.show !== 'all' && LIVE,
  );
  const answer = await apiGet<ListAnswer<Checkpoint>>('/checkpoints/list', {
    params: { filter: filter || undefined, ...pageParams(query) },
    signal: options.signal,
  });
  return toListPage(answer, query);
}

/** A site's checkpoints in use, by name: one sheet of stickers. */
export async function listOfSite(residenceUuid: string): Promise<Checkpoint[]> {
  const answer = await apiGet<ListResponse<Checkpoint>>('/checkpoints/list', {
    params: {
      filter: allOf(equals('residence_uuid', residenceUuid), LIVE),
      order: 'name asc',
      limit: STICKERS_LIMIT,
    },
  });
  return answer.resource;
}

const only = (answer: ResourceResponse<Checkpoint[]>): Checkpoint => {
  const checkpoint = answer.resource[0];
  if (!checkpoint) throw new Error('The server answered no checkpoint.');
  return checkpoint;
};
const one = (uuid: string) => `/checkpoints/${encodeURIComponent(uuid)}`;

export async function create(body: CheckpointBody): Promise<Checkpoint> {
  return only(await apiPost<ResourceResponse<Checkpoint[]>>('/checkpoints', body));
}

export async function update(uuid: string, body: Omit<CheckpointBody, 'residence_uuid'>) {
  return only(await apiPatch<ResourceResponse<Checkpoint[]>>(one(uuid), body));
}

/** Out of use: off the rounds to come, its sticker no longer scans. */
export async function retire(uuid: string): Promise<Checkpoint> {
  return only(await apiPost<ResourceResponse<Checkpoint[]>>(`${one(uuid)}/retire`));
}

/** A new sticker for a damaged one: a new code, so the old sticker no longer scans. */
export async function replaceSticker(uuid: string): Promise<Checkpoint> {
  return only(await apiPost<ResourceResponse<Checkpoint[]>>(`${one(uuid)}/sticker`));
}
