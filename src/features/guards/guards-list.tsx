import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import Plus from 'lucide-react/icons/plus';
import { Button } from 'reactstrap';
import type { Guard } from '@contract/guards';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { DataTable } from '../../components/data-table';
import { ErrorToast } from '../../components/error-toast';
import { Pagination } from '../../components/pagination';
import { SearchBox } from '../../components/search-box';
import { clearIfShown, SuccessAlert } from '../../components/success-alert';
import { guardColumns } from './guard-columns';
import { GuardErrorToast } from './guard-error-toast';
import { GuardModals, useGuardModals } from './guard-modals';
import { selectGuardCreated, selectGuardDeleted, selectGuardUpdated } from './guard-profile-slice';
import { guardsList } from './guards-slice';
import { pinHidden, pinRevealErrorDismissed, selectRevealError } from './pin-reveal-slice';

export const GUARD_DELETED = 'Record has been deleted.';

/** A notice handed over by navigation, e.g. after a delete on the guard's details page. */
function noticeOf(state: unknown): string | null {
  if (state && typeof state === 'object' && 'notice' in state) {
    return typeof state.notice === 'string' ? state.notice : null;
  }
  return null;
}

const { selectRows, selectCount, selectCountCapped, selectPage, selectSort, selectLoading } =
  guardsList.selectors;

/**
 * Runs `act` whenever `flag` turns true while the screen is shown; a flag already up when the
 * screen opens belongs to an earlier write (its list was reloaded then).
 */
function useOnTurningTrue(flag: boolean, act: () => void) {
  const previous = useRef(flag);
  useEffect(() => {
    if (flag && !previous.current) act();
    previous.current = flag;
  }, [flag, act]);
}

/** The guards table with search, Add, edit and delete: every guard, or one site's guards. */
export function GuardsList({ residenceUuid }: { residenceUuid?: string }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const rows = useAppSelector(selectRows);
  const count = useAppSelector(selectCount);
  const countCapped = useAppSelector(selectCountCapped);
  const page = useAppSelector(selectPage);
  const sort = useAppSelector(selectSort);
  const loading = useAppSelector(selectLoading);
  const revealError = useAppSelector(selectRevealError);
  const modals = useGuardModals();
  const created = useAppSelector(selectGuardCreated);
  const updated = useAppSelector(selectGuardUpdated);
  const deleted = useAppSelector(selectGuardDeleted);
  const [notice, setNotice] = useState(() => noticeOf(location.state));
  const columns = useMemo(
    () => guardColumns(modals.show, residenceUuid),
    [modals.show, residenceUuid],
  );

  useEffect(() => {
    void dispatch(guardsList.changeScope(residenceUuid ? { residence_uuid: residenceUuid } : {}));
  }, [dispatch, residenceUuid]);

  // A PIN shown stays shown only while its list is: leaving hides it, as does another page.
  useEffect(() => {
    dispatch(pinHidden());
    return () => {
      dispatch(pinHidden());
    };
  }, [dispatch, page]);

  // Spec §4: a successful add, edit or delete reloads the list; a delete also says so.
  const reload = useCallback(() => void dispatch(guardsList.load()), [dispatch]);
  const sayDeleted = useCallback(() => setNotice(GUARD_DELETED), []);
  useOnTurningTrue(created || updated || deleted, reload);
  useOnTurningTrue(deleted, sayDeleted);

  return (
    <>
      <SuccessAlert message={notice} onDone={clearIfShown(setNotice)} />
      <div className="list-toolbar">
        <div className="list-toolbar-search">
          <SearchBox
            placeholder="Search by Guard ID, Name, Company..."
            onSearch={(text) => void dispatch(guardsList.submitSearch(text))}
          />
        </div>
        <div className="list-toolbar-actions">
          <Button color="primary" onClick={() => modals.show('add')}>
            <Plus size={16} />
            Add
          </Button>
        </div>
      </div>
      <DataTable<Guard>
        label="Guards"
        screen={residenceUuid ? 'site-guards' : 'guards'}
        columns={columns}
        rows={rows}
        sort={sort}
        loading={loading}
        getRowId={(guard) => guard.uuid}
        onSortChange={(next) => void dispatch(guardsList.changeSort(next))}
        onRowClick={(guard) => navigate(`/guard-details/${guard.uuid}`)}
      />
      <Pagination
        page={page}
        count={count}
        countCapped={countCapped}
        onPageChange={(next) => void dispatch(guardsList.changePage(next))}
        onLastPage={() => void dispatch(guardsList.lastPage())}
      />
      <GuardModals open={modals.open} guard={modals.guard} onClose={modals.close} />
      <GuardErrorToast />
      <ErrorToast message={revealError} onDismiss={() => dispatch(pinRevealErrorDismissed())} />
    </>
  );
}
