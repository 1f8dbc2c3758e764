import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import * as auditApi from '../../api/audit';
import type { AuditEntry } from '@contract/audit';
import { createListSlice, type ListState } from '../../app/list-slice';
import { injectSlice, type RootState } from '../../app/store';

/** The audit trail's list: newest first, as the server orders it by default. */
export const auditList = createListSlice({
  name: 'auditList',
  defaultSort: { field: 'id', direction: 'desc' },
  fetchPage: auditApi.list,
});

declare module '../../app/store' {
  interface LazyLoadedSlices {
    auditList: ListState<AuditEntry>;
  }
}

// Injected as the audit screens load, not with the store, so /login carries none of this.
const withAudit = injectSlice(auditList);
const { selectors } = auditList;

/** The list's selectors; they read its initial state until the slice's first action. */
export const auditSelectors = {
  selectRows: withAudit.selector(selectors.selectRows),
  selectCount: withAudit.selector(selectors.selectCount),
  selectCountCapped: withAudit.selector(selectors.selectCountCapped),
  selectPage: withAudit.selector(selectors.selectPage),
  selectSort: withAudit.selector(selectors.selectSort),
  selectSearch: withAudit.selector(selectors.selectSearch),
  selectScope: withAudit.selector(selectors.selectScope),
  selectLoading: withAudit.selector(selectors.selectLoading),
  selectError: withAudit.selector(selectors.selectError),
};

/**
 * The filters applied: a new list from page 1, keeping the search the box still shows (a new
 * scope alone would drop it).
 */
export function applyFilters(
  scope: Record<string, string>,
): ThunkAction<Promise<unknown>, RootState, unknown, UnknownAction> {
  return (dispatch, getState) => {
    const search = auditSelectors.selectSearch(getState());
    dispatch(auditList.actions.scopeSet(scope));
    dispatch(auditList.actions.searchSubmitted(search));
    return dispatch(auditList.load());
  };
}
