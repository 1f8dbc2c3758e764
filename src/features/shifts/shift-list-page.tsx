import { useEffect, useId, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Input, Label } from 'reactstrap';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { DataTable, dataColumns } from '../../components/data-table';
import { ErrorToast } from '../../components/error-toast';
import { Pagination } from '../../components/pagination';
import { SHIFT_STATES, type Shift, type ShiftState } from '@contract/shifts';
import { isCalendarDate } from '@rules/shifts';
import { ShiftStateBadge } from './shift-state-badge';
import { localDay, NOW_BOARD_PATH, shiftTitle, stateLabel, timeOfDay } from './shift-words';
import { shiftStatesList } from './watch-slice';

const col = dataColumns<Shift>();

const columns = col.columns([
  col.accessor('date', { header: 'Date', meta: { kind: 'code' } }),
  col.accessor('residence_name', { header: 'Site' }),
  col.accessor((shift) => shiftTitle(shift), { id: 'shift', header: 'Shift' }),
  col.accessor((shift) => shift.guard_name ?? '-', {
    id: 'guard',
    header: 'Guard',
    cell: ({ row, getValue }) =>
      row.original.guard_uuid ? (
        <Link to={`/guard-details/${encodeURIComponent(row.original.guard_uuid)}`}>
          {getValue()}
        </Link>
      ) : (
        <span>No guard assigned</span>
      ),
  }),
  col.accessor('state', {
    header: 'State',
    cell: ({ getValue }) => <ShiftStateBadge state={getValue()} />,
  }),
  col.accessor((shift) => timeOfDay(shift.started_at) || '-', { id: 'started', header: 'Started' }),
  col.accessor((shift) => timeOfDay(shift.ended_at) || '-', { id: 'ended', header: 'Ended' }),
  col.accessor((shift) => (shift.late_minutes ? `${shift.late_minutes} min` : '-'), {
    id: 'late',
    header: 'Late',
  }),
]);

const { selectRows, selectCount, selectPage, selectSort, selectLoading, selectError } =
  shiftStatesList.selectors;

/**
 * /rosters/shifts (issue 36): the shifts of some days in one state, e.g. today's no-shows, which
 * the dashboard's Missed today and Late today link to. The filters live in the address, so a link
 * or a reload shows the same list.
 */
export function ShiftListPage() {
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const today = localDay(new Date());
  const state = (SHIFT_STATES as readonly string[]).includes(params.get('state') ?? '')
    ? (params.get('state') as ShiftState)
    : '';
  const from = isCalendarDate(params.get('from') ?? '') ? (params.get('from') as string) : today;
  const to = isCalendarDate(params.get('to') ?? '') ? (params.get('to') as string) : from;
  // The shifts running during the days (a night begun the evening before too), and late starts.
  const overlap = params.get('overlap') === '1' ? '1' : '';
  const late = params.get('late') === '1' ? '1' : '';
  const rows = useAppSelector(selectRows);
  const count = useAppSelector(selectCount);
  const page = useAppSelector(selectPage);
  const sort = useAppSelector(selectSort);
  const loading = useAppSelector(selectLoading);
  const error = useAppSelector(selectError);
  const stateId = useId();
  const fromId = useId();
  const toId = useId();

  useEffect(() => {
    void dispatch(shiftStatesList.changeScope({ state, from, to, overlap, late }));
  }, [dispatch, state, from, to, overlap, late]);

  const heading = useMemo(() => {
    const what = `${state ? stateLabel(state) : 'All'} shifts${late ? ' started late' : ''}`;
    const days = from === to ? from : `${from} to ${to}`;
    return `${what}, ${overlap ? 'running on ' : ''}${days}`;
  }, [state, from, to, overlap, late]);

  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };

  return (
    <section>
      <h1 className="page-title">Shifts</h1>
      <div className="list-toolbar flex-wrap gap-3">
        <div>
          <Label for={stateId}>State</Label>
          <Input
            id={stateId}
            type="select"
            value={state}
            onChange={(event) => set('state', event.target.value)}
          >
            <option value="">All states</option>
            {SHIFT_STATES.map((value) => (
              <option key={value} value={value}>
                {stateLabel(value)}
              </option>
            ))}
          </Input>
        </div>
        <div>
          <Label for={fromId}>From</Label>
          <Input
            id={fromId}
            type="date"
            value={from}
            onChange={(event) => set('from', event.target.value)}
          />
        </div>
        <div>
          <Label for={toId}>To</Label>
          <Input
            id={toId}
            type="date"
            value={to}
            min={from}
            onChange={(event) => set('to', event.target.value)}
          />
        </div>
        <div className="list-toolbar-actions align-self-end">
          <Link to={NOW_BOARD_PATH}>Now board</Link>
        </div>
      </div>
      <p className="visually-hidden" role="status">
        {loading ? '' : `${heading}: ${count}`}
      </p>
      <DataTable<Shift>
        label={heading}
        columns={columns}
        rows={rows}
        sort={sort}
        loading={loading}
        getRowId={(shift) => shift.uuid}
        onSortChange={() => undefined}
      />
      {!loading && rows.length === 0 ? <p className="text-muted">No shifts match.</p> : null}
      <Pagination
        page={page}
        count={count}
        onPageChange={(next) => void dispatch(shiftStatesList.changePage(next))}
      />
      <ErrorToast
        message={error}
        onDismiss={() => dispatch(shiftStatesList.actions.errorDismissed())}
      />
    </section>
  );
}
