import {
  Fragment,
  useMemo,
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
  type SyntheticEvent,
} from 'react';
import {
  createColumnHelper,
  metaHelper,
  tableFeatures,
  useTable,
  type ColumnDef,
  type Header,
  type RowData,
} from '@tanstack/react-table';
import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import ArrowUpDown from 'lucide-react/icons/arrow-up-down';
import { Table } from 'reactstrap';
import type { SortState } from '../api/types';
import { ROW_HEIGHT, TABLE_HEIGHT } from '../lib/constants';
import { ColumnMenu, useHiddenColumns } from './column-choice';
import { LoadingOverlay } from './loading-overlay';
import { useNarrowScreen } from './narrow-screen';
import './data-table.css';

/** The column of a row's buttons (id 'actions'): pinned at the right edge, never cut. */
const ACTIONS_COLUMN = 'actions';

/**
 * What a column holds, which decides how its cells wrap (data-table.css):
 * - text (the default): names and sentences wrap between words, never inside one;
 * - code: ids, numbers, plates, PINs and status badges: one line, never broken;
 * - when: a date and time: the time may go under the date, neither is broken; below lg the time
 *   goes under the date when the cell shows it through `DateAndTime`;
 * - id: an email, a registration or licence number: breaks only after its separators
 *   (@ . - _ /), through `BreakAtSeparators`.
 */
export type ColumnKind = 'text' | 'code' | 'when' | 'id';

/** Per-column settings the table reads from `columnDef.meta`. */
export interface DataColumnMeta {
  /** The API's order field for this column; a column without one is not sortable. */
  sortField?: string;
  kind?: ColumnKind;
  /** Behind the Columns menu until a user shows it: a wide list's less-used columns. */
  hiddenByDefault?: boolean;
  /**
   * Behind the Columns menu below Bootstrap's lg breakpoint (a tablet held upright) until a user
   * shows it, so that the rest fit the screen whole without scrolling sideways.
   */
  hiddenBelowLg?: boolean;
}

/**
 * Core features only: sorting and paging happen on the server, so the table registers no
 * row-sorting or pagination feature and renders `rows` in the order it was given.
 */
const features = tableFeatures({ columnMeta: metaHelper<DataColumnMeta>() });
type DataTableFeatures = typeof features;

/** A column of a DataTable (value type erased, as the table itself stores columns). */
export type DataColumn<T extends RowData> = ColumnDef<DataTableFeatures, T>;

/**
 * The column helper bound to the table's features. Wrap the list in `col.columns([...])`: it keeps
 * each column's value type while building the list, then erases it so mixed columns fit one array.
 * Define columns at module scope, since the table re-processes everything when they change identity.
 * @example
 * const col = dataColumns<Guard>();
 * export const guardColumns = col.columns([
 *   col.accessor('name', { header: 'Name', meta: { sortField: 'name' } }),
 *   col.display({ id: 'actions', header: 'Actions', cell: ({ row }) => <GuardActions guard={row.original} /> }),
 * ]);
 */
export function dataColumns<T extends RowData>() {
  return createColumnHelper<DataTableFeatures, T>();
}

