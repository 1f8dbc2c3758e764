import type { FormikHelpers } from 'formik';
import { schemaFromRules } from '../../app/form-rules';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { isFieldRefusal } from '../../app/list-writes';
import { markRefusedField, TextInput } from '../../components/form-fields';
import { FormModal } from '../../components/form-modal';
import type { Unit } from '@contract/units';
import { normalContactNumber, unitFieldErrors, type UnitFields } from '@rules/units';
import { saveUnit, unitsSelectors } from './units-slice';

const schema = schemaFromRules<UnitFields>(['owner_name', 'contact_number'], unitFieldErrors);

export interface UnitFormModalProps {
  isOpen: boolean;
  unit: Unit | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Edit Unit: who owns it, and the number the gate calls (guards at the site see it). */
export function UnitFormModal({ isOpen, unit, onClose, onSaved }: UnitFormModalProps) {
  const dispatch = useAppDispatch();
  const saving = useAppSelector(unitsSelectors.selectLoadingType) === 'update';

  async function submit(values: UnitFields, helpers: FormikHelpers<UnitFields>) {
    if (!unit) return;
    helpers.setStatus(null);
    const outcome = await dispatch(
      saveUnit(unit.uuid, {
        owner_name: values.owner_name.trim(),
        contact_number: normalContactNumber(values.contact_number),
      }),
    );
    if (outcome === 'saved') onSaved();
    else if (isFieldRefusal(outcome)) markRefusedField(helpers, values, outcome);
  }

  return (
    <FormModal
      isOpen={isOpen}
      title={unit ? `Edit Unit ${unit.name}` : 'Edit Unit'}
      saving={saving}
      busyText="Currently updating. Please don't close this window."
      onClose={onClose}
      initialValues={{
        owner_name: unit?.owner_name ?? '',
        contact_number: unit?.contact_number ?? '',
      }}
      validationSchema={schema}
      onSubmit={submit}
    >
      {() => (
        <>
          <TextInput name="owner_name" label="Owner" />
          <TextInput
            name="contact_number"
            label="Contact Number"
            type="tel"
            hint="The number the guards at the gate call for this unit, such as +60123456789."
          />
        </>
      )}
    </FormModal>
  );
}
