import type { FormikHelpers } from 'formik';
import { useState } from 'react';
import * as shiftsApi from '../../api/shifts';
import { schemaFromRules } from '../../app/form-rules';
import { useAppDispatch } from '../../app/hooks';
import { SelectInput } from '../../components/form-fields';
import { FormModal } from '../../components/form-modal';
import type { Shift } from '@contract/shifts';
import { isCancelled, shiftLabel } from './roster-week';
import { ROSTER_TEXT } from './roster-text';
import { rosterWrite } from './shifts-slice';

interface SwapValues {
  a: string;
  b: string;
}

const schema = schemaFromRules<SwapValues>(['a', 'b'], (values) => ({
  ...(values.a ? {} : { a: ROSTER_TEXT.shiftRequired }),
  ...(!values.b
    ? { b: ROSTER_TEXT.shiftRequired }
    : values.a === values.b
      ? { b: ROSTER_TEXT.sameShift }
      : {}),
}));

export interface SwapModalProps {
  isOpen: boolean;
  shifts: Shift[];
  onClose: () => void;
  onSaved: (message: string) => void;
}

/** Swap Guards: two of the week's shifts exchange their guards, together or not at all. */
export function SwapModal({ isOpen, shifts, onClose, onSaved }: SwapModalProps) {
  const dispatch = useAppDispatch();
  const [saving, setSaving] = useState(false);
  const live = shifts.filter((shift) => !isCancelled(shift));

  async function submit(values: SwapValues, helpers: FormikHelpers<SwapValues>) {
    helpers.setStatus(null);
    setSaving(true);
    const outcome = await dispatch(rosterWrite(() => shiftsApi.swap(values.a, values.b)));
    setSaving(false);
    if (outcome.ok) onSaved(ROSTER_TEXT.swapped);
    else helpers.setStatus(outcome.message);
  }

  const options = live.map((shift) => (
    <option key={shift.uuid} value={shift.uuid}>
      {shiftLabel(shift)}: {shift.guard_name ?? 'open'}
    </option>
  ));

  return (
    <FormModal<SwapValues>
      isOpen={isOpen}
      title="Swap Guards"
      saving={saving}
      busyText="Swapping the guards. Please don't close this window."
      onClose={onClose}
      initialValues={{ a: '', b: '' }}
      validationSchema={schema}
      onSubmit={submit}
      submitLabel="Swap"
    >
      {() => (
        <>
          <SelectInput name="a" label="First shift">
            <option value="">Choose a shift</option>
            {options}
          </SelectInput>
          <SelectInput name="b" label="Second shift">
            <option value="">Choose a shift</option>
            {options}
          </SelectInput>
        </>
      )}
    </FormModal>
  );
}
