import { Badge } from 'reactstrap';

/** Active or Inactive, in words as well as colour. */
export function ActiveBadge({ active }: { active: boolean }) {
  return (
    <Badge color={active ? 'success' : 'secondary'} pill>
      {active ? 'Active' : 'Inactive'}
    </Badge>
  );
}
