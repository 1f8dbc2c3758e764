import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SortState } from '../../src/api/types';
import {
  DataTable,
  DateAndTime,
  dataColumns,
  nextSort,
  type DataTableProps,
} from '../../src/components/data-table';
import { restoreScreenWidthAfterEach, stubScreenWidth } from './screen-width-support';

interface Guard {
  uuid: string;
  name: string;
  email: string;
}

const rows: Guard[] = [
  { uuid: 'g1', name: 'Ana Lim', email: 'ana@example.com' },
  { uuid: 'g2', name: 'Ben Tan', email: 'ben@example.com' },
];

const onEdit = vi.fn();
const col = dataColumns<Guard>();
const columns = col.columns([
  col.accessor('name', { header: 'Name', meta: { sortField: 'name' } }),
  col.accessor('email', { header: 'Email' }),
  col.display({
    id: 'actions',
    header: 'Actions',
    cell: ({ row }) => (
      <button type="button" onClick={() => onEdit(row.original)}>
        Edit {row.original.name}
      </button>
    ),
  }),
]);

const byNameAsc: SortState = { field: 'name', direction: 'asc' };

function renderTable(props: Partial<DataTableProps<Guard>> = {}) {
  const handlers = { onSortChange: vi.fn(), onRowClick: vi.fn() };
  render(
    <DataTable
      columns={columns}
      rows={rows}
      sort={byNameAsc}
      getRowId={(guard) => guard.uuid}
      label="Guards"
      {...handlers}
      {...props}
    />,
  );
  return handlers;
}

function bodyRow(text: string) {
  const row = screen.getByRole('cell', { name: text }).closest('tr');
  if (!row) throw new Error(`no row holds ${text}`);
  return row;
}

