import { Badge } from 'reactstrap';
import type { IncidentStatus } from '@rules/incidents';

/** Spec part 2 §4: PENDING red, RESOLVED green; the word itself is shown, so colour is not alone. */
export const STATUS_COLOR: Record<IncidentStatus, 'danger' | 'success'> = {
  PENDING: 'danger',
  RESOLVED: 'success',
};

export function IncidentStatusBadge({ status }: { status: IncidentStatus }) {
  return <Badge color={STATUS_COLOR[status]}>{status}</Badge>;
}
