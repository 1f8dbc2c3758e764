import { ApiError } from '../http/errors';

/**
 * scrypt is deliberately slow (about 50 ms of a core, 32 MB). Every password check and hash goes
 * through one gate per process, so a flood of sign-ins cannot queue minutes of work:
 * - at most `concurrency` run at once (the rest of libuv's pool stays free for file reads);
 * - at most `maxQueue` wait; past that the caller gets 503 with Retry-After at once;
 * - one account has at most one check running or waiting, so hammering one account (even with
 *   its right password) takes one place, never the whole queue;
 * - work whose client has gone away by its turn is dropped, not done.
 */
export interface PasswordGateOptions {
  concurrency: number;
  maxQueue: number;
}

export const DEFAULT_PASSWORD_GATE: PasswordGateOptions = { concurrency: 2, maxQueue: 16 };

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
  const busyKeys = new Set<string>();

  function next(): void {
    let turn: Waiting | undefined;
    while (running < options.concurrency && (turn = waiting.shift())) {
      if (turn.isAbandoned()) turn.abandon();
      else turn.start();
    }
  }

  return {
    /**
     * Runs `work` when a place is free. `key` names the account (or session) being checked;
     * `isAbandoned` tells whether the client is still there.
     */
    async run<T>(key: string, isAbandoned: () => boolean, work: () => Promise<T>): Promise<T> {
      if (busyKeys.has(key)) throw accountBusy();
      if (running >= options.concurrency && waiting.length >= options.maxQueue) {
        throw serverBusy();
      }
      busyKeys.add(key);
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
        busyKeys.delete(key);
      }
    },

    /** What is running and waiting now, for the bench and tests. */
    load() {
      return { running, waiting: waiting.length };
    },
  };
}

export type PasswordGate = ReturnType<typeof createPasswordGate>;
