/** The API base the SPA calls in tests (VITE_API_BASE_URL unset, so the default). */
export const API = 'http://localhost/kgapi';

export function apiError(code: string, message: string) {
  return { error: { code, message } };
}
