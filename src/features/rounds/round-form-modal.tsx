import type { FormikHelpers } from 'formik';
import { useEffect, useMemo, useState } from 'react';
import { Alert } from 'reactstrap';
import type { Round } from '@contract/rounds';
import type { ShiftPattern } from '@contract/shifts';
import { roundFieldErrors, type RoundFields } from '@rules/rounds';
import { schemaFromRules } from '../../app/form-rules';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { isFieldRefusal } from '../../app/list-writes';
import {
  markRefusedField,
  SelectInput,
  SwitchInput,
  TextInput,
} from '../../components/form-fields';
import { FormModal } from '../../components/form-modal';
import { CheckpointOrderField, type CheckpointChoice } from './checkpoint-order-field';
import { loadRoundChoices, roundsSelectors, saveRound } from './rounds-slice';

/** The form as Formik holds it: numbers and times as typed. */
interface RoundFormValues {
  name: string;
  in_order: boolean;
  allowed_minutes: string;
  schedule_kind: 'times' | 'every';
  times: string;
  every_hours: string;
  pattern_uuid: string;
  checkpoint_uuids: string[];
}

/** A typed whole number: NaN (refused with the field's range) when blank or not a number. */
const numberOf = (text: string | undefined) => (text?.trim() ? Number(text.trim()) : Number.NaN);

/** What the form says, as the rules read it; Formik hands blank inputs to yup as undefined. */
function fieldsOf(values: Partial<RoundFormValues>): RoundFields {
  const kind = values.schedule_kind ?? 'times';
  return {
    name: (values.name ?? '').trim(),
    allowed_minutes: numberOf(values.allowed_minutes),
    schedule_kind: kind,
    times: (values.times ?? '').split(/[\s,]+/).filter(Boolean),
    every_hours: kind === 'every' ? numberOf(values.every_hours) : null,
    pattern_uuid: values.pattern_uuid || null,
    checkpoint_uuids: values.checkpoint_uuids ?? [],
  };
}

const schema = schemaFromRules<RoundFormValues>(
  ['name', 'allowed_minutes', 'times', 'every_hours', 'pattern_uuid', 'checkpoint_uuids'],
  (values) => roundFieldErrors(fieldsOf(values)),
);

type Choices =
  | { status: 'loading' }
  | { status: 'failed'; error: string }
  | { status: 'loaded'; patterns: ShiftPattern[]; checkpoints: CheckpointChoice[] };

export interface RoundFormModalProps {
  isOpen: boolean;
  /** The round to change; null adds one at `residenceUuid`. */
  round: Round | null;
  residenceUuid: string;
  onClose: () => void;
  onSaved: (added: boolean) => void;
}

/**
 * Add Round / Edit Round: its name, its checkpoints in order, whether the order matters, the time
 * allowed, and when it is due (set times of day, or every few hours through a shift pattern).
 */
export function RoundFormModal({
  isOpen,
  round,
  residenceUuid,
  onClose,
  onSaved,
}: RoundFormModalProps) {
  const dispatch = useAppDispatch();
  const loadingType = useAppSelector(roundsSelectors.selectLoadingType);
  const saving = loadingType === 'add' || loadingType === 'update';
  const [choices, setChoices] = useState<Choices>({ status: 'loading' });
  const site = round?.residence_uuid ?? residenceUuid;

  useEffect(() => {
    if (!isOpen) return undefined;
    setChoices({ status: 'loading' });
    const request = dispatch(loadRoundChoices(site));
    void request.then((result) => {
      if (loadRoundChoices.fulfilled.match(result)) {
        setChoices({ status: 'loaded', ...result.payload });
      } else if (!result.meta.aborted) {
        setChoices({ status: 'failed', error: result.payload ?? 'Request failed.' });
      }
    });
    return () => request.abort();
  }, [dispatch, isOpen, site]);

  // The round's own checkpoints by name, for those retired since (no longer offered).
  const known = useMemo(
    () => new Map(round?.checkpoints.map((point) => [point.uuid, point.name]) ?? []),
    [round],
  );

  async function submit(values: RoundFormValues, helpers: FormikHelpers<RoundFormValues>) {
    helpers.setStatus(null);
    const fields = fieldsOf(values);
    const outcome = await dispatch(
      saveRound(round?.uuid ?? null, {
        residence_uuid: site,
        in_order: values.in_order,
        ...fields,
        times: fields.schedule_kind === 'times' ? fields.times : [],
        pattern_uuid: fields.schedule_kind === 'every' ? fields.pattern_uuid : null,
      }),
    );
    if (outcome === 'saved') onSaved(round === null);
    else if (isFieldRefusal(outcome)) markRefusedField(helpers, values, outcome);
  }

  return (
    <FormModal
      isOpen={isOpen}
      title={round ? `Edit Round ${round.name}` : 'Add Round'}
      saving={saving}
      busyText={
        round
          ? "Currently updating. Please don't close this window."
          : "Currently adding. Please don't close this window."
      }
      onClose={onClose}
      size="lg"
      initialValues={{
        name: round?.name ?? '',
        in_order: round?.in_order ?? true,
        allowed_minutes: String(round?.allowed_minutes ?? 30),
        schedule_kind: round?.schedule_kind ?? 'times',
        times: round?.times.join(', ') ?? '',
        every_hours: round?.every_hours?.toString() ?? '2',
        pattern_uuid: round?.pattern_uuid ?? '',
        checkpoint_uuids: round?.checkpoints.map((point) => point.uuid) ?? [],
      }}
      validationSchema={schema}
      onSubmit={submit}
    >
      {({ values }) => (
        <>
          <TextInput name="name" label="Name" hint="Such as Night round or Perimeter." />
          {choices.status === 'failed' ? <Alert color="danger">{choices.error}</Alert> : null}
          <CheckpointOrderField
            name="checkpoint_uuids"
            choices={choices.status === 'loaded' ? choices.checkpoints : []}
            known={known}
          />
          <SwitchInput
            name="in_order"
            label={(checked) => (checked ? 'Walked in this order' : 'Walked in any order')}
          />
          <TextInput
            name="allowed_minutes"
            label="Time allowed (minutes)"
            inputMode="numeric"
            hint="From the time the round is due: a round not walked by then is missed."
          />
          <SelectInput name="schedule_kind" label="Due">
            <option value="times">At set times of day</option>
            <option value="every">Every few hours through a shift</option>
          </SelectInput>
          {values.schedule_kind === 'times' ? (
            <TextInput name="times" label="Times of day" hint="Such as 22:00, 02:00, 05:00." />
          ) : (
            <>
              <SelectInput name="pattern_uuid" label="Shift pattern">
                <option value="">Choose a shift pattern</option>
                {(choices.status === 'loaded' ? choices.patterns : []).map((pattern) => (
                  <option key={pattern.uuid} value={pattern.uuid}>
                    {pattern.name} {pattern.start_time}–{pattern.end_time}
                  </option>
                ))}
              </SelectInput>
              <TextInput name="every_hours" label="Every (hours)" inputMode="numeric" />
            </>
          )}
        </>
      )}
    </FormModal>
  );
}
