import { expect } from 'vitest';
import { multipart, type FormPart } from './multipart';
import { APP_KEY, authHeaders, type TestApp } from './test-app';

export interface DoorCall {
  token?: string;
  payload?: unknown;
  form?: FormPart[];
  headers?: Record<string, string>;
  /** The client's address, for the throttles that count by it. */
  remoteAddress?: string;
}

/**
 * The guard door (/api/v1/guard) of a test app, called as the guard app and the kiosk call it:
 * a call, the app's sign-in on a device, and a kiosk's enrolment from the console.
 */
export function guardDoor(t: TestApp) {
  function door(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, call: DoorCall = {}) {
    const body = call.form ? multipart(call.form) : null;
    return t.app.inject({
      method,
      url: `/api/v1/guard/${path}`,
      remoteAddress: call.remoteAddress,
      headers: {
        'x-application-key': APP_KEY,
        ...(call.token ? { authorization: `Bearer ${call.token}` } : {}),
        ...(body?.headers ?? {}),
        ...call.headers,
      },
      payload: body ? body.payload : (call.payload as never),
    });
  }

  function login(emailOrPhone: string, password: string, device: string, remoteAddress?: string) {
    return door('POST', 'auth/login', {
      remoteAddress,
      payload: {
        email_or_phone: emailOrPhone,
        password,
        device_unique_id: device,
        device_model: 'Galaxy A54',
        brand: 'Samsung',
        is_proceed: 1,
      },
    });
  }

  return {
    door,
    login,

    /** Signs a guard in on a device; answers the token. */
    async appSignIn(emailOrPhone: string, password: string, device: string) {
      const response = await login(emailOrPhone, password, device);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.token as string;
    },

    /** Enrols a kiosk for a site as a console user; answers its device token. */
    async enrolKiosk(consoleToken: string, site: string, label = 'Main gate') {
      const response = await t.app.inject({
        method: 'POST',
        url: '/kgapi/kiosks/add',
        headers: authHeaders(consoleToken),
        payload: { residence_uuid: site, label },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().token as string;
    },

    /** A guard's PIN typed at a kiosk; answers the guard's kiosk session token. */
    async pinAtKiosk(kioskToken: string, guardUuid: string, pin: string, site: string) {
      const response = await door('POST', 'auth/verify-pin', {
        token: kioskToken,
        payload: { guard_uuid: guardUuid, pin, residence_uuid: site },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.token as string;
    },
  };
}
