import { createAsyncThunk, createSlice, isRejected, type PayloadAction } from '@reduxjs/toolkit';
import { guardFailureOf, type GuardFailure } from '../../api/client';
import * as guardApp from '../../api/guard-app';
import { injectSlice } from '../../app/store';
import type {
  GuardAppAttendance,
  GuardAppResidence,
  GuardAppRosteredShift,
  KioskData,
  KioskGuard,
} from '@contract/guard-app';
import { forgetDeviceToken, readDeviceToken } from '../../lib/kiosk-device';
import { createKioskThunk, type KioskFailure } from './kiosk-thunk';

export type ShiftKind = 'start' | 'end';

/** Where the kiosk is: the start screen, or a step of one guard's visit. */
export type KioskStep =
  | { name: 'start' }
  | { name: 'pin'; guard: KioskGuard }
  | { name: 'menu' }
  | { name: 'shift'; kind: ShiftKind }
  | { name: 'result'; kind: ShiftKind; attendance: GuardAppAttendance; recordedAt: string }
  | { name: 'incident' }
  | { name: 'gate' }
  | { name: 'patrol' };

/** This browser as a kiosk: enrolled and working, or why not. */
export type DeviceState =
  | { status: 'checking' }
  /** No device token; `refusal` is the server's when it refused the one there was. */
  | { status: 'not-set-up'; refusal: GuardFailure | null }
  /** The kiosk's site could not be read, and why (the server's refusal, or no answer at all). */
  | { status: 'failed'; failure: Partial<GuardFailure> }
  | { status: 'ready'; kiosk: KioskData };

/** The guard using the kiosk now, after a verified PIN. */
export interface GuardSession {
  token: string;
  guard: KioskGuard;
  /** The guard's open shift at any site, or null. */
  openShift: GuardAppAttendance | null;
  /** The guard's rostered shift now or next, at any site, or null. */
  rosteredShift: GuardAppRosteredShift | null;
}

/** Why the last guard's session ended without the guard finishing it. */
export type SessionEndReason = 'expired' | 'superseded';

export interface KioskState {
  deviceToken: string | null;
  device: DeviceState;
  guard: GuardSession | null;
  step: KioskStep;
  sessionEnded: SessionEndReason | null;
}

const initialState: KioskState = {
  deviceToken: null,
  device: { status: 'checking' },
  guard: null,
  step: { name: 'start' },
  sessionEnded: null,
};

/** Reads this browser's device token and the kiosk's site; a refused token is forgotten. */
export const loadKiosk = createAsyncThunk<
  { token: string; kiosk: KioskData } | null,
  void,
  { rejectValue: GuardFailure }
>('kiosk/loaded', async (_, { rejectWithValue }) => {
  const token = readDeviceToken();
  if (!token) return null;
  try {
    return { token, kiosk: await guardApp.getKiosk(token) };
  } catch (error) {
    const failure = guardFailureOf(error);
    if (failure.status === 401) forgetDeviceToken();
    return rejectWithValue(failure);
  }
});

export const listGuards = createKioskThunk(
  'kiosk/guardsListed',
  'device',
  ({ token }, search: string) => guardApp.listKioskGuards(token, search),
);

/** Opens the picked guard's session at this kiosk: 422 for a wrong PIN, 429 after too many. */
export const verifyPin = createKioskThunk(
  'kiosk/pinVerified',
  'device',
  async ({ token, siteUuid }, { guard, pin }: { guard: KioskGuard; pin: string }) => {
    const verified = await guardApp.verifyPin(token, {
      guard_uuid: guard.uuid,
      pin,
      residence_uuid: siteUuid,
    });
    if (!verified.token) throw new Error('The server opened no guard session at this kiosk.');
    return {
      guard,
      token: verified.token,
      openShift: verified.open_shift ?? null,
      rosteredShift: verified.rostered_shift ?? null,
    };
  },
);

export const recordShift = createKioskThunk(
  'kiosk/shiftRecorded',
  'guard',
  async (
    { token, siteUuid },
    { kind, report }: { kind: ShiftKind; report: guardApp.ShiftReport },
  ) => {
    const attendance = await guardApp.recordShift(token, siteUuid, kind, report);
    return { kind, attendance, recordedAt: new Date().toISOString() };
  },
);

