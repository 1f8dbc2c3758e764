import { createSlice } from '@reduxjs/toolkit';
import * as guardsApi from '../../api/guards';
import { createApiThunk } from '../../app/api-thunk';
import { injectSlice } from '../../app/store';

/**
 * The one PIN shown in the Guards list: a PIN shows only on an explicit reveal, one row at a
 * time (revealing another hides it), and the server records each reveal in the audit trail.
 */
export interface PinRevealState {
  uuid: string | null;
  pin: string | null;
  /** The row whose PIN is being asked for. */
  pending: string | null;
  error: string | null;
}

const initialState: PinRevealState = { uuid: null, pin: null, pending: null, error: null };

export const revealPin = createApiThunk('pinReveal/revealed', guardsApi.revealPin);

export const pinRevealSlice = createSlice({
  name: 'pinReveal',
  initialState,
  reducers: {
    hidden: () => initialState,
    errorDismissed(state) {
      state.error = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(revealPin.pending, (state, { meta }) => {
        state.uuid = null;
        state.pin = null;
        state.pending = meta.arg;
        state.error = null;
      })
      .addCase(revealPin.fulfilled, (state, { meta, payload }) => {
        if (state.pending !== meta.arg) return;
        state.pending = null;
        state.uuid = payload.uuid;
        state.pin = payload.pin;
      })
      .addCase(revealPin.rejected, (state, { meta, payload, error }) => {
        if (state.pending !== meta.arg) return;
        state.pending = null;
        state.error = payload ?? error.message ?? 'Request failed.';
      });
  },
  selectors: {
    selectRevealedUuid: (state) => state.uuid,
    selectRevealedPin: (state) => state.pin,
    selectRevealPending: (state) => state.pending,
    selectRevealError: (state) => state.error,
  },
});

declare module '../../app/store' {
  interface LazyLoadedSlices {
    pinReveal: PinRevealState;
  }
}

// Injected with the Guards list, so /login carries none of this.
const withReveal = injectSlice(pinRevealSlice);
const { selectors } = pinRevealSlice;

export const { hidden: pinHidden, errorDismissed: pinRevealErrorDismissed } =
  pinRevealSlice.actions;
export const selectRevealedUuid = withReveal.selector(selectors.selectRevealedUuid);
export const selectRevealedPin = withReveal.selector(selectors.selectRevealedPin);
export const selectRevealPending = withReveal.selector(selectors.selectRevealPending);
export const selectRevealError = withReveal.selector(selectors.selectRevealError);
