import { createSlice } from '@reduxjs/toolkit';
import { errorText } from '../../api/client';
import * as shiftsApi from '../../api/shifts';
import { createApiThunk } from '../../app/api-thunk';
import { createListSlice, type ListState } from '../../app/list-slice';
import { injectListSlice, injectSlice } from '../../app/store';
import type { NowSite, RosterSettings, Shift, ShiftState } from '@contract/shifts';
import { localDay } from './shift-words';

/**
 * The watch's screens (issue 36): the shift list by state and day (the dashboard's links), the
 * Now board, the timesheet and a company's watch settings.
 */
const list = createListSlice({
  name: 'shiftStatesList',
  defaultSort: { field: 'starts_at', direction: 'asc' },
  fetchPage: async ({ offset, pageSize, scope }) => {
    const today = localDay(new Date());
    const answer = await shiftsApi.listPage({
      from: scope.from || today,
      to: scope.to || scope.from || today,
      state: (scope.state || undefined) as ShiftState | undefined,
      overlap: scope.overlap === '1',
      late: scope.late === '1',
      offset,
      limit: pageSize,
    });
    return { rows: answer.resource, count: answer.meta.count };
  },
});

interface NowState {
  sites: NowSite[];
  status: 'idle' | 'loading' | 'succeeded' | 'failed';
  error: string | null;
  /** When the board last loaded, ms since the epoch. */
  loadedAt: number | null;
}

const initialNow: NowState = { sites: [], status: 'idle', error: null, loadedAt: null };

export const loadNow = createApiThunk('nowBoard/load', async () => ({
  sites: await shiftsApi.now(),
  at: Date.now(),
}));

const nowSlice = createSlice({
  name: 'nowBoard',
  initialState: initialNow,
  reducers: {
    nowErrorDismissed: (state) => {
      state.error = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadNow.pending, (state) => {
        state.status = 'loading';
      })
      .addCase(loadNow.fulfilled, (state, { payload }) => {
        state.status = 'succeeded';
        state.sites = payload.sites;
        state.loadedAt = payload.at;
        state.error = null;
      })
      .addCase(loadNow.rejected, (state, action) => {
        state.status = 'failed';
        state.error = action.payload ?? errorText(action.error);
      });
  },
  selectors: {
    selectNowSites: (state) => state.sites,
    selectNowStatus: (state) => state.status,
    selectNowError: (state) => state.error,
    selectNowLoadedAt: (state) => state.loadedAt,
  },
});

declare module '../../app/store' {
  interface LazyLoadedSlices {
    shiftStatesList: ListState<Shift>;
    nowBoard: NowState;
  }
}

const withNow = injectSlice(nowSlice);

/** The shift list's slice, whose selectors read its initial state until its first action. */
export const shiftStatesList: typeof list = injectListSlice(list);

export const { nowErrorDismissed } = nowSlice.actions;
export const selectNowSites = withNow.selector(nowSlice.selectors.selectNowSites);
export const selectNowStatus = withNow.selector(nowSlice.selectors.selectNowStatus);
export const selectNowError = withNow.selector(nowSlice.selectors.selectNowError);
export const selectNowLoadedAt = withNow.selector(nowSlice.selectors.selectNowLoadedAt);

export const fetchTimesheet = createApiThunk('timesheet/fetch', shiftsApi.timesheet);

export const loadRosterSettings = createApiThunk('rosterSettings/load', shiftsApi.rosterSettings);

export const saveRosterSettings = createApiThunk(
  'rosterSettings/save',
  ({ companyUuid, body }: { companyUuid: string; body: RosterSettings }) =>
    shiftsApi.saveRosterSettings(companyUuid, body),
);
