import type { ListPage, ListQuery } from '../app/list-slice';

/** A list call of an api module (e.g. attendances.list), able to stop its request mid-flight. */
export type PageFetcher<Row> = (
  query: ListQuery,
  options: { signal: AbortSignal },
) => Promise<ListPage<Row>>;

export interface FetchEntireListOptions {
  /** Aborting it cancels the request in flight and rejects with the signal's reason. */
  signal: AbortSignal;
  /** Whole percent of the records fetched so far, after every page. */
  onProgress?: (percent: number) => void;
  /** Rows per request (the console's setting `appConfig.exportPageSize`). */
  pageSize: number;
}

/**
 * Every record of a list with the screen's filter and sort, fetched page after page. Only the
 * first page asks for the count, and asks it whole (a search's count is otherwise capped), so the
 * server counts once per export; the run ends at a short page or once that count is reached, so
 * records added or removed meanwhile neither loop it forever nor stop it early.
 */
export async function fetchEntireList<Row>(
  fetchPage: PageFetcher<Row>,
  query: Pick<ListQuery, 'sort' | 'search' | 'scope'>,
  { signal, onProgress, pageSize }: FetchEntireListOptions,
): Promise<Row[]> {
  const rows: Row[] = [];
  // Until the first answer; a fetcher that answers no count at all ends at a short page alone.
  let total = Number.POSITIVE_INFINITY;
  for (let page = 1; ; page++) {
    signal.throwIfAborted();
    const answer = await fetchPage(
      {
        ...query,
        page,
        pageSize,
        offset: (page - 1) * pageSize,
        includeCount: page === 1 ? 'exact' : false,
      },
      { signal },
    );
    // The fetcher may have answered after an abort it could not cancel: drop that answer.
    signal.throwIfAborted();
    if (page === 1 && answer.count !== null) total = answer.count;
    rows.push(...answer.rows);
    const done = answer.rows.length < pageSize || rows.length >= total;
    onProgress?.(done ? 100 : Math.floor((rows.length / total) * 100));
    if (done) return rows;
  }
}
