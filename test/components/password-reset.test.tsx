import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { API } from '../msw/api';
import { server } from '../msw/server';
import { fillIn, present, recordRequests, requestsTo } from './guards-support';
import { renderApp } from './render-app';

afterEach(() => server.events.removeAllListeners());

type App = ReturnType<typeof renderApp>;

async function openReset(path: string, role?: 'securitycompany') {
  const app = renderApp(path, { role });
  await screen.findByRole('heading', { level: 1, name: 'Reset your Password' });
  return app;
}

async function fill({ user }: App, label: string, text: string) {
  await fillIn(user, screen.getByLabelText(label), text);
}

function submit({ user }: App) {
  return user.click(screen.getByRole('button', { name: 'Submit New Password' }));
}

describe('Reset password with a mailed link', () => {
  it('asks only for the new password twice, checking its length and the match', async () => {
    const seen = recordRequests();
    const app = await openReset('/resetpassword?code=working-code&iuuid=identity-x');
    expect(screen.queryByLabelText('Current Password')).not.toBeInTheDocument();
    await submit(app);
    expect(
      await screen.findByText('Please use a password that is at least 6 characters long.'),
    ).toBeInTheDocument();

    await fill(app, 'New Password', 'abcde');
    await fill(app, 'Confirm New Password', 'abcde');
    await submit(app);
    expect(
      await screen.findByText('Please use a password that is at least 6 characters long.'),
    ).toBeInTheDocument();

    await fill(app, 'New Password', 'Secret@2025');
    await fill(app, 'Confirm New Password', 'Secret@2024');
    await submit(app);
    expect(await screen.findByText('You password does not match.')).toBeInTheDocument();
    expect(requestsTo(seen, 'POST', '/identity/reset')).toHaveLength(0);
  });

  it('sets the password with the code, then leads to sign-in', async () => {
    const seen = recordRequests();
    const app = await openReset('/resetpassword?code=working-code&iuuid=identity-x');
    await fill(app, 'New Password', 'Secret@2025');
    await fill(app, 'Confirm New Password', 'Secret@2025');
    await submit(app);

    expect(
      await screen.findByText("You've successfully changed your password"),
    ).toBeInTheDocument();
    const request = present(requestsTo(seen, 'POST', '/identity/reset')[0], 'the reset');
    expect(request.params.get('code')).toBe('working-code');
    expect(request.body).toEqual({ challenge: 'Secret@2025' });

    await app.user.click(screen.getByRole('button', { name: 'Sign in with new password' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it("shows the server's refusal of a link in its words", async () => {
    const app = await openReset('/resetpassword?code=old-code&iuuid=identity-x');
    await fill(app, 'New Password', 'Secret@2025');
    await fill(app, 'Confirm New Password', 'Secret@2025');
    await submit(app);
    expect(
      await screen.findByText('This reset link is not valid. Please request a new one.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('New Password')).toHaveValue('Secret@2025');
  });

  it('says the error is unknown when no answer came from the API', async () => {
    server.use(http.post(`${API}/identity/reset`, () => HttpResponse.error()));
    const app = await openReset('/resetpassword?code=working-code&iuuid=identity-x');
    await fill(app, 'New Password', 'Secret@2025');
    await fill(app, 'Confirm New Password', 'Secret@2025');
    await submit(app);
    expect(
      await screen.findByText(
        'Encountered an unknown error while setting your new password. Please try again later.',
      ),
    ).toBeInTheDocument();
  });
});

describe('Change Password (a link without a code)', () => {
  it('opens from the header menu with the signed-in identity', async () => {
    const { user, router } = renderApp('/dashboard', { role: 'securitycompany' });
    await user.click(await screen.findByRole('button', { name: /^Hi, / }));
    await user.click(screen.getByRole('menuitem', { name: 'Change Password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/resetpassword'));
    expect(router.state.location.search).toBe('?iuuid=identity-securitycompany');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Reset your Password' }),
    ).toBeInTheDocument();
  });

  it('asks for the current password too, and shows a wrong one refused', async () => {
    const seen = recordRequests();
    const app = await openReset('/resetpassword?iuuid=identity-securitycompany', 'securitycompany');
    await fill(app, 'New Password', 'Secret@2025');
    await fill(app, 'Confirm New Password', 'Secret@2025');
    await submit(app);
    expect(await screen.findByText('Please enter your current password.')).toBeInTheDocument();

    await fill(app, 'Current Password', 'Wrong@123');
    await submit(app);
    expect(await screen.findByText('Your current password is not correct.')).toBeInTheDocument();
    // A refusal does not sign the user out.
    expect(app.store.getState().session.token).toBe('token-securitycompany');
    expect(
      requestsTo(seen, 'POST', '/identity/identity-securitycompany/challenge')[0]?.body,
    ).toEqual({ old_challenge: 'Wrong@123', challenge: 'Secret@2025' });
  });

  it("changes it, then 'Sign in with new password' signs the session out", async () => {
    const seen = recordRequests();
    const app = await openReset('/resetpassword?iuuid=identity-securitycompany', 'securitycompany');
    await fill(app, 'Current Password', 'Demo@12345');
    await fill(app, 'New Password', 'Secret@2025');
    await fill(app, 'Confirm New Password', 'Secret@2025');
    await submit(app);
    expect(
      await screen.findByText("You've successfully changed your password"),
    ).toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: 'Sign in with new password' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'));
    expect(app.store.getState().session.token).toBeNull();
    expect(requestsTo(seen, 'DELETE', '/identity/session')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('leads back to the dashboard', async () => {
    const app = await openReset('/resetpassword?iuuid=identity-securitycompany', 'securitycompany');
    await app.user.click(screen.getByRole('link', { name: 'Back to Dashboard' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/dashboard'));
  });

  it('asks to sign in first when nobody is signed in', async () => {
    await openReset('/resetpassword');
    expect(
      screen.getByText(
        'To change your password, sign in first. If you cannot sign in, ask for a reset link instead.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Forgot Password' })).toHaveAttribute(
      'href',
      '/forgetpassword',
    );
    expect(within(main).getByRole('link', { name: 'Back to Sign In' })).toBeInTheDocument();
  });
});
