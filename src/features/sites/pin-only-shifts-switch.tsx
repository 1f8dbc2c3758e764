import { useId, useState } from 'react';
import { FormGroup, Input, Label } from 'reactstrap';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { Site } from '@contract/sites';
import { selectRole } from '../../app/session/session-slice';
import { setPinOnlyShifts } from './site-details-slice';

export const PIN_ONLY_TEXTS = {
  label: 'Allow shifts without a selfie (PIN only)',
  hint: 'For a kiosk without a camera: guards start and end shifts with their PIN alone, and those shifts show "No selfie".',
  on: 'Guards may start and end shifts here with their PIN alone.',
  off: 'Guards take a selfie to start and end shifts here.',
} as const;

/**
 * Whether guards may start and end shifts at the site with their PIN alone: the company's choice
 * (and the superadmin's), saved as it is switched; a supervisor sees it.
 */
export function PinOnlyShiftsSwitch({ site }: { site: Site }) {
  const dispatch = useAppDispatch();
  const role = useAppSelector(selectRole);
  const id = useId();
  const hintId = useId();
  const [saving, setSaving] = useState(false);
  const on = site.pin_only_shifts === 1;

  if (role === 'sitesupervisor') {
    return <p className="mb-3">{on ? PIN_ONLY_TEXTS.on : PIN_ONLY_TEXTS.off}</p>;
  }

  async function toggle(next: boolean) {
    setSaving(true);
    await dispatch(setPinOnlyShifts({ uuid: site.uuid, on: next }));
    setSaving(false);
  }

  return (
    <FormGroup switch className="mb-3">
      <Input
        id={id}
        type="switch"
        role="switch"
        checked={on}
        disabled={saving}
        aria-describedby={hintId}
        onChange={(event) => void toggle(event.target.checked)}
      />
      <Label for={id} check>
        {PIN_ONLY_TEXTS.label}
      </Label>
      <div id={hintId} className="form-text">
        {PIN_ONLY_TEXTS.hint}
      </div>
    </FormGroup>
  );
}
