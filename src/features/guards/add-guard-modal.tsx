import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, ModalBody, ModalFooter } from 'reactstrap';
import { Dialog } from '../../components/dialog';
import type { FieldRefusal } from '../../api/client';
import type { Guard } from '@contract/guards';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { BusyView } from './busy-view';
import { GuardForm } from './guard-form';
import { emptyGuardForm, formToPayload, type GuardFormValues } from './guard-form-schema';
import { selectGuardCreated } from './guard-profile-slice';
import { addGuard } from './guards-slice';
import { selectLockedCompanyUuid } from '../../app/session/locked-company';

/**
 * Form, then the creating view (locked), then the PIN once the guards' `created` flag is up; a
 * failed save goes back to the form as it was typed, the chosen photo included.
 */
type AddStep =
  | {
      step: 'form';
      draft: GuardFormValues | null;
      photoError: string | null;
      refusal: FieldRefusal | null;
    }
  | { step: 'creating' }
  | { step: 'saved'; guard: Guard };

const blankForm: AddStep = { step: 'form', draft: null, photoError: null, refusal: null };

function CreatedView({ guard, onViewProfile }: { guard: Guard; onViewProfile: () => void }) {
  return (
    <>
      <ModalBody className="text-center py-4">
        <h3 className="h5">Success</h3>
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

export function AddGuardModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const lockedCompany = useAppSelector(selectLockedCompanyUuid);
  const created = useAppSelector(selectGuardCreated);
  const [state, setState] = useState<AddStep>(blankForm);

  async function save(values: GuardFormValues) {
    setState({ step: 'creating' });
    const result = await dispatch(
      addGuard({ payload: formToPayload(values), photo: values.photo }),
    );
    if (addGuard.fulfilled.match(result)) {
      setState({ step: 'saved', guard: result.payload });
    } else {
      // The reason shows at its field when the server named one, else in the screen's error
      // toast, and under Photo if the upload failed.
      setState({
        step: 'form',
        draft: values,
        photoError: result.payload?.photoError ?? null,
        refusal: result.payload?.refusal ?? null,
      });
    }
  }

  const createdGuard = created && state.step === 'saved' ? state.guard : null;
  const creating = state.step === 'creating';
  const close = creating ? undefined : onClose;
  return (
    <Dialog
      isOpen={isOpen}
      title="Add Guard"
      toggle={close}
      backdrop={creating ? 'static' : true}
      keyboard={!creating}
      onClosed={() => setState(blankForm)}
      size="lg"
      centered
    >
      {state.step === 'form' ? (
        <GuardForm
          mode="add"
          initialValues={state.draft ?? emptyGuardForm(lockedCompany)}
          companyLocked={lockedCompany !== null}
          photoError={state.photoError}
          refusal={state.refusal}
          onSave={(values) => void save(values)}
          onCancel={onClose}
        />
      ) : null}
      {creating ? (
        <BusyView text="Creating new Guard Profile. Please don't close this window." />
      ) : null}
      {createdGuard ? (
        <CreatedView
          guard={createdGuard}
          onViewProfile={() => navigate(`/guard-details/${createdGuard.uuid}`)}
        />
      ) : null}
    </Dialog>
  );
}