/**
 * Back to the start screen, ending `signOut`'s session on the server too: the present guard's,
 * unless reports made with it still wait to be sent (the outbox ends it once they are).
 */
export const endGuardSession = createAsyncThunk(
  'kiosk/guardSessionEnded',
  async ({ signOut }: { signOut: string | null }) => {
    // Best effort: the session also expires on the server by itself.
    if (signOut) await guardApp.signOut(signOut).catch(() => undefined);
  },
);

/** Ends the session of a guard who has left, once the reports made with it are sent. */
export const releaseGuardToken = createAsyncThunk(
  'kiosk/guardTokenReleased',
  async (token: string) => {
    await guardApp.signOut(token).catch(() => undefined);
  },
);

export const loadIncidentTypes = createKioskThunk(
  'kiosk/incidentTypesLoaded',
  'guard',
  ({ token, siteUuid }) => guardApp.listIncidentTypes(token, siteUuid),
);

/**
 * Sends one incident report with the token it was made with: a report from the outbox may be a
 * guard's who has left, so its refusal says nothing about the present guard's session.
 */
export const sendIncidentReport = createAsyncThunk<
  void,
  { guardToken: string; siteUuid: string; report: guardApp.IncidentReportBody },
  { rejectValue: GuardFailure }
>('kiosk/incidentReportSent', async ({ guardToken, siteUuid, report }, { rejectWithValue }) => {
  try {
    await guardApp.createIncident(guardToken, siteUuid, report);
  } catch (error) {
    return rejectWithValue(guardFailureOf(error));
  }
});

export const listVisitors = createKioskThunk(
  'kiosk/visitorsListed',
  'guard',
  ({ token, siteUuid }, query: { date: string; tab: guardApp.VisitorTab }) =>
    guardApp.listVisitors(token, siteUuid, query),
);

export const findVisitorByCode = createKioskThunk(
  'kiosk/visitorFound',
  'guard',
  ({ token, siteUuid }, code: string) => guardApp.findVisitorByCode(token, siteUuid, code),
);

export const moveVisitor = createKioskThunk(
  'kiosk/visitorMoved',
  'guard',
  (
    { token, siteUuid },
    { visitorId, direction }: { visitorId: number; direction: 'check-in' | 'check-out' },
  ) => guardApp.moveVisitor(token, siteUuid, visitorId, direction),
);

export const loadVisitorTypes = createKioskThunk(
  'kiosk/visitorTypesLoaded',
  'guard',
  ({ token, siteUuid }) => guardApp.listVisitorTypes(token, siteUuid),
);

export const loadBlocks = createKioskThunk('kiosk/blocksLoaded', 'guard', ({ token, siteUuid }) =>
  guardApp.listBlocks(token, siteUuid),
);

export const loadFloors = createKioskThunk(
  'kiosk/floorsLoaded',
  'guard',
  ({ token, siteUuid }, block: string) => guardApp.listFloors(token, siteUuid, block),
);

export const loadUnits = createKioskThunk(
  'kiosk/unitsLoaded',
  'guard',
  ({ token, siteUuid }, where: { block: string; floor: string }) =>
    guardApp.listUnits(token, siteUuid, where),
);

export const loadHosts = createKioskThunk(
  'kiosk/hostsLoaded',
  'guard',
  ({ token, siteUuid }, unitUuid: string) => guardApp.listHosts(token, siteUuid, unitUuid),
);

/** The site's patrols of the half day either side of now (the phone, issue 38). */
export const loadPatrols = createKioskThunk('kiosk/patrolsLoaded', 'guard', ({ token, siteUuid }) =>
  guardApp.listPatrols(token, siteUuid),
);

export const registerWalkIn = createKioskThunk(
  'kiosk/walkInRegistered',
  'guard',
  ({ token, siteUuid }, body: guardApp.WalkInBody) => guardApp.createWalkIn(token, siteUuid, body),
);

/** A kiosk call refused because its credential is no longer good (see KioskFailure). */
function endsCredential(action: unknown): action is PayloadAction<KioskFailure> {
  if (!isRejected(action)) return false;
  const failure = (action as { payload?: Partial<KioskFailure> }).payload;
  return Boolean(failure?.ends);
}

