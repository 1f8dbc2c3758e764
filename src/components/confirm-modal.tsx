import type { ReactNode } from 'react';
import { Button, ModalBody, ModalFooter } from 'reactstrap';
import { Dialog } from './dialog';

export interface ConfirmModalProps {
  isOpen: boolean;
  title: string;
  /** The question, e.g. 'Are you sure you want to delete {name}?' */
  body: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  confirmColor?: string;
  /** While true the action is running: the modal shows busyText and cannot be closed. */
  busy?: boolean;
  /** e.g. "Deleting {name}. Please don't close this window." */
  busyText?: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** Where focus goes after the action removed what opened the modal (see Dialog). */
  focusWhenOpenerGone?: () => HTMLElement | null;
}

/** Asks before a destructive action, then locks itself until the action settles. */
export function ConfirmModal({
  isOpen,
  title,
  body,
  confirmLabel = 'Delete',
  cancelLabel = 'Cancel',
  confirmColor = 'danger',
  busy = false,
  busyText = 'Please wait...',
  onConfirm,
  onCancel,
  focusWhenOpenerGone,
}: ConfirmModalProps) {
  // Leaving mid-request would hide whether the action happened, so while busy there is no close
  // button, the backdrop is static and Escape is ignored.
  const close = busy ? undefined : onCancel;
  return (
    <Dialog
      isOpen={isOpen}
      title={title}
      toggle={close}
      backdrop={busy ? 'static' : true}
      keyboard={!busy}
      centered
      focusWhenOpenerGone={focusWhenOpenerGone}
    >
      <ModalBody>
        {busy ? (
          <div role="status" className="d-flex align-items-center gap-2">
            <span className="spinner-border spinner-border-sm" aria-hidden="true" />
            <span>{busyText}</span>
          </div>
        ) : (
          body
        )}
      </ModalBody>
      {!busy && (
        <ModalFooter>
          <Button color="secondary" outline onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button color={confirmColor} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </ModalFooter>
      )}
    </Dialog>
  );
}
