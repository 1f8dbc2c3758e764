/** The API base the SPA calls in tests (VITE_API_BASE_URL unset, so the same-origin default). */
export const API = '/kgapi';

export function apiError(code: string, message: string) {
  return { error: { code, message } };
}
