import type { FormikHelpers } from 'formik';
import { schemaFromRules } from '../../app/form-rules';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { isFieldRefusal } from '../../app/list-writes';
import { markRefusedField, TextInput } from '../../components/form-fields';
import { FormModal } from '../../components/form-modal';
import type { Checkpoint } from '@contract/checkpoints';
import { checkpointFieldErrors, type CheckpointFields } from '@rules/checkpoints';
import { checkpointsSelectors, saveCheckpoint } from './checkpoints-slice';

/** The form as Formik holds it: the coordinates as typed. */
interface CheckpointFormValues {
  name: string;
  instructions: string;
  latitude: string;
  longitude: string;
}

/** A typed coordinate: null when blank, NaN (refused as out of range) when not a number. */
const coordinate = (text: string | undefined): number | null =>
  !text?.trim() ? null : Number(text.trim().replace(',', '.'));

/** What the form says, as the rules read it; Formik hands blank inputs to yup as undefined. */
function fieldsOf(values: Partial<CheckpointFormValues>): CheckpointFields {
  return {
    name: (values.name ?? '').trim(),
    instructions: (values.instructions ?? '').trim(),
    latitude: coordinate(values.latitude),
    longitude: coordinate(values.longitude),
  };
}

const schema = schemaFromRules<CheckpointFormValues>(
  ['name', 'instructions', 'latitude', 'longitude'],
  (values) => checkpointFieldErrors(fieldsOf(values)),
);

export interface CheckpointFormModalProps {
  isOpen: boolean;
  /** The checkpoint to change; null adds one at `residenceUuid`. */
  checkpoint: Checkpoint | null;
  residenceUuid: string;
  onClose: () => void;
  onSaved: (added: boolean) => void;
}

/** Add Checkpoint / Edit Checkpoint: its name, what to check there, and where it is. */
export function CheckpointFormModal({
  isOpen,
  checkpoint,
  residenceUuid,
  onClose,
  onSaved,
}: CheckpointFormModalProps) {
  const dispatch = useAppDispatch();
  const loadingType = useAppSelector(checkpointsSelectors.selectLoadingType);
  const saving = loadingType === 'add' || loadingType === 'update';

  async function submit(
    values: CheckpointFormValues,
    helpers: FormikHelpers<CheckpointFormValues>,
  ) {
    helpers.setStatus(null);
    const outcome = await dispatch(
      saveCheckpoint(checkpoint?.uuid ?? null, {
        residence_uuid: checkpoint?.residence_uuid ?? residenceUuid,
        ...fieldsOf(values),
      }),
    );
    if (outcome === 'saved') onSaved(checkpoint === null);
    else if (isFieldRefusal(outcome)) markRefusedField(helpers, values, outcome);
  }

  return (
    <FormModal
      isOpen={isOpen}
      title={checkpoint ? `Edit Checkpoint ${checkpoint.name}` : 'Add Checkpoint'}
      saving={saving}
      busyText={
        checkpoint
          ? "Currently updating. Please don't close this window."
          : "Currently adding. Please don't close this window."
      }
      onClose={onClose}
      initialValues={{
        name: checkpoint?.name ?? '',
        instructions: checkpoint?.instructions ?? '',
        latitude: checkpoint?.latitude?.toString() ?? '',
        longitude: checkpoint?.longitude?.toString() ?? '',
      }}
      validationSchema={schema}
      onSubmit={submit}
    >
      {() => (
        <>
          <TextInput name="name" label="Name" hint="As the guards know it, such as Car park B2." />
          <TextInput
            name="instructions"
            label="What to check"
            type="textarea"
            hint="What the guard looks at there, such as: gate shut and locked."
          />
          <TextInput
            name="latitude"
            label="Latitude"
            inputMode="decimal"
            hint="Optional, with the longitude: where the checkpoint is."
          />
          <TextInput name="longitude" label="Longitude" inputMode="decimal" />
        </>
      )}
    </FormModal>
  );
}
