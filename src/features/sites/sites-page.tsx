import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Plus from 'lucide-react/icons/plus';
import { Button } from 'reactstrap';
import type { Site } from '@contract/sites';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { DataTable } from '../../components/data-table';
import { ErrorToast } from '../../components/error-toast';
import { Pagination } from '../../components/pagination';
import { SearchBox } from '../../components/search-box';
import { clearIfShown, SuccessAlert } from '../../components/success-alert';
import { selectRole } from '../../app/session/session-slice';
import { siteColumns } from './site-columns';
import { SiteModals, type SiteModal, type SiteSavedEvent } from './site-modals';
import { errorDismissed, sitesList } from './sites-slice';

const SUCCESS_TEXT: Record<SiteSavedEvent, string> = {
  added: 'Success Added',
  updated: 'Success Updated',
  deleted: 'Success Deleted',
};

/** The spec's route; 'null' stands in for a site without a security company. */
function siteDetailsPath(site: Site): string {
  return `/site-details/${site.uuid}/${site.security_company_uuid ?? 'null'}`;
}

const { selectors } = sitesList;

export function SitesPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const canManage = useAppSelector(selectRole) === 'superadmin';
  const rows = useAppSelector(selectors.selectRows);
  const count = useAppSelector(selectors.selectCount);
  const page = useAppSelector(selectors.selectPage);
  const sort = useAppSelector(selectors.selectSort);
  const search = useAppSelector(selectors.selectSearch);
  const loading = useAppSelector(selectors.selectLoading);
  const error = useAppSelector(selectors.selectError);

  const [open, setOpen] = useState<SiteModal | null>(null);
  const [current, setCurrent] = useState<Site | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  useEffect(() => {
    void dispatch(sitesList.load());
  }, [dispatch]);

  const openModal = useCallback((modal: SiteModal, site: Site | null) => {
    setCurrent(site);
    setOpen(modal);
  }, []);

  const columns = useMemo(
    () => siteColumns({ canManage, onAction: openModal }),
    [canManage, openModal],
  );

  function finished(event: SiteSavedEvent) {
    setOpen(null);
    setSuccess(SUCCESS_TEXT[event]);
  }

  return (
    <section>
      <h1 className="page-title">Sites</h1>
      <div className="list-toolbar">
        <div className="list-toolbar-search">
          <SearchBox
            placeholder="Search by ID, Name..."
            initialValue={search}
            onSearch={(text) => void dispatch(sitesList.submitSearch(text))}
          />
        </div>
        <div className="list-toolbar-actions">
          {canManage ? (
            <Button color="primary" onClick={() => openModal('add', null)}>
              <Plus size={16} />
              Add
            </Button>
          ) : null}
        </div>
      </div>
      <SuccessAlert message={success} onDone={clearIfShown(setSuccess)} />
      <DataTable
        label="Sites"
        screen="sites"
        columns={columns}
        rows={rows}
        sort={sort}
        onSortChange={(next) => void dispatch(sitesList.changeSort(next))}
        onRowClick={(site) => navigate(siteDetailsPath(site))}
        loading={loading}
        getRowId={(site) => site.uuid}
      />
      <Pagination
        page={page}
        count={count}
        onPageChange={(next) => void dispatch(sitesList.changePage(next))}
      />
      <SiteModals open={open} site={current} onClose={() => setOpen(null)} onDone={finished} />
      <ErrorToast message={error} onDismiss={() => dispatch(errorDismissed())} />
    </section>
  );
}
