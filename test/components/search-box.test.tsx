import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SearchBox } from '../../src/components/search-box';

describe('SearchBox', () => {
  it("uses 'Search...' as the default placeholder, or the one given", () => {
    const { unmount } = render(<SearchBox onSearch={vi.fn()} />);
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveAttribute(
      'placeholder',
      'Search...',
    );
    unmount();

    render(<SearchBox onSearch={vi.fn()} placeholder="Search by ID, Name..." />);
    expect(screen.getByPlaceholderText('Search by ID, Name...')).toBeInTheDocument();
  });

  it('submits the trimmed text on Enter', async () => {
    const onSearch = vi.fn();
    render(<SearchBox onSearch={onSearch} />);
    await userEvent.type(screen.getByRole('searchbox'), '  G-007 {Enter}');
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('G-007');
  });

  it('submits with the search button', async () => {
    const onSearch = vi.fn();
    render(<SearchBox onSearch={onSearch} />);
    await userEvent.type(screen.getByRole('searchbox'), 'Ana');
    expect(onSearch).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('Ana');
  });

  it('shows the search already applied', () => {
    render(<SearchBox onSearch={vi.fn()} initialValue="Mont Kiara" />);
    expect(screen.getByRole('searchbox')).toHaveValue('Mont Kiara');
  });

  it('clears the text and searches for everything when clearable', async () => {
    const onSearch = vi.fn();
    render(<SearchBox onSearch={onSearch} clearable initialValue="Ana" />);

    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));

    expect(onSearch).toHaveBeenCalledExactlyOnceWith('');
    expect(screen.getByRole('searchbox')).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear' })).not.toBeInTheDocument();
  });

  it('has no clear button unless asked for one', () => {
    render(<SearchBox onSearch={vi.fn()} initialValue="Ana" />);
    expect(screen.queryByRole('button', { name: 'Clear' })).not.toBeInTheDocument();
  });
});
