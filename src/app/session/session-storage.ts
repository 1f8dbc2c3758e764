import type { SessionState } from './session-slice';

export const SESSION_STORAGE_KEY = 'guard-console.session';

type StoredSession = Pick<SessionState, 'token' | 'profile' | 'identities'>;

/** The session kept across reloads; anything unreadable counts as no session. */
export function loadStoredSession(storage: Storage = localStorage): StoredSession | null {
  try {
    const raw = storage.getItem(SESSION_STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredSession>;
    if (typeof parsed.token !== 'string' || !parsed.profile) return null;
    return { token: parsed.token, profile: parsed.profile, identities: parsed.identities ?? [] };
  } catch {
    return null;
  }
}

export function storeSession(session: StoredSession, storage: Storage = localStorage): void {
  if (!session.token) {
    storage.removeItem(SESSION_STORAGE_KEY);
    return;
  }
  storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
}
