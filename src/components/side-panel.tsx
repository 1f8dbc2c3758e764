import type { ReactNode } from 'react';
import { Button, ModalBody, ModalFooter } from 'reactstrap';
import { Dialog } from './dialog';
import './side-panel.css';

export interface SidePanelProps {
  isOpen: boolean;
  title: string;
  onClose: () => void;
  /** Runs once the panel has faded out, for a caller that keeps its row until then. */
  onClosed?: () => void;
  children: ReactNode;
}

/**
 * A record's details beside its list: a Dialog drawn at the window's end edge, its full height,
 * so it keeps the Dialog's focus rules (focus moves in, stays in, returns to what opened it;
 * Escape closes it), including when it opens over another dialog.
 */
export function SidePanel({ isOpen, title, onClose, onClosed, children }: SidePanelProps) {
  return (
    <Dialog
      isOpen={isOpen}
      title={title}
      toggle={onClose}
      onClosed={onClosed}
      className="side-panel"
      scrollable
    >
      {/* Focusable, so a long change (a browser's user agent, many fields) scrolls by keyboard. */}
      <ModalBody tabIndex={0} role="region" aria-label={title}>
        {children}
      </ModalBody>
      <ModalFooter>
        <Button color="secondary" outline onClick={onClose}>
          Close
        </Button>
      </ModalFooter>
    </Dialog>
  );
}
