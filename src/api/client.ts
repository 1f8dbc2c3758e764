import axios, { isAxiosError, type AxiosRequestConfig } from 'axios';
import { appConfig } from '../config';

/** The one HTTP client of the SPA: every call goes through it. */
const http = axios.create({ baseURL: appConfig.apiBaseUrl });

interface SessionHooks {
  getToken: () => string | null;
  onUnauthorized: () => void;
}

let sessionHooks: SessionHooks = { getToken: () => null, onUnauthorized: () => undefined };

/** The store plugs in here, so the client never imports the store (no import cycle). */
export function connectSession(hooks: SessionHooks): void {
  sessionHooks = hooks;
}

http.interceptors.request.use((config) => {
  config.headers.set('X-Application-Key', appConfig.appKey);
  const token = sessionHooks.getToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

http.interceptors.response.use(undefined, (error: unknown) => {
  // A 401 on a call made with a session means the session is gone: log out.
  if (isAxiosError(error) && error.response?.status === 401 && sessionHooks.getToken()) {
    sessionHooks.onUnauthorized();
  }
  return Promise.reject(error);
});

/** The spec's rule: response.data.error.message, else response.data.error, else the error's own message. */
export function errorText(error: unknown): string {
  if (isAxiosError(error)) {
    const body: unknown = error.response?.data;
    if (body && typeof body === 'object' && 'error' in body) {
      const inner = (body as { error: unknown }).error;
      if (inner && typeof inner === 'object' && 'message' in inner) {
        return String((inner as { message: unknown }).message);
      }
      if (typeof inner === 'string' && inner) return inner;
    }
  }
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * The API's own error answer (`{error: {code, message}}`), or null when the call got none: the
 * network failed, or something other than the API answered. For screens whose words depend on
 * which error it was, or that show their own text when the API said nothing.
 */
export function apiErrorOf(error: unknown): { code: string | null; message: string | null } | null {
  if (!isAxiosError(error)) return null;
  const body: unknown = error.response?.data;
  if (!body || typeof body !== 'object' || !('error' in body)) return null;
  const inner = (body as { error: unknown }).error;
  if (typeof inner === 'string') return { code: null, message: inner || null };
  if (!inner || typeof inner !== 'object') return null;
  const { code, message } = inner as { code?: unknown; message?: unknown };
  return {
    code: typeof code === 'string' ? code : null,
    message: typeof message === 'string' && message ? message : null,
  };
}

export async function apiGet<T>(url: string, config?: AxiosRequestConfig): Promise<T> {
  return (await http.get<T>(url, config)).data;
}

export async function apiPost<T>(
  url: string,
  body?: unknown,
  config?: AxiosRequestConfig,
): Promise<T> {
  return (await http.post<T>(url, body, config)).data;
}

export async function apiPatch<T>(
  url: string,
  body?: unknown,
  config?: AxiosRequestConfig,
): Promise<T> {
  return (await http.patch<T>(url, body, config)).data;
}

export async function apiPut<T>(
  url: string,
  body?: unknown,
  config?: AxiosRequestConfig,
): Promise<T> {
  return (await http.put<T>(url, body, config)).data;
}

export async function apiDelete<T>(url: string, config?: AxiosRequestConfig): Promise<T> {
  return (await http.delete<T>(url, config)).data;
}
