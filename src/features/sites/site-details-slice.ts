import { createSlice } from '@reduxjs/toolkit';
import { getSiteFigures } from '../../api/dashboard';
import type { SiteFigures } from '@contract/dashboard';
import * as sitesApi from '../../api/sites';
import { createApiThunk } from '../../app/api-thunk';
import type { Site } from '@contract/sites';

interface SiteDetailsState {
  /** The site the page shows; answers for any other site (after navigating away) are dropped. */
  siteUuid: string | null;
  site: Site | null;
  /** 'missing': no such site, or one outside the caller's scope. */
  status: 'idle' | 'loading' | 'found' | 'missing' | 'failed';
  figures: SiteFigures | null;
  error: string | null;
}

const initialState: SiteDetailsState = {
  siteUuid: null,
  site: null,
  status: 'idle',
  figures: null,
  error: null,
};

export const loadSite = createApiThunk('siteDetails/loadSite', sitesApi.get);

export const loadSiteFigures = createApiThunk('siteDetails/loadFigures', getSiteFigures);

export const setPinOnlyShifts = createApiThunk(
  'siteDetails/setPinOnlyShifts',
  ({ uuid, on }: { uuid: string; on: boolean }) => sitesApi.setPinOnlyShifts(uuid, on),
);

export const siteDetailsSlice = createSlice({
  name: 'siteDetails',
  initialState,
  reducers: {
    errorDismissed(state) {
      state.error = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadSite.pending, (state, { meta }) => {
        if (state.siteUuid !== meta.arg) state.figures = null;
        state.siteUuid = meta.arg;
        state.site = null;
        state.status = 'loading';
        state.error = null;
      })
      .addCase(loadSite.fulfilled, (state, { meta, payload }) => {
        if (state.siteUuid !== meta.arg) return;
        state.site = payload;
        state.status = payload ? 'found' : 'missing';
      })
      .addCase(loadSite.rejected, (state, { meta, payload, error }) => {
        if (state.siteUuid !== meta.arg) return;
        state.status = 'failed';
        state.error = payload ?? error.message ?? 'Request failed.';
      })
      .addCase(setPinOnlyShifts.fulfilled, (state, { payload }) => {
        if (state.siteUuid === payload.uuid) state.site = payload;
      })
      .addCase(setPinOnlyShifts.rejected, (state, { payload, error }) => {
        state.error = payload ?? error.message ?? 'Request failed.';
      })
      .addCase(loadSiteFigures.fulfilled, (state, { meta, payload }) => {
        if (state.siteUuid === meta.arg) state.figures = payload;
      })
      .addCase(loadSiteFigures.rejected, (state, { meta, payload, error }) => {
        if (state.siteUuid === meta.arg)
          state.error = payload ?? error.message ?? 'Request failed.';
      });
  },
  selectors: {
    selectSiteUuid: (state) => state.siteUuid,
    selectSite: (state) => state.site,
    selectSiteStatus: (state) => state.status,
    selectSiteFigures: (state) => state.figures,
    selectSiteDetailsError: (state) => state.error,
  },
});

export const { errorDismissed } = siteDetailsSlice.actions;
export const {
  selectSiteUuid,
  selectSite,
  selectSiteStatus,
  selectSiteFigures,
  selectSiteDetailsError,
} = siteDetailsSlice.selectors;
