import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from '../../src/components/pagination';

describe('Pagination', () => {
  it.each([0, 1, 8])('renders nothing when %i records fit on one page of 8', (count) => {
    const { container } = render(<Pagination page={1} count={count} onPageChange={vi.fn()} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('appears as soon as a second page exists, listing every page', () => {
    render(<Pagination page={1} count={9} onPageChange={vi.fn()} />);
    const pages = within(screen.getByRole('combobox', { name: 'Page' })).getAllByRole('option');
    expect(pages.map((option) => option.textContent)).toEqual(['1', '2']);
  });

  it('counts pages with the page size it is given', () => {
    render(<Pagination page={1} count={45} pageSize={20} onPageChange={vi.fn()} />);
    expect(
      within(screen.getByRole('combobox', { name: 'Page' })).getAllByRole('option'),
    ).toHaveLength(3);
  });

  it('moves to the first, previous, next and last page', async () => {
    const onPageChange = vi.fn();
    render(<Pagination page={3} count={40} onPageChange={onPageChange} />);

    await userEvent.click(screen.getByRole('button', { name: 'First page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Last page' }));

    expect(onPageChange.mock.calls).toEqual([[1], [2], [4], [5]]);
  });

  it('jumps to the page chosen in the dropdown', async () => {
    const onPageChange = vi.fn();
    render(<Pagination page={3} count={40} onPageChange={onPageChange} />);
    const select = screen.getByRole('combobox', { name: 'Page' });
    expect(select).toHaveValue('3');

    await userEvent.selectOptions(select, '5');
    expect(onPageChange).toHaveBeenCalledWith(5);
  });

  it('disables first and previous on the first page', () => {
    render(<Pagination page={1} count={40} onPageChange={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'First page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Last page' })).toBeEnabled();
  });

  it('disables next and last on the last page', () => {
    render(<Pagination page={5} count={40} onPageChange={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Last page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'First page' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeEnabled();
  });
});
