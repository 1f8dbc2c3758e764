import { createSlice } from '@reduxjs/toolkit';
import * as alertsApi from '../../api/alerts';
import { errorText } from '../../api/client';
import { createApiThunk } from '../../app/api-thunk';
import { createListSlice, type ListState } from '../../app/list-slice';
import { injectListSlice, injectSlice } from '../../app/store';
import type { Alert, AlertPreferenceBody, ReadAlertsBody } from '@contract/alerts';

/** How many of the newest alerts the bell's panel shows. */
export const BELL_ALERTS = 5;

const list = createListSlice({
  name: 'alertsList',
  defaultSort: { field: 'created_at', direction: 'desc' },
  fetchPage: async ({ offset, pageSize, scope }) => {
    const answer = await alertsApi.list({
      offset,
      limit: pageSize,
      unread: scope.unread === '1',
    });
    return { rows: answer.resource, count: answer.meta.count };
  },
});

interface BellState {
  unread: number;
  latest: Alert[];
  status: 'idle' | 'loading' | 'succeeded' | 'failed';
  error: string | null;
}

const initialBell: BellState = { unread: 0, latest: [], status: 'idle', error: null };

/** The bell's figure and its panel's newest alerts, asked for together. */
export const loadBell = createApiThunk('alertBell/load', async () => {
  const [unread, latest] = await Promise.all([
    alertsApi.unreadCount(),
    alertsApi.list({ offset: 0, limit: BELL_ALERTS }),
  ]);
  return { unread, latest: latest.resource };
});

/** Marks alerts read (or all of them), then asks again for the bell's figure. */
export const markAlertsRead = createApiThunk('alertBell/read', async (body: ReadAlertsBody) => {
  await alertsApi.markRead(body);
  const [unread, latest] = await Promise.all([
    alertsApi.unreadCount(),
    alertsApi.list({ offset: 0, limit: BELL_ALERTS }),
  ]);
  return { unread, latest: latest.resource };
});

const bellSlice = createSlice({
  name: 'alertBell',
  initialState: initialBell,
  reducers: {
    bellErrorDismissed: (state) => {
      state.error = null;
    },
  },
  extraReducers: (builder) => {
    for (const thunk of [loadBell, markAlertsRead]) {
      builder
        .addCase(thunk.pending, (state) => {
          state.status = 'loading';
        })
        .addCase(thunk.fulfilled, (state, { payload }) => {
          state.status = 'succeeded';
          state.unread = payload.unread;
          state.latest = payload.latest;
          state.error = null;
        })
        .addCase(thunk.rejected, (state, action) => {
          state.status = 'failed';
          state.error = action.payload ?? errorText(action.error);
        });
    }
  },
  selectors: {
    selectUnread: (state) => state.unread,
    selectLatest: (state) => state.latest,
    selectBellError: (state) => state.error,
  },
});

declare module '../../app/store' {
  interface LazyLoadedSlices {
    alertsList: ListState<Alert>;
    alertBell: BellState;
  }
}

// Injected with the shell (the bell) and the Alerts screen, not with the store: /login has none.
const withBell = injectSlice(bellSlice);

/** The Alerts screen's list, whose selectors read its initial state until its first action. */
export const alertsList: typeof list = injectListSlice(list);

export const { bellErrorDismissed } = bellSlice.actions;
export const selectUnread = withBell.selector(bellSlice.selectors.selectUnread);
export const selectLatest = withBell.selector(bellSlice.selectors.selectLatest);
export const selectBellError = withBell.selector(bellSlice.selectors.selectBellError);

/** The user's alert choices, one per site of theirs (the modal keeps them while open). */
export const loadAlertPreferences = createApiThunk('alertPreferences/load', alertsApi.preferences);

export const saveAlertPreference = createApiThunk(
  'alertPreferences/save',
  async ({ residenceUuid, body }: { residenceUuid: string; body: AlertPreferenceBody }) => {
    await alertsApi.savePreference(residenceUuid, body);
    return { residenceUuid, body };
  },
);

/** The open SOS alerts, for the banner (issue 38). */
export const loadSos = createApiThunk('alertSos/load', alertsApi.openSos);

/** Acknowledges an SOS, then reads the open ones again. */
export const acknowledgeSos = createApiThunk('alertSos/acknowledge', async (uuid: string) => {
  await alertsApi.acknowledge(uuid);
  return alertsApi.openSos();
});
