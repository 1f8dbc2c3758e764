import Eye from 'lucide-react/icons/eye';
import EyeOff from 'lucide-react/icons/eye-off';
import { Button } from 'reactstrap';
import type { Guard } from '@contract/guards';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import {
  pinHidden,
  revealPin,
  selectRevealedPin,
  selectRevealedUuid,
  selectRevealPending,
} from './pin-reveal-slice';

export const PIN_TEXTS = {
  show: (name: string) => `Show the PIN of ${name}`,
  hide: (name: string) => `Hide the PIN of ${name}`,
  showing: 'Showing...',
  none: '-',
} as const;

/**
 * The User pin column's cell: dots and Show, the PIN once shown (one row at a time), '-' for a
 * guard without one.
 */
export function PinCell({ guard }: { guard: Guard }) {
  const dispatch = useAppDispatch();
  const revealedUuid = useAppSelector(selectRevealedUuid);
  const revealedPin = useAppSelector(selectRevealedPin);
  const pending = useAppSelector(selectRevealPending) === guard.uuid;
  if (!guard.pin_enabled) return <>{PIN_TEXTS.none}</>;
  const shown = revealedUuid === guard.uuid ? revealedPin : null;
  return (
    <span className="d-inline-flex align-items-center gap-1 text-nowrap">
      <span aria-live="polite">{shown ?? (pending ? PIN_TEXTS.showing : '••••••')}</span>
      <Button
        color="link"
        size="sm"
        className="p-0"
        aria-label={shown ? PIN_TEXTS.hide(guard.name) : PIN_TEXTS.show(guard.name)}
        aria-pressed={shown !== null}
        disabled={pending}
        onClick={() => void dispatch(shown ? pinHidden() : revealPin(guard.uuid))}
      >
        {shown ? <EyeOff size={16} aria-hidden="true" /> : <Eye size={16} aria-hidden="true" />}
      </Button>
    </span>
  );
}
