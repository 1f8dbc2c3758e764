import { useCallback, useState } from 'react';
import type { Guard } from '../../lib/contract/guards';
import { AddGuardModal } from './add-guard-modal';
import { DeleteGuardModal } from './delete-guard-modal';
import { EditGuardModal } from './edit-guard-modal';
import { PinModal } from './pin-modal';

export type GuardModal = 'add' | 'edit' | 'delete' | 'pin';

export interface GuardModalState {
  open: GuardModal | null;
  /** The row the modal acts on. Kept after closing, so the modal can fade out with its content. */
  guard: Guard | null;
}

/** The one open value and current row that drive a screen's guard modals. */
export function useGuardModals() {
  const [state, setState] = useState<GuardModalState>({ open: null, guard: null });
  const show = useCallback((open: GuardModal, guard: Guard | null = null) => {
    setState({ open, guard });
  }, []);
  const close = useCallback(() => setState((current) => ({ ...current, open: null })), []);
  return { ...state, show, close };
}

export interface GuardModalsProps extends GuardModalState {
  onClose: () => void;
  /** After a guard was added or edited; the profile page needs none, its slice takes the answer. */
  onSaved?: () => void;
  onDeleted: (guard: Guard) => void;
}

/** Every guard modal, mounted in one place; only the open one shows. */
export function GuardModals({ open, guard, onClose, onSaved, onDeleted }: GuardModalsProps) {
  return (
    <>
      <AddGuardModal isOpen={open === 'add'} onClose={onClose} onAdded={() => onSaved?.()} />
      {guard ? (
        <>
          <EditGuardModal
            isOpen={open === 'edit'}
            guard={guard}
            onClose={onClose}
            onSaved={() => onSaved?.()}
          />
          <DeleteGuardModal
            isOpen={open === 'delete'}
            guard={guard}
            onClose={onClose}
            onDeleted={onDeleted}
          />
          <PinModal isOpen={open === 'pin'} guard={guard} onClose={onClose} />
        </>
      ) : null}
    </>
  );
}
