import * as patrolsApi from '../../api/patrols';
import * as guardsApi from '../../api/guards';
import type { Patrol } from '@contract/patrols';
import { createApiThunk } from '../../app/api-thunk';
import { createListSlice, type ListState } from '../../app/list-slice';
import { injectListSlice } from '../../app/store';

/** The rounds walked (issue 38): one site's patrols of a day, earliest due first. */
const list = createListSlice({
  name: 'patrolsList',
  defaultSort: { field: 'due_at', direction: 'asc' },
  fetchPage: patrolsApi.list,
});

declare module '../../app/store' {
  interface LazyLoadedSlices {
    patrolsList: ListState<Patrol>;
  }
}

// Injected as the Patrols screen or a site's Patrols tab loads, not with the store.
export const patrolsList = injectListSlice(list);

/** A site's completion over local days `from` to `to`. */
export const loadPatrolCompletion = createApiThunk(
  'patrols/completionLoaded',
  patrolsApi.completion,
);

/** One patrol, for an alert's link to it. */
export const loadPatrol = createApiThunk('patrols/oneLoaded', patrolsApi.get);

/** The guards of a site, for the Walked by filter. */
export const loadPatrolGuards = createApiThunk('patrols/guardsLoaded', guardsApi.listAtSite);