/** Clicking the current sort column flips its direction; a newly chosen column starts ascending. */
export function nextSort(current: SortState, field: string): SortState {
  if (current.field !== field) return { field, direction: 'asc' };
  return { field, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}

/** A column's id: the one it was given, else its accessor key. */
function columnIdOf<T extends RowData>(column: DataColumn<T>): string {
  return column.id ?? (column as { accessorKey?: string }).accessorKey ?? '';
}

/** A text breakable only after its separators: an email or an id, never inside a word. */
export function BreakAtSeparators({ text }: { text: string }) {
  const parts = text.split(/(?<=[@._/-])/);
  // Text and <wbr> side by side in one element, which reads (and copies) as the whole text.
  return (
    <span>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}

/**
 * A formatted date and time ('03/12/2026 03:30:00 pm') in a 'when' cell, in the spec's format as
 * given: on one line where the column has room, the time under the date below lg (data-table.css),
 * so that the column is only as wide as the longer of the two. Neither part is ever broken; the
 * text reads (and copies) as one.
 */
export function DateAndTime({ text }: { text: string }) {
  const space = text.indexOf(' ');
  if (space < 0) return <span className="date-and-time">{text}</span>;
  return (
    <span className="date-and-time">
      <span>{text.slice(0, space)}</span> <span>{text.slice(space + 1)}</span>
    </span>
  );
}

const INTERACTIVE = 'a, button, input, select, textarea, label, [role="button"]';

const NONE: readonly string[] = [];

/** The classes of a column's cells: its kind's wrapping rule, and the pinned Actions. */
function cellClass(columnId: string, kind: ColumnKind = 'text'): string {
  return columnId === ACTIONS_COLUMN ? 'actions-cell' : `cell-kind-${kind}`;
}

/** A cell's vertical padding and text line height, as .data-table sets them in styles.css. */
const CELL_PADDING_PX = 16;
const LINE_HEIGHT_PX = 21;

/** As many lines of text as a row of this height holds, so no row grows past it. */
function linesPerRow(rowHeight: number): number {
  return Math.max(1, Math.floor((rowHeight - CELL_PADDING_PX) / LINE_HEIGHT_PX));
}

/**
 * Gives a clamped cell its full text as a tooltip, read when the pointer arrives so it follows
 * whatever the cell shows and however wide its column is now; a cell shown whole gets none.
 */
function titleIfClamped(event: MouseEvent<HTMLDivElement>) {
  const content = event.currentTarget;
  const clamped =
    content.scrollHeight > content.clientHeight + 1 ||
    content.scrollWidth > content.clientWidth + 1;
  if (clamped) content.title = content.textContent ?? '';
  else content.removeAttribute('title');
}

/**
 * True when a click was on the row itself rather than on a control inside it (an action button,
 * a link) or inside a portal child such as a modal, whose React events bubble through the row
 * even though its DOM lives elsewhere. This spares every action button a stopPropagation call.
 */
function isRowActivation(event: SyntheticEvent<HTMLTableRowElement>): boolean {
  const row = event.currentTarget;
  const target = event.target;
  if (!(target instanceof Element) || !row.contains(target)) return false;
  const control = target.closest(INTERACTIVE);
  return control === null || !row.contains(control);
}

export interface DataTableProps<T extends RowData> {
  columns: ReadonlyArray<DataColumn<T>>;
  /** One page of rows, already sorted by the server. Pass a stable array (e.g. from the store). */
  rows: ReadonlyArray<T>;
  sort: SortState;
  onSortChange: (sort: SortState) => void;
  onRowClick?: (row: T) => void;
  loading?: boolean;
  rowHeight?: number;
  /**
   * The rows' height below lg, where each `DateAndTime` takes two lines (date, then time): taller
   * for a table whose cells hold more than one. Defaults to `rowHeight`.
   */
  narrowRowHeight?: number;
  /** Stable row keys; defaults to the row's position in the page. */
  getRowId?: (row: T) => string;
  /** Accessible name of the table, e.g. 'Guards'. */
  label?: string;
  /**
   * Names the screen for the Columns menu, which lets a user hide columns (remembered per user
   * and screen); a table without one shows every column and no menu.
   */
  screen?: string;
  /**
   * Columns this page hides until a user shows them in the Columns menu, beside the columns'
   * own `hiddenByDefault`: they repeat its subject (a guard's own ID on its Attendance tab).
   */
  hiddenHere?: readonly string[];
}

export function DataTable<T extends RowData>({
  columns,
  rows,
  sort,
  onSortChange,
  onRowClick,
  loading = false,
  rowHeight: wideRowHeight = ROW_HEIGHT,
  narrowRowHeight,
  getRowId,
  label,
  screen,
  hiddenHere = NONE,
}: DataTableProps<T>) {
  const narrow = useNarrowScreen();
  const rowHeight = (narrow ? narrowRowHeight : undefined) ?? wideRowHeight;
  const usuallyHidden = useMemo(
    () =>
      columns
        .filter(
          (column) =>
            column.meta?.hiddenByDefault ||
            (narrow && column.meta?.hiddenBelowLg) ||
            hiddenHere.includes(columnIdOf(column)),
        )
        .map(columnIdOf),
    [columns, hiddenHere, narrow],
  );
  // The first column shown by default names the row, and the Actions column acts on it: both
  // always show. Any other, hidden by default or not, is the user's to choose.
  const alwaysShown = useMemo(() => {
    const naming = columns.find((column) => !usuallyHidden.includes(columnIdOf(column)));
    return naming ? [columnIdOf(naming), ACTIONS_COLUMN] : [ACTIONS_COLUMN];
  }, [columns, usuallyHidden]);
  const choosable = useMemo(
    () =>
      columns
        .filter((column) => !alwaysShown.includes(columnIdOf(column)))
        .map((column) => ({
          id: columnIdOf(column),
          label: typeof column.header === 'string' ? column.header : columnIdOf(column),
        })),
    [columns, alwaysShown],
  );
  const [hidden, setHidden] = useHiddenColumns(screen ?? null, usuallyHidden);
  const shown = useMemo(
    () =>
      columns.filter(
        (column) =>
          alwaysShown.includes(columnIdOf(column)) || !hidden.includes(columnIdOf(column)),
      ),
    [columns, hidden, alwaysShown],
  );
  const table = useTable({
    features,
    columns: shown,
    data: rows,
    getRowId,
  });
  const leafCount = table.getLeafHeaders().length;
  const tableRows = table.getRowModel().rows;

  function renderHeader(header: Header<DataTableFeatures, T, unknown>) {
    if (header.isPlaceholder) return null;
    const sortField = header.column.columnDef.meta?.sortField;
    if (!sortField) return <table.FlexRender header={header} />;
    const active = sort.field === sortField;
    const ActiveIcon = sort.direction === 'asc' ? ArrowUp : ArrowDown;
    return (
      <button
        type="button"
        className="sort-button"
        onClick={() => onSortChange(nextSort(sort, sortField))}
      >
        <table.FlexRender header={header} />
        {active ? (
          <ActiveIcon size={16} className="sort-icon" />
        ) : (
          <ArrowUpDown size={16} className="sort-icon-idle" />
        )}
      </button>
    );
  }

  function ariaSort(header: Header<DataTableFeatures, T, unknown>) {
    const sortField = header.column.columnDef.meta?.sortField;
    if (!sortField) return undefined;
    if (sort.field !== sortField) return 'none';
    return sort.direction === 'asc' ? 'ascending' : 'descending';
  }

  return (
    <div className="position-relative">
      {screen ? (
        <div className="data-table-tools">
          <ColumnMenu columns={choosable} hidden={hidden} onChange={setHidden} />
        </div>
      ) : null}
      {/*
       * One fixed-height box that scrolls both ways: the header row sticks to its top and the
       * first column to its left, so every column is reachable on a narrow screen.
       */}
      <div className="data-table-scroll" style={{ height: TABLE_HEIGHT }}>
        <Table
          hover={Boolean(onRowClick)}
          aria-label={label}
          aria-busy={loading}
          className="data-table mb-0"
          style={{ '--cell-lines': linesPerRow(rowHeight) } as CSSProperties}
        >
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th
                    key={header.id}
                    colSpan={header.colSpan}
                    scope="col"
                    aria-sort={ariaSort(header)}
                    className={cellClass(header.column.id, header.column.columnDef.meta?.kind)}
                  >
                    {renderHeader(header)}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {tableRows.map((row) => (
              <tr
                key={row.id}
                style={{ height: rowHeight, cursor: onRowClick ? 'pointer' : undefined }}
                tabIndex={onRowClick ? 0 : undefined}
                onClick={
                  onRowClick &&
                  ((event: MouseEvent<HTMLTableRowElement>) => {
                    if (isRowActivation(event)) onRowClick(row.original);
                  })
                }
                onKeyDown={
                  onRowClick &&
                  ((event: KeyboardEvent<HTMLTableRowElement>) => {
                    // Only when the row itself has focus: Enter on a button inside already clicks it.
                    if (event.key === 'Enter' && event.target === event.currentTarget) {
                      onRowClick(row.original);
                    }
                  })
                }
              >
                {row.getAllCells().map((cell) => (
                  <td
                    key={cell.id}
                    className={cellClass(cell.column.id, cell.column.columnDef.meta?.kind)}
                  >
                    {/* Clamped to the row's lines (--cell-lines), so a long value never grows the row. */}
                    <div className="cell-content" onMouseEnter={titleIfClamped}>
                      <table.FlexRender cell={cell} />
                    </div>
                  </td>
                ))}
              </tr>
            ))}
            {!loading && tableRows.length === 0 && (
              <tr>
                <td colSpan={leafCount} className="data-table-empty">
                  No Records Found.
                </td>
              </tr>
            )}
          </tbody>
        </Table>
      </div>
      {loading && <LoadingOverlay />}
    </div>
  );
}
