import { Toast, ToastBody, ToastHeader } from 'reactstrap';

export interface ErrorToastProps {
  /** The error text to show (see errorText in src/api/client.ts); null hides the toast. */
  message: string | null;
  onDismiss: () => void;
}

/** The red popup list screens use for failed calls (spec part 1 §8), pinned under the header. */
export function ErrorToast({ message, onDismiss }: ErrorToastProps) {
  if (message === null) return null;
  return (
    // Below the header, so the user menu stays in reach, and above reactstrap modals so an error
    // raised from a modal stays visible (.toast-region in styles.css).
    <div className="toast-region">
      {/* reactstrap's Toast carries role="alert", so the message is announced when it appears. */}
      <Toast fade={false} className="text-bg-danger border-0" style={{ width: 350 }}>
        <ToastHeader toggle={onDismiss} closeAriaLabel="Dismiss error">
          Error
        </ToastHeader>
        <ToastBody>{message}</ToastBody>
      </Toast>
    </div>
  );
}
