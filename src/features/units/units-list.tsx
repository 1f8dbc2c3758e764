import { useEffect, useMemo, useState } from 'react';
import type { Unit } from '@contract/units';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { DataTable } from '../../components/data-table';
import { ErrorToast } from '../../components/error-toast';
import { Pagination } from '../../components/pagination';
import { SearchBox } from '../../components/search-box';
import { clearIfShown, SuccessAlert } from '../../components/success-alert';
import { unitColumns } from './unit-columns';
import { UnitFormModal } from './unit-form-modal';
import { unitsList, unitsSelectors } from './units-slice';

const {
  selectRows,
  selectCount,
  selectCountCapped,
  selectPage,
  selectSort,
  selectLoading,
  selectError,
} = unitsSelectors;

/**
 * A site's units (its details page, Units tab): owner and contact number, which the guards at the
 * site read in the guard app's unit directory to call a unit.
 */
export function UnitsList({ residenceUuid }: { residenceUuid: string }) {
  const dispatch = useAppDispatch();
  const rows = useAppSelector(selectRows);
  const count = useAppSelector(selectCount);
  const countCapped = useAppSelector(selectCountCapped);
  const page = useAppSelector(selectPage);
  const sort = useAppSelector(selectSort);
  const loading = useAppSelector(selectLoading);
  const error = useAppSelector(selectError);
  const [editing, setEditing] = useState(false);
  // Kept after closing, so the closing fade still names it.
  const [chosen, setChosen] = useState<Unit | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const columns = useMemo(
    () =>
      unitColumns((unit) => {
        setChosen(unit);
        setEditing(true);
      }),
    [],
  );

  useEffect(() => {
    void dispatch(unitsList.changeScope({ residence_uuid: residenceUuid }));
  }, [dispatch, residenceUuid]);

  return (
    <>
      <SuccessAlert message={notice} onDone={clearIfShown(setNotice)} />
      <div className="list-toolbar">
        <div className="list-toolbar-search">
          <SearchBox
            placeholder="Search by Unit, Owner, Contact Number..."
            onSearch={(text) => void dispatch(unitsList.submitSearch(text))}
          />
        </div>
      </div>
      <DataTable<Unit>
        label="Units"
        columns={columns}
        rows={rows}
        sort={sort}
        loading={loading}
        getRowId={(unit) => unit.uuid}
        onSortChange={(next) => void dispatch(unitsList.changeSort(next))}
      />
      <Pagination
        page={page}
        count={count}
        countCapped={countCapped}
        onPageChange={(next) => void dispatch(unitsList.changePage(next))}
        onLastPage={() => void dispatch(unitsList.lastPage())}
      />
      <UnitFormModal
        isOpen={editing}
        unit={chosen}
        onClose={() => setEditing(false)}
        onSaved={() => {
          setEditing(false);
          setNotice('Success Edited');
        }}
      />
      <ErrorToast message={error} onDismiss={() => dispatch(unitsList.actions.errorDismissed())} />
    </>
  );
}
