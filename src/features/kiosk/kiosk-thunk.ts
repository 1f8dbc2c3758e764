import { createAsyncThunk } from '@reduxjs/toolkit';
import { guardFailureOf, type GuardFailure } from '../../api/client';
import type { RootState } from '../../app/store';
import { forgetDeviceToken } from '../../lib/kiosk-device';

/** Which of the kiosk's two credentials a call uses. */
export type KioskCredential = 'device' | 'guard';

/** The code of a 401 that says the kiosk itself was revoked, whichever credential was used. */
const KIOSK_REVOKED = 'KIOSK_REVOKED';

/** A kiosk call's failure, and what it ends. */
export interface KioskFailure extends GuardFailure {
  /**
   * What a refused credential (401) ends: the kiosk's enrolment ('device'), or the present
   * guard's session ('guard'). An older guard's token refused late, after another guard came,
   * ends nothing.
   */
  ends: KioskCredential | null;
}

/** What a kiosk call is made with: the credential's token and the kiosk's site. */
export interface KioskCallContext {
  token: string;
  siteUuid: string;
}

/**
 * A thunk around one guard API call made with the kiosk's device token or the present guard's:
 * it rejects with a KioskFailure, which the kiosk slice reads for a refused credential. A revoked
 * kiosk's device token is forgotten here, the one side effect such a refusal has.
 */
export function createKioskThunk<Returned, Arg = void>(
  type: string,
  credential: KioskCredential,
  call: (context: KioskCallContext, arg: Arg) => Promise<Returned>,
) {
  return createAsyncThunk<Returned, Arg, { state: RootState; rejectValue: KioskFailure }>(
    type,
    async (arg, { getState, rejectWithValue }) => {
      const { kiosk } = getState();
      const token = credential === 'device' ? kiosk.deviceToken : kiosk.guard?.token;
      const siteUuid = kiosk.device.status === 'ready' ? kiosk.device.kiosk.residence.uuid : '';
      if (!token) {
        return rejectWithValue({
          status: 401,
          message: '',
          code: null,
          retryAfterSeconds: null,
          ends: credential,
        });
      }
      try {
        return await call({ token, siteUuid }, arg);
      } catch (error) {
        const failure = guardFailureOf(error);
        let ends: KioskCredential | null = null;
        if (failure.status === 401) {
          if (credential === 'device' || failure.code === KIOSK_REVOKED) ends = 'device';
          else if (getState().kiosk.guard?.token === token) ends = 'guard';
        }
        if (ends === 'device') forgetDeviceToken();
        return rejectWithValue({ ...failure, ends });
      }
    },
  );
}
