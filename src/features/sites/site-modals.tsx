import type { Site } from '@contract/sites';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ConfirmModal } from '../../components/confirm-modal';
import type { SiteRowAction } from './site-columns';
import { SiteFormModal } from './site-form-modal';
import { SiteViewModal } from './site-view-modal';
import { deleteSite, sitesList } from './sites-slice';

export type SiteModal = SiteRowAction | 'add';

export type SiteSavedEvent = 'added' | 'updated' | 'deleted';

export interface SiteModalsProps {
  open: SiteModal | null;
  /** The row the modal is about; kept after closing so the closing fade still shows it. */
  site: Site | null;
  onClose: () => void;
  onDone: (event: SiteSavedEvent) => void;
}

/** Every modal of the sites page, mounted once and driven by one `open` value and the row. */
export function SiteModals({ open, site, onClose, onDone }: SiteModalsProps) {
  const dispatch = useAppDispatch();
  const deleting = useAppSelector(sitesList.selectors.selectLoadingType) === 'delete';
  const name = site?.name ?? '';

  async function confirmDelete() {
    if (site && (await dispatch(deleteSite(site)))) onDone('deleted');
  }

  return (
    <>
      <SiteViewModal isOpen={open === 'view'} site={site} onClose={onClose} />
      <SiteFormModal
        isOpen={open === 'add' || open === 'edit'}
        site={open === 'add' ? null : site}
        onClose={onClose}
        onSaved={() => onDone(open === 'edit' ? 'updated' : 'added')}
      />
      <ConfirmModal
        isOpen={open === 'delete'}
        title="Delete Confirmation"
        body={`Are you sure you want to delete ${name}?`}
        busy={deleting}
        busyText={`Deleting ${name}. Please don't close this window.`}
        onConfirm={() => void confirmDelete()}
        onCancel={onClose}
      />
    </>
  );
}
