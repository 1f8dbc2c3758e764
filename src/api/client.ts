import axios, {
  isAxiosError,
  type AxiosRequestConfig,
  type InternalAxiosRequestConfig,
} from 'axios';
import { appConfig } from '../config';
import type { GuardAppAnswer } from '@contract/guard-app';
import { SESSION_IDLE_HEADER } from '@contract/session';

/** The one HTTP client of the SPA: every call goes through it. */
const http = axios.create({ baseURL: appConfig.apiBaseUrl });

interface SessionHooks {
  getToken: () => string | null;
  /** The console's session was refused; `code` is the API's (SESSION_IDLE when it went unused). */
  onUnauthorized: (code: string | null) => void;
  /** A call with the console's session was answered; the server's idle timeout, in minutes. */
  onUsed: (idleMinutes: number) => void;
}

let sessionHooks: SessionHooks = {
  getToken: () => null,
  onUnauthorized: () => undefined,
  onUsed: () => undefined,
};

/** The store plugs in here, so the client never imports the store (no import cycle). */
export function connectSession(hooks: SessionHooks): void {
  sessionHooks = hooks;
}

const bearer = (token: string) => `Bearer ${token}`;

http.interceptors.request.use((config) => {
  config.headers.set('X-Application-Key', appConfig.appKey);
  const token = sessionHooks.getToken();
  // A guard API call brings its own credential (a kiosk's or a guard's), never the console's.
  if (token && !config.headers.has('Authorization')) {
    config.headers.set('Authorization', bearer(token));
  }
  return config;
});

/** Whether a call went with the console's session (a kiosk's or a guard's credential is not it). */
function sentWithSession(config: InternalAxiosRequestConfig | undefined): boolean {
  const token = sessionHooks.getToken();
  return token !== null && config?.headers.get('Authorization') === bearer(token);
}

http.interceptors.response.use(
  (response) => {
    const idleMinutes = Number(response.headers[SESSION_IDLE_HEADER.toLowerCase()]);
    if (idleMinutes > 0 && sentWithSession(response.config)) sessionHooks.onUsed(idleMinutes);
    return response;
  },
  (error: unknown) => {
    // A 401 on a call made with the console's session means that session is gone: log out.
    if (isAxiosError(error) && error.response?.status === 401 && sentWithSession(error.config)) {
      sessionHooks.onUnauthorized(apiErrorOf(error)?.code ?? null);
    }
    return Promise.reject(error);
  },
);

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

/** An error the API said is about one field of the request, to be shown at that field. */
export interface FieldRefusal {
  field: string;
  message: string;
}

/** The field and message of an API error that names a field (409 Guard ID in use), or null. */
export function fieldRefusalOf(error: unknown): FieldRefusal | null {
  if (!isAxiosError(error)) return null;
  const inner: unknown = (error.response?.data as { error?: unknown } | undefined)?.error;
  if (!inner || typeof inner !== 'object') return null;
  const { field, message } = inner as { field?: unknown; message?: unknown };
  return typeof field === 'string' && field && typeof message === 'string' && message
    ? { field, message }
    : null;
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

/**
 * A call to the guard app's API (`guardApiBaseUrl`, ../lib/contract/guard-app.ts), which the
 * kiosk makes: the credential is named on every call, since a kiosk holds its device's token and,
 * for a moment, a guard's.
 */
export interface GuardCall {
  /**
   * The kiosk's device token, or the session of the guard using the kiosk or the phone; '' for the
   * phone's sign-in, which sends none (nor the console's).
   */
  token: string;
  params?: Record<string, string | undefined>;
  headers?: Record<string, string>;
}

/**
 * How long a guard API call may take before it counts as failed for want of a network: a kiosk on
 * a dead connection must say so rather than wait for ever.
 */
const GUARD_CALL_TIMEOUT_MS = 30_000;

function guardConfig({ token, params, headers }: GuardCall): AxiosRequestConfig {
  return {
    baseURL: appConfig.guardApiBaseUrl,
    params,
    headers: { ...headers, Authorization: token ? bearer(token) : '' },
    timeout: GUARD_CALL_TIMEOUT_MS,
  };
}

/** The guard API's envelope opened: `data` on success; its failures arrive as 4xx errors. */
function dataOf<T>(answer: GuardAppAnswer<T>): T {
  return answer.data;
}

export async function guardGet<T>(path: string, call: GuardCall): Promise<T> {
  return dataOf((await http.get<GuardAppAnswer<T>>(path, guardConfig(call))).data);
}

/** JSON, or multipart when `body` is FormData. */
export async function guardPost<T>(path: string, call: GuardCall, body?: unknown): Promise<T> {
  return dataOf((await http.post<GuardAppAnswer<T>>(path, body, guardConfig(call))).data);
}

/** Why a guard API call failed, as the kiosk tells it. */
export interface GuardFailure {
  /** The answer's status; null when none came (no network, a timeout, an aborted request). */
  status: number | null;
  /** The guard API's `message`, in English; else the error's own words. */
  message: string;
  /** The guard API's `code`, e.g. SESSION_SUPERSEDED, by which the kiosk words the failure. */
  code: string | null;
  /** How long the answer asked to wait before trying again (its Retry-After, in seconds). */
  retryAfterSeconds: number | null;
}

export function guardFailureOf(error: unknown): GuardFailure {
  if (!isAxiosError(error)) {
    return {
      status: null,
      message: error instanceof Error ? error.message : String(error),
      code: null,
      retryAfterSeconds: null,
    };
  }
  const body: unknown = error.response?.data;
  const { message, code } =
    body && typeof body === 'object' ? (body as { message?: unknown; code?: unknown }) : {};
  // Seconds only: the server never sends Retry-After as a date.
  const retryAfter: unknown = error.response?.headers['retry-after'];
  return {
    status: error.response?.status ?? null,
    message: typeof message === 'string' && message ? message : error.message,
    code: typeof code === 'string' ? code : null,
    retryAfterSeconds:
      typeof retryAfter === 'string' && /^\d+$/.test(retryAfter) ? Number(retryAfter) : null,
  };
}
