import { combineSlices, configureStore, type Reducer, type UnknownAction } from '@reduxjs/toolkit';
import { connectSession } from '../api/client';
import { dashboardSlice } from '../features/dashboard/dashboard-slice';
import { guardOptionsSlice } from '../features/guards/guard-options-slice';
import { guardProfileSlice } from '../features/guards/guard-profile-slice';
import { guardsList } from '../features/guards/guards-slice';
import { companyOptionsSlice } from './options/company-options-slice';
import {
  initialSessionState,
  loggedOut,
  sessionUsed,
  sessionSlice,
  type SessionState,
} from './session/session-slice';
import { loadStoredSession, storeSession } from './session/session-storage';
import { siteDetailsSlice } from '../features/sites/site-details-slice';
import { sitesList } from '../features/sites/sites-slice';

/**
 * Slices a screen brings with it (`injectSlice`), so /login loads none of their code. Each
 * declares its state here by interface merging.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by interface merging
export interface LazyLoadedSlices {}

const combinedReducer = combineSlices(
  sessionSlice,
  dashboardSlice,
  sitesList,
  siteDetailsSlice,
  guardsList,
  guardProfileSlice,
  guardOptionsSlice,
  companyOptionsSlice,
).withLazyLoadedSlices<LazyLoadedSlices>();

/**
 * The whole state, the screens' slices included. Until its first action a screen's slice has no
 * state yet, but nothing sees that: its selectors (made with `injectSlice(...).selector`) read its
 * initial state meanwhile, and its thunks run only after their own first action.
 */
export type RootState = ReturnType<typeof combinedReducer> & LazyLoadedSlices;

/** Adds a screen's slice to every store, made or to be made; the screen's module calls it. */
export const injectSlice = combinedReducer.inject;

/**
 * A screen's list slice (createListSlice), injected as the screen's module loads: the same list,
 * whose selectors read its initial state until the slice's first action.
 */
export function injectListSlice<
  List extends { reducerPath: string; reducer: Reducer; selectors: object },
>(list: List): List {
  const injected = injectSlice(list as unknown as Parameters<typeof injectSlice>[0]);
  return {
    ...list,
    selectors: Object.fromEntries(
      Object.entries(list.selectors as Record<string, (state: unknown) => unknown>).map(
        ([key, selector]) => [key, injected.selector(selector)],
      ),
    ) as List['selectors'],
  };
}

/** Logging out resets every slice, so nothing of one user's data survives into the next session. */
function rootReducer(
  state: Parameters<typeof combinedReducer>[0],
  action: UnknownAction,
): RootState {
  // A screen's slice may still be missing here: see RootState.
  return combinedReducer(loggedOut.match(action) ? undefined : state, action) as RootState;
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

  // Kept across reloads: who is signed in, written when that changes (not at every call's use).
  let last = store.getState().session;
  store.subscribe(() => {
    const current = store.getState().session;
    const changed =
      current.token !== last.token ||
      current.profile !== last.profile ||
      current.identities !== last.identities;
    last = current;
    if (changed) storeSession(current, storage);
  });

  connectSession({
    getToken: () => store.getState().session.token,
    onUnauthorized: (code) =>
      store.dispatch(loggedOut(code === 'SESSION_IDLE' ? { reason: 'idle' } : undefined)),
    onUsed: (idleMinutes) => store.dispatch(sessionUsed({ at: Date.now(), idleMinutes })),
  });
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
