import type { FormikHelpers } from 'formik';
import { useState } from 'react';
import { Col, Row } from 'reactstrap';
import * as shiftsApi from '../../api/shifts';
import { schemaFromRules } from '../../app/form-rules';
import { useAppDispatch } from '../../app/hooks';
import { DateField } from '../../components/date-field';
import { markRefusedField, SelectInput, TextInput } from '../../components/form-fields';
import { FormModal } from '../../components/form-modal';
import { apiDateToForm, formDateToApi } from '../../lib/dates';
import { shiftPatternProblems } from '@rules/shifts';
import { ROSTER_TEXT } from './roster-text';
import { rosterWrite, type RosterGuard } from './shifts-slice';

interface OneOffValues {
  /** DD/MM/YYYY, as the date field writes it. */
  date: string;
  name: string;
  start_time: string;
  end_time: string;
  /** '' leaves the place open. */
  guard_uuid: string;
}

type OneOffField = keyof OneOffValues;

// Formik hands the rules an emptied field as undefined.
function problemsOf(values: Partial<OneOffValues>): Partial<Record<OneOffField, string>> {
  const { name, start_time, end_time } = shiftPatternProblems({
    name: values.name ?? '',
    start_time: values.start_time ?? '',
    end_time: values.end_time ?? '',
    headcount: 1,
    weekdays: [1],
  });
  return {
    ...(formDateToApi(values.date ?? '') ? {} : { date: ROSTER_TEXT.dateInvalid }),
    ...(name ? { name } : {}),
    ...(start_time ? { start_time } : {}),
    ...(end_time ? { end_time } : {}),
  };
}

const schema = schemaFromRules<OneOffValues>(
  ['date', 'name', 'start_time', 'end_time', 'guard_uuid'],
  problemsOf,
);

export interface OneOffModalProps {
  isOpen: boolean;
  siteUuid: string;
  /** The day the form starts with, 'YYYY-MM-DD'. */
  day: string;
  /** The site's guards, any of whom may be put on the shift as it is made. */
  guards: RosterGuard[];
  onClose: () => void;
  onSaved: (message: string) => void;
}

/** Add One-off Shift: one guard's place at the site on one day, outside its patterns. */
export function OneOffModal({ isOpen, siteUuid, day, guards, onClose, onSaved }: OneOffModalProps) {
  const dispatch = useAppDispatch();
  const [saving, setSaving] = useState(false);

  async function submit(values: OneOffValues, helpers: FormikHelpers<OneOffValues>) {
    helpers.setStatus(null);
    setSaving(true);
    const outcome = await dispatch(
      rosterWrite(() =>
        shiftsApi.create({
          residence_uuid: siteUuid,
          date: formDateToApi(values.date) ?? '',
          name: values.name.trim(),
          start_time: values.start_time.trim(),
          end_time: values.end_time.trim(),
          ...(values.guard_uuid ? { guard_uuid: values.guard_uuid } : {}),
        }),
      ),
    );
    setSaving(false);
    if (outcome.ok) onSaved(ROSTER_TEXT.oneOffAdded);
    else if (outcome.refusal) markRefusedField(helpers, values, outcome.refusal);
    else helpers.setStatus(outcome.message);
  }

  return (
    <FormModal<OneOffValues>
      isOpen={isOpen}
      title="Add One-off Shift"
      saving={saving}
      busyText="Adding the shift. Please don't close this window."
      onClose={onClose}
      initialValues={{
        date: apiDateToForm(day),
        name: '',
        start_time: '',
        end_time: '',
        guard_uuid: '',
      }}
      validationSchema={schema}
      onSubmit={submit}
    >
      {() => (
        <>
          <DateField name="date" label="Date" />
          <TextInput name="name" label="Name" hint="e.g. Event cover" />
          <Row>
            <Col sm={6}>
              <TextInput name="start_time" label="Start" hint="HH:MM, e.g. 07:00" />
            </Col>
            <Col sm={6}>
              <TextInput
                name="end_time"
                label="End"
                hint="HH:MM; an end before the start is the next day"
              />
            </Col>
          </Row>
          <SelectInput name="guard_uuid" label="Guard">
            <option value="">{ROSTER_TEXT.openPlace}</option>
            {guards.map((guard) => (
              <option key={guard.uuid} value={guard.uuid}>
                {guard.name}
              </option>
            ))}
          </SelectInput>
        </>
      )}
    </FormModal>
  );
}
