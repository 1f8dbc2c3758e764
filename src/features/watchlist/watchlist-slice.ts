import * as watchlistApi from '../../api/watchlist';
import { createListSlice, type ListState } from '../../app/list-slice';
import { writeThenReload } from '../../app/list-writes';
import { injectSlice } from '../../app/store';
import type { WatchlistBody, WatchlistEntry } from '@contract/watchlist';

const list = createListSlice({
  name: 'watchlistList',
  defaultSort: { field: 'created_at', direction: 'desc' },
  fetchPage: async ({ offset, pageSize, sort, search }) => {
    const answer = await watchlistApi.list({ offset, limit: pageSize, sort, search });
    return { rows: answer.resource, count: answer.meta.count };
  },
});

declare module '../../app/store' {
  interface LazyLoadedSlices {
    watchlistList: ListState<WatchlistEntry>;
  }
}

// Injected as the screen loads, not with the store, so /login carries none of this.
const withWatchlist = injectSlice(list);

/**
 * The Watchlist screen's list (newest first), whose selectors read its initial state until the
 * slice's first action, as the shared managed list reads them on its first render.
 */
export const watchlistList: typeof list = {
  ...list,
  selectors: Object.fromEntries(
    Object.entries(list.selectors).map(([key, selector]) => [
      key,
      withWatchlist.selector(selector as (state: unknown) => unknown),
    ]),
  ) as typeof list.selectors,
};

export function saveWatchlistEntry(uuid: string | null, body: WatchlistBody) {
  return writeThenReload(watchlistList, uuid ? 'update' : 'add', () =>
    uuid ? watchlistApi.update(uuid, body) : watchlistApi.create(body),
  );
}

export function deleteWatchlistEntry(entry: WatchlistEntry) {
  return writeThenReload(watchlistList, 'delete', () => watchlistApi.remove(entry.uuid));
}
