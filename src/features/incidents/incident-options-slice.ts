import { createSlice } from '@reduxjs/toolkit';
import { errorText } from '../../api/client';
import * as incidentsApi from '../../api/incidents';
import type { SiteOption } from '../../api/sites';
import { createApiThunk } from '../../app/api-thunk';
import { injectSlice } from '../../app/store';
import type { IncidentCategory } from '@contract/incidents';

/** What the Add Incident form offers: the categories, and the caller's sites that take reports. */
export interface IncidentOptionsState {
  categories: IncidentCategory[];
  sites: SiteOption[];
  loading: boolean;
  error: string | null;
}

const initialState: IncidentOptionsState = {
  categories: [],
  sites: [],
  loading: false,
  error: null,
};

export const loadIncidentOptions = createApiThunk('incidentOptions/load', async () => {
  const [categories, sites] = await Promise.all([
    incidentsApi.categories(),
    incidentsApi.siteOptions(),
  ]);
  return { categories, sites };
});

export const incidentOptionsSlice = createSlice({
  name: 'incidentOptions',
  initialState,
  reducers: {
    errorDismissed(state) {
      state.error = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadIncidentOptions.pending, (state) => {
        state.loading = true;
        state.error = null;
      })
      .addCase(loadIncidentOptions.fulfilled, (state, { payload }) => {
        state.loading = false;
        state.categories = payload.categories;
        state.sites = payload.sites;
      })
      .addCase(loadIncidentOptions.rejected, (state, action) => {
        state.loading = false;
        state.error = action.payload ?? errorText(action.error);
      });
  },
  selectors: {
    selectCategoryOptions: (state) => state.categories,
    selectSiteOptions: (state) => state.sites,
    selectOptionsLoading: (state) => state.loading,
    selectOptionsError: (state) => state.error,
  },
});

declare module '../../app/store' {
  interface LazyLoadedSlices {
    incidentOptions: IncidentOptionsState;
  }
}

// Injected with the Add Incident form, so /login carries none of this.
const withOptions = injectSlice(incidentOptionsSlice);
const { selectors } = incidentOptionsSlice;

export const { errorDismissed: optionsErrorDismissed } = incidentOptionsSlice.actions;
export const selectCategoryOptions = withOptions.selector(selectors.selectCategoryOptions);
export const selectSiteOptions = withOptions.selector(selectors.selectSiteOptions);
export const selectOptionsLoading = withOptions.selector(selectors.selectOptionsLoading);
export const selectOptionsError = withOptions.selector(selectors.selectOptionsError);
