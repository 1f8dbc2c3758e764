import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Modal, ModalBody, ModalFooter, ModalHeader } from 'reactstrap';
import type { Guard } from '../../lib/contract/guards';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { BusyView } from './busy-view';
import { GuardForm } from './guard-form';
import { emptyGuardForm, formToPayload, type GuardFormValues } from './guard-form-schema';
import { addGuard } from './guards-slice';
import { selectLockedCompanyUuid } from './locked-company';

/** Form, then the creating view (locked), then the PIN; a failed save goes back to the form. */
type AddStep =
  | { step: 'form'; draft: GuardFormValues | null }
  | { step: 'creating' }
  | { step: 'created'; guard: Guard };

function CreatedView({ guard, onViewProfile }: { guard: Guard; onViewProfile: () => void }) {
  return (
    <>
      <ModalBody className="text-center py-4">
        <p className="h5">Success</p>
        <p>The Guard Profile of {guard.name} has been created.</p>
        <dl className="mb-0">
          <dt className="fw-normal">User PIN</dt>
          <dd className="display-6 fw-bold mb-0">{guard.pin}</dd>
        </dl>
      </ModalBody>
      <ModalFooter>
        <Button color="primary" onClick={onViewProfile}>
          View Profile
        </Button>
      </ModalFooter>
    </>
  );
}

export function AddGuardModal({
  isOpen,
  onClose,
  onAdded,
}: {
  isOpen: boolean;
  onClose: () => void;
  onAdded: () => void;
}) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const lockedCompany = useAppSelector(selectLockedCompanyUuid);
  const [state, setState] = useState<AddStep>({ step: 'form', draft: null });

  async function save(values: GuardFormValues) {
    setState({ step: 'creating' });
    const result = await dispatch(
      addGuard({ payload: formToPayload(values), photo: values.photo }),
    );
    if (addGuard.fulfilled.match(result)) {
      setState({ step: 'created', guard: result.payload });
      onAdded();
    } else {
      // The form comes back as it was typed; the reason shows in the screen's error toast.
      setState({ step: 'form', draft: values });
    }
  }

  const creating = state.step === 'creating';
  const close = creating ? undefined : onClose;
  return (
    <Modal
      isOpen={isOpen}
      toggle={close}
      backdrop={creating ? 'static' : true}
      keyboard={!creating}
      onClosed={() => setState({ step: 'form', draft: null })}
      size="lg"
      centered
    >
      <ModalHeader toggle={close}>Add Guard</ModalHeader>
      {state.step === 'form' ? (
        <GuardForm
          mode="add"
          initialValues={state.draft ?? emptyGuardForm(lockedCompany)}
          companyLocked={lockedCompany !== null}
          onSave={(values) => void save(values)}
          onCancel={onClose}
        />
      ) : null}
      {creating ? (
        <BusyView text="Creating new Guard Profile. Please don't close this window." />
      ) : null}
      {state.step === 'created' ? (
        <CreatedView
          guard={state.guard}
          onViewProfile={() => navigate(`/guard-details/${state.guard.uuid}`)}
        />
      ) : null}
    </Modal>
  );
}
