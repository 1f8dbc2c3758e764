import * as checkpointsApi from '../../api/checkpoints';
import type { Checkpoint, CheckpointBody } from '@contract/checkpoints';
import { createApiThunk } from '../../app/api-thunk';
import { createListSlice, type ListState } from '../../app/list-slice';
import { writeThenStay, type ListWriteThunk } from '../../app/list-writes';
import { injectSlice } from '../../app/store';

export const checkpointsList = createListSlice({
  name: 'checkpointsList',
  defaultSort: { field: 'name', direction: 'asc' },
  fetchPage: checkpointsApi.list,
});

declare module '../../app/store' {
  interface LazyLoadedSlices {
    checkpointsList: ListState<Checkpoint>;
  }
}

// Injected as the Patrols screen or a site's Patrols tab loads, not with the store.
const withCheckpoints = injectSlice(checkpointsList);
const { selectors } = checkpointsList;

/** The list's selectors; they read its initial state until the slice's first action. */
export const checkpointsSelectors = {
  selectRows: withCheckpoints.selector(selectors.selectRows),
  selectCount: withCheckpoints.selector(selectors.selectCount),
  selectCountCapped: withCheckpoints.selector(selectors.selectCountCapped),
  selectPage: withCheckpoints.selector(selectors.selectPage),
  selectSort: withCheckpoints.selector(selectors.selectSort),
  selectScope: withCheckpoints.selector(selectors.selectScope),
  selectLoading: withCheckpoints.selector(selectors.selectLoading),
  selectLoadingType: withCheckpoints.selector(selectors.selectLoadingType),
  selectError: withCheckpoints.selector(selectors.selectError),
};

type Write = ListWriteThunk<Checkpoint, 'checkpointsList'>;

// Each write shows the same page again: a site's checkpoints are kept one after another.

/** Adds a checkpoint (no uuid) or changes one; its site stays its own. */
export function saveCheckpoint(uuid: string | null, body: CheckpointBody): Write {
  return uuid === null
    ? writeThenStay(checkpointsList, 'add', () => checkpointsApi.create(body))
    : writeThenStay(checkpointsList, 'update', () =>
        checkpointsApi.update(uuid, {
          name: body.name,
          instructions: body.instructions,
          latitude: body.latitude,
          longitude: body.longitude,
        }),
      );
}

export const retireCheckpoint = (uuid: string): Write =>
  writeThenStay(checkpointsList, 'update', () => checkpointsApi.retire(uuid));

export const replaceSticker = (uuid: string): Write =>
  writeThenStay(checkpointsList, 'update', () => checkpointsApi.replaceSticker(uuid));

/** A site's checkpoints in use, for its sheet of stickers. */
export const loadStickers = createApiThunk('checkpoints/stickersLoaded', checkpointsApi.listOfSite);
