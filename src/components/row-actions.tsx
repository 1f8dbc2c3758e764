import { Button } from 'reactstrap';

export interface RowAction {
  /** The visible word: View, Edit or Delete. */
  label: string;
  onClick: () => void;
  danger?: boolean;
}

/**
 * The buttons of a table row's Actions cell, the same on every list. `subject` names the row for
 * screen readers ("Edit Aisyah"). The data table ignores clicks on buttons, so these never open the row.
 */
export function RowActions({ actions, subject }: { actions: RowAction[]; subject: string }) {
  return (
    <div className="d-flex gap-1">
      {actions.map((action) => (
        <Button
          key={action.label}
          size="sm"
          color="light"
          className={action.danger ? 'text-danger' : undefined}
          aria-label={`${action.label} ${subject}`}
          onClick={action.onClick}
        >
          {action.label}
        </Button>
      ))}
    </div>
  );
}
