import { useEffect, useRef } from 'react';

/** The first wait after a failed load, doubled after each further failure up to the last. */
export const RETRY_FIRST_MS = 2_000;
export const RETRY_MAX_MS = 60_000;

/** How long to wait before trying again after `failures` failures in a row (1 or more). */
export function retryDelayMs(failures: number): number {
  return Math.min(RETRY_FIRST_MS * 2 ** Math.max(0, failures - 1), RETRY_MAX_MS);
}

/**
 * Tries a failed load again by itself, so a kiosk left alone recovers when the network returns:
 * while `failures` (in a row) is above 0, `retry` runs after the backoff's wait, or at once when
 * the browser says it is online again. The screen keeps its Try again button for the impatient.
 */
export function useAutoRetry(failures: number, retry: () => void): void {
  const retryRef = useRef(retry);
  useEffect(() => {
    retryRef.current = retry;
  });

  useEffect(() => {
    if (failures <= 0) return;
    let done = false;
    const again = () => {
      if (done) return;
      done = true;
      retryRef.current();
    };
    const timer = setTimeout(again, retryDelayMs(failures));
    window.addEventListener('online', again);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('online', again);
    };
  }, [failures]);
}
