import type { DB } from '../db/database';
import { ApiError } from '../http/errors';

/**
 * Slows password guessing without letting anyone lock a victim out.
 *
 * Failures are counted per client address, per account and per verifying session, in the
 * database, so every server process sees the same counts. Only the address that fails is slowed:
 * after its free failures each further one makes it wait longer before its next attempt
 * (1 s, 2 s, 4 s … up to a minute), and past `refuseAfter` failures it is refused for a whole
 * window. The account's own count never refuses anyone: when an account is under attack from many
 * addresses, each address failing on it is slowed from its first failure instead. So the right
 * password from an address that has not been failing is always checked.
 *
 * The answer and its timing do not depend on whether the account exists: unknown emails are
 * counted like known ones.
 */
export const THROTTLE_POLICY = {
  windowMs: 15 * 60_000,
  /** Failures an address may make before it is slowed. */
  freeFailures: 5,
  firstDelayMs: 1_000,
  maxDelayMs: 60_000,
  /** Failures after which an address is refused for a whole window. */
  refuseAfter: 30,
  /** Failures on one account (from any address) that mark it as under attack. */
  accountUnderAttack: 10,
  /** A verifying session: its own free failures, then the same delays. */
  sessionFreeFailures: 3,
  sessionRefuseAfter: 10,
} as const;

/**
 * Wrong guard PINs. A PIN is six digits, a million guesses, so the guard's own count locks its
 * PIN for a while after a few. A device or address (a kiosk is shared by every guard of its site)
 * is slowed, then refused, only after many more, so one guard's mistakes never stop the next
 * guard at the same kiosk.
 */
export const PIN_POLICY = {
  /** Wrong PINs after which the guard's PIN is refused, right or wrong, for `guardLockMs`. */
  guardLockAfter: 5,
  guardLockMs: 15 * 60_000,
  /** Wrong PINs of any guards a device or address may make before it is slowed. */
  deviceFreeFailures: 20,
  /** Wrong PINs after which a device or address is refused for a whole window. */
  deviceRefuseAfter: 60,
} as const;

export const PIN_MESSAGES = {
  guardLocked: 'Too many wrong PINs. This PIN is locked.',
  deviceSlowed: 'Too many wrong PINs from this device.',
} as const;

const SWEEP_EVERY_MS = 60_000;

/** How many refusals of a kind one caller may collect in a window (checkRefusals). */
export interface RefusalBudget {
  max: number;
  windowMs: number;
  message: string;
}

/** A client address as a throttle key: IPv6 by its /64, which one subscriber usually holds whole. */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return `ip:${mapped[1]}`;
  if (!ip.includes(':')) return `ip:${ip}`;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = ip.includes('::') ? 8 - headGroups.length - tailGroups.length : 0;
  const groups = [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups];
  return `ip6:${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}`;
}

export const accountKey = (identifier: string) => `account:${identifier.trim().toLowerCase()}`;
export const sessionKey = (sessionUuid: string) => `session:${sessionUuid}`;
export const pinGuardKey = (guardUuid: string) => `pin-guard:${guardUuid}`;
/** A device typing PINs: an app install, a kiosk, or a client address (`addressKey`). */
export const pinDeviceKey = (device: string) => `pin-device:${device}`;

function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

function delayAfter(failures: number, allowance: number): number {
  const over = failures - allowance;
  if (over <= 0) return 0;
  return Math.min(THROTTLE_POLICY.maxDelayMs, THROTTLE_POLICY.firstDelayMs * 2 ** (over - 1));
}

