import { createSlice } from '@reduxjs/toolkit';
import { errorText } from '../../api/client';
import * as sitesApi from '../../api/sites';
import type { SiteOption } from '../../api/sites';
import { createApiThunk } from '../../app/api-thunk';

/** The sites the guard form offers: those of the chosen company (companies: company-options). */
interface GuardOptionsState {
  sites: SiteOption[];
  /** Whose sites `sites` holds; null until a company is chosen. */
  sitesCompanyUuid: string | null;
  sitesLoading: boolean;
  /** Only the latest site request may write, so a quick change of company cannot show old sites. */
  sitesRequestId: string | null;
  error: string | null;
}

const initialState: GuardOptionsState = {
  sites: [],
  sitesCompanyUuid: null,
  sitesLoading: false,
  sitesRequestId: null,
  error: null,
};

export const loadSiteOptions = createApiThunk('guardOptions/sitesLoaded', (companyUuid: string) =>
  sitesApi.listOptions(companyUuid),
);

export const guardOptionsSlice = createSlice({
  name: 'guardOptions',
  initialState,
  reducers: {
    errorDismissed(state) {
      state.error = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadSiteOptions.pending, (state, action) => {
        state.sites = [];
        state.sitesCompanyUuid = action.meta.arg;
        state.sitesLoading = true;
        state.sitesRequestId = action.meta.requestId;
      })
      .addCase(loadSiteOptions.fulfilled, (state, action) => {
        if (action.meta.requestId !== state.sitesRequestId) return;
        state.sites = action.payload;
        state.sitesLoading = false;
      })
      .addCase(loadSiteOptions.rejected, (state, action) => {
        if (action.meta.requestId !== state.sitesRequestId) return;
        state.sitesLoading = false;
        state.error = action.payload ?? errorText(action.error);
      });
  },
  selectors: {
    selectSiteOptions: (state) => state.sites,
    selectSitesCompanyUuid: (state) => state.sitesCompanyUuid,
    selectSitesLoading: (state) => state.sitesLoading,
    selectOptionsError: (state) => state.error,
  },
});

export const { errorDismissed: optionsErrorDismissed } = guardOptionsSlice.actions;
export const { selectSiteOptions, selectSitesCompanyUuid, selectSitesLoading, selectOptionsError } =
  guardOptionsSlice.selectors;
