import { createSlice } from '@reduxjs/toolkit';
import * as kiosksApi from '../../api/kiosks';
import { createApiThunk } from '../../app/api-thunk';
import { injectSlice } from '../../app/store';
import type { Kiosk } from '@contract/kiosks';

/** The kiosks enrolled at the site its details page shows. */
export interface SiteKiosksState {
  /** The site listed; answers for another site (after navigating away) are dropped. */
  siteUuid: string | null;
  kiosks: Kiosk[];
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  revoking: boolean;
  error: string | null;
}

const initialState: SiteKiosksState = {
  siteUuid: null,
  kiosks: [],
  status: 'idle',
  revoking: false,
  error: null,
};

export const loadSiteKiosks = createApiThunk('siteKiosks/loaded', kiosksApi.list);

/** Enrols this browser as a kiosk of the site; answers the device token, given only this once. */
export const enrolKiosk = createApiThunk('siteKiosks/enrolled', kiosksApi.create);

export const revokeKiosk = createApiThunk('siteKiosks/revoked', async (kiosk: Kiosk) => {
  await kiosksApi.remove(kiosk.uuid);
  return kiosk.uuid;
});

export const siteKiosksSlice = createSlice({
  name: 'siteKiosks',
  initialState,
  reducers: {
    errorDismissed(state) {
      state.error = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadSiteKiosks.pending, (state, { meta }) => {
        if (state.siteUuid !== meta.arg) state.kiosks = [];
        state.siteUuid = meta.arg;
        state.status = 'loading';
        state.error = null;
      })
      .addCase(loadSiteKiosks.fulfilled, (state, { meta, payload }) => {
        if (state.siteUuid !== meta.arg) return;
        state.kiosks = payload;
        state.status = 'loaded';
      })
      .addCase(loadSiteKiosks.rejected, (state, { meta, payload, error }) => {
        if (state.siteUuid !== meta.arg) return;
        state.status = 'failed';
        state.error = payload ?? error.message ?? 'Request failed.';
      })
      .addCase(revokeKiosk.pending, (state) => {
        state.revoking = true;
        state.error = null;
      })
      .addCase(revokeKiosk.fulfilled, (state, { payload }) => {
        state.revoking = false;
        state.kiosks = state.kiosks.filter((kiosk) => kiosk.uuid !== payload);
      })
      .addCase(revokeKiosk.rejected, (state, { payload, error }) => {
        state.revoking = false;
        state.error = payload ?? error.message ?? 'Request failed.';
      });
  },
  selectors: {
    selectKiosks: (state) => state.kiosks,
    selectKiosksStatus: (state) => state.status,
    selectKiosksSiteUuid: (state) => state.siteUuid,
    selectRevoking: (state) => state.revoking,
    selectKiosksError: (state) => state.error,
  },
});

declare module '../../app/store' {
  interface LazyLoadedSlices {
    siteKiosks: SiteKiosksState;
  }
}

// Injected with the site details page, so /login carries none of this.
const withKiosks = injectSlice(siteKiosksSlice);
const { selectors } = siteKiosksSlice;

export const { errorDismissed: kiosksErrorDismissed } = siteKiosksSlice.actions;
export const selectKiosks = withKiosks.selector(selectors.selectKiosks);
export const selectKiosksStatus = withKiosks.selector(selectors.selectKiosksStatus);
export const selectKiosksSiteUuid = withKiosks.selector(selectors.selectKiosksSiteUuid);
export const selectRevoking = withKiosks.selector(selectors.selectRevoking);
export const selectKiosksError = withKiosks.selector(selectors.selectKiosksError);
