import { afterAll, beforeAll, vi } from 'vitest';

/**
 * Runs a file's tests on a clock that starts at `hours:minutes` of today, in the process's zone,
 * and moves on from there, so that what they check does not depend on the time of day they run
 * at (a pass for today ending 23:59 cannot be scanned at 23:59:30). Only Date is replaced, for the
 * test and the app it drives alike; timers run as ever. Times the database writes itself (column
 * defaults) stay on the real clock.
 */
export function useClockAt(hours: number, minutes = 0): void {
  beforeAll(() => {
    const now = new Date();
    vi.useFakeTimers({
      toFake: ['Date'],
      shouldAdvanceTime: true,
      now: new Date(now.getFullYear(), now.getMonth(), now.getDate(), hours, minutes),
    });
  });
  afterAll(() => {
    vi.useRealTimers();
  });
}
