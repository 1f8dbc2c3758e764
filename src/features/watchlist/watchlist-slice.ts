import * as watchlistApi from '../../api/watchlist';
import { createListSlice, type ListState } from '../../app/list-slice';
import { writeThenReload } from '../../app/list-writes';
import { injectListSlice } from '../../app/store';
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

/**
 * The Watchlist screen's list (newest first), injected as the screen loads, not with the store,
 * so /login carries none of this.
 */
export const watchlistList: typeof list = injectListSlice(list);

export function saveWatchlistEntry(uuid: string | null, body: WatchlistBody) {
  return writeThenReload(watchlistList, uuid ? 'update' : 'add', () =>
    uuid ? watchlistApi.update(uuid, body) : watchlistApi.create(body),
  );
}

export function deleteWatchlistEntry(entry: WatchlistEntry) {
  return writeThenReload(watchlistList, 'delete', () => watchlistApi.remove(entry.uuid));
}
