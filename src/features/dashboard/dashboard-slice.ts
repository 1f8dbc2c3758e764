import { createSlice } from '@reduxjs/toolkit';
import { errorText } from '../../api/client';
import { getFigures } from '../../api/dashboard';
import { createApiThunk } from '../../app/api-thunk';
import type { DashboardFigures } from '@contract/dashboard';

interface DashboardState {
  figures: DashboardFigures | null;
  status: 'idle' | 'loading' | 'succeeded' | 'failed';
  error: string | null;
}

const initialState: DashboardState = { figures: null, status: 'idle', error: null };

export const loadDashboard = createApiThunk('dashboard/load', getFigures);

export const dashboardSlice = createSlice({
  name: 'dashboard',
  initialState,
  reducers: {
    errorDismissed: (state) => {
      state.error = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadDashboard.pending, (state) => {
        state.status = 'loading';
        state.error = null;
      })
      .addCase(loadDashboard.fulfilled, (state, { payload }) => {
        state.status = 'succeeded';
        state.figures = payload;
      })
      .addCase(loadDashboard.rejected, (state, action) => {
        state.status = 'failed';
        state.error = action.payload ?? errorText(action.error);
      });
  },
  selectors: {
    selectFigures: (state) => state.figures,
    selectDashboardLoading: (state) => state.status === 'loading',
    selectDashboardError: (state) => state.error,
  },
});

export const { errorDismissed } = dashboardSlice.actions;
export const { selectFigures, selectDashboardLoading, selectDashboardError } =
  dashboardSlice.selectors;
