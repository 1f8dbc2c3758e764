import { useEffect, useMemo, useState } from 'react';
import { Button, ButtonGroup } from 'reactstrap';
import * as shiftsApi from '../../api/shifts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ConfirmModal } from '../../components/confirm-modal';
import { ErrorToast } from '../../components/error-toast';
import { LoadingOverlay } from '../../components/loading-overlay';
import { SuccessAlert } from '../../components/success-alert';
import type { ShiftPattern } from '@contract/shifts';
import { AssignModal } from './assign-modal';
import { MakeShiftsModal } from './make-shifts-modal';
import { OneOffModal } from './one-off-modal';
import { PatternFormModal } from './pattern-form-modal';
import { RosterGrid } from './roster-grid';
import { SwapModal } from './swap-modal';
import {
  addDays,
  mondayOf,
  patternTimes,
  shownDay,
  today,
  weekDays,
  weekdaysText,
  rosterRows,
} from './roster-week';
import { ROSTER_TEXT } from './roster-text';
import {
  loadRoster,
  rosterErrorDismissed,
  rosterWrite,
  selectMonday,
  selectPatterns,
  selectRosterError,
  selectRosterGuards,
  selectRosterSiteUuid,
  selectRosterStatus,
  selectShifts,
} from './shifts-slice';
import './rosters.css';

/** The one dialog open at a time, and what it is about. */
type Open =
  | { kind: 'assign'; rowKey: string; date: string }
  | { kind: 'one-off' }
  | { kind: 'swap' }
  | { kind: 'pattern'; pattern: ShiftPattern | null }
  | { kind: 'delete-pattern'; pattern: ShiftPattern }
  | { kind: 'make' }
  | null;

