import { useId } from 'react';
import { FormGroup, Input, Label } from 'reactstrap';
import type { SiteOption } from '../api/sites';

/** The Site select of a screen that shows one site at a time (Roster, Patrols). */
export function SitePicker({
  sites,
  value,
  onChange,
  className,
}: {
  sites: readonly SiteOption[];
  value: string;
  onChange: (siteUuid: string) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <FormGroup className={className}>
      <Label for={id}>Site</Label>
      <Input id={id} type="select" value={value} onChange={(event) => onChange(event.target.value)}>
        {sites.map((option) => (
          <option key={option.uuid} value={option.uuid}>
            {option.name}
          </option>
        ))}
      </Input>
    </FormGroup>
  );
}
