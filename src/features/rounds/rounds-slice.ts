import * as checkpointsApi from '../../api/checkpoints';
import * as roundsApi from '../../api/rounds';
import * as shiftsApi from '../../api/shifts';
import type { Round, RoundBody } from '@contract/rounds';
import { createApiThunk } from '../../app/api-thunk';
import { createListSlice, type ListState } from '../../app/list-slice';
import { writeThenStay, type ListWriteThunk } from '../../app/list-writes';
import { injectSlice } from '../../app/store';

export const roundsList = createListSlice({
  name: 'roundsList',
  defaultSort: { field: 'name', direction: 'asc' },
  fetchPage: roundsApi.list,
});

declare module '../../app/store' {
  interface LazyLoadedSlices {
    roundsList: ListState<Round>;
  }
}

// Injected as the Patrols screen or a site's Patrols tab loads, not with the store.
const withRounds = injectSlice(roundsList);
const { selectors } = roundsList;

/** The list's selectors; they read its initial state until the slice's first action. */
export const roundsSelectors = {
  selectRows: withRounds.selector(selectors.selectRows),
  selectCount: withRounds.selector(selectors.selectCount),
  selectCountCapped: withRounds.selector(selectors.selectCountCapped),
  selectPage: withRounds.selector(selectors.selectPage),
  selectSort: withRounds.selector(selectors.selectSort),
  selectLoading: withRounds.selector(selectors.selectLoading),
  selectLoadingType: withRounds.selector(selectors.selectLoadingType),
  selectError: withRounds.selector(selectors.selectError),
};

type Write = ListWriteThunk<Round, 'roundsList'>;

// Each write shows the same page again: a site's rounds are kept one after another.

/** Adds a round (no uuid) or changes one; its site stays its own. */
export function saveRound(uuid: string | null, body: RoundBody): Write {
  if (uuid === null) return writeThenStay(roundsList, 'add', () => roundsApi.create(body));
  return writeThenStay(roundsList, 'update', () =>
    roundsApi.update(uuid, {
      name: body.name,
      in_order: body.in_order,
      allowed_minutes: body.allowed_minutes,
      schedule_kind: body.schedule_kind,
      times: body.times,
      every_hours: body.every_hours,
      pattern_uuid: body.pattern_uuid,
      checkpoint_uuids: body.checkpoint_uuids,
    }),
  );
}

export const retireRound = (uuid: string): Write =>
  writeThenStay(roundsList, 'update', () => roundsApi.retire(uuid));

/** What a round of the site can be made of: its shift patterns and its checkpoints in use. */
export const loadRoundChoices = createApiThunk('rounds/choicesLoaded', async (siteUuid: string) => {
  const [patterns, checkpoints] = await Promise.all([
    shiftsApi.listPatterns(siteUuid),
    checkpointsApi.listOfSite(siteUuid),
  ]);
  return { patterns, checkpoints };
});
