import * as visitorsApi from '../../api/visitors';
import { createApiThunk } from '../../app/api-thunk';
import { createListSlice, type ListState } from '../../app/list-slice';
import { injectSlice } from '../../app/store';
import type { PassBody, VisitorRow } from '@contract/visitors';

export const visitorsList = createListSlice({
  name: 'visitorsList',
  defaultSort: { field: 'created_at', direction: 'desc' },
  fetchPage: visitorsApi.list,
});

declare module '../../app/store' {
  interface LazyLoadedSlices {
    visitorsList: ListState<VisitorRow>;
  }
}

// Injected as the visitors screens load, not with the store, so /login carries none of this.
const withVisitors = injectSlice(visitorsList);
const { selectors } = visitorsList;

/** The list's selectors; they read its initial state until the slice's first action. */
export const visitorsSelectors = {
  selectRows: withVisitors.selector(selectors.selectRows),
  selectCount: withVisitors.selector(selectors.selectCount),
  selectCountCapped: withVisitors.selector(selectors.selectCountCapped),
  selectPage: withVisitors.selector(selectors.selectPage),
  selectSort: withVisitors.selector(selectors.selectSort),
  selectSearch: withVisitors.selector(selectors.selectSearch),
  selectScope: withVisitors.selector(selectors.selectScope),
  selectLoading: withVisitors.selector(selectors.selectLoading),
  selectError: withVisitors.selector(selectors.selectError),
};

/** One pass for its details page; null when it does not exist for this user. */
export const loadVisitor = createApiThunk('visitors/loaded', visitorsApi.get);

/** The desk's look-up of a scanned code; null when no pass here has it. */
export const lookUpPass = createApiThunk('visitors/lookedUp', visitorsApi.findByCode);

/** Checks a visitor in or out; a refusal rejects with the server's reason in words. */
export const scanVisitorPass = createApiThunk(
  'visitors/scanned',
  ({ code, residenceUuid, now }: { code: string; residenceUuid?: string; now: Date }) =>
    visitorsApi.scan(code, { residenceUuid, now }),
);

/** The pass form's sites: the caller's that take visitors. */
export const loadPassSites = createApiThunk(
  'visitors/passSitesLoaded',
  visitorsApi.passSiteOptions,
);

/** The unit directory of the site the pass form names. */
export const loadPassUnits = createApiThunk('visitors/passUnitsLoaded', visitorsApi.unitsOf);

/** Issues a pass (Add) or changes one before its first scan (Edit). */
export const savePass = createApiThunk(
  'visitors/passSaved',
  ({ uuid, body }: { uuid: string | null; body: PassBody }) =>
    uuid === null ? visitorsApi.add(body) : visitorsApi.update(uuid, body),
);

/** Cancels a pass; it stays on record as CANCELLED. */
export const cancelPass = createApiThunk('visitors/passCancelled', visitorsApi.cancel);
