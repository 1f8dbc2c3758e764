import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { guards, makeGuard } from '../fixtures/guards';
import { API, apiError } from '../msw/api';
import { resetGuardRecords, setGuardAppAccess } from '../msw/handlers/guards';
import { server } from '../msw/server';
import { fillIn, pressEscape, recordRequests, requestsTo, setUpGuardTests } from './guards-support';
import { renderApp } from './render-app';

setUpGuardTests();

async function openAppAccess(uuid = 'guard-1') {
  const app = renderApp(`/guard-details/${uuid}`, { role: 'securitycompany' });
  await app.user.click(await screen.findByRole('button', { name: 'App access' }));
  const dialog = await screen.findByRole('dialog');
  return { app, dialog };
}

describe('Guard details, App access', () => {
  it('shows the PIN lock-out and the app access on the profile', async () => {
    setGuardAppAccess('guard-1', {
      has_password: true,
      password_set_at: '2024-05-01 02:00:00',
      pin_locked_until: '2024-05-01 03:15:00',
      pin_failures: 5,
    });
    renderApp('/guard-details/guard-1', { role: 'securitycompany' });
    await screen.findByRole('tab', { name: 'Profile' });
    const panel = screen.getByRole('tabpanel');
    expect(
      await within(panel).findByText(/^Locked until .* after 5 wrong PINs$/),
    ).toBeInTheDocument();
    expect(within(panel).getByText(/^Access given \(password set /)).toBeInTheDocument();
  });

  it('sets a password, checking its length first, and says the guard can sign in', async () => {
    const seen = recordRequests();
    const { app, dialog } = await openAppAccess();
    expect(await within(dialog).findByText('No access')).toBeInTheDocument();
    expect(within(dialog).getByText('Not signed in')).toBeInTheDocument();
    const password = within(dialog).getByLabelText('New password');
    await fillIn(app.user, password, '123');
    await app.user.click(within(dialog).getByRole('button', { name: 'Set password' }));
    expect(
      await within(dialog).findByText('Please use a password that is at least 6 characters long.'),
    ).toBeInTheDocument();
    expect(requestsTo(seen, 'PUT', '/guards/guard-1/app-access')).toHaveLength(0);

    await fillIn(app.user, password, 'Gate@2024');
    await app.user.click(within(dialog).getByRole('button', { name: 'Set password' }));
    const done = await within(dialog).findByText(
      'Ahmad Faizal can now sign in to the guard app with the new password. Any device signed in before has been signed out.',
    );
    await waitFor(() => expect(done).toHaveFocus());
    const [put] = requestsTo(seen, 'PUT', '/guards/guard-1/app-access');
    expect(put?.body).toEqual({ password: 'Gate@2024' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Okay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(screen.getByRole('tabpanel')).getByText(/^Access given/)).toBeInTheDocument();
  });

  it('mails a link to the guard’s email', async () => {
    const seen = recordRequests();
    const { app, dialog } = await openAppAccess();
    await app.user.click(within(dialog).getByRole('button', { name: 'Mail a set-password link' }));
    expect(
      await within(dialog).findByText(
        'A link to choose a password has been mailed to ahmad.faizal@example.com. It works once.',
      ),
    ).toBeInTheDocument();
    expect(requestsTo(seen, 'PUT', '/guards/guard-1/app-access')[0]?.body).toEqual({
      send_link: true,
    });
  });

  it('offers no link for a guard without an email, and says why', async () => {
    resetGuardRecords([...guards, makeGuard('guard-9', { name: 'Farah Idris', email: null })]);
    const { dialog } = await openAppAccess('guard-9');
    expect(within(dialog).getByRole('button', { name: 'Mail a set-password link' })).toBeDisabled();
    expect(
      within(dialog).getByText('Add an email to the guard’s profile to mail a link.'),
    ).toBeInTheDocument();
  });

  it('revokes access after asking, and Escape closes the dialog at each step', async () => {
    setGuardAppAccess('guard-1', {
      has_password: true,
      password_set_at: '2024-05-01 02:00:00',
      signed_in_device: 'Samsung Galaxy A54',
    });
    const seen = recordRequests();
    const { app, dialog } = await openAppAccess();
    expect(await within(dialog).findByText('Samsung Galaxy A54')).toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: 'Revoke access' }));
    const question = within(dialog).getByText(
      'Revoke Ahmad Faizal’s access to the guard app? Ahmad Faizal is signed out at once and cannot sign in again until given a new password.',
    );
    await waitFor(() => expect(question).toHaveFocus());
    await app.user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(
      await within(dialog).findByText('Ahmad Faizal no longer has access to the guard app.'),
    ).toBeInTheDocument();
    expect(requestsTo(seen, 'DELETE', '/guards/guard-1/app-access')).toHaveLength(1);
    pressEscape(dialog);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the server’s refusal in the dialog, with focus on it', async () => {
    server.use(
      http.put(`${API}/guards/:uuid/app-access`, () =>
        HttpResponse.json(
          apiError(
            'SIGN_IN_TAKEN',
            'Another guard with app access signs in with this email or contact number.',
          ),
          { status: 409 },
        ),
      ),
    );
    const { app, dialog } = await openAppAccess();
    await fillIn(app.user, within(dialog).getByLabelText('New password'), 'Gate@2024');
    await app.user.click(within(dialog).getByRole('button', { name: 'Set password' }));
    const alert = await within(dialog).findByText(
      'Another guard with app access signs in with this email or contact number.',
    );
    await waitFor(() => expect(alert).toHaveFocus());
  });
});
