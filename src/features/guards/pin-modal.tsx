import { useState } from 'react';
import { Button, ModalBody, ModalFooter } from 'reactstrap';
import { Dialog } from '../../components/dialog';
import type { Guard } from '@contract/guards';
import { useAppDispatch } from '../../app/hooks';
import { BusyView } from './busy-view';
import { renewPin } from './guards-slice';

type PinStep = { step: 'confirm' } | { step: 'saving' } | { step: 'done'; pin: string };

/** Generate new user PIN: confirm, save, then show the new PIN once. */
export function PinModal({
  isOpen,
  guard,
  onClose,
}: {
  isOpen: boolean;
  guard: Guard;
  onClose: () => void;
}) {
  const dispatch = useAppDispatch();
  const [state, setState] = useState<PinStep>({ step: 'confirm' });

  async function save() {
    setState({ step: 'saving' });
    const result = await dispatch(renewPin(guard.uuid));
    if (renewPin.fulfilled.match(result)) setState({ step: 'done', pin: result.payload.pin });
    else setState({ step: 'confirm' });
  }

  const saving = state.step === 'saving';
  const close = saving ? undefined : onClose;
  return (
    <Dialog
      isOpen={isOpen}
      title={state.step === 'done' ? 'Success' : 'Generate new user PIN'}
      toggle={close}
      backdrop={saving ? 'static' : true}
      keyboard={!saving}
      onClosed={() => setState({ step: 'confirm' })}
      centered
    >
      {state.step === 'confirm' ? (
        <>
          <ModalBody>
            A new user PIN for {guard.name} will override the previous one. This cannot be undone.
          </ModalBody>
          <ModalFooter>
            <Button color="secondary" outline onClick={onClose}>
              Cancel
            </Button>
            <Button color="primary" onClick={() => void save()}>
              Save
            </Button>
          </ModalFooter>
        </>
      ) : null}
      {saving ? <BusyView text="Saving the new user PIN. Please don't close this window." /> : null}
      {state.step === 'done' ? (
        <>
          <ModalBody className="text-center py-4">
            <dl className="mb-0">
              <dt className="fw-normal">New user PIN of {guard.name}</dt>
              <dd className="display-6 fw-bold mb-0">{state.pin}</dd>
            </dl>
          </ModalBody>
          <ModalFooter>
            <Button color="primary" onClick={onClose}>
              Okay
            </Button>
          </ModalFooter>
        </>
      ) : null}
    </Dialog>
  );
}
