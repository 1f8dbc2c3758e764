import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from '../../src/components/pagination';

describe('Pagination', () => {
  it.each([0, 1, 8])('renders nothing when %i records fit on one page of 8', (count) => {
    const { container } = render(<Pagination page={1} count={count} onPageChange={vi.fn()} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('appears as soon as a second page exists, with the page and the page count', () => {
    render(<Pagination page={1} count={9} onPageChange={vi.fn()} />);
    expect(screen.getByRole('spinbutton', { name: 'Page' })).toHaveValue(1);
    expect(screen.getByText('of 2')).toBeInTheDocument();
  });

  it('counts pages with the page size it is given', () => {
    render(<Pagination page={1} count={45} pageSize={20} onPageChange={vi.fn()} />);
    expect(screen.getByText('of 3')).toBeInTheDocument();
  });

  it('holds the same few elements at a million pages as at two', () => {
    const { container, rerender } = render(
      <Pagination page={1} count={9} onPageChange={vi.fn()} />,
    );
    const atTwo = container.querySelectorAll('*').length;
    rerender(<Pagination page={500_000} count={8_000_000} onPageChange={vi.fn()} />);
    expect(container.querySelectorAll('*').length).toBe(atTwo);
    expect(atTwo).toBeLessThan(25);
    expect(screen.getByText('of 1,000,000')).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Page' })).toHaveValue(500_000);
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

  it('jumps to the page typed, on Enter or on leaving the field', async () => {
    const onPageChange = vi.fn();
    render(<Pagination page={3} count={40} onPageChange={onPageChange} />);
    const field = screen.getByRole('spinbutton', { name: 'Page' });
    expect(field).toHaveValue(3);

    await userEvent.clear(field);
    await userEvent.type(field, '5{Enter}');
    expect(onPageChange).toHaveBeenLastCalledWith(5);
    expect(field).toHaveFocus();

    await userEvent.clear(field);
    await userEvent.type(field, '2');
    await userEvent.tab();
    expect(onPageChange).toHaveBeenLastCalledWith(2);
  });

  it('puts the page back for a page that does not exist, and on Escape', async () => {
    const onPageChange = vi.fn();
    render(<Pagination page={3} count={40} onPageChange={onPageChange} />);
    const field = screen.getByRole('spinbutton', { name: 'Page' });
    for (const typed of ['9', '0', '2.5']) {
      await userEvent.clear(field);
      await userEvent.type(field, `${typed}{Enter}`);
      expect(field).toHaveValue(3);
    }
    await userEvent.clear(field);
    await userEvent.type(field, '4{Escape}');
    expect(field).toHaveValue(3);
    expect(onPageChange).not.toHaveBeenCalled();
  });

  it('says a capped count with a +, keeps Next and Last open, and leads Last to the list', async () => {
    const onPageChange = vi.fn();
    const onLastPage = vi.fn();
    render(
      <Pagination
        page={1250}
        count={10_000}
        countCapped
        onPageChange={onPageChange}
        onLastPage={onLastPage}
      />,
    );
    expect(screen.getByText('of 1,250+')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(1251);
    await userEvent.click(screen.getByRole('button', { name: 'Last page' }));
    expect(onLastPage).toHaveBeenCalledTimes(1);
    const field = screen.getByRole('spinbutton', { name: 'Page' });
    await userEvent.clear(field);
    await userEvent.type(field, '3000{Enter}');
    expect(onPageChange).toHaveBeenLastCalledWith(3000);
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
