import { ModalBody } from 'reactstrap';

/** The body of a modal while its write runs: a spinner and the spec's "don't close" text. */
export function BusyView({ text }: { text: string }) {
  return (
    <ModalBody>
      <div role="status" className="d-flex align-items-center gap-2 py-4">
        <span className="spinner-border spinner-border-sm" aria-hidden="true" />
        <span>{text}</span>
      </div>
    </ModalBody>
  );
}
