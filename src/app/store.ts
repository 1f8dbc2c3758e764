import { combineSlices, configureStore, type UnknownAction } from '@reduxjs/toolkit';
import { connectSession } from '../api/client';
import { attendancesList } from '../features/attendances/attendances-slice';
import { dashboardSlice } from '../features/dashboard/dashboard-slice';
import { guardOptionsSlice } from '../features/guards/guard-options-slice';
import { guardProfileSlice } from '../features/guards/guard-profile-slice';
import { guardsList } from '../features/guards/guards-slice';
import { companiesList } from '../features/security-companies/companies-slice';
import { companyOptionsSlice } from '../features/security-companies/company-options-slice';
import { loginsList } from '../features/logins/logins-slice';
import { siteSupervisorsList } from '../features/site-supervisors/site-supervisors-slice';
import {
  initialSessionState,
  loggedOut,
  sessionSlice,
  type SessionState,
} from '../features/session/session-slice';
import { loadStoredSession, storeSession } from '../features/session/session-storage';
import { siteDetailsSlice } from '../features/sites/site-details-slice';
import { sitesList } from '../features/sites/sites-slice';

const combinedReducer = combineSlices(
  sessionSlice,
  dashboardSlice,
  sitesList,
  siteDetailsSlice,
  guardsList,
  guardProfileSlice,
  guardOptionsSlice,
  companyOptionsSlice,
  attendancesList,
  companiesList,
  siteSupervisorsList,
  loginsList,
);

export type RootState = ReturnType<typeof combinedReducer>;

/** Logging out resets every slice, so nothing of one user's data survives into the next session. */
function rootReducer(
  state: Parameters<typeof combinedReducer>[0],
  action: UnknownAction,
): RootState {
  return combinedReducer(loggedOut.match(action) ? undefined : state, action);
}

/** A fresh store: the app makes one, and every test makes its own. */
export function makeStore(options: { storage?: Storage } = {}) {
  const storage = options.storage ?? localStorage;
  const stored = loadStoredSession(storage);
  const session: SessionState = stored
    ? { ...initialSessionState, ...stored }
    : initialSessionState;
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: { session },
  });

  let last = store.getState().session;
  store.subscribe(() => {
    const current = store.getState().session;
    if (current === last) return;
    last = current;
    storeSession(current, storage);
  });

  connectSession({
    getToken: () => store.getState().session.token,
    onUnauthorized: () => store.dispatch(loggedOut()),
  });
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
