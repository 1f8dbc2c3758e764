import type { SessionAnswer } from '@contract/session';
import { apiDelete, apiGet, apiPost } from './client';

export function signIn(email: string, password: string): Promise<SessionAnswer> {
  return apiPost<SessionAnswer>('/admin/session', { identifier: email, challenge: password });
}

export function signOut(): Promise<unknown> {
  return apiDelete('/identity/session');
}

/** Uses the session, so its idle timeout starts again. */
export function keepAlive(): Promise<unknown> {
  return apiGet('/identity/session');
}
