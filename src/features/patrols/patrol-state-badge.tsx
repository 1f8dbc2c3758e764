import { Badge } from 'reactstrap';
import type { PatrolState } from '@contract/patrols';
import { PATROL_STATE_COLORS, patrolStateLabel } from './patrol-words';

/** A patrol's state in words, on its colour. */
export function PatrolStateBadge({ state }: { state: PatrolState }) {
  const color = PATROL_STATE_COLORS[state];
  return (
    <Badge
      color={color}
      className={color === 'warning' || color === 'info' ? 'text-dark' : undefined}
    >
      {patrolStateLabel(state)}
    </Badge>
  );
}
