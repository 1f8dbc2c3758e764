import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import * as attendancesApi from '../../src/api/attendances';
import type { ListPage, ListQuery } from '../../src/app/list-slice';
import { fetchEntireList } from '../../src/lib/export';
import { API } from '../msw/api';
import { server } from '../msw/server';

const screenQuery: Pick<ListQuery, 'sort' | 'search' | 'scope'> = {
  sort: { field: 'guard_name', direction: 'asc' },
  search: 'ahmad',
  scope: { kg_guard_uuid: 'guard-1' },
};

/** A fake list of `total` numbered rows that records every query it is asked. */
function numberedList(total: number) {
  const fetchPage = vi.fn(
    async (query: ListQuery, _options: { signal: AbortSignal }): Promise<ListPage<number>> => {
      const end = Math.min(query.offset + query.pageSize, total);
      const rows = Array.from(
        { length: Math.max(end - query.offset, 0) },
        (_, i) => query.offset + i,
      );
      return { rows, count: total };
    },
  );
  return fetchPage;
}

describe('fetchEntireList', () => {
  it('fetches page after page with the screen’s search, scope and sort, 500 at a time', async () => {
    const fetchPage = numberedList(1_200);
    const rows = await fetchEntireList(fetchPage, screenQuery, {
      signal: new AbortController().signal,
      pageSize: 500,
    });

    expect(rows).toHaveLength(1_200);
    expect(rows.at(-1)).toBe(1_199);
    const queries = fetchPage.mock.calls.map(([query]) => query);
    expect(queries).toEqual([
      { ...screenQuery, page: 1, pageSize: 500, offset: 0, includeCount: 'exact' },
      { ...screenQuery, page: 2, pageSize: 500, offset: 500, includeCount: false },
      { ...screenQuery, page: 3, pageSize: 500, offset: 1_000, includeCount: false },
    ]);
  });

  it('asks for the count with the first page only, and stops once that count is reached', async () => {
    const fetchPage = vi.fn(async (query: ListQuery): Promise<ListPage<number>> => {
      const rows = Array.from({ length: query.pageSize }, (_, i) => query.offset + i);
      // A list that keeps growing: only the first count says when to stop.
      return { rows, count: query.includeCount === false ? null : 1_000 };
    });
    const progress: number[] = [];
    const rows = await fetchEntireList(fetchPage, screenQuery, {
      signal: new AbortController().signal,
      pageSize: 500,
      onProgress: (percent) => progress.push(percent),
    });
    expect(rows).toHaveLength(1_000);
    expect(fetchPage).toHaveBeenCalledTimes(2);
    expect(progress).toEqual([50, 100]);
  });

  it('through the api module, asks the whole count with the first page, include_count=false after, and reads answers without a count', async () => {
    const total = 1_234;
    const includeCounts: Array<string | null> = [];
    server.use(
      http.get(`${API}/attendances/list`, ({ request }) => {
        const params = new URL(request.url).searchParams;
        includeCounts.push(params.get('include_count'));
        const offset = Number(params.get('offset'));
        const end = Math.min(offset + Number(params.get('limit')), total);
        const resource = Array.from({ length: Math.max(end - offset, 0) }, (_, i) => ({
          uuid: `att-${offset + i}`,
        }));
        // As the server answers include_count=false: no meta at all.
        return HttpResponse.json(
          params.get('include_count') === 'false'
            ? { resource }
            : { resource, meta: { count: total } },
        );
      }),
    );
    const rows = await fetchEntireList(attendancesApi.list, screenQuery, {
      signal: new AbortController().signal,
      pageSize: 500,
    });
    expect(rows).toHaveLength(total);
    expect(rows.at(-1)).toEqual({ uuid: 'att-1233' });
    expect(includeCounts).toEqual(['exact', 'false', 'false']);
  });

  it('refuses a list answer without its count when the query asked for one', async () => {
    server.use(http.get(`${API}/attendances/list`, () => HttpResponse.json({ resource: [] })));
    const query = { ...screenQuery, page: 1, pageSize: 8, offset: 0 };
    await expect(attendancesApi.list(query)).rejects.toThrow(
      'The list answered without its count.',
    );
    await expect(attendancesApi.list({ ...query, includeCount: false })).resolves.toEqual({
      rows: [],
      count: null,
      countCapped: false,
    });
  });

  it('reports whole percents after every page, ending at 100', async () => {
    const progress: number[] = [];
    await fetchEntireList(numberedList(30), screenQuery, {
      signal: new AbortController().signal,
      pageSize: 8,
      onProgress: (percent) => progress.push(percent),
    });
    expect(progress).toEqual([26, 53, 80, 100]);
  });

  it('answers no rows and 100 percent for an empty list, after one request', async () => {
    const fetchPage = numberedList(0);
    const progress: number[] = [];
    const rows = await fetchEntireList(fetchPage, screenQuery, {
      signal: new AbortController().signal,
      pageSize: 500,
      onProgress: (percent) => progress.push(percent),
    });
    expect(rows).toEqual([]);
    expect(progress).toEqual([100]);
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });

  it('stops at a short page even if the count grew meanwhile', async () => {
    const fetchPage = vi.fn(async (query: ListQuery) => ({
      rows: query.page === 1 ? [1, 2] : [3],
      count: 10,
    }));
    const rows = await fetchEntireList(fetchPage, screenQuery, {
      signal: new AbortController().signal,
      pageSize: 2,
    });
    expect(rows).toEqual([1, 2, 3]);
  });

  it('rejects without another request once the signal aborts between pages', async () => {
    const controller = new AbortController();
    const fetchPage = numberedList(1_500);
    const run = fetchEntireList(fetchPage, screenQuery, {
      signal: controller.signal,
      pageSize: 500,
      onProgress: () => controller.abort(),
    });
    await expect(run).rejects.toThrow();
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });

  it('aborts the HTTP request in flight through the api module', async () => {
    const started = vi.fn();
    server.use(
      http.get(`${API}/attendances/list`, async () => {
        started();
        // Never answers: only the abort can end this request.
        await new Promise(() => undefined);
        return HttpResponse.json({});
      }),
    );
    const controller = new AbortController();
    const run = fetchEntireList(attendancesApi.list, screenQuery, {
      signal: controller.signal,
      pageSize: 500,
    });
    await vi.waitFor(() => expect(started).toHaveBeenCalled());

    controller.abort();

    // axios rejects with CanceledError only when the signal reached it and it aborted the request.
    await expect(run).rejects.toMatchObject({ name: 'CanceledError' });
  });
});
