import { useField } from 'formik';
import { useId, useState } from 'react';
import { Button, FormFeedback, FormGroup, Input, Label } from 'reactstrap';
import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import X from 'lucide-react/icons/x';

export interface CheckpointChoice {
  uuid: string;
  name: string;
}

/**
 * The round's checkpoints in their order, bound to a Formik list of uuids: add one from the
 * site's checkpoints in use, move one up or down, remove one; every step a button, so the order
 * is set by keyboard as by pointer. Focus stays on the list after a move.
 */
export function CheckpointOrderField({
  name,
  choices,
  known,
}: {
  name: string;
  /** The site's checkpoints in use. */
  choices: readonly CheckpointChoice[];
  /** Names of checkpoints no longer offered (retired) that the round still holds. */
  known: ReadonlyMap<string, string>;
}) {
  const [field, meta, helpers] = useField<string[]>(name);
  const chosen = field.value;
  const problem = meta.touched ? meta.error : undefined;
  const addId = useId();
  const labelId = useId();
  const problemId = useId();
  const [adding, setAdding] = useState('');
  const nameOf = (uuid: string) =>
    choices.find((choice) => choice.uuid === uuid)?.name ?? `${known.get(uuid) ?? uuid} (retired)`;
  const rest = choices.filter((choice) => !chosen.includes(choice.uuid));
  const set = (next: string[]) => {
    void helpers.setTouched(true, false);
    void helpers.setValue(next);
  };
  const move = (index: number, by: -1 | 1) => {
    const next = [...chosen];
    const [item] = next.splice(index, 1);
    if (item === undefined) return;
    next.splice(index + by, 0, item);
    set(next);
  };

  return (
    <fieldset className="mb-3" aria-describedby={problem ? problemId : undefined}>
      <legend id={labelId} className="form-label fs-6">
        Checkpoints, in the order walked
      </legend>
      {chosen.length === 0 ? <p className="text-muted mb-2">None chosen yet.</p> : null}
      <ol className="list-unstyled mb-2" aria-labelledby={labelId}>
        {chosen.map((uuid, index) => (
          <li key={uuid} className="d-flex align-items-center gap-2 mb-1">
            <span className="flex-grow-1">
              {index + 1}. {nameOf(uuid)}
            </span>
            <Button
              size="sm"
              color="light"
              aria-label={`Move ${nameOf(uuid)} up`}
              disabled={index === 0}
              onClick={() => move(index, -1)}
            >
              <ArrowUp size={14} aria-hidden="true" />
            </Button>
            <Button
              size="sm"
              color="light"
              aria-label={`Move ${nameOf(uuid)} down`}
              disabled={index === chosen.length - 1}
              onClick={() => move(index, 1)}
            >
              <ArrowDown size={14} aria-hidden="true" />
            </Button>
            <Button
              size="sm"
              color="light"
              aria-label={`Remove ${nameOf(uuid)}`}
              onClick={() => set(chosen.filter((other) => other !== uuid))}
            >
              <X size={14} aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ol>
      <FormGroup className="d-flex gap-2 align-items-end mb-0">
        <div className="flex-grow-1">
          <Label for={addId}>Add a checkpoint</Label>
          <Input
            id={addId}
            type="select"
            value={adding}
            onChange={(event) => setAdding(event.target.value)}
            invalid={problem !== undefined}
          >
            <option value="">Choose a checkpoint</option>
            {rest.map((choice) => (
              <option key={choice.uuid} value={choice.uuid}>
                {choice.name}
              </option>
            ))}
          </Input>
        </div>
        <Button
          color="secondary"
          outline
          disabled={adding === ''}
          onClick={() => {
            set([...chosen, adding]);
            setAdding('');
          }}
        >
          Add
        </Button>
      </FormGroup>
      {problem ? (
        <FormFeedback id={problemId} className="d-block">
          {problem}
        </FormFeedback>
      ) : null}
    </fieldset>
  );
}
