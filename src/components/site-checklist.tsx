import { useId } from 'react';
import { FormFeedback, FormGroup, Input, Label, Spinner } from 'reactstrap';

export interface ChecklistSite {
  uuid: string;
  name: string;
}

export interface SiteChecklistProps {
  legend: string;
  sites: ChecklistSite[];
  loading: boolean;
  /** Why the sites could not be loaded, if they could not. */
  loadError?: string | null;
  /** Said when there is nothing to choose from. */
  emptyText: string;
  value: string[];
  onChange: (value: string[]) => void;
  disabled?: boolean;
  error?: string | null;
}

/** A multi-select of sites as a list of checkboxes: every choice visible, each one a click or Space. */
export function SiteChecklist({
  legend,
  sites,
  loading,
  loadError,
  emptyText,
  value,
  onChange,
  disabled,
  error,
}: SiteChecklistProps) {
  const idPrefix = useId();
  function toggle(uuid: string, chosen: boolean) {
    const others = value.filter((other) => other !== uuid);
    onChange(chosen ? [...others, uuid] : others);
  }
  return (
    <fieldset className="mb-3" disabled={disabled}>
      <legend className="form-label fs-6 mb-2">{legend}</legend>
      {loading ? <Spinner size="sm" aria-label="Loading sites" /> : null}
      {loadError ? (
        <p className="small text-danger mb-0">Sites could not be loaded: {loadError}</p>
      ) : null}
      {!loading && !loadError && sites.length === 0 ? (
        <p className="text-muted small mb-0">{emptyText}</p>
      ) : null}
      <div className="site-checklist">
        {sites.map((site) => (
          <FormGroup check key={site.uuid}>
            <Input
              id={`${idPrefix}-${site.uuid}`}
              type="checkbox"
              checked={value.includes(site.uuid)}
              onChange={(event) => toggle(site.uuid, event.target.checked)}
            />
            <Label check for={`${idPrefix}-${site.uuid}`}>
              {site.name}
            </Label>
          </FormGroup>
        ))}
      </div>
      {error ? <FormFeedback className="d-block">{error}</FormFeedback> : null}
    </fieldset>
  );
}
