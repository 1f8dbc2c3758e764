import { configureStore } from '@reduxjs/toolkit';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { apiGet } from '../../src/api/client';
import type { ListResponse } from '@contract/list';
import type { SortState } from '../../src/api/types';
import { createListSlice, type ListPage, type ListQuery } from '../../src/app/list-slice';
import { API, apiError } from '../msw/api';
import { server } from '../msw/server';

interface Guard {
  uuid: string;
  name: string;
}

const newestFirst: SortState = { field: 'created_at', direction: 'desc' };

function guards(...names: string[]): Guard[] {
  return names.map((name) => ({ uuid: `uuid-${name}`, name }));
}

/** A fresh slice and store per test; fetchPage is a fake unless a test passes its own. */
function setup(
  fetchPage = vi.fn(async (_query: ListQuery): Promise<ListPage<Guard>> => ({
    rows: guards('Ana'),
    count: 1,
  })),
) {
  const list = createListSlice({ name: 'guardsList', defaultSort: newestFirst, fetchPage });
  const store = configureStore({ reducer: { [list.reducerPath]: list.reducer } });
  const lastQuery = () => fetchPage.mock.lastCall?.[0];
  return { list, store, fetchPage, lastQuery };
}

/** A promise the test settles by hand, to control the order in which answers arrive. */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (reason: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('createListSlice', () => {
  it('starts on page 1 with the default sort and loads the first page', async () => {
    const { list, store, lastQuery } = setup();
    const state = store.getState();
    expect(list.selectors.selectPage(state)).toBe(1);
    expect(list.selectors.selectSort(state)).toEqual(newestFirst);
    expect(list.selectors.selectStatus(state)).toBe('idle');

    await store.dispatch(list.load());

    expect(lastQuery()).toEqual({
      page: 1,
      pageSize: 8,
      offset: 0,
      sort: newestFirst,
      search: '',
      scope: {},
    });
    expect(list.selectors.selectRows(store.getState())).toEqual(guards('Ana'));
    expect(list.selectors.selectCount(store.getState())).toBe(1);
    expect(list.selectors.selectStatus(store.getState())).toBe('succeeded');
    expect(list.selectors.selectLoadingType(store.getState())).toBeNull();
  });

  it('reports loading while a fetch is in flight', async () => {
    const answer = deferred<ListPage<Guard>>();
    const { list, store } = setup(vi.fn(() => answer.promise));

    const loading = store.dispatch(list.load());
    expect(list.selectors.selectLoading(store.getState())).toBe(true);
    expect(list.selectors.selectLoadingType(store.getState())).toBe('list');

    answer.resolve({ rows: [], count: 0 });
    await loading;
    expect(list.selectors.selectLoading(store.getState())).toBe(false);
  });

  it('computes the offset as (page - 1) * 8 when the page changes', async () => {
    const { list, store, lastQuery } = setup();

    await store.dispatch(list.changePage(3));

    expect(lastQuery()).toMatchObject({ page: 3, pageSize: 8, offset: 16 });
    expect(list.selectors.selectPage(store.getState())).toBe(3);
  });

  it('counts once per search, scope and sort, and reuses the count while only the page changes', async () => {
    const fetchPage = vi.fn(async (query: ListQuery): Promise<ListPage<Guard>> => ({
      rows: guards(`Page ${query.page}`),
      count: query.includeCount === false ? null : 40,
    }));
    const { list, store } = setup(fetchPage);
    const asked = () => fetchPage.mock.calls.map(([query]) => query.includeCount !== false);

    await store.dispatch(list.load());
    await store.dispatch(list.changePage(2));
    await store.dispatch(list.changePage(5));
    expect(asked()).toEqual([true, false, false]);
    expect(list.selectors.selectCount(store.getState())).toBe(40);
    expect(list.selectors.selectRows(store.getState())).toEqual(guards('Page 5'));

    // A new search, a new sort or a new scope is another list: counted again, then reused.
    await store.dispatch(list.submitSearch('ana'));
    await store.dispatch(list.changePage(2));
    await store.dispatch(list.changeSort({ field: 'name', direction: 'asc' }));
    await store.dispatch(list.changeScope({ residence_uuid: 'site-1' }));
    await store.dispatch(list.changePage(3));
    expect(asked().slice(3)).toEqual([true, false, true, true, false]);
  });

  it('counts again after a write, and when a page change follows a failed count', async () => {
    const fetchPage = vi.fn(async (query: ListQuery): Promise<ListPage<Guard>> => ({
      rows: guards('Ana'),
      count: query.includeCount === false ? null : 9,
    }));
    const { list, store } = setup(fetchPage);
    await store.dispatch(list.load());
    await store.dispatch(list.reloadPage(1));
    expect(fetchPage.mock.lastCall?.[0].includeCount).toBeUndefined();

    fetchPage.mockRejectedValueOnce(new Error('offline'));
    await store.dispatch(list.submitSearch('bala'));
    await store.dispatch(list.changePage(2));
    // The count in hand is the old search's: the new one must be counted.
    expect(fetchPage.mock.lastCall?.[0]).toMatchObject({ search: 'bala', page: 2 });
    expect(fetchPage.mock.lastCall?.[0].includeCount).toBeUndefined();
  });

  it('counts a capped search whole before its last page, then pages on that count', async () => {
    const fetchPage = vi.fn(async (query: ListQuery): Promise<ListPage<Guard>> => ({
      rows: guards(`Page ${query.page}`),
      count: query.includeCount === false ? null : query.includeCount === 'exact' ? 12_345 : 10_000,
      countCapped: query.includeCount === undefined,
    }));
    const { list, store } = setup(fetchPage);
    await store.dispatch(list.submitSearch('ng'));
    expect(list.selectors.selectCountCapped(store.getState())).toBe(true);
    expect(list.selectors.selectCount(store.getState())).toBe(10_000);

    await store.dispatch(list.lastPage());
    const asked = fetchPage.mock.calls.map(([query]) => [query.includeCount, query.page]);
    // Counted, counted whole, then the real last page alone.
    expect(asked).toEqual([
      [undefined, 1],
      ['exact', 1],
      [false, 1544],
    ]);
    expect(list.selectors.selectPage(store.getState())).toBe(1544);
    expect(list.selectors.selectCount(store.getState())).toBe(12_345);
    expect(list.selectors.selectCountCapped(store.getState())).toBe(false);

    // A list counted whole goes to its last page at once.
    await store.dispatch(list.lastPage());
    expect(fetchPage).toHaveBeenCalledTimes(4);
    expect(fetchPage.mock.lastCall?.[0]).toMatchObject({ page: 1544, includeCount: false });
  });

  it('uses a custom page size for the offset', async () => {
    const fetchPage = vi.fn(async (_query: ListQuery) => ({ rows: guards(), count: 0 }));
    const list = createListSlice({
      name: 'sitesList',
      defaultSort: newestFirst,
      pageSize: 20,
      fetchPage,
    });
    const store = configureStore({ reducer: { [list.reducerPath]: list.reducer } });

    await store.dispatch(list.changePage(2));

    expect(fetchPage.mock.lastCall?.[0]).toMatchObject({ pageSize: 20, offset: 20 });
  });

  it('goes back to page 1 when the sort changes', async () => {
    const { list, store, lastQuery } = setup();
    await store.dispatch(list.changePage(4));

    const byName: SortState = { field: 'name', direction: 'asc' };
    await store.dispatch(list.changeSort(byName));

    expect(lastQuery()).toMatchObject({ page: 1, offset: 0, sort: byName });
    expect(list.selectors.selectSort(store.getState())).toEqual(byName);
  });

  it('goes back to page 1 with the trimmed text when a search is submitted', async () => {
    const { list, store, lastQuery } = setup();
    await store.dispatch(list.changePage(2));

    await store.dispatch(list.submitSearch('  Ana  '));

    expect(lastQuery()).toMatchObject({ page: 1, offset: 0, search: 'Ana', sort: newestFirst });
    expect(list.selectors.selectSearch(store.getState())).toBe('Ana');
  });

  it('resets page and search when the scope is set, and sends the scope', async () => {
    const { list, store, lastQuery } = setup();
    await store.dispatch(list.submitSearch('Ana'));
    await store.dispatch(list.changePage(3));

    await store.dispatch(list.changeScope({ residence_uuid: 'site-1' }));

    expect(lastQuery()).toEqual({
      page: 1,
      pageSize: 8,
      offset: 0,
      sort: newestFirst,
      search: '',
      scope: { residence_uuid: 'site-1' },
    });
  });

  it("stores the server's error message when the fetch fails", async () => {
    server.use(
      http.get(`${API}/guards/list`, () =>
        HttpResponse.json(apiError('INTERNAL', 'Guards are unavailable.'), { status: 500 }),
      ),
    );
    const { list, store } = setup(
      vi.fn(async (query: ListQuery) => {
        const params = { limit: query.pageSize, offset: query.offset };
        const body = await apiGet<ListResponse<Guard>>('/guards/list', { params });
        return { rows: body.resource, count: body.meta.count };
      }),
    );

    await store.dispatch(list.load());

    expect(list.selectors.selectError(store.getState())).toBe('Guards are unavailable.');
    expect(list.selectors.selectStatus(store.getState())).toBe('failed');
    expect(list.selectors.selectLoadingType(store.getState())).toBe('error');
  });

  it("falls back to the error's own message and clears it on dismiss", async () => {
    const { list, store } = setup(vi.fn(() => Promise.reject(new Error('Network Error'))));

    await store.dispatch(list.load());
    expect(list.selectors.selectError(store.getState())).toBe('Network Error');

    store.dispatch(list.actions.errorDismissed());
    expect(list.selectors.selectError(store.getState())).toBeNull();
    expect(list.selectors.selectLoadingType(store.getState())).toBeNull();
  });

  it('ignores an older answer that arrives after a newer one', async () => {
    const first = deferred<ListPage<Guard>>();
    const second = deferred<ListPage<Guard>>();
    const fetchPage = vi
      .fn<(query: ListQuery) => Promise<ListPage<Guard>>>()
      .mockReturnValueOnce(first.promise)
      .mockReturnValueOnce(second.promise);
    const { list, store } = setup(fetchPage);

    const page1 = store.dispatch(list.load());
    const page2 = store.dispatch(list.changePage(2));
    second.resolve({ rows: guards('Page two'), count: 9 });
    await page2;
    first.resolve({ rows: guards('Page one'), count: 9 });
    await page1;

    expect(list.selectors.selectRows(store.getState())).toEqual(guards('Page two'));
    expect(list.selectors.selectStatus(store.getState())).toBe('succeeded');
  });

  it('ignores a failure of an older request', async () => {
    const first = deferred<ListPage<Guard>>();
    const fetchPage = vi
      .fn<(query: ListQuery) => Promise<ListPage<Guard>>>()
      .mockReturnValueOnce(first.promise)
      .mockResolvedValueOnce({ rows: guards('Fresh'), count: 1 });
    const { list, store } = setup(fetchPage);

    const stale = store.dispatch(list.load());
    await store.dispatch(list.submitSearch('Fresh'));
    first.reject(new Error('Too late'));
    await stale;

    expect(list.selectors.selectError(store.getState())).toBeNull();
    expect(list.selectors.selectRows(store.getState())).toEqual(guards('Fresh'));
  });

  it('tracks a mutation through its loading type and error', () => {
    const { list, store } = setup();
    const { mutationStarted, mutationFailed, mutationSucceeded } = list.actions;

    store.dispatch(mutationStarted('delete'));
    expect(list.selectors.selectLoadingType(store.getState())).toBe('delete');

    store.dispatch(mutationFailed('Guard is on duty.'));
    expect(list.selectors.selectLoadingType(store.getState())).toBe('error');
    expect(list.selectors.selectError(store.getState())).toBe('Guard is on duty.');

    store.dispatch(mutationStarted('delete'));
    expect(list.selectors.selectError(store.getState())).toBeNull();
    store.dispatch(mutationSucceeded());
    expect(list.selectors.selectLoadingType(store.getState())).toBeNull();
  });
});
