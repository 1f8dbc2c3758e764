import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { errorText } from '../api/client';
import type { createListSlice, ListRootState, MutationType } from './list-slice';

type ListSlice<Row, Name extends string> = ReturnType<typeof createListSlice<Row, Name>>;

/** Resolves true when the write succeeded; a failure is in the list's error, for its toast. */
export type ListWriteThunk<Row, Name extends string> = ThunkAction<
  Promise<boolean>,
  ListRootState<Name, Row>,
  unknown,
  UnknownAction
>;

/**
 * Runs one write of a list screen under the list's busy state, then shows page 1 afresh, as the
 * company, supervisor and login screens do after every add, edit and delete (spec part 2 §4).
 */
export function writeThenReload<Row, Name extends string>(
  list: ListSlice<Row, Name>,
  type: MutationType,
  write: () => Promise<unknown>,
): ListWriteThunk<Row, Name> {
  return async (dispatch) => {
    dispatch(list.actions.mutationStarted(type));
    try {
      await write();
    } catch (error) {
      dispatch(list.actions.mutationFailed(errorText(error)));
      return false;
    }
    dispatch(list.actions.mutationSucceeded());
    await dispatch(list.reloadPage(1));
    return true;
  };
}
