import { useState, type ReactNode } from 'react';
import { Col, ModalBody, Row } from 'reactstrap';
import { Dialog } from '../../components/dialog';

/**
 * A selfie thumbnail that opens large: the photo as big as the screen allows, with what the
 * caller says about it (the time and the location) beside it.
 */
export function Selfie({
  url,
  label,
  children,
}: {
  url: string;
  label: string;
  children: ReactNode;
}) {
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
      <Dialog isOpen={open} title={label} toggle={close} size="xl" centered>
        <ModalBody>
          <Row className="g-4 align-items-center">
            <Col lg={8}>
              <img src={url} alt={label} className="photo-large rounded" />
            </Col>
            <Col lg={4}>{children}</Col>
          </Row>
        </ModalBody>
      </Dialog>
    </>
  );
}
