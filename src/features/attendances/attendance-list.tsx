import { useEffect, useState } from 'react';
import Download from 'lucide-react/icons/download';
import { Button } from 'reactstrap';
import type { Attendance } from '@contract/attendances';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { DataTable } from '../../components/data-table';
import { ErrorToast } from '../../components/error-toast';
import { ExportModal } from '../../components/export-modal';
import { Pagination } from '../../components/pagination';
import { SearchBox } from '../../components/search-box';
import { ATTENDANCE_ROW_HEIGHT } from '../../lib/constants';
import { attendanceColumns, attendanceHidden, attendanceScreen } from './attendance-columns';
import { ATTENDANCE_FILE_NAME, attendanceCsv, fetchAllAttendances } from './attendance-export';
import { attendancesList } from './attendances-slice';

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
} = attendancesList.selectors;

/** Attendance with search and export: everyone's, one guard's, or one site's. */
export function AttendanceList({
  guardUuid,
  residenceUuid,
}: {
  guardUuid?: string;
  residenceUuid?: string;
}) {
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

  useEffect(() => {
    const next: Record<string, string> = {};
    if (guardUuid) next.kg_guard_uuid = guardUuid;
    if (residenceUuid) next.residence_uuid = residenceUuid;
    void dispatch(attendancesList.changeScope(next));
  }, [dispatch, guardUuid, residenceUuid]);

  return (
    <>
      <div className="list-toolbar">
        <div className="list-toolbar-search">
          <SearchBox
            placeholder="Search by Guard ID, Name, Site..."
            onSearch={(text) => void dispatch(attendancesList.submitSearch(text))}
          />
        </div>
        <div className="list-toolbar-actions">
          <Button color="primary" outline onClick={() => setExporting(true)}>
            <Download size={16} />
            Export
          </Button>
        </div>
      </div>
      <DataTable<Attendance>
        label="Attendance"
        screen={attendanceScreen(guardUuid, residenceUuid)}
        hiddenHere={attendanceHidden(guardUuid, residenceUuid)}
        columns={attendanceColumns}
        rows={rows}
        sort={sort}
        loading={loading}
        rowHeight={ATTENDANCE_ROW_HEIGHT}
        getRowId={(row) => row.uuid}
        onSortChange={(next) => void dispatch(attendancesList.changeSort(next))}
      />
      <Pagination
        page={page}
        count={count}
        countCapped={countCapped}
        onPageChange={(next) => void dispatch(attendancesList.changePage(next))}
        onLastPage={() => void dispatch(attendancesList.lastPage())}
      />
      <ExportModal
        isOpen={exporting}
        onClose={() => setExporting(false)}
        fileName={ATTENDANCE_FILE_NAME}
        pageRows={rows}
        fetchAll={(signal, onProgress) =>
          fetchAllAttendances({ sort, search, scope }, signal, onProgress)
        }
        toCsv={attendanceCsv}
      />
      <ErrorToast
        message={error}
        onDismiss={() => dispatch(attendancesList.actions.errorDismissed())}
      />
    </>
  );
}
