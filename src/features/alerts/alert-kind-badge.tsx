import { Badge } from 'reactstrap';
import type { AlertKind } from '@contract/alerts';
import { ALERT_KIND_COLORS, ALERT_KIND_LABELS } from './alert-words';

/** An alert's kind in words, on its colour (dark text on the light warning colour). */
export function AlertKindBadge({ kind }: { kind: AlertKind }) {
  const color = ALERT_KIND_COLORS[kind];
  return (
    <Badge color={color} className={color === 'warning' ? 'text-dark' : undefined}>
      {ALERT_KIND_LABELS[kind]}
    </Badge>
  );
}
