import { useEffect, useRef } from 'react';
import { Alert } from 'reactstrap';
import { SUCCESS_ALERT_MS } from '../lib/constants';

export interface SuccessAlertProps {
  /** e.g. 'Success Added'; null hides the alert. */
  message: string | null;
  /** Called once, SUCCESS_ALERT_MS after a message appears; the owner clears the message here. */
  onDone: () => void;
}

/** The green confirmation after an add, update or delete; it times itself out after 3 seconds. */
export function SuccessAlert({ message, onDone }: SuccessAlertProps) {
  // The latest callback, read when the timer fires, so a parent re-render that passes a new
  // function does not restart the 3 seconds.
  const onDoneRef = useRef(onDone);
  useEffect(() => {
    onDoneRef.current = onDone;
  });

  useEffect(() => {
    if (message === null) return undefined;
    const timer = setTimeout(() => onDoneRef.current(), SUCCESS_ALERT_MS);
    return () => clearTimeout(timer);
  }, [message]);

  if (message === null) return null;
  return (
    <Alert color="success" fade={false}>
      {message}
    </Alert>
  );
}
