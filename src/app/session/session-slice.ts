import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { errorText } from '../../api/client';
import * as sessionApi from '../../api/session';
import { createApiThunk } from '../api-thunk';
import type { RoleType, SessionIdentity, SessionProfile } from '@contract/session';

export interface SessionState {
  token: string | null;
  profile: SessionProfile | null;
  identities: SessionIdentity[];
  status: 'idle' | 'signing-in' | 'failed';
  error: string | null;
  /** The server's idle timeout, from its last answer; null until one named it. */
  idleMinutes: number | null;
  /** When the session was last used (ms since the epoch), by this tab's last call. */
  lastUsedAt: number | null;
  /** The last session ended for want of use: the sign-in page says so. */
  endedForIdle: boolean;
}

export const initialSessionState: SessionState = {
  token: null,
  profile: null,
  identities: [],
  status: 'idle',
  error: null,
  idleMinutes: null,
  lastUsedAt: null,
  endedForIdle: false,
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
    loggedOut: (_state, action: PayloadAction<{ reason: 'idle' } | undefined>) => ({
      ...initialSessionState,
      endedForIdle: action.payload?.reason === 'idle',
    }),
    /** A call with the session was answered: the idle timeout counts from now. */
    sessionUsed: (state, action: PayloadAction<{ at: number; idleMinutes: number }>) => {
      state.lastUsedAt = action.payload.at;
      state.idleMinutes = action.payload.idleMinutes;
    },
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
        ...initialSessionState,
        token: payload.session_token,
        profile: payload.profile,
        identities: payload.identities,
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
    selectIdleMinutes: (state) => state.idleMinutes,
    selectLastUsedAt: (state) => state.lastUsedAt,
    selectEndedForIdle: (state) => state.endedForIdle,
  },
});

export const { loggedOut, signInErrorDismissed, sessionUsed } = sessionSlice.actions;
export const {
  selectToken,
  selectProfile,
  selectIdentityUuid,
  selectRole,
  selectCompanyName,
  selectSignInError,
  selectSigningIn,
  selectIdleMinutes,
  selectLastUsedAt,
  selectEndedForIdle,
} = sessionSlice.selectors;

/** Any answered call with the session counts as use: this one is the lightest. */
export const stayedSignedIn = createAsyncThunk('session/stayedSignedIn', () =>
  sessionApi.keepAlive(),
);

/** Ends the session on the server (best effort: the token may already be gone) and clears all state. */
export const signOut = createAsyncThunk('session/signOut', async (_: void, { dispatch }) => {
  try {
    await sessionApi.signOut();
  } finally {
    dispatch(loggedOut());
  }
});
