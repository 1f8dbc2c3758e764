import { createSlice } from '@reduxjs/toolkit';
import { errorText } from '../../api/client';
import * as guardsApi from '../../api/guards';
import { createApiThunk } from '../../app/api-thunk';
import type { Guard, GuardAppAccess } from '@contract/guards';
import { addGuard, deleteGuard, editGuard, renewPin } from './guards-slice';

/** 'missing' means the server knows no such guard (or not for this user): the page leaves. */
type ProfileStatus = 'idle' | 'loading' | 'found' | 'missing' | 'failed';

/**
 * Spec part 1 §4: which guard write succeeded since a guard modal last opened. The add modal's PIN
 * view follows `created`; a guard list reloads when one turns true, and says 'Record has been
 * deleted.' when `deleted` does.
 */
export interface GuardWriteFlags {
  created: boolean;
  updated: boolean;
  deleted: boolean;
}

const noWrites: GuardWriteFlags = { created: false, updated: false, deleted: false };

interface GuardProfileState {
  /** The guard asked for last; status and guard describe this one. */
  uuid: string | null;
  guard: Guard | null;
  status: ProfileStatus;
  error: string | null;
  writes: GuardWriteFlags;
  /** The guard's guard-app access and PIN lock-out, for the guard of `uuid`; null until loaded. */
  appAccess: GuardAppAccess | null;
}

const initialState: GuardProfileState = {
  uuid: null,
  guard: null,
  status: 'idle',
  error: null,
  writes: noWrites,
  appAccess: null,
};

export const loadGuardProfile = createApiThunk('guardProfile/load', guardsApi.get);

export const loadAppAccess = createApiThunk('guardProfile/loadAppAccess', guardsApi.appAccess);
export const setAppPassword = createApiThunk(
  'guardProfile/setAppPassword',
  ({ uuid, password }: { uuid: string; password: string }) =>
    guardsApi.setAppPassword(uuid, password),
);
export const mailAppLink = createApiThunk('guardProfile/mailAppLink', guardsApi.mailAppLink);
export const revokeAppAccess = createApiThunk(
  'guardProfile/revokeAppAccess',
  guardsApi.revokeAppAccess,
);

/** The app-access calls, whose answer is the guard's access as it now stands. */
const appAccessAnswers = [
  loadAppAccess.fulfilled,
  setAppPassword.fulfilled,
  mailAppLink.fulfilled,
  revokeAppAccess.fulfilled,
] as const;

/**
 * The guard shown on /guard-details/{uuid}, kept current by the edits and PINs made there; also
 * the guards' write flags, as this is the guards feature's own slice (the list's comes from the
 * shared factory, which takes no extra state).
 */
export const guardProfileSlice = createSlice({
  name: 'guardProfile',
  initialState,
  reducers: {
    errorDismissed(state) {
      state.error = null;
    },
    /** Every guard modal starts a new write, so the flags of the last one no longer apply. */
    guardModalOpened(state) {
      state.writes = noWrites;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadGuardProfile.pending, (state, action) => {
        // Another guard's profile must not show while this one loads.
        if (state.guard?.uuid !== action.meta.arg) {
          state.guard = null;
          state.appAccess = null;
        }
        state.uuid = action.meta.arg;
        state.status = 'loading';
        state.error = null;
      })
      .addCase(loadGuardProfile.fulfilled, (state, action) => {
        if (action.meta.arg !== state.uuid) return;
        state.guard = action.payload;
        state.status = action.payload ? 'found' : 'missing';
      })
      .addCase(loadGuardProfile.rejected, (state, action) => {
        if (action.meta.arg !== state.uuid) return;
        state.status = 'failed';
        state.error = action.payload ?? errorText(action.error);
      })
      .addCase(addGuard.fulfilled, (state) => {
        state.writes.created = true;
      })
      .addCase(editGuard.fulfilled, (state, { payload }) => {
        state.writes.updated = true;
        if (state.guard?.uuid === payload.uuid) state.guard = payload;
      })
      .addCase(deleteGuard.fulfilled, (state) => {
        state.writes.deleted = true;
      })
      .addCase(renewPin.fulfilled, (state, { payload }) => {
        if (state.guard?.uuid === payload.uuid) state.guard.pin_enabled = true;
      });
    for (const answered of appAccessAnswers) {
      builder.addCase(answered, (state, action) => {
        const uuid = typeof action.meta.arg === 'string' ? action.meta.arg : action.meta.arg.uuid;
        if (uuid === state.uuid) state.appAccess = action.payload;
      });
    }
  },
  selectors: {
    selectProfileUuid: (state) => state.uuid,
    selectProfileGuard: (state) => state.guard,
    selectProfileStatus: (state) => state.status,
    selectProfileError: (state) => state.error,
    selectGuardCreated: (state) => state.writes.created,
    selectGuardUpdated: (state) => state.writes.updated,
    selectGuardDeleted: (state) => state.writes.deleted,
    selectAppAccess: (state) => state.appAccess,
  },
});

export const { errorDismissed: profileErrorDismissed, guardModalOpened } =
  guardProfileSlice.actions;
export const {
  selectProfileUuid,
  selectProfileGuard,
  selectProfileStatus,
  selectProfileError,
  selectGuardCreated,
  selectGuardUpdated,
  selectGuardDeleted,
  selectAppAccess,
} = guardProfileSlice.selectors;
