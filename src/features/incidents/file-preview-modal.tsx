import { ModalBody } from 'reactstrap';
import { Dialog } from '../../components/dialog';
import type { IncidentFile } from '@contract/incidents';
import { isVideo } from './incident-text';

export interface FilePreviewModalProps {
  isOpen: boolean;
  /** Kept after closing, so the modal fades out with its content. */
  file: IncidentFile | null;
  onClose: () => void;
}

/** A photo enlarged, or a video played with the browser's controls (the server serves byte ranges). */
export function FilePreviewModal({ isOpen, file, onClose }: FilePreviewModalProps) {
  return (
    <Dialog
      isOpen={isOpen && file !== null}
      title={file?.filename}
      toggle={onClose}
      size="xl"
      centered
    >
      <ModalBody>
        {file && isVideo(file.mime_type) ? (
          <video src={file.url} controls autoPlay className="photo-large">
            {file.filename}
          </video>
        ) : null}
        {file && !isVideo(file.mime_type) ? (
          <img src={file.url} alt={file.filename} className="photo-large" />
        ) : null}
      </ModalBody>
    </Dialog>
  );
}