function PatternsList({
  patterns,
  busy,
  onEdit,
  onDelete,
}: {
  patterns: ShiftPattern[];
  busy: boolean;
  onEdit: (pattern: ShiftPattern) => void;
  onDelete: (pattern: ShiftPattern) => void;
}) {
  if (patterns.length === 0) {
    return <p>No shift patterns yet: add the site’s posts, e.g. Day 07:00–19:00 and Night.</p>;
  }
  return (
    <table className="table" aria-busy={busy}>
      <caption className="visually-hidden">Shift patterns</caption>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Time</th>
          <th scope="col">Guards needed</th>
          <th scope="col">Weekdays</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {patterns.map((pattern) => (
          <tr key={pattern.uuid}>
            <td>{pattern.name}</td>
            <td>{patternTimes(pattern)}</td>
            <td>{pattern.headcount}</td>
            <td>{weekdaysText(pattern.weekdays)}</td>
            <td className="text-end">
              <Button
                size="sm"
                color="secondary"
                outline
                className="me-2"
                onClick={() => onEdit(pattern)}
              >
                Edit<span className="visually-hidden"> pattern {pattern.name}</span>
              </Button>
              <Button size="sm" color="danger" outline onClick={() => onDelete(pattern)}>
                Delete<span className="visually-hidden"> pattern {pattern.name}</span>
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * A site's week on the roster (the Roster screen and a site's Roster tab): the week grid with its
 * week buttons, the dialogs that change it, and the site's shift patterns below.
 */
export function SiteRoster({ siteUuid, siteName }: { siteUuid: string; siteName: string }) {
  const dispatch = useAppDispatch();
  const shownSite = useAppSelector(selectRosterSiteUuid);
  const monday = useAppSelector(selectMonday);
  const patterns = useAppSelector(selectPatterns);
  const shifts = useAppSelector(selectShifts);
  const guards = useAppSelector(selectRosterGuards);
  const status = useAppSelector(selectRosterStatus);
  const error = useAppSelector(selectRosterError);
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const current = shownSite === siteUuid;

  useEffect(() => {
    void dispatch(loadRoster({ siteUuid, monday: mondayOf(today()) }));
  }, [dispatch, siteUuid]);

  const days = useMemo(() => weekDays(monday), [monday]);
  const rows = useMemo(
    () => (current ? rosterRows(patterns, shifts, days) : []),
    [current, patterns, shifts, days],
  );
  const assigning =
    open?.kind === 'assign' ? (rows.find((row) => row.key === open.rowKey) ?? null) : null;
  const assignCell =
    open?.kind === 'assign'
      ? (assigning?.cells.find((cell) => cell.date === open.date) ?? null)
      : null;

  const goTo = (next: string) => void dispatch(loadRoster({ siteUuid, monday: next }));
  const close = () => setOpen(null);
  const saved = (message: string) => {
    setOpen(null);
    setNotice(message);
  };

  async function deletePattern(pattern: ShiftPattern) {
    setDeleting(true);
    const outcome = await dispatch(rosterWrite(() => shiftsApi.removePattern(pattern.uuid)));
    setDeleting(false);
    setOpen(null);
    if (outcome.ok) setNotice(ROSTER_TEXT.patternDeleted);
    else setFailure(outcome.message);
  }

  const weekText = `${shownDay(days[0] ?? monday)} – ${shownDay(days[6] ?? monday)}`;

  return (
    <div className="roster-print position-relative">
      <p className="d-none d-print-block fw-semibold">
        Roster of {siteName}, week {weekText}
      </p>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3 roster-no-print">
        <h2 className="h5 mb-0 me-auto" aria-live="polite">
          Week {weekText}
        </h2>
        <ButtonGroup>
          <Button color="secondary" outline onClick={() => goTo(addDays(monday, -7))}>
            Previous week
          </Button>
          <Button color="secondary" outline onClick={() => goTo(mondayOf(today()))}>
            This week
          </Button>
          <Button color="secondary" outline onClick={() => goTo(addDays(monday, 7))}>
            Next week
          </Button>
        </ButtonGroup>
        <Button color="secondary" outline onClick={() => setOpen({ kind: 'swap' })}>
          Swap guards
        </Button>
        <Button color="secondary" outline onClick={() => setOpen({ kind: 'one-off' })}>
          Add one-off shift
        </Button>
        <Button color="secondary" outline onClick={() => window.print()}>
          Print week
        </Button>
      </div>
      {status === 'loading' && rows.length === 0 ? <LoadingOverlay /> : null}
      {current ? (
        <RosterGrid
          siteName={siteName}
          days={days}
          rows={rows}
          busy={status === 'loading'}
          onOpenCell={(row, cell) => setOpen({ kind: 'assign', rowKey: row.key, date: cell.date })}
        />
      ) : null}

      <section className="roster-no-print mt-4" aria-labelledby={`patterns-${siteUuid}`}>
        <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
          <h2 id={`patterns-${siteUuid}`} className="h5 mb-0 me-auto">
            Shift patterns
          </h2>
          <Button color="primary" onClick={() => setOpen({ kind: 'pattern', pattern: null })}>
            Add pattern
          </Button>
          <Button color="primary" outline onClick={() => setOpen({ kind: 'make' })}>
            Make shifts
          </Button>
        </div>
        <PatternsList
          patterns={current ? patterns : []}
          busy={status === 'loading'}
          onEdit={(pattern) => setOpen({ kind: 'pattern', pattern })}
          onDelete={(pattern) => setOpen({ kind: 'delete-pattern', pattern })}
        />
      </section>

      <AssignModal row={assigning} cell={assignCell} guards={guards} onClose={close} />
      <OneOffModal
        isOpen={open?.kind === 'one-off'}
        siteUuid={siteUuid}
        day={days.includes(today()) ? today() : monday}
        guards={guards}
        onClose={close}
        onSaved={saved}
      />
      <SwapModal isOpen={open?.kind === 'swap'} shifts={shifts} onClose={close} onSaved={saved} />
      <PatternFormModal
        isOpen={open?.kind === 'pattern'}
        siteUuid={siteUuid}
        pattern={open?.kind === 'pattern' ? open.pattern : null}
        onClose={close}
        onSaved={saved}
      />
      <MakeShiftsModal
        isOpen={open?.kind === 'make'}
        siteUuid={siteUuid}
        onClose={close}
        onSaved={saved}
      />
      <ConfirmModal
        isOpen={open?.kind === 'delete-pattern'}
        title="Delete Shift Pattern"
        body={
          open?.kind === 'delete-pattern'
            ? `Delete the pattern ${open.pattern.name}? No more shifts are made from it; those already made stay on the roster, under One-off shifts.`
            : ''
        }
        busy={deleting}
        busyText="Deleting the pattern. Please don't close this window."
        onConfirm={() => {
          if (open?.kind === 'delete-pattern') void deletePattern(open.pattern);
        }}
        onCancel={close}
      />
      <SuccessAlert
        message={notice}
        onDone={(shown) => setNotice((now) => (now === shown ? null : now))}
      />
      <ErrorToast
        message={error ?? failure}
        onDismiss={() => {
          setFailure(null);
          dispatch(rosterErrorDismissed());
        }}
      />
    </div>
  );
}
