import type { FormikHelpers } from 'formik';
import { useState } from 'react';
import { Col, Row } from 'reactstrap';
import * as shiftsApi from '../../api/shifts';
import { schemaFromRules } from '../../app/form-rules';
import { useAppDispatch } from '../../app/hooks';
import { DateField } from '../../components/date-field';
import { markRefusedField } from '../../components/form-fields';
import { FormModal } from '../../components/form-modal';
import { apiDateToForm, formDateToApi } from '../../lib/dates';
import { rosterRangeProblem } from '@rules/shifts';
import { addDays, today } from './roster-week';
import { ROSTER_TEXT } from './roster-text';
import { rosterWrite } from './shifts-slice';

interface RangeValues {
  /** DD/MM/YYYY, as the date fields write them. */
  from: string;
  to: string;
}

/** Days the form offers at first: the next four weeks, today included. */
export const DEFAULT_MAKE_DAYS = 28;

const schema = schemaFromRules<Partial<RangeValues>>(['from', 'to'], (values) => {
  // Formik hands the rules an emptied field as undefined.
  const from = formDateToApi(values.from ?? '');
  const to = formDateToApi(values.to ?? '');
  if (!from) return { from: ROSTER_TEXT.dateInvalid };
  if (!to) return { to: ROSTER_TEXT.dateInvalid };
  const problem = rosterRangeProblem(from, to);
  return problem ? { to: problem } : {};
});

export interface MakeShiftsModalProps {
  isOpen: boolean;
  siteUuid: string;
  onClose: () => void;
  onSaved: (message: string) => void;
}

/**
 * Make Shifts: the site's dated shifts from its patterns for a range of days. Shifts already made
 * are kept as they are, so asking twice makes none twice.
 */
export function MakeShiftsModal({ isOpen, siteUuid, onClose, onSaved }: MakeShiftsModalProps) {
  const dispatch = useAppDispatch();
  const [saving, setSaving] = useState(false);
  const first = today();

  async function submit(values: RangeValues, helpers: FormikHelpers<RangeValues>) {
    helpers.setStatus(null);
    setSaving(true);
    const outcome = await dispatch(
      rosterWrite(() =>
        shiftsApi.generate({
          residence_uuid: siteUuid,
          from: formDateToApi(values.from) ?? '',
          to: formDateToApi(values.to) ?? '',
        }),
      ),
    );
    setSaving(false);
    if (outcome.ok) onSaved(ROSTER_TEXT.made(outcome.value));
    else if (outcome.refusal) markRefusedField(helpers, values, outcome.refusal);
    else helpers.setStatus(outcome.message);
  }

  return (
    <FormModal<RangeValues>
      isOpen={isOpen}
      title="Make Shifts"
      saving={saving}
      busyText="Making the shifts. Please don't close this window."
      onClose={onClose}
      initialValues={{
        from: apiDateToForm(first),
        to: apiDateToForm(addDays(first, DEFAULT_MAKE_DAYS - 1)),
      }}
      validationSchema={schema}
      onSubmit={submit}
      submitLabel="Make shifts"
    >
      {() => (
        <>
          <p>
            Makes the shifts of the site’s patterns for these days. Shifts already made stay as they
            are, with their guards.
          </p>
          <Row>
            <Col sm={6}>
              <DateField name="from" label="First day" />
            </Col>
            <Col sm={6}>
              <DateField name="to" label="Last day" />
            </Col>
          </Row>
        </>
      )}
    </FormModal>
  );
}
