/** The API base the SPA calls in tests (VITE_API_BASE_URL unset, so the same-origin default). */
export const API = '/kgapi';

export function apiError(code: string, message: string, field?: string) {
  return { error: field ? { code, message, field } : { code, message } };
}

/** The guard app's API base the kiosk calls (VITE_GUARD_API_BASE_URL unset). */
export const GUARD_API = '/api/v1/guard';

/** The guard API's failure envelope. */
export function guardFailure(message: string, code?: string) {
  return { success: false, message, ...(code ? { code } : {}) };
}
