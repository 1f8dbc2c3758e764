import { useEffect, useState } from 'react';
import { Button, Input, ModalBody, ModalFooter, Table } from 'reactstrap';
import { useAppDispatch } from '../../app/hooks';
import { Dialog } from '../../components/dialog';
import type { AlertPreference, AlertPreferenceBody } from '@contract/alerts';
import { loadAlertPreferences, saveAlertPreference } from './alerts-slice';

type Choice = keyof AlertPreferenceBody;

const CHOICES: Array<{ key: Choice; label: string }> = [
  { key: 'late', label: 'Late' },
  { key: 'no_show', label: 'No-show' },
  { key: 'email', label: 'Email' },
];

/**
 * Which alerts the user gets, per site of theirs: Late, No-show, and whether they also come by
 * email. Each tick is saved at once; a refused save puts the tick back and says why.
 */
export function AlertPreferencesModal({
  isOpen,
  onClose,
}: {
  isOpen: boolean;
  onClose: () => void;
}) {
  const dispatch = useAppDispatch();
  const [rows, setRows] = useState<AlertPreference[] | null>(null);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!isOpen) return;
    setRows(null);
    setStatus('');
    setError(null);
    void dispatch(loadAlertPreferences()).then((outcome) => {
      if (loadAlertPreferences.fulfilled.match(outcome)) setRows(outcome.payload);
      else setError(outcome.payload ?? 'The alert settings could not be loaded.');
    });
  }, [dispatch, isOpen]);

  const change = (row: AlertPreference, key: Choice, value: boolean) => {
    const before = row;
    const after = { ...row, [key]: value };
    setRows(
      (current) =>
        current?.map((r) => (r.residence_uuid === row.residence_uuid ? after : r)) ?? null,
    );
    setStatus('');
    setError(null);
    const body = { late: after.late, no_show: after.no_show, email: after.email };
    void dispatch(saveAlertPreference({ residenceUuid: row.residence_uuid, body })).then(
      (outcome) => {
        if (saveAlertPreference.fulfilled.match(outcome)) {
          setStatus(`Saved for ${row.residence_name}.`);
        } else {
          setRows(
            (current) =>
              current?.map((r) => (r.residence_uuid === row.residence_uuid ? before : r)) ?? null,
          );
          setError(outcome.payload ?? 'The change could not be saved.');
        }
      },
    );
  };

  return (
    <Dialog isOpen={isOpen} toggle={onClose} title="Alert settings" size="lg">
      <ModalBody>
        <p>Choose which alerts you get for each of your sites. Each change is saved at once.</p>
        {rows === null && !error ? <p role="status">Loading your sites…</p> : null}
        {rows && rows.length === 0 ? <p>You have no sites to get alerts for.</p> : null}
        {rows && rows.length > 0 ? (
          <Table size="sm" className="align-middle">
            <caption className="visually-hidden">Alerts per site</caption>
            <thead>
              <tr>
                <th scope="col">Site</th>
                {CHOICES.map((choice) => (
                  <th scope="col" key={choice.key} className="text-center">
                    {choice.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.residence_uuid}>
                  <th scope="row">{row.residence_name}</th>
                  {CHOICES.map((choice) => (
                    <td key={choice.key} className="text-center">
                      <Input
                        type="checkbox"
                        aria-label={`${choice.label} alerts for ${row.residence_name}`}
                        checked={row[choice.key]}
                        onChange={(event) => change(row, choice.key, event.target.checked)}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </Table>
        ) : null}
        <p role="status" className="text-success mb-0">
          {status}
        </p>
        {error ? (
          <p role="alert" className="text-danger mb-0">
            {error}
          </p>
        ) : null}
      </ModalBody>
      <ModalFooter>
        <Button color="primary" onClick={onClose}>
          Done
        </Button>
      </ModalFooter>
    </Dialog>
  );
}
