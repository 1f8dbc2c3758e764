import { availableParallelism } from 'node:os';
import { ApiError } from '../http/errors';

/**
 * scrypt is deliberately slow (about 50 ms of a core, 32 MB). Every password check and hash goes
 * through one gate per process, so a flood of sign-ins cannot queue minutes of work:
 * - at most `concurrency` run at once, by default half the machine's cores, so scrypt never takes
 *   the core the event loop (every other request) needs, and libuv's pool keeps room for files;
 * - at most `maxQueue` wait; past that the caller gets 503 with Retry-After at once;
 * - one account has at most one check running or waiting, and one client address at most
 *   `perAddress`, so hammering from one place (even with a right password) takes a few places,
 *   never the whole queue;
 * - work whose client has gone away by its turn is dropped, not done.
 */
export interface PasswordGateOptions {
  concurrency: number;
  maxQueue: number;
  perAddress: number;
}

export const DEFAULT_PASSWORD_GATE: PasswordGateOptions = {
  concurrency: Math.max(1, Math.floor(availableParallelism() / 2)),
  maxQueue: 16,
  perAddress: 4,
};

/** Who a check is for: the account (or session) checked, and the client address asking. */
export interface CheckOwner {
  account: string;
  address: string;
}

/** Seconds a refused caller is told to wait: about the time the queue takes to drain. */
const RETRY_AFTER_SECONDS = 1;

export const serverBusy = () =>
  new ApiError(
    503,
    'SERVER_BUSY',
    'The server is busy checking other sign-ins. Please try again in a moment.',
    { 'Retry-After': String(RETRY_AFTER_SECONDS) },
  );

const accountBusy = () =>
  new ApiError(
    503,
    'CHECK_IN_PROGRESS',
    'A password check for this account is already in progress. Please try again in a moment.',
    { 'Retry-After': String(RETRY_AFTER_SECONDS) },
  );

const addressBusy = () =>
  new ApiError(
    503,
    'TOO_MANY_CHECKS',
    'Too many sign-ins from your network are being checked. Please try again in a moment.',
    { 'Retry-After': String(RETRY_AFTER_SECONDS) },
  );

/** Thrown to a caller whose client disconnected while it waited: nobody reads the answer. */
export class ClientGoneError extends ApiError {
  constructor() {
    super(503, 'CLIENT_GONE', 'The client disconnected before its password check started.');
    this.name = 'ClientGoneError';
  }
}

interface Waiting {
  start(): void;
  abandon(): void;
  isAbandoned(): boolean;
}

export function createPasswordGate(options: PasswordGateOptions = DEFAULT_PASSWORD_GATE) {
  let running = 0;
  const waiting: Waiting[] = [];
  const busyAccounts = new Set<string>();
  const busyAddresses = new Map<string, number>();

  function release(owner: CheckOwner): void {
    busyAccounts.delete(owner.account);
    const left = (busyAddresses.get(owner.address) ?? 1) - 1;
    if (left > 0) busyAddresses.set(owner.address, left);
    else busyAddresses.delete(owner.address);
  }

  function next(): void {
    let turn: Waiting | undefined;
    while (running < options.concurrency && (turn = waiting.shift())) {
      if (turn.isAbandoned()) turn.abandon();
      else turn.start();
    }
  }

  return {
    /** Runs `work` when a place is free; `isAbandoned` tells whether the client is still there. */
    async run<T>(
      owner: CheckOwner,
      isAbandoned: () => boolean,
      work: () => Promise<T>,
    ): Promise<T> {
      if (busyAccounts.has(owner.account)) throw accountBusy();
      const fromAddress = busyAddresses.get(owner.address) ?? 0;
      if (fromAddress >= options.perAddress) throw addressBusy();
      if (running >= options.concurrency && waiting.length >= options.maxQueue) {
        throw serverBusy();
      }
      busyAccounts.add(owner.account);
      busyAddresses.set(owner.address, fromAddress + 1);
      try {
        if (running >= options.concurrency) {
          await new Promise<void>((resolve, reject) => {
            waiting.push({
              start: () => {
                running += 1;
                resolve();
              },
              abandon: () => reject(new ClientGoneError()),
              isAbandoned,
            });
          });
        } else {
          running += 1;
        }
        try {
          return await work();
        } finally {
          running -= 1;
          next();
        }
      } finally {
        release(owner);
      }
    },

    /** What is running and waiting now, for the bench and tests. */
    load() {
      return { running, waiting: waiting.length };
    },
  };
}

export type PasswordGate = ReturnType<typeof createPasswordGate>;
