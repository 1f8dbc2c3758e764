import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorToast } from '../../src/components/error-toast';
import { clearIfShown, SuccessAlert } from '../../src/components/success-alert';

describe('ErrorToast', () => {
  it('shows the message as an alert 350px wide and dismisses', async () => {
    const onDismiss = vi.fn();
    render(<ErrorToast message="Guards are unavailable." onDismiss={onDismiss} />);

    const toast = screen.getByRole('alert');
    expect(toast).toHaveTextContent('Guards are unavailable.');
    expect(toast).toHaveStyle({ width: '350px' });

    await userEvent.click(screen.getByRole('button', { name: 'Dismiss error' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('renders nothing without a message', () => {
    render(<ErrorToast message={null} onDismiss={vi.fn()} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

/** An owner that clears the message when the alert is done, as a list screen does. */
function Owner({ onDone }: { onDone: () => void }) {
  const [message, setMessage] = useState<string | null>('Success Deleted');
  return (
    <SuccessAlert
      message={message}
      onDone={() => {
        onDone();
        setMessage(null);
      }}
    />
  );
}

describe('SuccessAlert', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the message for 3000 ms, then calls onDone and disappears', () => {
    vi.useFakeTimers();
    const onDone = vi.fn();
    render(<Owner onDone={onDone} />);
    // A status region, always in the page so the message is announced as it appears.
    const region = screen.getByRole('status');
    expect(region).toHaveTextContent('Success Deleted');

    act(() => vi.advanceTimersByTime(2999));
    expect(onDone).not.toHaveBeenCalled();
    expect(region).toHaveTextContent('Success Deleted');

    act(() => vi.advanceTimersByTime(1));
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(region).toBeEmptyDOMElement();
  });

  it('keeps its 3 seconds when the owner re-renders with a new callback', () => {
    vi.useFakeTimers();
    const first = vi.fn();
    const second = vi.fn();
    const { rerender } = render(<SuccessAlert message="Success Added" onDone={first} />);

    act(() => vi.advanceTimersByTime(2000));
    rerender(<SuccessAlert message="Success Added" onDone={second} />);
    act(() => vi.advanceTimersByTime(1000));

    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });

  it("clears only the message it timed out, so a success set just before an older one's end stays", () => {
    let shown: string | null = 'Success Updated';
    const setShown = (update: (current: string | null) => string | null) => {
      shown = update(shown);
    };
    clearIfShown(setShown)('Success Added');
    expect(shown).toBe('Success Updated');
    clearIfShown(setShown)('Success Updated');
    expect(shown).toBeNull();
  });

  it('shows nothing without a message, and floats over the page instead of taking its space', () => {
    render(<SuccessAlert message={null} onDone={vi.fn()} />);
    const region = screen.getByRole('status');
    expect(region).toBeEmptyDOMElement();
    expect(region).toHaveClass('notice-region');
  });
});
