import { useEffect, useRef, useState } from 'react';
import { Button, ModalBody, ModalFooter } from 'reactstrap';
import { Dialog } from '../../components/dialog';
import {
  loggedOut,
  selectIdleMinutes,
  selectLastUsedAt,
  signOut,
  stayedSignedIn,
} from '../session/session-slice';
import { useAppDispatch, useAppSelector } from '../hooks';

/** How long before the idle timeout the console warns. */
export const IDLE_WARNING_SECONDS = 60;

/**
 * Warns a minute before the server's idle timeout (SESSION_IDLE_MINUTES) ends the session, and
 * offers to stay signed in; at the timeout it signs out here too, as the server already has.
 */
export function IdleWarning() {
  const dispatch = useAppDispatch();
  const idleMinutes = useAppSelector(selectIdleMinutes);
  const lastUsedAt = useAppSelector(selectLastUsedAt);
  const [now, setNow] = useState(() => Date.now());
  const stayButton = useRef<HTMLButtonElement>(null);
  const endsAt =
    idleMinutes === null || lastUsedAt === null ? null : lastUsedAt + idleMinutes * 60_000;
  const secondsLeft = endsAt === null ? null : Math.ceil((endsAt - now) / 1000);

  useEffect(() => {
    if (endsAt === null) return undefined;
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, [endsAt]);

  useEffect(() => {
    if (secondsLeft !== null && secondsLeft <= 0) dispatch(loggedOut({ reason: 'idle' }));
  }, [dispatch, secondsLeft]);

  const stay = () => void dispatch(stayedSignedIn());
  const open = secondsLeft !== null && secondsLeft > 0 && secondsLeft <= IDLE_WARNING_SECONDS;
  return (
    <Dialog
      isOpen={open}
      title="Are you still there?"
      toggle={stay}
      centered
      role="alertdialog"
      // The answer most people want is one key away.
      onOpened={() => stayButton.current?.focus()}
    >
      <ModalBody>
        <p className="mb-0" aria-live="polite">
          For your security, you will be signed out in {secondsLeft} second
          {secondsLeft === 1 ? '' : 's'} without activity.
        </p>
      </ModalBody>
      <ModalFooter>
        <Button color="secondary" outline onClick={() => void dispatch(signOut())}>
          Sign out
        </Button>
        <Button color="primary" onClick={stay} innerRef={stayButton}>
          Stay signed in
        </Button>
      </ModalFooter>
    </Dialog>
  );
}
