import { useEffect, useMemo, useState } from 'react';
import Download from 'lucide-react/icons/download';
import { Button } from 'reactstrap';
import type { AuditEntry } from '@contract/audit';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { DataTable } from '../../components/data-table';
import { ErrorToast } from '../../components/error-toast';
import { ExportModal } from '../../components/export-modal';
import { Pagination } from '../../components/pagination';
import { SearchBox } from '../../components/search-box';
import { auditColumns, HISTORY_HIDDEN } from './audit-columns';
import { AuditEntryPanel } from './audit-entry-panel';
import { AUDIT_FILE_NAME, auditCsv, fetchAllAudit } from './audit-export';
import { AuditFilters } from './audit-filters';
import { applyFilters, auditList, auditSelectors } from './audit-log-slice';
import { AUDIT_TEXT } from './audit-text';

const {
  selectRows,
  selectCount,
  selectCountCapped,
  selectPage,
  selectSort,
  selectSearch,
  selectScope,
  selectLoading,
  selectError,
} = auditSelectors;

/**
 * The audit trail as a table: every entry the user may see, with search and filters (the Audit
 * Log page), or one record's (`entityUuid`, its History) without them. A row, or its View
 * button, opens the entry's side panel.
 */
export function AuditList({ entityUuid }: { entityUuid?: string }) {
  const dispatch = useAppDispatch();
  const rows = useAppSelector(selectRows);
  const count = useAppSelector(selectCount);
  const countCapped = useAppSelector(selectCountCapped);
  const page = useAppSelector(selectPage);
  const sort = useAppSelector(selectSort);
  const search = useAppSelector(selectSearch);
  const scope = useAppSelector(selectScope);
  const loading = useAppSelector(selectLoading);
  const error = useAppSelector(selectError);
  const [exporting, setExporting] = useState(false);
  // The entry stays while the panel fades out, so the closing panel still shows it.
  const [shown, setShown] = useState<{ entry: AuditEntry | null; open: boolean }>({
    entry: null,
    open: false,
  });
  const columns = useMemo(() => auditColumns((entry) => setShown({ entry, open: true })), []);
  const history = entityUuid !== undefined;

  // Mounting starts afresh: the page without filters, a History with its record alone.
  useEffect(() => {
    void dispatch(auditList.changeScope(entityUuid ? { entity_uuid: entityUuid } : {}));
  }, [dispatch, entityUuid]);

  return (
    <>
      <div className="list-toolbar">
        {history ? null : (
          <div className="list-toolbar-search">
            <SearchBox
              placeholder={AUDIT_TEXT.searchPlaceholder}
              onSearch={(text) => void dispatch(auditList.submitSearch(text))}
            />
          </div>
        )}
        <div className="list-toolbar-actions">
          <Button color="primary" outline onClick={() => setExporting(true)}>
            <Download size={16} />
            Export
          </Button>
        </div>
      </div>
      {history ? null : (
        <AuditFilters onApply={(filters) => void dispatch(applyFilters(filters))} />
      )}
      <DataTable<AuditEntry>
        label={history ? AUDIT_TEXT.historyTab : AUDIT_TEXT.title}
        screen={history ? 'record-history' : 'audit-log'}
        hiddenHere={history ? HISTORY_HIDDEN : undefined}
        columns={columns}
        rows={rows}
        sort={sort}
        loading={loading}
        getRowId={(entry) => entry.uuid}
        onSortChange={(next) => void dispatch(auditList.changeSort(next))}
        onRowClick={(entry) => setShown({ entry, open: true })}
      />
      <Pagination
        page={page}
        count={count}
        countCapped={countCapped}
        onPageChange={(next) => void dispatch(auditList.changePage(next))}
        onLastPage={() => void dispatch(auditList.lastPage())}
      />
      <AuditEntryPanel
        entry={shown.entry}
        isOpen={shown.open}
        onClose={() => setShown((current) => ({ ...current, open: false }))}
      />
      <ExportModal
        isOpen={exporting}
        onClose={() => setExporting(false)}
        fileName={AUDIT_FILE_NAME}
        pageRows={rows}
        fetchAll={(signal, onProgress) =>
          fetchAllAudit({ sort, search, scope }, signal, onProgress)
        }
        toCsv={auditCsv}
      />
      <ErrorToast message={error} onDismiss={() => dispatch(auditList.actions.errorDismissed())} />
    </>
  );
}
