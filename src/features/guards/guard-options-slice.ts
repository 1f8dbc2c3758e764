import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { errorText } from '../../api/client';
import * as securityCompaniesApi from '../../api/security-companies';
import type { SecurityCompanyOption } from '../../api/security-companies';
import * as sitesApi from '../../api/sites';
import type { SiteOption } from '../../api/sites';

/** The choices of the guard form: companies, and the sites of the company chosen. */
interface GuardOptionsState {
  companies: SecurityCompanyOption[];
  sites: SiteOption[];
  /** Whose sites `sites` holds; null until a company is chosen. */
  sitesCompanyUuid: string | null;
  sitesLoading: boolean;
  /** Only the latest site request may write, so a quick change of company cannot show old sites. */
  sitesRequestId: string | null;
  error: string | null;
}

const initialState: GuardOptionsState = {
  companies: [],
  sites: [],
  sitesCompanyUuid: null,
  sitesLoading: false,
  sitesRequestId: null,
  error: null,
};

const createOptionsThunk = createAsyncThunk.withTypes<{ rejectValue: string }>();

export const loadCompanyOptions = createOptionsThunk(
  'guardOptions/companiesLoaded',
  async (_: void, { rejectWithValue }) => {
    try {
      return await securityCompaniesApi.listOptions();
    } catch (error) {
      return rejectWithValue(errorText(error));
    }
  },
);

export const loadSiteOptions = createOptionsThunk(
  'guardOptions/sitesLoaded',
  async (companyUuid: string, { rejectWithValue }) => {
    try {
      return await sitesApi.listOptions(companyUuid);
    } catch (error) {
      return rejectWithValue(errorText(error));
    }
  },
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
      .addCase(loadCompanyOptions.fulfilled, (state, { payload }) => {
        state.companies = payload;
      })
      .addCase(loadCompanyOptions.rejected, (state, action) => {
        state.error = action.payload ?? errorText(action.error);
      })
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
    selectCompanyOptions: (state) => state.companies,
    selectSiteOptions: (state) => state.sites,
    selectSitesCompanyUuid: (state) => state.sitesCompanyUuid,
    selectSitesLoading: (state) => state.sitesLoading,
    selectOptionsError: (state) => state.error,
  },
});

export const { errorDismissed: optionsErrorDismissed } = guardOptionsSlice.actions;
export const {
  selectCompanyOptions,
  selectSiteOptions,
  selectSitesCompanyUuid,
  selectSitesLoading,
  selectOptionsError,
} = guardOptionsSlice.selectors;
