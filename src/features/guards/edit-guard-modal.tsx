import { useState } from 'react';
import { Dialog } from '../../components/dialog';
import type { FieldRefusal } from '../../api/client';
import type { Guard } from '@contract/guards';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { BusyView } from './busy-view';
import { GuardForm } from './guard-form';
import { formToPayload, guardToForm, type GuardFormValues } from './guard-form-schema';
import { editGuard } from './guards-slice';
import { selectLockedCompanyUuid } from '../../app/session/locked-company';

export function EditGuardModal({
  isOpen,
  guard,
  onClose,
}: {
  isOpen: boolean;
  guard: Guard;
  onClose: () => void;
}) {
  const dispatch = useAppDispatch();
  const companyLocked = useAppSelector(selectLockedCompanyUuid) !== null;
  const [saving, setSaving] = useState(false);
  /** What was typed before a failed save, so the form comes back as it was, photo included. */
  const [draft, setDraft] = useState<GuardFormValues | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<FieldRefusal | null>(null);

  async function save(values: GuardFormValues) {
    setSaving(true);
    const result = await dispatch(
      editGuard({ uuid: guard.uuid, payload: formToPayload(values), photo: values.photo }),
    );
    setSaving(false);
    if (editGuard.fulfilled.match(result)) {
      onClose();
    } else {
      setDraft(values);
      setPhotoError(result.payload?.photoError ?? null);
      setRefusal(result.payload?.refusal ?? null);
    }
  }

  const close = saving ? undefined : onClose;
  return (
    <Dialog
      isOpen={isOpen}
      title="Edit Guard"
      toggle={close}
      backdrop={saving ? 'static' : true}
      keyboard={!saving}
      onClosed={() => {
        setDraft(null);
        setPhotoError(null);
        setRefusal(null);
      }}
      size="lg"
      centered
    >
      {saving ? (
        <BusyView text="Currently updating. Please don't close this window." />
      ) : (
        <GuardForm
          mode="edit"
          initialValues={draft ?? guardToForm(guard)}
          companyLocked={companyLocked}
          currentPhotoUrl={guard.photo_url}
          photoError={photoError}
          refusal={refusal}
          linkedSites={{
            companyUuid: guard.security_company_uuid,
            sites: guard.kg_residence_guards,
          }}
          onSave={(values) => void save(values)}
          onCancel={onClose}
        />
      )}
    </Dialog>
  );
}
