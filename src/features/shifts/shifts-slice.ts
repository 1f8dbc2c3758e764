import { createSlice, type ThunkAction, type UnknownAction } from '@reduxjs/toolkit';
import { errorText, fieldRefusalOf, type FieldRefusal } from '../../api/client';
import * as guardsApi from '../../api/guards';
import * as shiftsApi from '../../api/shifts';
import * as sitesApi from '../../api/sites';
import type { SiteOption } from '../../api/sites';
import { createApiThunk } from '../../app/api-thunk';
import { injectSlice, type RootState } from '../../app/store';
import type { Shift, ShiftPattern } from '@contract/shifts';
import { addDays, mondayOf, today } from './roster-week';

type Status = 'idle' | 'loading' | 'loaded' | 'failed';

/** A guard a site's shifts may be given to. */
export interface RosterGuard {
  uuid: string;
  name: string;
}

/** The week grid of one site, and a guard's upcoming shifts (a guard's details page). */
export interface ShiftsState {
  /** The sites the Roster screen offers (the server's scope of the caller). */
  sites: SiteOption[];
  sitesStatus: Status;
  /** The site and week shown; answers for another site or week are dropped. */
  siteUuid: string | null;
  monday: string;
  patterns: ShiftPattern[];
  shifts: Shift[];
  guards: RosterGuard[];
  status: Status;
  error: string | null;
  upcoming: { guardUuid: string | null; shifts: Shift[]; status: Status; error: string | null };
}

const initialState: ShiftsState = {
  sites: [],
  sitesStatus: 'idle',
  siteUuid: null,
  monday: mondayOf(today()),
  patterns: [],
  shifts: [],
  guards: [],
  status: 'idle',
  error: null,
  upcoming: { guardUuid: null, shifts: [], status: 'idle', error: null },
};

/** How far ahead a guard's details page looks for their shifts: today and the next 13 days. */
export const UPCOMING_DAYS = 14;

export const loadRosterSites = createApiThunk('shifts/sitesLoaded', () => sitesApi.listOptions());

/** A site's patterns, its shifts of the week starting on `monday`, and the guards posted there. */
export const loadRoster = createApiThunk(
  'shifts/rosterLoaded',
  async ({ siteUuid, monday }: { siteUuid: string; monday: string }) => {
    const [patterns, shifts, guards] = await Promise.all([
      shiftsApi.listPatterns(siteUuid),
      shiftsApi.list({ from: monday, to: addDays(monday, 6), residence_uuid: siteUuid }),
      guardsApi.listAtSite(siteUuid),
    ]);
    return { patterns, shifts, guards };
  },
);

export const loadUpcomingShifts = createApiThunk('shifts/upcomingLoaded', (guardUuid: string) => {
  const from = today();
  return shiftsApi.list({ from, to: addDays(from, UPCOMING_DAYS - 1), guard_uuid: guardUuid });
});

