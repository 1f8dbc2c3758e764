import { useCallback, useEffect, useState } from 'react';
import { useBlocker } from 'react-router-dom';
import { Button, ModalBody, ModalFooter } from 'reactstrap';
import { Dialog } from '../../components/dialog';

/** Spec part 2 §2, to the letter. */
export const UNSAVED_CHANGES_QUESTION =
  'You have unsaved changes. Do you want to save them before selecting another action? Clicking No will discard the changes.';

/** A way out that waits for the answer: `go` takes it, `stay` gives it up. */
export interface LeaveRequest {
  go: () => void;
  stay: () => void;
}

/**
 * Holds every way out of a page while it has unsaved changes: another route or Back (a link,
 * navigate, the browser's back button) through the router's blocker, an action of the page itself
 * through `askFirst`, and closing or reloading the tab through beforeunload (where the browser
 * asks in its own words: pages may not word that question).
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  const [pendingAction, setPendingAction] = useState<(() => void) | null>(null);

  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium asks only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const askFirst = useCallback(
    (action: () => void) => {
      if (dirty) setPendingAction(() => action);
      else action();
    },
    [dirty],
  );

  let request: LeaveRequest | null = null;
  if (blocker.state === 'blocked') {
    request = { go: () => blocker.proceed(), stay: () => blocker.reset() };
  } else if (pendingAction) {
    request = {
      go: () => {
        setPendingAction(null);
        pendingAction();
      },
      stay: () => setPendingAction(null),
    };
  }
  return { request, askFirst };
}

export interface UnsavedChangesModalProps {
  request: LeaveRequest | null;
  /** Saves the changes; resolves false when the save failed (the page stays, showing why). */
  onSave: () => Promise<boolean>;
  onDiscard: () => void;
}

/** Yes saves and goes on, No discards and goes on, Cancel (or closing the modal) stays. */
export function UnsavedChangesModal({ request, onSave, onDiscard }: UnsavedChangesModalProps) {
  const [saving, setSaving] = useState(false);

  async function save() {
    if (!request) return;
    setSaving(true);
    const saved = await onSave();
    setSaving(false);
    if (saved) request.go();
    else request.stay();
  }

  const stay = saving ? undefined : request?.stay;
  return (
    <Dialog
      isOpen={request !== null}
      title="Unsaved Changes"
      toggle={stay}
      backdrop={saving ? 'static' : true}
      keyboard={!saving}
      centered
    >
      <ModalBody>
        {saving ? (
          <div role="status" className="d-flex align-items-center gap-2">
            <span className="spinner-border spinner-border-sm" aria-hidden="true" />
            <span>Saving your changes. Please don&apos;t close this window.</span>
          </div>
        ) : (
          <p className="mb-0">{UNSAVED_CHANGES_QUESTION}</p>
        )}
      </ModalBody>
      {saving ? null : (
        <ModalFooter>
          <Button color="secondary" outline onClick={request?.stay}>
            Cancel
          </Button>
          <Button
            color="danger"
            outline
            onClick={() => {
              onDiscard();
              request?.go();
            }}
          >
            No
          </Button>
          <Button color="primary" onClick={() => void save()}>
            Yes
          </Button>
        </ModalFooter>
      )}
    </Dialog>
  );
}
