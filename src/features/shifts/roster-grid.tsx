import CircleAlert from 'lucide-react/icons/circle-alert';
import type { ShiftState } from '@contract/shifts';
import { isCancelled, longDay, shortDay, type RosterCell, type RosterRow } from './roster-week';
import { stateLabel } from './shift-words';

/** The watch's states a cell names beside the guard (upcoming and completed go unsaid). */
const SAID: readonly ShiftState[] = ['on_duty', 'late', 'no_show', 'left_early'];

function CellContent({ cell }: { cell: RosterCell }) {
  const open = cell.needed - cell.filled;
  const cancelled = cell.shifts.filter(isCancelled).length;
  return (
    <>
      {cell.shifts
        .filter((shift) => !isCancelled(shift) && shift.guard_name)
        .map((shift) => (
          <span key={shift.uuid} className="roster-guard">
            {shift.guard_name}
            {SAID.includes(shift.state) ? (
              <span className={`roster-state is-${shift.state}`}> · {stateLabel(shift.state)}</span>
            ) : null}
          </span>
        ))}
      {cell.needed > 0 ? (
        <span className="roster-count">
          {cell.filled} / {cell.needed} filled
        </span>
      ) : null}
      {open > 0 ? (
        <span className="roster-open">
          <CircleAlert size={14} aria-hidden="true" /> {open} open
        </span>
      ) : null}
      {cancelled > 0 ? <span className="roster-cancelled">{cancelled} cancelled</span> : null}
      {cell.shifts.length === 0 ? <span className="roster-open">Not made yet</span> : null}
    </>
  );
}

export interface RosterGridProps {
  siteName: string;
  days: string[];
  rows: RosterRow[];
  /** True while the week loads (afresh after a change). */
  busy: boolean;
  onOpenCell: (row: RosterRow, cell: RosterCell) => void;
}

/**
 * The week: days across, the site's patterns down, and the one-off shifts in a row of their own.
 * Each cell with shifts is one button (Tab, Enter) opening its assignments; an unfilled cell says
 * so in words and with an icon, not by colour alone.
 */
export function RosterGrid({ siteName, days, rows, busy, onOpenCell }: RosterGridProps) {
  return (
    <div className="roster-scroll">
      <table className="table table-bordered roster-grid" aria-busy={busy}>
        <caption className="visually-hidden">Roster of {siteName}</caption>
        <thead>
          <tr>
            <th scope="col">Shift</th>
            {days.map((day) => (
              <th key={day} scope="col" abbr={longDay(day)}>
                {shortDay(day)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">
                <span className="d-block">{row.name}</span>
                {row.times ? <span className="roster-times">{row.times}</span> : null}
              </th>
              {row.cells.map((cell) => {
                const unfilled = cell.filled < cell.needed || cell.shifts.length === 0;
                return (
                  <td
                    key={cell.date}
                    className={cell.scheduled && unfilled ? 'roster-cell-unfilled' : undefined}
                  >
                    {cell.scheduled && cell.shifts.length > 0 ? (
                      <button
                        type="button"
                        className="roster-cell"
                        onClick={() => onOpenCell(row, cell)}
                      >
                        <span className="visually-hidden">
                          {row.name}, {longDay(cell.date)}:{' '}
                        </span>
                        <CellContent cell={cell} />
                      </button>
                    ) : cell.scheduled ? (
                      <CellContent cell={cell} />
                    ) : (
                      <span className="roster-none">
                        <span aria-hidden="true">–</span>
                        <span className="visually-hidden">No shift</span>
                      </span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
