import { Badge } from 'reactstrap';
import type { ShiftState } from '@contract/shifts';
import { SHIFT_STATE_COLORS, stateLabel } from './shift-words';

/** A shift's state in words, on its colour. */
export function ShiftStateBadge({ state }: { state: ShiftState | 'unplanned' }) {
  const color = SHIFT_STATE_COLORS[state];
  return (
    <Badge
      color={color}
      className={color === 'warning' || color === 'info' ? 'text-dark' : undefined}
    >
      {stateLabel(state)}
    </Badge>
  );
}
