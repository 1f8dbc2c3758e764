import { createSlice } from '@reduxjs/toolkit';
import { errorText } from '../../api/client';
import * as securityCompaniesApi from '../../api/security-companies';
import type { SecurityCompanyOption } from '../../api/security-companies';
import { createApiThunk } from '../api-thunk';

/** The companies the guard and site forms offer, loaded again each time one of them opens. */
interface CompanyOptionsState {
  options: SecurityCompanyOption[];
  loading: boolean;
  /** Only the latest request may write, so an earlier answer cannot end a later load. */
  requestId: string | null;
  error: string | null;
}

const initialState: CompanyOptionsState = {
  options: [],
  loading: false,
  requestId: null,
  error: null,
};

export const loadCompanyOptions = createApiThunk(
  'companyOptions/loaded',
  securityCompaniesApi.listOptions,
);

export const companyOptionsSlice = createSlice({
  name: 'companyOptions',
  initialState,
  reducers: {
    errorDismissed(state) {
      state.error = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadCompanyOptions.pending, (state, action) => {
        state.loading = true;
        state.requestId = action.meta.requestId;
        state.error = null;
      })
      .addCase(loadCompanyOptions.fulfilled, (state, action) => {
        if (action.meta.requestId !== state.requestId) return;
        state.options = action.payload;
        state.loading = false;
      })
      .addCase(loadCompanyOptions.rejected, (state, action) => {
        if (action.meta.requestId !== state.requestId) return;
        state.loading = false;
        // A form that closed abandons its load: that is no failure to show.
        if (!action.meta.aborted) state.error = action.payload ?? errorText(action.error);
      });
  },
  selectors: {
    selectCompanyOptions: (state) => state.options,
    selectCompanyOptionsLoading: (state) => state.loading,
    selectCompanyOptionsError: (state) => state.error,
  },
});

export const { errorDismissed: companyOptionsErrorDismissed } = companyOptionsSlice.actions;
export const { selectCompanyOptions, selectCompanyOptionsLoading, selectCompanyOptionsError } =
  companyOptionsSlice.selectors;
