import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SortState } from '../../src/api/types';
import {
  DataTable,
  dataColumns,
  nextSort,
  type DataTableProps,
} from '../../src/components/data-table';

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

describe('nextSort', () => {
  it('flips desc back to asc on the same field', () => {
    expect(nextSort({ field: 'name', direction: 'desc' }, 'name')).toEqual(byNameAsc);
  });
});
