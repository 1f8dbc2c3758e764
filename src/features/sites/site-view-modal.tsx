import { Button, ModalBody, ModalFooter } from 'reactstrap';
import { Dialog } from '../../components/dialog';
import type { Site } from '@contract/sites';

/** The spec shows GPS coordinates to 7 decimals. */
function coordinateText(value: number | null): string {
  return value === null ? '–' : value.toFixed(7);
}

export interface SiteViewModalProps {
  isOpen: boolean;
  site: Site | null;
  onClose: () => void;
}

/** The View Site modal: cover photo (or a placeholder) and the site's main fields. */
export function SiteViewModal({ isOpen, site, onClose }: SiteViewModalProps) {
  const coverUrl = site?.file?.url ?? null;
  return (
    <Dialog isOpen={isOpen} title="View Site" toggle={onClose} centered>
      <ModalBody>
        {coverUrl ? (
          <img src={coverUrl} alt={`Cover of ${site?.name ?? 'the site'}`} className="site-cover" />
        ) : (
          <div className="site-cover placeholder-photo" role="img" aria-label="No cover photo" />
        )}
        <dl className="site-fields mt-3 mb-0">
          <dt>Name</dt>
          <dd>{site?.name}</dd>
          <dt>Address</dt>
          <dd>{site?.address}</dd>
          <dt>Type</dt>
          <dd>{site?.type}</dd>
          <dt>Lat.</dt>
          <dd>{coordinateText(site?.lat ?? null)}</dd>
          <dt>Long.</dt>
          <dd>{coordinateText(site?.lng ?? null)}</dd>
        </dl>
      </ModalBody>
      <ModalFooter>
        <Button color="primary" onClick={onClose}>
          Ok
        </Button>
      </ModalFooter>
    </Dialog>
  );
}
