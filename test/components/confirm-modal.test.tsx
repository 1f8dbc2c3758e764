import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmModal, type ConfirmModalProps } from '../../src/components/confirm-modal';

function renderModal(props: Partial<ConfirmModalProps> = {}) {
  const handlers = { onConfirm: vi.fn(), onCancel: vi.fn() };
  render(
    <ConfirmModal
      isOpen
      title="Delete Confirmation"
      body="Are you sure you want to delete Ana Lim?"
      busyText="Deleting Ana Lim. Please don't close this window."
      {...handlers}
      {...props}
    />,
  );
  return handlers;
}

/** reactstrap reads keyCode on keyup, which user-event leaves at 0, so send what a browser sends. */
function pressEscape(dialog: HTMLElement) {
  fireEvent.keyUp(dialog, { key: 'Escape', code: 'Escape', keyCode: 27 });
}

describe('ConfirmModal', () => {
  it('asks the question with Cancel and Delete', async () => {
    const { onConfirm } = renderModal();
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete Confirmation');
    expect(dialog).toHaveTextContent('Are you sure you want to delete Ana Lim?');

    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('uses the labels it is given', async () => {
    renderModal({ confirmLabel: 'Save', cancelLabel: 'Back' });
    expect(await screen.findByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('cancels with the Cancel button, the close button, Escape or a click outside', async () => {
    const { onCancel, onConfirm } = renderModal();
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onCancel).toHaveBeenCalledTimes(2);
    pressEscape(dialog);
    expect(onCancel).toHaveBeenCalledTimes(3);
    // The dialog role sits on reactstrap's full-screen wrapper, so clicking it is a backdrop click.
    await userEvent.click(dialog);
    expect(onCancel).toHaveBeenCalledTimes(4);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('locks while busy: busy text, no buttons, Escape and outside clicks ignored', async () => {
    const { onCancel } = renderModal({ busy: true });
    const dialog = await screen.findByRole('dialog');

    expect(screen.getByRole('status')).toHaveTextContent(
      "Deleting Ana Lim. Please don't close this window.",
    );
    expect(dialog).not.toHaveTextContent('Are you sure');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();

    pressEscape(dialog);
    await userEvent.click(dialog);
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('renders nothing when closed', () => {
    renderModal({ isOpen: false });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
