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
 * Every record of a list with the screen's filter and sort, fetched page after page. The count of
 * each answer is trusted as it comes, and a short page ends the run, so records added or removed
 * during an export neither loop forever nor stop it early.
 */
export async function fetchEntireList<Row>(
  fetchPage: PageFetcher<Row>,
  query: Pick<ListQuery, 'sort' | 'search' | 'scope'>,
  { signal, onProgress, pageSize }: FetchEntireListOptions,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page++) {
    signal.throwIfAborted();
    const answer = await fetchPage(
      { ...query, page, pageSize, offset: (page - 1) * pageSize },
      { signal },
    );
    // The fetcher may have answered after an abort it could not cancel: drop that answer.
    signal.throwIfAborted();
    rows.push(...answer.rows);
    const done = answer.rows.length < pageSize || rows.length >= answer.count;
    onProgress?.(done ? 100 : Math.floor((rows.length / answer.count) * 100));
    if (done) return rows;
  }
}
