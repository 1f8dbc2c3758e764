import * as unitsApi from '../../api/units';
import type { Unit, UnitBody } from '@contract/units';
import { createListSlice, type ListState } from '../../app/list-slice';
import { writeThenStay, type ListWriteThunk } from '../../app/list-writes';
import { injectSlice } from '../../app/store';

export const unitsList = createListSlice({
  name: 'unitsList',
  defaultSort: { field: 'name', direction: 'asc' },
  fetchPage: unitsApi.list,
});

declare module '../../app/store' {
  interface LazyLoadedSlices {
    unitsList: ListState<Unit>;
  }
}

// Injected as a site's Units tab loads, not with the store, so /login carries none of this.
const withUnits = injectSlice(unitsList);
const { selectors } = unitsList;

/** The list's selectors; they read its initial state until the slice's first action. */
export const unitsSelectors = {
  selectRows: withUnits.selector(selectors.selectRows),
  selectCount: withUnits.selector(selectors.selectCount),
  selectCountCapped: withUnits.selector(selectors.selectCountCapped),
  selectPage: withUnits.selector(selectors.selectPage),
  selectSort: withUnits.selector(selectors.selectSort),
  selectLoading: withUnits.selector(selectors.selectLoading),
  selectLoadingType: withUnits.selector(selectors.selectLoadingType),
  selectError: withUnits.selector(selectors.selectError),
};

/**
 * Saves a unit's owner and contact number, then shows the same page again: a site's units are
 * edited one after another down the list, so the user stays where they were.
 */
export function saveUnit(uuid: string, body: UnitBody): ListWriteThunk<Unit, 'unitsList'> {
  return writeThenStay(unitsList, 'update', () => unitsApi.update(uuid, body));
}
