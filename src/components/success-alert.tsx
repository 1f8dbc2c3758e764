import { useEffect, useRef } from 'react';
import { SUCCESS_ALERT_MS } from '../lib/constants';

export interface SuccessAlertProps {
  /** e.g. 'Success Added'; null hides the alert. */
  message: string | null;
  /**
   * Called once, SUCCESS_ALERT_MS after a message appears, with that message; the owner clears it
   * here, only if it is still the one shown (`clearIfShown`): another success may have been set
   * a moment before the timer fired, and must not vanish with the old one.
   */
  onDone: (shown: string) => void;
}

/**
 * The green confirmation after an add, update or delete; it times itself out after 3 seconds.
 * It floats under the header instead of pushing the table down while it shows, in a status region
 * that is always in the page, so screen readers announce each message as it appears.
 */
export function SuccessAlert({ message, onDone }: SuccessAlertProps) {
  // The latest callback, read when the timer fires, so a parent re-render that passes a new
  // function does not restart the 3 seconds.
  const onDoneRef = useRef(onDone);
  useEffect(() => {
    onDoneRef.current = onDone;
  });

  useEffect(() => {
    if (message === null) return undefined;
    const timer = setTimeout(() => onDoneRef.current(message), SUCCESS_ALERT_MS);
    return () => clearTimeout(timer);
  }, [message]);

  return (
    <div className="notice-region" role="status">
      {message === null ? null : <div className="alert alert-success shadow mb-0">{message}</div>}
    </div>
  );
}

/** The owner's onDone: clears its message if it is still the one the alert timed out. */
export function clearIfShown(
  setMessage: (update: (current: string | null) => string | null) => void,
) {
  return (shown: string) => setMessage((current) => (current === shown ? null : current));
}
