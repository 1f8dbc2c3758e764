import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import Download from 'lucide-react/icons/download';
import { Button, ButtonGroup } from 'reactstrap';
import type { VisitorPresence } from '../../api/visitors';
import type { VisitorRow } from '@contract/visitors';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { DataTable } from '../../components/data-table';
import { ErrorToast } from '../../components/error-toast';
import { ExportModal } from '../../components/export-modal';
import { Pagination } from '../../components/pagination';
import { SearchBox } from '../../components/search-box';
import { VISITOR_NARROW_ROW_HEIGHT } from '../../lib/constants';
import { SITE_TAB_HIDDEN, visitorColumns } from './visitor-columns';
import { fetchAllVisitors, VISITORS_FILE_NAME, visitorsCsv } from './visitor-export';
import { QUICK_FILTERS } from './visitor-quick-filters';
import { visitorsList, visitorsSelectors } from './visitors-slice';

/** The list's fixed filters, keyed as VisitorScope says. */
function scopeOf(
  residenceUuid: string | undefined,
  presence: VisitorPresence | null,
): Record<string, string> {
  const scope: Record<string, string> = {};
  if (residenceUuid) scope.residence_uuid = residenceUuid;
  if (presence) scope.presence = presence;
  return scope;
}

/**
 * The visitor passes with search, quick filters and export: every pass the user may see, or one
 * site's. `actions` go beside Export (the page's Scan Pass).
 */
export function VisitorsList({
  residenceUuid,
  initialPresence = null,
  actions,
}: {
  residenceUuid?: string;
  /** The quick filter the list opens on. */
  initialPresence?: VisitorPresence | null;
  actions?: ReactNode;
}) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const rows = useAppSelector(visitorsSelectors.selectRows);
  const count = useAppSelector(visitorsSelectors.selectCount);
  const countCapped = useAppSelector(visitorsSelectors.selectCountCapped);
  const page = useAppSelector(visitorsSelectors.selectPage);
  const sort = useAppSelector(visitorsSelectors.selectSort);
  const search = useAppSelector(visitorsSelectors.selectSearch);
  const scope = useAppSelector(visitorsSelectors.selectScope);
  const loading = useAppSelector(visitorsSelectors.selectLoading);
  const error = useAppSelector(visitorsSelectors.selectError);
  const [presence, setPresence] = useState<VisitorPresence | null>(initialPresence);
  const [exporting, setExporting] = useState(false);

  // A quick filter is a new list, as a new site is: page 1 and no search (the factory's scope).
  useEffect(() => {
    void dispatch(visitorsList.changeScope(scopeOf(residenceUuid, presence)));
  }, [dispatch, residenceUuid, presence]);

  return (
    <>
      <div className="list-toolbar">
        <div className="list-toolbar-search">
          {/* Remounted empty with each quick filter, whose new list starts without a search. */}
          <SearchBox
            key={presence ?? 'all'}
            placeholder="Search by Site, Category, Name, Car Plate, Validity..."
            onSearch={(text) => void dispatch(visitorsList.submitSearch(text))}
          />
        </div>
        <div className="list-toolbar-actions">
          <Button color="primary" outline onClick={() => setExporting(true)}>
            <Download size={16} />
            Export
          </Button>
          {actions}
        </div>
      </div>
      <ButtonGroup aria-label="Quick filters" size="sm" className="visitor-quick-filters mb-3">
        {QUICK_FILTERS.map((filter) => (
          <Button
            key={filter.label}
            color="primary"
            outline={filter.presence !== presence}
            aria-pressed={filter.presence === presence}
            onClick={() => setPresence(filter.presence)}
          >
            {filter.label}
          </Button>
        ))}
      </ButtonGroup>
      <DataTable<VisitorRow>
        label="Visitors"
        screen={residenceUuid ? 'site-visitors' : 'visitors'}
        hiddenHere={residenceUuid ? SITE_TAB_HIDDEN : undefined}
        columns={visitorColumns}
        narrowRowHeight={VISITOR_NARROW_ROW_HEIGHT}
        rows={rows}
        sort={sort}
        loading={loading}
        getRowId={(row) => row.uuid}
        onSortChange={(next) => void dispatch(visitorsList.changeSort(next))}
        onRowClick={(row) => navigate(`/visitor-details/${row.uuid}`)}
      />
      <Pagination
        page={page}
        count={count}
        countCapped={countCapped}
        onPageChange={(next) => void dispatch(visitorsList.changePage(next))}
        onLastPage={() => void dispatch(visitorsList.lastPage())}
      />
      <ExportModal
        isOpen={exporting}
        onClose={() => setExporting(false)}
        fileName={VISITORS_FILE_NAME}
        pageRows={rows}
        fetchAll={(signal, onProgress) =>
          fetchAllVisitors({ sort, search, scope }, signal, onProgress)
        }
        toCsv={visitorsCsv}
      />
      <ErrorToast
        message={error}
        onDismiss={() => dispatch(visitorsList.actions.errorDismissed())}
      />
    </>
  );
}
