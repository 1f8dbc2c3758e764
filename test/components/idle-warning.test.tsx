import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionUsed } from '../../src/app/session/session-slice';
import { renderApp } from './render-app';

// SESSION_IDLE_MINUTES: the server names its idle timeout on each answer; the console warns a
// minute before it, offers to stay signed in, and at the timeout signs out, saying why.

const IDLE_MINUTES = 30;
const usedSecondsAgo = (seconds: number) => ({
  at: Date.now() - seconds * 1000,
  idleMinutes: IDLE_MINUTES,
});

describe('the idle warning', () => {
  it('shows a minute before the timeout, with focus on Stay signed in, which keeps the session', async () => {
    const { store, user } = renderApp('/dashboard', { role: 'superadmin' });
    act(() => {
      store.dispatch(sessionUsed(usedSecondsAgo(IDLE_MINUTES * 60 - 30)));
    });
    const dialog = await screen.findByRole(
      'alertdialog',
      { name: 'Are you still there?' },
      { timeout: 1500 },
    );
    expect(dialog).toHaveTextContent(
      /For your security, you will be signed out in (30|29|28) seconds without activity\./,
    );
    const stay = within(dialog).getByRole('button', { name: 'Stay signed in' });
    await waitFor(() => expect(stay).toHaveFocus(), { timeout: 1500 });
    const before = store.getState().session.lastUsedAt ?? 0;

    await user.click(stay);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(store.getState().session.lastUsedAt).toBeGreaterThan(before);
    expect(store.getState().session.token).toBe('token-superadmin');
  });

  it('stays away while the session has more than a minute left', async () => {
    const { store } = renderApp('/dashboard', { role: 'superadmin' });
    act(() => {
      store.dispatch(sessionUsed(usedSecondsAgo(IDLE_MINUTES * 60 - 62)));
    });
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('signs out at the timeout, and the sign-in page says why', async () => {
    const { store, router } = renderApp('/dashboard', { role: 'superadmin' });
    act(() => {
      store.dispatch(sessionUsed(usedSecondsAgo(IDLE_MINUTES * 60 + 1)));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(store.getState().session.token).toBeNull();
    expect(
      await screen.findByText(
        'You were signed out after a while without activity. Please sign in again.',
      ),
    ).toBeVisible();
  });
});
