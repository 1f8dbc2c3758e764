import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ActiveSession } from '@contract/session';
import { API } from '../msw/api';
import { server } from '../msw/server';
import { renderApp } from './render-app';

const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPAD_SAFARI =
  'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** The server's answer for the signed-in person: this browser and a tablet, until one is ended. */
function serveSessions() {
  let sessions: ActiveSession[] = [
    {
      uuid: 'session-this',
      user_agent: WINDOWS_CHROME,
      client_address: '10.0.0.5',
      signed_in_at: '2026-11-24 01:00:00',
      last_used_at: '2026-11-24 02:00:00',
      current: true,
    },
    {
      uuid: 'session-tablet',
      user_agent: IPAD_SAFARI,
      client_address: '10.0.0.9',
      signed_in_at: '2026-11-20 00:30:00',
      last_used_at: '2026-11-22 09:15:00',
      current: false,
    },
  ];
  const ended: string[] = [];
  server.use(
    http.get(`${API}/identity/sessions`, () =>
      HttpResponse.json({ resource: sessions, meta: { count: sessions.length } }),
    ),
    http.delete(`${API}/identity/sessions/:uuid`, ({ params }) => {
      ended.push(String(params.uuid));
      sessions = sessions.filter((session) => session.uuid !== params.uuid);
      return HttpResponse.json({ success: true });
    }),
  );
  return ended;
}

describe('Signed-in devices', () => {
  it('opens from the header menu for a site supervisor, and ends another device’s session', async () => {
    const ended = serveSessions();
    const { user, router } = renderApp('/dashboard', { role: 'sitesupervisor' });
    await user.click(await screen.findByRole('button', { name: /^Hi, / }));
    await user.click(screen.getByRole('menuitem', { name: 'Signed-in devices' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sessions'));

    const table = await screen.findByRole('table', { name: 'Signed-in devices' });
    await within(table).findByText('Safari on iOS');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Chrome on WindowsThis device10.0.0.5');
    expect(within(rows[0] as HTMLElement).queryByRole('button')).toBeNull();

    await user.click(within(rows[1] as HTMLElement).getByRole('button', { name: /^End session/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'End session' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Safari on iOS will be signed out of Guard Console.');
    await user.click(within(dialog).getByRole('button', { name: 'End session' }));

    expect(await screen.findByText('Session ended.')).toBeInTheDocument();
    expect(ended).toEqual(['session-tablet']);
    await waitFor(() => expect(within(table).queryByText('Safari on iOS')).toBeNull());
    // The row that opened the dialog is gone: focus goes to the page's heading.
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Signed-in devices' })).toHaveFocus(),
    );
  });

  it('shows a failed load as an error toast', async () => {
    server.use(
      http.get(`${API}/identity/sessions`, () =>
        HttpResponse.json(
          { error: { code: 'UNAVAILABLE', message: 'Try again.' } },
          { status: 503 },
        ),
      ),
    );
    renderApp('/sessions', { role: 'securitycompany' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Try again.');
  });
});