export const kioskSlice = createSlice({
  name: 'kiosk',
  initialState,
  reducers: {
    guardPicked(state, { payload }: PayloadAction<KioskGuard>) {
      state.step = { name: 'pin', guard: payload };
      state.sessionEnded = null;
    },
    pinCancelled(state) {
      state.step = { name: 'start' };
    },
    /**
     * The guard's phone (issue 38): its signed-in session stands where a kiosk's device token does,
     * at the site the guard chose, and the guard's PIN opens the menu as at a kiosk.
     */
    phoneOpened(
      state,
      { payload }: PayloadAction<{ token: string; site: GuardAppResidence; guard: KioskGuard }>,
    ) {
      state.deviceToken = payload.token;
      state.device = {
        status: 'ready',
        kiosk: { kiosk: { uuid: '', label: '' }, residence: payload.site, pin_only_shifts: false },
      };
      state.guard = null;
      state.step = { name: 'pin', guard: payload.guard };
      state.sessionEnded = null;
    },
    /** The phone locked (its Finish): back to the PIN, the sign-in kept. */
    phoneLocked(state) {
      if (state.step.name === 'pin' || !state.guard) return;
      state.step = {
        name: 'pin',
        guard: {
          uuid: state.guard.guard.uuid,
          guard_id: state.guard.guard.guard_id,
          name: state.guard.guard.name,
          profile_image_url: state.guard.guard.profile_image_url,
        },
      };
      state.guard = null;
    },
    /** The guard chose what to do next, or went back to the menu. */
    stepChosen(
      state,
      {
        payload,
      }: PayloadAction<
        Extract<KioskStep, { name: 'menu' | 'shift' | 'incident' | 'gate' | 'patrol' }>
      >,
    ) {
      if (state.guard) state.step = payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadKiosk.pending, (state) => {
        state.device = { status: 'checking' };
      })
      .addCase(loadKiosk.fulfilled, (state, { payload }) => {
        state.deviceToken = payload?.token ?? null;
        state.device = payload
          ? { status: 'ready', kiosk: payload.kiosk }
          : { status: 'not-set-up', refusal: null };
      })
      .addCase(loadKiosk.rejected, (state, { payload, error }) => {
        state.deviceToken = null;
        if (payload?.status === 401) {
          state.device = { status: 'not-set-up', refusal: payload };
        } else {
          state.device = { status: 'failed', failure: payload ?? { message: error.message ?? '' } };
        }
      })
      .addCase(verifyPin.fulfilled, (state, { payload }) => {
        state.guard = payload;
        state.step = { name: 'menu' };
      })
      .addCase(recordShift.fulfilled, (state, { payload }) => {
        if (!state.guard) return;
        state.guard.openShift = payload.kind === 'start' ? payload.attendance : null;
        state.step = { name: 'result', ...payload };
      })
      .addCase(endGuardSession.pending, (state) => {
        state.guard = null;
        state.step = { name: 'start' };
      })
      .addMatcher(endsCredential, (state, { payload }) => {
        state.guard = null;
        state.step = { name: 'start' };
        if (payload.ends === 'device') {
          state.deviceToken = null;
          state.device = { status: 'not-set-up', refusal: payload };
        } else {
          state.sessionEnded = payload.code === 'SESSION_SUPERSEDED' ? 'superseded' : 'expired';
        }
      });
  },
  selectors: {
    selectDevice: (state) => state.device,
    selectGuardSession: (state) => state.guard,
    selectStep: (state) => state.step,
    selectSessionEnded: (state) => state.sessionEnded,
  },
});

declare module '../../app/store' {
  interface LazyLoadedSlices {
    kiosk: KioskState;
  }
}

// Injected with the kiosk's screen, so the console carries none of it.
const withKiosk = injectSlice(kioskSlice);
const { selectors } = kioskSlice;

export const { guardPicked, pinCancelled, stepChosen, phoneOpened, phoneLocked } =
  kioskSlice.actions;
export const selectDevice = withKiosk.selector(selectors.selectDevice);
export const selectGuardSession = withKiosk.selector(selectors.selectGuardSession);
export const selectStep = withKiosk.selector(selectors.selectStep);
export const selectSessionEnded = withKiosk.selector(selectors.selectSessionEnded);
