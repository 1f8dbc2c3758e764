import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { errorText } from '../../api/client';
import * as sessionApi from '../../api/session';
import { createApiThunk } from '../../app/api-thunk';
import type { RoleType, SessionIdentity, SessionProfile } from '@contract/session';

export interface SessionState {
  token: string | null;
  profile: SessionProfile | null;
  identities: SessionIdentity[];
  status: 'idle' | 'signing-in' | 'failed';
  error: string | null;
}

export const initialSessionState: SessionState = {
  token: null,
  profile: null,
  identities: [],
  status: 'idle',
  error: null,
};

export const signIn = createApiThunk(
  'session/signIn',
  ({ email, password }: { email: string; password: string }) => sessionApi.signIn(email, password),
);

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    /** Handled by the root reducer too: every slice goes back to its initial state. */
    loggedOut: () => initialSessionState,
    signInErrorDismissed: (state) => {
      state.error = null;
    },
    restored: (_state, action: PayloadAction<SessionState>) => action.payload,
  },
  extraReducers: (builder) => {
    builder
      .addCase(signIn.pending, (state) => {
        state.status = 'signing-in';
        state.error = null;
      })
      .addCase(signIn.fulfilled, (_state, { payload }) => ({
        token: payload.session_token,
        profile: payload.profile,
        identities: payload.identities,
        status: 'idle',
        error: null,
      }))
      .addCase(signIn.rejected, (state, action) => {
        state.status = 'failed';
        state.error = action.payload ?? errorText(action.error);
      });
  },
  selectors: {
    selectToken: (state) => state.token,
    selectProfile: (state) => state.profile,
    selectIdentityUuid: (state) => state.identities[0]?.uuid ?? null,
    /** The spec reads the role from profile.roles[0].type. */
    selectRole: (state): RoleType | null => state.profile?.roles[0]?.type ?? null,
    selectCompanyName: (state) => state.profile?.roles[0]?.security_company_name ?? null,
    selectSignInError: (state) => state.error,
    selectSigningIn: (state) => state.status === 'signing-in',
  },
});

export const { loggedOut, signInErrorDismissed } = sessionSlice.actions;
export const {
  selectToken,
  selectProfile,
  selectIdentityUuid,
  selectRole,
  selectCompanyName,
  selectSignInError,
  selectSigningIn,
} = sessionSlice.selectors;

/** Ends the session on the server (best effort: the token may already be gone) and clears all state. */
export const signOut = createAsyncThunk('session/signOut', async (_: void, { dispatch }) => {
  try {
    await sessionApi.signOut();
  } finally {
    dispatch(loggedOut());
  }
});
