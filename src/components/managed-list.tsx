import { useEffect, useState, type ReactNode } from 'react';
import Plus from 'lucide-react/icons/plus';
import { Button } from 'reactstrap';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import type { createListSlice, ListRootState } from '../app/list-slice';
import { DataTable, type DataColumn } from './data-table';
import { ErrorToast } from './error-toast';
import { Pagination } from './pagination';
import { SearchBox } from './search-box';
import { clearIfShown, SuccessAlert } from './success-alert';

type ListSlice<Row, Name extends string> = ReturnType<typeof createListSlice<Row, Name>>;

/** Which modal of a managed list is open, and for which row (null for Add). */
export interface ModalState<Row, Modal extends string> {
  open: Modal | 'add' | null;
  row: Row | null;
}

export interface ManagedListProps<Row extends object, Name extends string, Modal extends string> {
  title: string;
  searchPlaceholder: string;
  list: ListSlice<Row, Name>;
  /** Made once per page: the row actions open modals through `openModal`. */
  columns: (openModal: (modal: Modal, row: Row) => void) => ReadonlyArray<DataColumn<Row>>;
  getRowId: (row: Row) => string;
  /**
   * The page's modals, mounted once and driven by `state`; `done` closes them and shows the green
   * alert ('Success Added' …) for 3 seconds.
   */
  modals: (
    state: ModalState<Row, Modal>,
    close: () => void,
    done: (success: string) => void,
  ) => ReactNode;
}

/**
 * The company, supervisor and login screens (spec part 2 §2): heading, search with Add, the
 * sortable table with paging, the success alert, the error toast and the modals.
 */
export function ManagedList<Row extends object, Name extends string, Modal extends string>({
  title,
  searchPlaceholder,
  list,
  columns,
  getRowId,
  modals,
}: ManagedListProps<Row, Name, Modal>) {
  // The store holds the list under its name; this screen reads and drives only that part.
  const dispatch = useDispatch<ThunkDispatch<ListRootState<Name, Row>, unknown, UnknownAction>>();
  const useListSelector = useSelector.withTypes<ListRootState<Name, Row>>();
  const { selectors } = list;
  const rows = useListSelector(selectors.selectRows);
  const count = useListSelector(selectors.selectCount);
  const page = useListSelector(selectors.selectPage);
  const sort = useListSelector(selectors.selectSort);
  const search = useListSelector(selectors.selectSearch);
  const loading = useListSelector(selectors.selectLoading);
  const error = useListSelector(selectors.selectError);
  const [modal, setModal] = useState<ModalState<Row, Modal>>({ open: null, row: null });
  const [success, setSuccess] = useState<string | null>(null);
  // Kept from the first render: the columns' callbacks only set state.
  const [tableColumns] = useState(() => columns((open, row) => setModal({ open, row })));

  useEffect(() => {
    void dispatch(list.load());
  }, [dispatch, list]);

  // The row stays while the modal fades out, so the closing modal still shows it.
  const close = () => setModal((current) => ({ ...current, open: null }));

  return (
    <section>
      <h1 className="page-title">{title}</h1>
      <div className="list-toolbar">
        <div className="list-toolbar-search">
          <SearchBox
            placeholder={searchPlaceholder}
            initialValue={search}
            onSearch={(text) => void dispatch(list.submitSearch(text))}
          />
        </div>
        <div className="list-toolbar-actions">
          <Button color="primary" onClick={() => setModal({ open: 'add', row: null })}>
            <Plus size={16} aria-hidden="true" />
            Add
          </Button>
        </div>
      </div>
      <SuccessAlert message={success} onDone={clearIfShown(setSuccess)} />
      <DataTable
        label={title}
        screen={list.name}
        columns={tableColumns}
        rows={rows}
        sort={sort}
        onSortChange={(next) => void dispatch(list.changeSort(next))}
        loading={loading}
        getRowId={getRowId}
      />
      <Pagination
        page={page}
        count={count}
        onPageChange={(next) => void dispatch(list.changePage(next))}
      />
      {modals(modal, close, (text) => {
        close();
        setSuccess(text);
      })}
      <ErrorToast message={error} onDismiss={() => dispatch(list.actions.errorDismissed())} />
    </section>
  );
}
