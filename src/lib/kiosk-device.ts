/**
 * This browser's kiosk credential: the device token a console user's enrolment answered once.
 * Kept apart from the console's session (which a kiosk must not carry), under one key.
 */
export const KIOSK_DEVICE_KEY = 'guard-console.kiosk';

export function readDeviceToken(storage: Storage = localStorage): string | null {
  return storage.getItem(KIOSK_DEVICE_KEY) || null;
}

export function storeDeviceToken(token: string, storage: Storage = localStorage): void {
  storage.setItem(KIOSK_DEVICE_KEY, token);
}

export function forgetDeviceToken(storage: Storage = localStorage): void {
  storage.removeItem(KIOSK_DEVICE_KEY);
}