export function createPasswordThrottle(db: DB, now: () => number = Date.now) {
  let lastSweep = 0;

  /** Forgets counts whose window has passed and whose wait is over. */
  async function sweep(at: number): Promise<void> {
    if (at - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = at;
    await db
      .deleteFrom('auth_throttle')
      .where('window_started_at', '<=', at - THROTTLE_POLICY.windowMs)
      .where('next_attempt_at', '<=', at)
      .execute();
  }

  /**
   * Adds one to a key's count (a new window if the last one has passed); answers the count and
   * when its window started.
   */
  async function count(
    key: string,
    at: number,
    windowMs: number = THROTTLE_POLICY.windowMs,
  ): Promise<{ count: number; windowStartedAt: number }> {
    const windowOver = at - windowMs;
    const row = await db
      .insertInto('auth_throttle')
      .values({ key, failures: 1, window_started_at: at })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet((eb) => ({
          failures: eb
            .case()
            .when('auth_throttle.window_started_at', '<=', windowOver)
            .then(1)
            .else(eb('auth_throttle.failures', '+', 1))
            .end(),
          window_started_at: eb
            .case()
            .when('auth_throttle.window_started_at', '<=', windowOver)
            .then(at)
            .else(eb.ref('auth_throttle.window_started_at'))
            .end(),
        })),
      )
      .returning(['failures', 'window_started_at'])
      .executeTakeFirstOrThrow();
    return { count: Number(row.failures), windowStartedAt: Number(row.window_started_at) };
  }

  async function setNextAttempt(key: string, at: number): Promise<void> {
    await db
      .updateTable('auth_throttle')
      .set({ next_attempt_at: at })
      .where('key', '=', key)
      .execute();
  }

  /** Milliseconds the key must still wait, 0 when it may try now. */
  async function waitFor(key: string, at: number): Promise<number> {
    const row = await db
      .selectFrom('auth_throttle')
      .select('next_attempt_at')
      .where('key', '=', key)
      .executeTakeFirst();
    return row ? Math.max(0, Number(row.next_attempt_at) - at) : 0;
  }

  async function failAndDelay(
    key: string,
    at: number,
    allowance: number,
    refuseAfter: number,
  ): Promise<void> {
    const { count: failures } = await count(key, at);
    const wait =
      failures >= refuseAfter ? THROTTLE_POLICY.windowMs : delayAfter(failures, allowance);
    if (wait > 0) await setNextAttempt(key, at + wait);
    await sweep(at);
  }

  function tooMany(message: string, waitMs: number, code = 'TOO_MANY_ATTEMPTS'): ApiError {
    return new ApiError(429, code, `${message} Please try again in ${waitText(waitMs)}.`, {
      'Retry-After': String(Math.ceil(waitMs / 1000)),
    });
  }

  return {
    /** Refuses (429) a sign-in from an address that must still wait. Runs before any password work. */
    async checkSignIn(ip: string): Promise<void> {
      const wait = await waitFor(addressKey(ip), now());
      if (wait > 0) throw tooMany('Too many failed sign-in attempts from your network.', wait);
    },

    async signInFailed(ip: string, identifier: string): Promise<void> {
      const at = now();
      const { count: accountFailures } = await count(accountKey(identifier), at);
      const allowance =
        accountFailures >= THROTTLE_POLICY.accountUnderAttack ? 0 : THROTTLE_POLICY.freeFailures;
      await failAndDelay(addressKey(ip), at, allowance, THROTTLE_POLICY.refuseAfter);
    },

    /** The account's attack count ends when its owner gets in; the address keeps its record. */
    async signInSucceeded(identifier: string): Promise<void> {
      await db.deleteFrom('auth_throttle').where('key', '=', accountKey(identifier)).execute();
    },

    /** Re-verification is counted against the verifying session, never against sign-in. */
    async checkVerification(sessionUuid: string): Promise<void> {
      const wait = await waitFor(sessionKey(sessionUuid), now());
      if (wait > 0) throw tooMany('Too many failed verification attempts.', wait);
    },

    async verificationFailed(sessionUuid: string): Promise<void> {
      await failAndDelay(
        sessionKey(sessionUuid),
        now(),
        THROTTLE_POLICY.sessionFreeFailures,
        THROTTLE_POLICY.sessionRefuseAfter,
      );
    },

    async verificationSucceeded(sessionUuid: string): Promise<void> {
      await db.deleteFrom('auth_throttle').where('key', '=', sessionKey(sessionUuid)).execute();
    },

    /** Refuses (429) a PIN check while the guard's PIN is locked or a device must still wait. */
    async checkPin(guardUuid: string, deviceKeys: string[]): Promise<void> {
      const at = now();
      const locked = await waitFor(pinGuardKey(guardUuid), at);
      if (locked > 0) throw tooMany(PIN_MESSAGES.guardLocked, locked, 'PIN_LOCKED');
      for (const key of deviceKeys) {
        const wait = await waitFor(key, at);
        if (wait > 0) throw tooMany(PIN_MESSAGES.deviceSlowed, wait, 'PIN_DEVICE_SLOWED');
      }
    },

    /** Counts a wrong PIN; answers whether it locked the guard's PIN. */
    async pinFailed(guardUuid: string, deviceKeys: string[]): Promise<boolean> {
      const at = now();
      const { count: failures } = await count(pinGuardKey(guardUuid), at);
      const locks = failures >= PIN_POLICY.guardLockAfter;
      if (locks) await setNextAttempt(pinGuardKey(guardUuid), at + PIN_POLICY.guardLockMs);
      for (const key of deviceKeys) {
        await failAndDelay(key, at, PIN_POLICY.deviceFreeFailures, PIN_POLICY.deviceRefuseAfter);
      }
      return locks;
    },

    /** A right PIN clears the guard's count; the devices keep theirs. */
    async pinSucceeded(guardUuid: string): Promise<void> {
      await db.deleteFrom('auth_throttle').where('key', '=', pinGuardKey(guardUuid)).execute();
    },

    /** The guard's wrong PINs in the current window, and until when its PIN is locked (ms), if it is. */
    async pinStateOf(guardUuid: string): Promise<{ failures: number; lockedUntil: number | null }> {
      const at = now();
      const row = await db
        .selectFrom('auth_throttle')
        .select(['failures', 'window_started_at', 'next_attempt_at'])
        .where('key', '=', pinGuardKey(guardUuid))
        .executeTakeFirst();
      if (!row) return { failures: 0, lockedUntil: null };
      const lockedUntil = Number(row.next_attempt_at) > at ? Number(row.next_attempt_at) : null;
      const windowOver = Number(row.window_started_at) <= at - THROTTLE_POLICY.windowMs;
      return { failures: windowOver && !lockedUntil ? 0 : Number(row.failures), lockedUntil };
    },

    /**
     * Refuses (429) a sign-in to an account that has had `max` failed sign-ins, from any
     * addresses, within the window: a budget for the account, which the caller spares the
     * account's own device.
     */
    async checkAccountBudget(identifier: string, max: number, message: string): Promise<void> {
      const at = now();
      const row = await db
        .selectFrom('auth_throttle')
        .select(['failures', 'window_started_at'])
        .where('key', '=', accountKey(identifier))
        .executeTakeFirst();
      if (!row) return;
      const windowEnds = Number(row.window_started_at) + THROTTLE_POLICY.windowMs;
      if (windowEnds > at && Number(row.failures) >= max) {
        throw tooMany(message, windowEnds - at, 'ACCOUNT_BUSY');
      }
    },

    /**
     * A budget of refusals that tell something (a sign-in name already taken): refuses (429) once
     * `key` has spent `max` within `windowMs`.
     */
    async checkRefusals(key: string, rule: RefusalBudget): Promise<void> {
      const at = now();
      const row = await db
        .selectFrom('auth_throttle')
        .select(['failures', 'window_started_at'])
        .where('key', '=', key)
        .executeTakeFirst();
      if (!row) return;
      const windowEnds = Number(row.window_started_at) + rule.windowMs;
      if (windowEnds > at && Number(row.failures) >= rule.max) {
        throw tooMany(rule.message, windowEnds - at);
      }
    },

    /** Spends one of `key`'s refusals; kept (not swept) until its window ends. */
    async spendRefusal(key: string, rule: RefusalBudget): Promise<void> {
      const at = now();
      const { windowStartedAt } = await count(key, at, rule.windowMs);
      await setNextAttempt(key, windowStartedAt + rule.windowMs);
    },

    /**
     * Counts one request against `key` and refuses (429) once it passes `max` within the
     * throttle's window: a plain request limit, for calls that must not be repeated at will.
     */
    async limitRequests(key: string, rule: { max: number; message: string }): Promise<void> {
      const at = now();
      const { count: requests, windowStartedAt } = await count(key, at);
      if (requests > rule.max) {
        throw tooMany(rule.message, windowStartedAt + THROTTLE_POLICY.windowMs - at);
      }
      await sweep(at);
    },
  };
}

export type PasswordThrottle = ReturnType<typeof createPasswordThrottle>;
