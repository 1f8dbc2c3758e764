import type { ListPage, ListQuery } from '../app/list-slice';
import type { ListResponse, ResourceResponse } from '@contract/list';

/** A list's answer: with `meta.count`, or without `meta` when the query asked for no count. */
export type ListAnswer<Row> = ListResponse<Row> | ResourceResponse<Row[]>;

/** The order, paging and count parameters of a list call, the same for every list. */
export function pageParams(query: ListQuery) {
  return {
    order: `${query.sort.field} ${query.sort.direction}`,
    limit: query.pageSize,
    offset: query.offset,
    // The server counts unless told not to (DreamFactory's name), up to its cap unless told exact.
    include_count: query.includeCount === undefined ? undefined : query.includeCount,
  };
}

/** The answer as a page; its count is null only when the query asked for none. */
export function toListPage<Row>(answer: ListAnswer<Row>, query: ListQuery): ListPage<Row> {
  const meta = 'meta' in answer && answer.meta ? answer.meta : null;
  if (meta === null && query.includeCount !== false) {
    throw new Error('The list answered without its count.');
  }
  return {
    rows: answer.resource,
    count: meta?.count ?? null,
    countCapped: meta?.count_capped === true,
  };
}