export const shiftsSlice = createSlice({
  name: 'shifts',
  initialState,
  reducers: {
    errorDismissed(state) {
      state.error = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadRosterSites.pending, (state) => {
        state.sitesStatus = 'loading';
      })
      .addCase(loadRosterSites.fulfilled, (state, { payload }) => {
        state.sites = payload;
        state.sitesStatus = 'loaded';
      })
      .addCase(loadRosterSites.rejected, (state, { payload, error }) => {
        state.sitesStatus = 'failed';
        state.error = payload ?? error.message ?? 'Request failed.';
      })
      .addCase(loadRoster.pending, (state, { meta }) => {
        const { siteUuid, monday } = meta.arg;
        if (state.siteUuid !== siteUuid) {
          state.patterns = [];
          state.guards = [];
        }
        if (state.siteUuid !== siteUuid || state.monday !== monday) state.shifts = [];
        state.siteUuid = siteUuid;
        state.monday = monday;
        state.status = 'loading';
        state.error = null;
      })
      .addCase(loadRoster.fulfilled, (state, { meta, payload }) => {
        if (state.siteUuid !== meta.arg.siteUuid || state.monday !== meta.arg.monday) return;
        state.patterns = payload.patterns;
        state.shifts = payload.shifts;
        state.guards = payload.guards;
        state.status = 'loaded';
      })
      .addCase(loadRoster.rejected, (state, { meta, payload, error }) => {
        if (state.siteUuid !== meta.arg.siteUuid || state.monday !== meta.arg.monday) return;
        state.status = 'failed';
        state.error = payload ?? error.message ?? 'Request failed.';
      })
      .addCase(loadUpcomingShifts.pending, (state, { meta }) => {
        state.upcoming = { guardUuid: meta.arg, shifts: [], status: 'loading', error: null };
      })
      .addCase(loadUpcomingShifts.fulfilled, (state, { meta, payload }) => {
        if (state.upcoming.guardUuid !== meta.arg) return;
        state.upcoming.shifts = payload;
        state.upcoming.status = 'loaded';
      })
      .addCase(loadUpcomingShifts.rejected, (state, { meta, payload, error }) => {
        if (state.upcoming.guardUuid !== meta.arg) return;
        state.upcoming.status = 'failed';
        state.upcoming.error = payload ?? error.message ?? 'Request failed.';
      });
  },
  selectors: {
    selectRosterSites: (state) => state.sites,
    selectRosterSitesStatus: (state) => state.sitesStatus,
    selectRosterSiteUuid: (state) => state.siteUuid,
    selectMonday: (state) => state.monday,
    selectPatterns: (state) => state.patterns,
    selectShifts: (state) => state.shifts,
    selectRosterGuards: (state) => state.guards,
    selectRosterStatus: (state) => state.status,
    selectRosterError: (state) => state.error,
    selectUpcoming: (state) => state.upcoming,
  },
});

declare module '../../app/store' {
  interface LazyLoadedSlices {
    shifts: ShiftsState;
  }
}

// Injected with the roster's screens, so /login carries none of this.
const withShifts = injectSlice(shiftsSlice);
const { selectors } = shiftsSlice;

export const { errorDismissed: rosterErrorDismissed } = shiftsSlice.actions;
export const selectRosterSites = withShifts.selector(selectors.selectRosterSites);
export const selectRosterSitesStatus = withShifts.selector(selectors.selectRosterSitesStatus);
export const selectRosterSiteUuid = withShifts.selector(selectors.selectRosterSiteUuid);
export const selectMonday = withShifts.selector(selectors.selectMonday);
export const selectPatterns = withShifts.selector(selectors.selectPatterns);
export const selectShifts = withShifts.selector(selectors.selectShifts);
export const selectRosterGuards = withShifts.selector(selectors.selectRosterGuards);
export const selectRosterStatus = withShifts.selector(selectors.selectRosterStatus);
export const selectRosterError = withShifts.selector(selectors.selectRosterError);
export const selectUpcoming = withShifts.selector(selectors.selectUpcoming);

/** How a roster write went: its answer, or why not (at a field when the server named one). */
export type RosterOutcome<T> =
  { ok: true; value: T } | { ok: false; refusal: FieldRefusal | null; message: string };

/**
 * Runs one change to the roster, then shows the site's week afresh; the dialog that asked shows
 * a refusal at its field, or the message above its fields, keeping what was typed.
 */
export function rosterWrite<T>(
  write: () => Promise<T>,
): ThunkAction<Promise<RosterOutcome<T>>, RootState, unknown, UnknownAction> {
  return async (dispatch, getState) => {
    let value: T;
    try {
      value = await write();
    } catch (error) {
      return { ok: false, refusal: fieldRefusalOf(error), message: errorText(error) };
    }
    const siteUuid = selectRosterSiteUuid(getState());
    if (siteUuid) await dispatch(loadRoster({ siteUuid, monday: selectMonday(getState()) }));
    return { ok: true, value };
  };
}
