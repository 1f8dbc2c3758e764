import { useEffect, useId, useMemo, useState } from 'react';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import Download from 'lucide-react/icons/download';
import { Button, Input, Label } from 'reactstrap';
import { PATROL_STATES, type Patrol, type PatrolCompletion } from '@contract/patrols';
import { isCalendarDate } from '@rules/shifts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { DataTable } from '../../components/data-table';
import { ErrorToast } from '../../components/error-toast';
import { ExportModal } from '../../components/export-modal';
import { Pagination } from '../../components/pagination';
import { patrolColumns } from './patrol-columns';
import { PatrolDetailsModal } from './patrol-details-modal';
import { fetchAllPatrols, patrolsCsv, patrolsFileName } from './patrol-export';
import { dayAfter, localDay, patrolStateLabel } from './patrol-words';
import { loadPatrol, loadPatrolCompletion, loadPatrolGuards, patrolsList } from './patrols-slice';

const {
  selectRows,
  selectCount,
  selectCountCapped,
  selectPage,
  selectSort,
  selectScope,
  selectLoading,
  selectError,
} = patrolsList.selectors;

/** The periods completion is shown over, ending on the day shown. */
const PERIODS = [
  { days: 1, label: 'This day' },
  { days: 7, label: '7 days to this day' },
  { days: 30, label: '30 days to this day' },
] as const;

function CompletionSummary({ figures }: { figures: PatrolCompletion | null }) {
  if (!figures) return <span className="text-muted">Loading…</span>;
  if (figures.rounds_closed === 0) return <span>No rounds closed in this period.</span>;
  return (
    <span>
      <strong>{figures.percent ?? 0}%</strong> of checkpoints scanned ({figures.checkpoints_scanned}{' '}
      of {figures.checkpoints_due}); rounds: {figures.rounds_done} done,{' '}
      {figures.rounds_partly_done} partly done, {figures.rounds_missed} missed
    </span>
  );
}

/**
 * A site's rounds walked (issue 38): each patrol of a day with its state, who walked it, the time
 * taken and its checkpoints scanned; filters by day, state and guard; the details of each scan;
 * a CSV of the list; and the site's completion over the day, 7 or 30 days. `openPatrol` (an
 * alert's link) shows that patrol's day and details.
 */
