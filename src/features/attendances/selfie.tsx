import { useState } from 'react';
import { ModalBody, ModalHeader } from 'reactstrap';
import { Dialog } from '../../components/dialog';

/** A selfie thumbnail that opens larger in a small modal of its own. */
export function Selfie({ url, label }: { url: string; label: string }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <button
        type="button"
        className="selfie-button"
        aria-label={`View ${label}`}
        onClick={() => setOpen(true)}
      >
        <img src={url} alt="" className="selfie-thumbnail" />
      </button>
      <Dialog isOpen={open} toggle={close} size="sm" centered>
        <ModalHeader toggle={close}>{label}</ModalHeader>
        <ModalBody>
          <img src={url} alt={label} className="img-fluid rounded" />
        </ModalBody>
      </Dialog>
    </>
  );
}
