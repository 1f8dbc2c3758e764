import { injectListSlice } from '../../app/store';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import * as adminsApi from '../../api/admins';
import { errorText } from '../../api/client';
import * as loginsApi from '../../api/logins';
import {
  createListSlice,
  type ListRootState,
  type MutationType,
  type ListState,
} from '../../app/list-slice';
import { isFieldRefusal, writeThenReload } from '../../app/list-writes';
import type { Login } from '@contract/logins';

/** The Logins screen's list: uuid descending (spec part 2 §9). */
const list = createListSlice({
  name: 'loginsList',
  defaultSort: { field: 'uuid', direction: 'desc' },
  fetchPage: async ({ offset, pageSize, sort, search }) => {
    const answer = await loginsApi.list({ offset, limit: pageSize, sort, search });
    return { rows: answer.resource, count: answer.meta.count };
  },
});

declare module '../../app/store' {
  interface LazyLoadedSlices {
    loginsList: ListState<Login>;
  }
}

// Injected as the screen loads, not with the store, so /login carries none of this.
export const loginsList: typeof list = injectListSlice(list);

export interface AdminCredentials {
  email: string;
  password: string;
}

/** How a verified write ended: refused at verification (with why), or run (ok or not). */
export type VerifiedWriteResult =
  { verified: false; error: string } | { verified: true; ok: boolean };

/**
 * Re-verifies the administrator, then runs one login write with the proof the server answered
 * (spec part 2 §4: the action runs only if verification succeeds). A failed write shows in the
 * list's toast; a failed verification is answered to the Verification step, which shows it.
 */
export function verifiedWrite(
  type: MutationType,
  credentials: AdminCredentials,
  write: (verificationToken: string) => Promise<unknown>,
): ThunkAction<
  Promise<VerifiedWriteResult>,
  ListRootState<'loginsList', Login>,
  unknown,
  UnknownAction
> {
  return async (dispatch) => {
    let token: string;
    try {
      token = await adminsApi.verify(credentials.email, credentials.password);
    } catch (error) {
      return { verified: false, error: errorText(error) };
    }
    const outcome = await dispatch(writeThenReload(loginsList, type, () => write(token)));
    // The form closed for the Verification step, so a refusal at a field shows in the toast.
    if (isFieldRefusal(outcome)) dispatch(loginsList.actions.mutationFailed(outcome.message));
    return { verified: true, ok: outcome === 'saved' };
  };
}
