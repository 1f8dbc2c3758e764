import { ApiError } from '../http/errors';

/** Failed password checks allowed per email within the window before it is locked for a while. */
export const MAX_FAILED_ATTEMPTS = 5;
export const FAILURE_WINDOW_MS = 15 * 60_000;

/**
 * Slows password guessing: after MAX_FAILED_ATTEMPTS wrong passwords for one email within
 * FAILURE_WINDOW_MS, that email is refused (429) until the oldest failure leaves the window.
 * Kept in memory: one server process, and a restart forgiving old failures is harmless.
 */
export function createSignInThrottle(now: () => number = Date.now) {
  const failures = new Map<string, number[]>();

  function recent(key: string): number[] {
    const since = now() - FAILURE_WINDOW_MS;
    const kept = (failures.get(key) ?? []).filter((at) => at > since);
    if (kept.length > 0) failures.set(key, kept);
    else failures.delete(key);
    return kept;
  }

  return {
    /** Throws 429 when the email has used up its attempts. */
    check(identifier: string): void {
      const key = identifier.trim().toLowerCase();
      const attempts = recent(key);
      const oldest = attempts[0];
      if (attempts.length >= MAX_FAILED_ATTEMPTS && oldest !== undefined) {
        const minutes = Math.max(1, Math.ceil((oldest + FAILURE_WINDOW_MS - now()) / 60_000));
        throw new ApiError(
          429,
          'TOO_MANY_ATTEMPTS',
          `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        );
      }
    },
    failed(identifier: string): void {
      const key = identifier.trim().toLowerCase();
      failures.set(key, [...recent(key), now()]);
    },
    succeeded(identifier: string): void {
      failures.delete(identifier.trim().toLowerCase());
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
