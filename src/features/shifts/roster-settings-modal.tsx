import { useEffect, useId, useState } from 'react';
import {
  Button,
  Form,
  FormFeedback,
  FormGroup,
  Input,
  Label,
  ModalBody,
  ModalFooter,
} from 'reactstrap';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { loadCompanyOptions, selectCompanyOptions } from '../../app/options/company-options-slice';
import { Dialog } from '../../components/dialog';
import type { RosterSettings } from '@contract/shifts';
import { rosterSettingsProblems, type RosterSettingsFields } from '@rules/shifts';
import { loadRosterSettings, saveRosterSettings } from './watch-slice';

type Field = keyof RosterSettingsFields;

const FIELDS: Array<{ key: Field; label: string; hint: string }> = [
  {
    key: 'late_grace_minutes',
    label: 'Grace (minutes)',
    hint: 'A start or an end this many minutes off the plan is still on time.',
  },
  {
    key: 'no_show_minutes',
    label: 'No-show after (minutes)',
    hint: 'A guard not started this many minutes after the planned start is a no-show.',
  },
  {
    key: 'weekly_hours_limit',
    label: 'Weekly hours limit',
    hint: 'Rostering a guard for more hours in a week warns; it does not block.',
  },
  {
    key: 'patrol_completion_percent',
    label: 'Patrols’ share (%)',
    hint: 'A site whose night patrols scan fewer of their checkpoints than this alerts.',
  },
];

function NumberField({
  field,
  value,
  problem,
  onChange,
}: {
  field: (typeof FIELDS)[number];
  value: string;
  problem: string | undefined;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const hintId = useId();
  const problemId = useId();
  return (
    <FormGroup>
      <Label for={id}>{field.label}</Label>
      <Input
        id={id}
        inputMode="numeric"
        value={value}
        invalid={problem !== undefined}
        aria-describedby={problem ? `${hintId} ${problemId}` : hintId}
        onChange={(event) => onChange(event.target.value.replace(/\D/g, ''))}
      />
      <div id={hintId} className="form-text">
        {field.hint}
      </div>
      {problem ? <FormFeedback id={problemId}>{problem}</FormFeedback> : null}
    </FormGroup>
  );
}

/**
 * A company's watch settings (issue 36): its grace for late starts and early ends, its no-show
 * time and its weekly hours limit. A company user sets its own; the superadmin picks a company.
 */
export function RosterSettingsModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const companies = useAppSelector(selectCompanyOptions);
  const companySelectId = useId();
  const [companyUuid, setCompanyUuid] = useState('');
  const [values, setValues] = useState<Record<Field, string> | null>(null);
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (isOpen) void dispatch(loadCompanyOptions());
  }, [dispatch, isOpen]);

  const chosen = companyUuid || companies[0]?.uuid || '';
  useEffect(() => {
    if (!isOpen || !chosen) return;
    setValues(null);
    setProblems({});
    setError(null);
    setSaved('');
    void dispatch(loadRosterSettings(chosen)).then((outcome) => {
      if (loadRosterSettings.fulfilled.match(outcome)) {
        const settings = outcome.payload;
        setValues({
          late_grace_minutes: String(settings.late_grace_minutes),
          no_show_minutes: String(settings.no_show_minutes),
          weekly_hours_limit: String(settings.weekly_hours_limit),
          patrol_completion_percent: String(settings.patrol_completion_percent),
        });
      } else setError(outcome.payload ?? 'The settings could not be loaded.');
    });
  }, [dispatch, isOpen, chosen]);

  async function save() {
    if (!values) return;
    const found = rosterSettingsProblems(values);
    setProblems(found);
    setSaved('');
    if (Object.keys(found).length > 0) return;
    const body: RosterSettings = {
      late_grace_minutes: Number(values.late_grace_minutes),
      no_show_minutes: Number(values.no_show_minutes),
      weekly_hours_limit: Number(values.weekly_hours_limit),
      patrol_completion_percent: Number(values.patrol_completion_percent),
    };
    setSaving(true);
    const outcome = await dispatch(saveRosterSettings({ companyUuid: chosen, body }));
    setSaving(false);
    if (saveRosterSettings.fulfilled.match(outcome)) {
      setError(null);
      setSaved('The watch settings are saved.');
    } else setError(outcome.payload ?? 'The settings could not be saved.');
  }

  return (
    <Dialog isOpen={isOpen} toggle={saving ? undefined : onClose} title="Watch settings">
      <Form
        noValidate
        aria-label="Watch settings"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <ModalBody>
          {companies.length > 1 ? (
            <FormGroup>
              <Label for={companySelectId}>Security company</Label>
              <Input
                id={companySelectId}
                type="select"
                value={chosen}
                onChange={(event) => setCompanyUuid(event.target.value)}
              >
                {companies.map((company) => (
                  <option key={company.uuid} value={company.uuid}>
                    {company.name}
                  </option>
                ))}
              </Input>
            </FormGroup>
          ) : null}
          {values === null && !error ? <p role="status">Loading the settings…</p> : null}
          {values
            ? FIELDS.map((field) => (
                <NumberField
                  key={field.key}
                  field={field}
                  value={values[field.key]}
                  problem={problems[field.key]}
                  onChange={(value) => setValues({ ...values, [field.key]: value })}
                />
              ))
            : null}
          {error ? (
            <p role="alert" className="text-danger mb-0">
              {error}
            </p>
          ) : null}
          <p role="status" className="text-success mb-0">
            {saved}
          </p>
        </ModalBody>
        <ModalFooter>
          <Button type="button" color="secondary" outline onClick={onClose} disabled={saving}>
            Done
          </Button>
          <Button type="submit" color="primary" disabled={saving || values === null}>
            Save
          </Button>
        </ModalFooter>
      </Form>
    </Dialog>
  );
}
