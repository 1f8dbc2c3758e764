import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Plus from 'lucide-react/icons/plus';
import { Button } from 'reactstrap';
import type { Incident } from '@contract/incidents';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { DataTable } from '../../components/data-table';
import { ErrorToast } from '../../components/error-toast';
import { Pagination } from '../../components/pagination';
import { SearchBox } from '../../components/search-box';
import { clearIfShown, SuccessAlert } from '../../components/success-alert';
import { AddIncidentModal } from './add-incident-modal';
import { incidentColumns, SITE_TAB_HIDDEN } from './incident-columns';
import { incidentsList, incidentsSelectors } from './incidents-slice';

const {
  selectRows,
  selectCount,
  selectCountCapped,
  selectPage,
  selectSort,
  selectLoading,
  selectError,
} = incidentsSelectors;

export const incidentPath = (incident: Pick<Incident, 'uuid'>) =>
  `/incidents-view/${incident.uuid}`;

/** The incidents table with search and Add: every incident the user may see, or one site's. */
export function IncidentsList({ residenceUuid }: { residenceUuid?: string }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const rows = useAppSelector(selectRows);
  const count = useAppSelector(selectCount);
  const countCapped = useAppSelector(selectCountCapped);
  const page = useAppSelector(selectPage);
  const sort = useAppSelector(selectSort);
  const loading = useAppSelector(selectLoading);
  const error = useAppSelector(selectError);
  const [adding, setAdding] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const columns = useMemo(
    () => incidentColumns((incident) => navigate(incidentPath(incident))),
    [navigate],
  );

  // Mounting loads afresh, so the list shows what was saved on an incident's page (spec §4).
  useEffect(() => {
    void dispatch(
      incidentsList.changeScope(residenceUuid ? { residence_uuid: residenceUuid } : {}),
    );
  }, [dispatch, residenceUuid]);

  return (
    <>
      <SuccessAlert message={notice} onDone={clearIfShown(setNotice)} />
      <div className="list-toolbar">
        <div className="list-toolbar-search">
          <SearchBox
            placeholder="Search by Site, Reporter Email, Guard ID..."
            onSearch={(text) => void dispatch(incidentsList.submitSearch(text))}
          />
        </div>
        <div className="list-toolbar-actions">
          <Button color="primary" onClick={() => setAdding(true)}>
            <Plus size={16} />
            Add
          </Button>
        </div>
      </div>
      <DataTable<Incident>
        label="Incidents"
        screen={residenceUuid ? 'site-incidents' : 'incidents'}
        hiddenHere={residenceUuid ? SITE_TAB_HIDDEN : undefined}
        columns={columns}
        rows={rows}
        sort={sort}
        loading={loading}
        getRowId={(incident) => incident.uuid}
        onSortChange={(next) => void dispatch(incidentsList.changeSort(next))}
        onRowClick={(incident) => navigate(incidentPath(incident))}
      />
      <Pagination
        page={page}
        count={count}
        countCapped={countCapped}
        onPageChange={(next) => void dispatch(incidentsList.changePage(next))}
        onLastPage={() => void dispatch(incidentsList.lastPage())}
      />
      <AddIncidentModal
        isOpen={adding}
        residenceUuid={residenceUuid}
        onClose={() => setAdding(false)}
        onAdded={() => {
          setAdding(false);
          setNotice('Success Added');
        }}
      />
      <ErrorToast
        message={error}
        onDismiss={() => dispatch(incidentsList.actions.errorDismissed())}
      />
    </>
  );
}