describe('DataTable', () => {
  it('renders the headers and one row per record, in the given order', () => {
    renderTable();
    const table = screen.getByRole('table', { name: 'Guards' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Name', 'Email', 'Actions']);
    // The sort direction is drawn by an icon and told by aria-sort.
    expect(within(table).getByRole('columnheader', { name: 'Name' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('Ana Lim');
    expect(second).toHaveTextContent('Ben Tan');
    expect(screen.getByRole('cell', { name: 'ben@example.com' })).toBeInTheDocument();
  });

  it('marks the current sort on its header', () => {
    renderTable({ sort: { field: 'name', direction: 'desc' } });
    const nameHeader = screen.getByRole('columnheader', { name: /Name/ });
    expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    expect(nameHeader.querySelector('svg.sort-icon')).toHaveClass('lucide-arrow-down');
  });

  it('toggles the direction when the current sort header is clicked', async () => {
    const { onSortChange } = renderTable({ sort: byNameAsc });
    await userEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(onSortChange).toHaveBeenCalledWith({ field: 'name', direction: 'desc' });
  });

  it('starts ascending when a different column is chosen', async () => {
    const { onSortChange } = renderTable({ sort: { field: 'created_at', direction: 'desc' } });
    const nameHeader = screen.getByRole('columnheader', { name: 'Name' });
    expect(nameHeader).toHaveAttribute('aria-sort', 'none');
    expect(nameHeader.querySelector('svg.sort-icon')).toBeNull();

    await userEvent.click(within(nameHeader).getByRole('button'));
    expect(onSortChange).toHaveBeenCalledWith({ field: 'name', direction: 'asc' });
  });

  it('does not make non-sortable headers buttons', () => {
    renderTable();
    for (const name of ['Email', 'Actions']) {
      const header = screen.getByRole('columnheader', { name });
      expect(within(header).queryByRole('button')).not.toBeInTheDocument();
      expect(header).not.toHaveAttribute('aria-sort');
    }
  });

  it('calls onRowClick with the record on click and on Enter', async () => {
    const { onRowClick } = renderTable();
    await userEvent.click(screen.getByRole('cell', { name: 'ben@example.com' }));
    expect(onRowClick).toHaveBeenLastCalledWith(rows[1]);

    const firstRow = bodyRow('Ana Lim');
    expect(firstRow).toHaveStyle({ cursor: 'pointer' });
    firstRow.focus();
    await userEvent.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenLastCalledWith(rows[0]);
    expect(onRowClick).toHaveBeenCalledTimes(2);
  });

  it('lets an action button act without opening the row', async () => {
    onEdit.mockClear();
    const { onRowClick } = renderTable();
    const edit = screen.getByRole('button', { name: 'Edit Ana Lim' });

    await userEvent.click(edit);
    edit.focus();
    await userEvent.keyboard('{Enter}');

    expect(onEdit).toHaveBeenCalledTimes(2);
    expect(onRowClick).not.toHaveBeenCalled();
  });

  it('pins the Actions column at the right edge, header and cells, and no other', () => {
    renderTable();
    const header = screen.getByRole('columnheader', { name: 'Actions' });
    expect(header).toHaveClass('actions-cell');
    expect(screen.getByRole('button', { name: 'Edit Ana Lim' }).closest('td')).toHaveClass(
      'actions-cell',
    );
    expect(screen.getByRole('columnheader', { name: 'Email' })).not.toHaveClass('actions-cell');
  });

  it('leaves rows inert without onRowClick', () => {
    renderTable({ onRowClick: undefined });
    expect(bodyRow('Ana Lim')).not.toHaveAttribute('tabindex');
  });

  it('shows the loading text over the table and no empty text while loading', () => {
    renderTable({ rows: [], loading: true });
    expect(screen.getByRole('status')).toHaveTextContent('Loading your content...');
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('No Records Found.')).not.toBeInTheDocument();
  });

  it("shows 'No Records Found.' across all columns when there are no rows", () => {
    renderTable({ rows: [] });
    expect(screen.getByRole('cell', { name: 'No Records Found.' })).toHaveAttribute('colspan', '3');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('gives rows a height of 62 by default', () => {
    renderTable();
    expect(bodyRow('Ana Lim')).toHaveStyle({ height: '62px' });
  });

  it('gives rows the height it is passed (attendance uses 120)', () => {
    renderTable({ rowHeight: 120 });
    expect(bodyRow('Ana Lim')).toHaveStyle({ height: '120px' });
  });

  it('clamps cell text to the lines a row holds: two at 62 px, four at 120 px', () => {
    renderTable();
    expect(screen.getByRole('table')).toHaveStyle({ '--cell-lines': '2' });
    cleanup();
    renderTable({ rowHeight: 120 });
    expect(screen.getByRole('table')).toHaveStyle({ '--cell-lines': '4' });
  });

  it('gives a clamped cell its full text as a tooltip, and a whole one none', () => {
    renderTable();
    const email = screen.getByText('ana@example.com');
    fireEvent.mouseEnter(email);
    expect(email).not.toHaveAttribute('title');

    // jsdom lays nothing out, so the clamp is told: the text is taller than its box.
    Object.defineProperty(email, 'scrollHeight', { configurable: true, value: 63 });
    Object.defineProperty(email, 'clientHeight', { configurable: true, value: 42 });
    fireEvent.mouseEnter(email);
    expect(email).toHaveAttribute('title', 'ana@example.com');
  });
});

interface Visit {
  uuid: string;
  name: string;
  plate: string;
  arrival: string;
}

const visits: Visit[] = [
  { uuid: 'v1', name: 'Ana Lim', plate: 'WXY 1234', arrival: '03/12/2026 03:30:00 pm' },
];
const visitCol = dataColumns<Visit>();
const visitColumns = visitCol.columns([
  visitCol.accessor('name', { header: 'Name' }),
  visitCol.accessor('plate', { header: 'Plate', meta: { kind: 'code', hiddenBelowLg: true } }),
  visitCol.accessor('arrival', {
    header: 'Arrival',
    meta: { kind: 'when' },
    cell: ({ getValue }) => <DateAndTime text={getValue()} />,
  }),
]);

function renderVisits(props: Partial<DataTableProps<Visit>> = {}) {
  render(
    <DataTable
      columns={visitColumns}
      rows={visits}
      sort={byNameAsc}
      onSortChange={vi.fn()}
      getRowId={(visit) => visit.uuid}
      label="Visits"
      screen="visits"
      {...props}
    />,
  );
}

function visitHeaders(): (string | null)[] {
  return screen.getAllByRole('columnheader').map((th) => th.textContent);
}

describe('DataTable below lg (a tablet held upright)', () => {
  restoreScreenWidthAfterEach();

  it('hides a hiddenBelowLg column by default, offers it in the Columns menu, and keeps a choice', async () => {
    stubScreenWidth(true);
    const user = userEvent.setup();
    renderVisits();
    expect(visitHeaders()).toEqual(['Name', 'Arrival']);

    await user.click(screen.getByRole('button', { name: 'Columns (1 hidden)' }));
    const plate = within(screen.getByRole('group', { name: 'Columns shown' })).getByRole(
      'checkbox',
      { name: 'Plate' },
    );
    expect(plate).not.toBeChecked();
    await user.click(plate);
    expect(visitHeaders()).toEqual(['Name', 'Plate', 'Arrival']);

    await user.click(screen.getByRole('button', { name: 'Show the usual columns' }));
    expect(visitHeaders()).toEqual(['Name', 'Arrival']);
  });

  it('shows a hiddenBelowLg column at lg and wider, and follows the screen across lg', () => {
    const screenWidth = stubScreenWidth(false);
    renderVisits();
    expect(visitHeaders()).toEqual(['Name', 'Plate', 'Arrival']);
    expect(screen.getByRole('button', { name: 'Columns' })).toBeInTheDocument();

    screenWidth.cross(true);
    expect(visitHeaders()).toEqual(['Name', 'Arrival']);
    screenWidth.cross(false);
    expect(visitHeaders()).toEqual(['Name', 'Plate', 'Arrival']);
  });

  it('gives rows their narrowRowHeight below lg only, and clamps to its lines', () => {
    const screenWidth = stubScreenWidth(false);
    renderVisits({ narrowRowHeight: 120 });
    expect(bodyRow('Ana Lim')).toHaveStyle({ height: '62px' });
    expect(screen.getByRole('table')).toHaveStyle({ '--cell-lines': '2' });

    screenWidth.cross(true);
    expect(bodyRow('Ana Lim')).toHaveStyle({ height: '120px' });
    expect(screen.getByRole('table')).toHaveStyle({ '--cell-lines': '4' });
  });

  it('keeps its rowHeight below lg when given no narrowRowHeight', () => {
    stubScreenWidth(true);
    renderVisits();
    expect(bodyRow('Ana Lim')).toHaveStyle({ height: '62px' });
  });
});

describe('DateAndTime', () => {
  it('holds the date and the time apart, reading as the one text it was given', () => {
    render(<DateAndTime text="03/12/2026 03:30:00 pm" />);
    const date = screen.getByText('03/12/2026');
    const time = screen.getByText('03:30:00 pm');
    expect(date.parentElement).toBe(time.parentElement);
    expect(date.parentElement).toHaveClass('date-and-time');
    expect(date.parentElement).toHaveTextContent('03/12/2026 03:30:00 pm', {
      normalizeWhitespace: false,
    });
  });

  it('leaves a text without a time whole', () => {
    render(<DateAndTime text="-" />);
    expect(screen.getByText('-')).toHaveClass('date-and-time');
  });
});

describe('nextSort', () => {
  it('flips desc back to asc on the same field', () => {
    expect(nextSort({ field: 'name', direction: 'desc' }, 'name')).toEqual(byNameAsc);
  });
});
