import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { errorText, fieldRefusalOf, type FieldRefusal } from '../api/client';
import type { createListSlice, ListRootState, MutationType } from './list-slice';

type ListSlice<Row, Name extends string> = ReturnType<typeof createListSlice<Row, Name>>;

/**
 * How a write went: 'saved'; 'failed', its reason in the list's error for the screen's toast; or
 * refused at one field (an email already in use), which the form marks instead.
 */
export type WriteOutcome = 'saved' | 'failed' | FieldRefusal;

/** The write was refused at one field, which the form shows. */
export function isFieldRefusal(outcome: WriteOutcome): outcome is FieldRefusal {
  return typeof outcome === 'object';
}

/**
 * Ends a failed write of a list screen: at its field when the API named one (no toast), else in
 * the list's error (the toast). Answers the write's outcome.
 */
export function endFailedWrite(
  actions: Pick<ListSlice<unknown, string>['actions'], 'mutationRefused' | 'mutationFailed'>,
  dispatch: (action: UnknownAction) => unknown,
  error: unknown,
): Exclude<WriteOutcome, 'saved'> {
  const refusal = fieldRefusalOf(error);
  dispatch(refusal ? actions.mutationRefused() : actions.mutationFailed(errorText(error)));
  return refusal ?? 'failed';
}

/** Answers how the write went (WriteOutcome). */
export type ListWriteThunk<Row, Name extends string> = ThunkAction<
  Promise<WriteOutcome>,
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
      return endFailedWrite(list.actions, dispatch, error);
    }
    dispatch(list.actions.mutationSucceeded());
    await dispatch(list.reloadPage(1));
    return 'saved';
  };
}

/**
 * Runs one write of a list screen under the list's busy state, then shows the same page again:
 * for records kept one after another down a list (a site's units, its checkpoints), so the user
 * stays where they were.
 */
export function writeThenStay<Row, Name extends string>(
  list: ListSlice<Row, Name>,
  type: MutationType,
  write: () => Promise<unknown>,
): ListWriteThunk<Row, Name> {
  return async (dispatch, getState) => {
    dispatch(list.actions.mutationStarted(type));
    try {
      await write();
    } catch (error) {
      return endFailedWrite(list.actions, dispatch, error);
    }
    dispatch(list.actions.mutationSucceeded());
    await dispatch(list.reloadPage(getState()[list.name].page));
    return 'saved';
  };
}
