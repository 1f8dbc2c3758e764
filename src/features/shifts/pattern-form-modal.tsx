import { Field, useField, type FormikHelpers } from 'formik';
import { useId, useState } from 'react';
import { Col, FormFeedback, FormGroup, Input, Label, Row } from 'reactstrap';
import * as shiftsApi from '../../api/shifts';
import { schemaFromRules } from '../../app/form-rules';
import { useAppDispatch } from '../../app/hooks';
import { markRefusedField, TextInput } from '../../components/form-fields';
import { FormModal } from '../../components/form-modal';
import type { ShiftPattern } from '@contract/shifts';
import { shiftPatternProblems, WEEKDAYS } from '@rules/shifts';
import { WEEKDAY_NAMES } from './roster-week';
import { ROSTER_TEXT } from './roster-text';
import { rosterWrite } from './shifts-slice';

interface PatternValues {
  name: string;
  start_time: string;
  end_time: string;
  headcount: string;
  /** The checked weekdays' numbers as the checkboxes hold them, '1' (Monday) to '7'. */
  weekdays: string[];
}

// Formik hands the rules an emptied field as undefined.
const rulesOf = (values: Partial<PatternValues>) =>
  shiftPatternProblems({
    name: values.name ?? '',
    start_time: values.start_time ?? '',
    end_time: values.end_time ?? '',
    headcount: values.headcount ?? '',
    weekdays: (values.weekdays ?? []).map(Number),
  });

const schema = schemaFromRules<PatternValues>(
  ['name', 'start_time', 'end_time', 'headcount', 'weekdays'],
  rulesOf,
);

function valuesOf(pattern: ShiftPattern | null): PatternValues {
  return {
    name: pattern?.name ?? '',
    start_time: pattern?.start_time ?? '',
    end_time: pattern?.end_time ?? '',
    headcount: pattern ? String(pattern.headcount) : '1',
    weekdays: (pattern?.weekdays ?? WEEKDAYS).map(String),
  };
}

/** The weekday checkboxes, one group with its legend and its message. */
function WeekdayChoice() {
  const problemId = useId();
  const idPrefix = useId();
  const [, meta] = useField<string[]>('weekdays');
  const problem = meta.touched ? meta.error : undefined;
  return (
    <fieldset className="mb-3" aria-describedby={problem ? problemId : undefined}>
      <legend className="form-label fs-6">Weekdays</legend>
      <div className="d-flex flex-wrap gap-3">
        {WEEKDAYS.map((day) => (
          <FormGroup check key={day} className="mb-0">
            <Field
              as={Input}
              type="checkbox"
              name="weekdays"
              value={String(day)}
              id={`${idPrefix}-${day}`}
              invalid={problem !== undefined}
            />
            <Label check for={`${idPrefix}-${day}`}>
              {WEEKDAY_NAMES[day - 1]}
            </Label>
          </FormGroup>
        ))}
      </div>
      {problem ? (
        <FormFeedback id={problemId} className="d-block">
          {problem}
        </FormFeedback>
      ) : null}
    </fieldset>
  );
}

export interface PatternFormModalProps {
  isOpen: boolean;
  siteUuid: string;
  /** The pattern edited; null adds one. */
  pattern: ShiftPattern | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}

/** Add and Edit Shift Pattern: a post filled on the chosen weekdays, by this many guards. */
export function PatternFormModal({
  isOpen,
  siteUuid,
  pattern,
  onClose,
  onSaved,
}: PatternFormModalProps) {
  const dispatch = useAppDispatch();
  const [saving, setSaving] = useState(false);
  const adding = pattern === null;

  async function submit(values: PatternValues, helpers: FormikHelpers<PatternValues>) {
    helpers.setStatus(null);
    setSaving(true);
    const body = {
      residence_uuid: siteUuid,
      name: values.name.trim(),
      start_time: values.start_time.trim(),
      end_time: values.end_time.trim(),
      headcount: Number(values.headcount),
      weekdays: values.weekdays.map(Number).sort((a, b) => a - b),
    };
    const outcome = await dispatch(
      rosterWrite(() =>
        pattern ? shiftsApi.updatePattern(pattern.uuid, body) : shiftsApi.createPattern(body),
      ),
    );
    setSaving(false);
    if (outcome.ok) onSaved(adding ? ROSTER_TEXT.patternAdded : ROSTER_TEXT.patternSaved);
    else if (outcome.refusal) markRefusedField(helpers, values, outcome.refusal);
    else helpers.setStatus(outcome.message);
  }

  return (
    <FormModal<PatternValues>
      isOpen={isOpen}
      title={adding ? 'Add Shift Pattern' : 'Edit Shift Pattern'}
      saving={saving}
      busyText="Saving the pattern. Please don't close this window."
      onClose={onClose}
      initialValues={valuesOf(pattern)}
      validationSchema={schema}
      onSubmit={submit}
    >
      {() => (
        <>
          <TextInput name="name" label="Name" hint="e.g. Day or Night" />
          <Row>
            <Col sm={4}>
              <TextInput name="start_time" label="Start" hint="HH:MM, e.g. 07:00" />
            </Col>
            <Col sm={4}>
              <TextInput
                name="end_time"
                label="End"
                hint="HH:MM; an end before the start is the next day"
              />
            </Col>
            <Col sm={4}>
              <TextInput name="headcount" label="Guards needed" onlyDigits />
            </Col>
          </Row>
          <WeekdayChoice />
        </>
      )}
    </FormModal>
  );
}
