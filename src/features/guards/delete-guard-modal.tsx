import { useState } from 'react';
import type { Guard } from '@contract/guards';
import { useAppDispatch } from '../../app/hooks';
import { ConfirmModal } from '../../components/confirm-modal';
import { deleteGuard } from './guards-slice';

export function DeleteGuardModal({
  isOpen,
  guard,
  onClose,
  onDeleted,
}: {
  isOpen: boolean;
  guard: Guard;
  onClose: () => void;
  /** Called once the delete and the spec's reload delay are over. */
  onDeleted?: (guard: Guard) => void;
}) {
  const dispatch = useAppDispatch();
  const [deleting, setDeleting] = useState(false);

  async function confirm() {
    setDeleting(true);
    const result = await dispatch(deleteGuard(guard));
    setDeleting(false);
    onClose();
    if (deleteGuard.fulfilled.match(result)) onDeleted?.(guard);
  }

  return (
    <ConfirmModal
      isOpen={isOpen}
      title="Delete Confirmation"
      body={`Are you sure you want to delete ${guard.name}?`}
      busy={deleting}
      busyText={`Deleting ${guard.name}. Please don't close this window.`}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}