export function PatrolsList({
  residenceUuid,
  openPatrol,
}: {
  residenceUuid: string;
  openPatrol?: string | null;
}) {
  const dispatch = useAppDispatch();
  const rows = useAppSelector(selectRows);
  const count = useAppSelector(selectCount);
  const countCapped = useAppSelector(selectCountCapped);
  const page = useAppSelector(selectPage);
  const sort = useAppSelector(selectSort);
  const scope = useAppSelector(selectScope);
  const loading = useAppSelector(selectLoading);
  const error = useAppSelector(selectError);
  const [day, setDay] = useState(() => localDay(new Date()));
  const [state, setState] = useState('');
  const [guard, setGuard] = useState('');
  const [guards, setGuards] = useState<Array<{ uuid: string; name: string }>>([]);
  const [period, setPeriod] = useState(1);
  const [figures, setFigures] = useState<PatrolCompletion | null>(null);
  const [figuresError, setFiguresError] = useState<string | null>(null);
  const [shown, setShown] = useState<Patrol | null>(null);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const dayId = useId();
  const stateId = useId();
  const guardId = useId();
  const periodId = useId();
  const columns = useMemo(
    () =>
      patrolColumns((patrol) => {
        setShown(patrol);
        setDetailsOpen(true);
      }),
    [],
  );

  useEffect(() => {
    void dispatch(
      patrolsList.changeScope({
        residence_uuid: residenceUuid,
        day,
        ...(state ? { state } : {}),
        ...(guard ? { guard_uuid: guard } : {}),
      }),
    );
  }, [dispatch, residenceUuid, day, state, guard]);

  useEffect(() => {
    let live = true;
    void dispatch(loadPatrolGuards(residenceUuid)).then((outcome) => {
      if (live && loadPatrolGuards.fulfilled.match(outcome)) setGuards(outcome.payload);
    });
    return () => {
      live = false;
    };
  }, [dispatch, residenceUuid]);

  useEffect(() => {
    let live = true;
    setFigures(null);
    setFiguresError(null);
    void dispatch(
      loadPatrolCompletion({
        residence_uuid: residenceUuid,
        from: dayAfter(day, 1 - period),
        to: day,
      }),
    ).then((outcome) => {
      if (!live) return;
      if (loadPatrolCompletion.fulfilled.match(outcome)) setFigures(outcome.payload);
      else setFiguresError(outcome.payload ?? 'The figures could not be loaded.');
    });
    return () => {
      live = false;
    };
  }, [dispatch, residenceUuid, day, period]);

  // An alert's patrol: its day, and its details open over the list.
  useEffect(() => {
    if (!openPatrol) return;
    let live = true;
    void dispatch(loadPatrol(openPatrol)).then((outcome) => {
      if (!live || !loadPatrol.fulfilled.match(outcome) || !outcome.payload) return;
      const patrol = outcome.payload;
      const due = new Date(`${patrol.due_at.replace(' ', 'T')}Z`);
      setDay(localDay(due));
      setShown(patrol);
      setDetailsOpen(true);
    });
    return () => {
      live = false;
    };
  }, [dispatch, openPatrol]);

  const dayLabel = `Patrols of ${day}`;

  return (
    <>
      <p className="mb-2" role="status">
        <span className="me-2">Completion:</span>
        {figuresError ? (
          <span className="text-danger">{figuresError}</span>
        ) : (
          <CompletionSummary figures={figures} />
        )}
      </p>
      <div className="list-toolbar flex-wrap gap-3">
        <div>
          <Label for={dayId}>Day</Label>
          <div className="d-flex gap-1">
            <Button
              color="secondary"
              outline
              aria-label="Previous day"
              onClick={() => setDay(dayAfter(day, -1))}
            >
              <ChevronLeft size={16} />
            </Button>
            <Input
              id={dayId}
              type="date"
              value={day}
              onChange={(event) => {
                if (isCalendarDate(event.target.value)) setDay(event.target.value);
              }}
            />
            <Button
              color="secondary"
              outline
              aria-label="Next day"
              onClick={() => setDay(dayAfter(day, 1))}
            >
              <ChevronRight size={16} />
            </Button>
          </div>
        </div>
        <div>
          <Label for={stateId}>State</Label>
          <Input
            id={stateId}
            type="select"
            value={state}
            onChange={(event) => setState(event.target.value)}
          >
            <option value="">All states</option>
            {PATROL_STATES.map((value) => (
              <option key={value} value={value}>
                {patrolStateLabel(value)}
              </option>
            ))}
          </Input>
        </div>
        <div>
          <Label for={guardId}>Walked by</Label>
          <Input
            id={guardId}
            type="select"
            value={guard}
            onChange={(event) => setGuard(event.target.value)}
          >
            <option value="">Any guard</option>
            {guards.map((option) => (
              <option key={option.uuid} value={option.uuid}>
                {option.name}
              </option>
            ))}
          </Input>
        </div>
        <div>
          <Label for={periodId}>Completion over</Label>
          <Input
            id={periodId}
            type="select"
            value={period}
            onChange={(event) => setPeriod(Number(event.target.value))}
          >
            {PERIODS.map((option) => (
              <option key={option.days} value={option.days}>
                {option.label}
              </option>
            ))}
          </Input>
        </div>
        <div className="list-toolbar-actions align-self-end">
          <Button color="primary" outline onClick={() => setExporting(true)}>
            <Download size={16} />
            Export
          </Button>
        </div>
      </div>
      <DataTable<Patrol>
        label={dayLabel}
        columns={columns}
        rows={rows}
        sort={sort}
        loading={loading}
        getRowId={(patrol) => patrol.uuid}
        onSortChange={(next) => void dispatch(patrolsList.changeSort(next))}
      />
      {!loading && rows.length === 0 ? (
        <p className="text-muted">No rounds were due on this day.</p>
      ) : null}
      <Pagination
        page={page}
        count={count}
        countCapped={countCapped}
        onPageChange={(next) => void dispatch(patrolsList.changePage(next))}
        onLastPage={() => void dispatch(patrolsList.lastPage())}
      />
      <PatrolDetailsModal
        patrol={shown}
        isOpen={detailsOpen}
        onClose={() => setDetailsOpen(false)}
      />
      <ExportModal
        isOpen={exporting}
        onClose={() => setExporting(false)}
        fileName={patrolsFileName(day)}
        pageRows={rows}
        fetchAll={(signal, onProgress) =>
          fetchAllPatrols({ sort, search: '', scope }, signal, onProgress)
        }
        toCsv={patrolsCsv}
      />
      <ErrorToast
        message={error}
        onDismiss={() => dispatch(patrolsList.actions.errorDismissed())}
      />
    </>
  );
}
