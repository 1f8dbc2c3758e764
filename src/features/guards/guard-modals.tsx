import { useCallback, useState } from 'react';
import type { Guard } from '@contract/guards';
import { useAppDispatch } from '../../app/hooks';
import { AddGuardModal } from './add-guard-modal';
import { AppAccessModal } from './app-access-modal';
import { DeleteGuardModal } from './delete-guard-modal';
import { EditGuardModal } from './edit-guard-modal';
import { guardModalOpened } from './guard-profile-slice';
import { PinModal } from './pin-modal';

export type GuardModal = 'add' | 'edit' | 'delete' | 'pin' | 'app-access';

export interface GuardModalState {
  open: GuardModal | null;
  /** The row the modal acts on. Kept after closing, so the modal can fade out with its content. */
  guard: Guard | null;
}

/** The one open value and current row that drive a screen's guard modals. */
export function useGuardModals() {
  const dispatch = useAppDispatch();
  const [state, setState] = useState<GuardModalState>({ open: null, guard: null });
  const show = useCallback(
    (open: GuardModal, guard: Guard | null = null) => {
      dispatch(guardModalOpened());
      setState({ open, guard });
    },
    [dispatch],
  );
  const close = useCallback(() => setState((current) => ({ ...current, open: null })), []);
  return { ...state, show, close };
}

export interface GuardModalsProps extends GuardModalState {
  onClose: () => void;
  /**
   * After a delete and its delay, for a screen that must leave the deleted guard. A list needs
   * none: it follows the guards' write flags.
   */
  onDeleted?: (guard: Guard) => void;
}

/** Every guard modal, mounted in one place; only the open one shows. */
export function GuardModals({ open, guard, onClose, onDeleted }: GuardModalsProps) {
  return (
    <>
      <AddGuardModal isOpen={open === 'add'} onClose={onClose} />
      {guard ? (
        <>
          <EditGuardModal isOpen={open === 'edit'} guard={guard} onClose={onClose} />
          <DeleteGuardModal
            isOpen={open === 'delete'}
            guard={guard}
            onClose={onClose}
            onDeleted={onDeleted}
          />
          <PinModal isOpen={open === 'pin'} guard={guard} onClose={onClose} />
          <AppAccessModal isOpen={open === 'app-access'} guard={guard} onClose={onClose} />
        </>
      ) : null}
    </>
  );
}
