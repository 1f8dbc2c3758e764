import type { ReactNode } from 'react';
import { Button } from 'reactstrap';

/**
 * A kiosk form's last row: its problem or its progress when there is one, a way back, and the
 * submit button; both buttons wait while the form is sent.
 */
export function KioskFormActions({
  problem,
  progress,
  busy,
  backLabel,
  onBack,
  submitLabel,
  submitDisabled = false,
}: {
  /** What the server refused, in its words. */
  problem?: ReactNode;
  /** Said while `busy`, e.g. 'Sending the report...'. */
  progress?: string;
  busy: boolean;
  backLabel: string;
  onBack: () => void;
  submitLabel: string;
  submitDisabled?: boolean;
}) {
  return (
    <>
      {problem ? (
        <p role="alert" className="kiosk-error">
          {problem}
        </p>
      ) : null}
      {busy && progress ? (
        <p role="status" className="kiosk-lead">
          {progress}
        </p>
      ) : null}
      <div className="kiosk-actions">
        <Button
          type="button"
          color="secondary"
          outline
          size="lg"
          className="kiosk-button"
          disabled={busy}
          onClick={onBack}
        >
          {backLabel}
        </Button>
        <Button
          type="submit"
          color="primary"
          size="lg"
          className="kiosk-button"
          disabled={busy || submitDisabled}
        >
          {submitLabel}
        </Button>
      </div>
    </>
  );
}
