import { createSlice } from '@reduxjs/toolkit';
import { errorText } from '../../api/client';
import * as guardsApi from '../../api/guards';
import { createApiThunk } from '../../app/api-thunk';
import type { Guard } from '../../lib/contract/guards';
import { editGuard, renewPin } from './guards-slice';

/** 'missing' means the server knows no such guard (or not for this user): the page leaves. */
type ProfileStatus = 'idle' | 'loading' | 'found' | 'missing' | 'failed';

interface GuardProfileState {
  /** The guard asked for last; status and guard describe this one. */
  uuid: string | null;
  guard: Guard | null;
  status: ProfileStatus;
  error: string | null;
}

const initialState: GuardProfileState = { uuid: null, guard: null, status: 'idle', error: null };

export const loadGuardProfile = createApiThunk('guardProfile/load', guardsApi.get);

/** The guard shown on /guard-details/{uuid}, kept current by the edits and PINs made there. */
export const guardProfileSlice = createSlice({
  name: 'guardProfile',
  initialState,
  reducers: {
    errorDismissed(state) {
      state.error = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadGuardProfile.pending, (state, action) => {
        // Another guard's profile must not show while this one loads.
        if (state.guard?.uuid !== action.meta.arg) state.guard = null;
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
      .addCase(editGuard.fulfilled, (state, { payload }) => {
        if (state.guard?.uuid === payload.uuid) state.guard = payload;
      })
      .addCase(renewPin.fulfilled, (state, { payload }) => {
        if (state.guard?.uuid === payload.uuid) state.guard.pin = payload.pin;
      });
  },
  selectors: {
    selectProfileUuid: (state) => state.uuid,
    selectProfileGuard: (state) => state.guard,
    selectProfileStatus: (state) => state.status,
    selectProfileError: (state) => state.error,
  },
});

export const { errorDismissed: profileErrorDismissed } = guardProfileSlice.actions;
export const { selectProfileUuid, selectProfileGuard, selectProfileStatus, selectProfileError } =
  guardProfileSlice.selectors;
