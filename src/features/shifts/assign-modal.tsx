import type { FormikHelpers } from 'formik';
import { useState } from 'react';
import { Alert, Button } from 'reactstrap';
import * as shiftsApi from '../../api/shifts';
import { useAppDispatch } from '../../app/hooks';
import { ConfirmModal } from '../../components/confirm-modal';
import { SelectInput } from '../../components/form-fields';
import { FormModal } from '../../components/form-modal';
import type { Shift } from '@contract/shifts';
import { isCancelled, longDay, shiftTimes, type RosterCell, type RosterRow } from './roster-week';
import { ROSTER_TEXT } from './roster-text';
import { rosterWrite, type RosterGuard } from './shifts-slice';

interface AssignValues {
  /** Each place's guard uuid, '' for open, in the cell's order. */
  slots: string[];
}

const OPEN = '';

function placeLabel(row: RosterRow, shift: Shift): string {
  const place = `Place ${shift.slot + 1}`;
  return row.times ? place : `${shift.name} ${shiftTimes(shift)}, ${place.toLowerCase()}`;
}

export interface AssignModalProps {
  row: RosterRow | null;
  cell: RosterCell | null;
  guards: RosterGuard[];
  onClose: () => void;
}

/**
 * A cell's places, each with its guard: choose one of the site's guards, or none (open). Saving
 * changes only the places that changed, one by one; a place the server refuses (a guard already on
 * another shift at that time) shows why at its field and keeps every choice made. Warnings that do
 * not block (a guard's hours that week) are shown in the dialog, which stays open to show them.
 */
export function AssignModal({ row, cell, guards, onClose }: AssignModalProps) {
  const dispatch = useAppDispatch();
  const [saving, setSaving] = useState(false);
  const [warnings, setWarnings] = useState<string[]>([]);
  const [cancelling, setCancelling] = useState<Shift | null>(null);
  const [cancelBusy, setCancelBusy] = useState(false);
  const [cancelError, setCancelError] = useState<string | null>(null);
  const shifts = cell?.shifts ?? [];

  function close() {
    setWarnings([]);
    setCancelError(null);
    onClose();
  }

  async function submit(values: AssignValues, helpers: FormikHelpers<AssignValues>) {
    helpers.setStatus(null);
    setWarnings([]);
    setSaving(true);
    const said: string[] = [];
    for (const [index, shift] of shifts.entries()) {
      const chosen = values.slots[index] ?? OPEN;
      if (isCancelled(shift) || chosen === (shift.guard_uuid ?? OPEN)) continue;
      const outcome = await dispatch(
        rosterWrite(() => shiftsApi.assign(shift.uuid, chosen === OPEN ? null : chosen)),
      );
      if (!outcome.ok) {
        setSaving(false);
        setWarnings(said);
        if (outcome.refusal) {
          void helpers.setFieldTouched(`slots.${index}`, true, false);
          helpers.setFieldError(`slots.${index}`, outcome.refusal.message);
        } else {
          helpers.setStatus(outcome.message);
        }
        return;
      }
      said.push(...outcome.value.warnings);
    }
    setSaving(false);
    if (said.length > 0) setWarnings(said);
    else close();
  }

  async function cancelShift() {
    if (!cancelling) return;
    setCancelBusy(true);
    const outcome = await dispatch(rosterWrite(() => shiftsApi.cancel(cancelling.uuid)));
    setCancelBusy(false);
    setCancelling(null);
    if (!outcome.ok) setCancelError(outcome.message);
  }

  const guardOptions = (current: Shift) => {
    const known = guards.some((guard) => guard.uuid === current.guard_uuid);
    // A guard since taken off the site keeps the place they have until it is changed.
    const extra =
      current.guard_uuid && !known ? [{ uuid: current.guard_uuid, name: current.guard_name }] : [];
    return [...guards, ...extra];
  };

  return (
    <>
      <FormModal<AssignValues>
        isOpen={row !== null && cell !== null}
        title={row && cell ? `${row.name}, ${longDay(cell.date)}` : ''}
        saving={saving}
        busyText="Saving the roster. Please don't close this window."
        onClose={close}
        initialValues={{ slots: shifts.map((shift) => shift.guard_uuid ?? OPEN) }}
        validationSchema={undefined}
        onSubmit={submit}
        submitLabel="Save"
      >
        {({ setFieldValue, values }) => (
          <>
            {warnings.length > 0 ? (
              <Alert color="warning" fade={false} role="status">
                <p className="mb-1 fw-semibold">Saved, with a warning:</p>
                <ul className="mb-0">
                  {warnings.map((warning) => (
                    <li key={warning}>{warning}</li>
                  ))}
                </ul>
              </Alert>
            ) : null}
            {cancelError ? (
              <Alert color="danger" fade={false}>
                {cancelError}
              </Alert>
            ) : null}
            {shifts.map((shift, index) =>
              isCancelled(shift) ? (
                <p key={shift.uuid} className="text-body-secondary">
                  {row ? placeLabel(row, shift) : ''}: cancelled
                </p>
              ) : (
                <div key={shift.uuid} className="d-flex gap-2 align-items-start flex-wrap">
                  <div className="flex-grow-1">
                    <SelectInput name={`slots.${index}`} label={row ? placeLabel(row, shift) : ''}>
                      <option value={OPEN}>{ROSTER_TEXT.openPlace}</option>
                      {guardOptions(shift).map((guard) => (
                        <option key={guard.uuid} value={guard.uuid}>
                          {guard.name}
                        </option>
                      ))}
                    </SelectInput>
                  </div>
                  <div className="d-flex gap-2 roster-place-actions">
                    <Button
                      type="button"
                      color="secondary"
                      outline
                      disabled={values.slots[index] === OPEN}
                      onClick={() => void setFieldValue(`slots.${index}`, OPEN)}
                    >
                      Unassign
                      <span className="visually-hidden"> {row ? placeLabel(row, shift) : ''}</span>
                    </Button>
                    <Button
                      type="button"
                      color="danger"
                      outline
                      onClick={() => {
                        setCancelError(null);
                        setCancelling(shift);
                      }}
                    >
                      Cancel shift
                      <span className="visually-hidden"> {row ? placeLabel(row, shift) : ''}</span>
                    </Button>
                  </div>
                </div>
              ),
            )}
          </>
        )}
      </FormModal>
      <ConfirmModal
        isOpen={cancelling !== null}
        title="Cancel Shift"
        body={
          cancelling
            ? `Cancel ${cancelling.name} ${shiftTimes(cancelling)} on ${longDay(cancelling.date)}, place ${cancelling.slot + 1}${cancelling.guard_name ? ` (${cancelling.guard_name})` : ''}? It cannot be undone.`
            : ''
        }
        confirmLabel="Cancel shift"
        cancelLabel="Keep shift"
        busy={cancelBusy}
        busyText="Cancelling the shift. Please don't close this window."
        onConfirm={() => void cancelShift()}
        onCancel={() => setCancelling(null)}
      />
    </>
  );
}
