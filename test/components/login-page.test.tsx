import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { SESSION_STORAGE_KEY } from '../../src/app/session/session-storage';
import { API } from '../msw/api';
import { server } from '../msw/server';
import { renderApp } from './render-app';

/** The sign-in page, once its lazily loaded form is on screen. */
async function openSignIn() {
  const app = renderApp('/login');
  await screen.findByRole('button', { name: 'Sign In' });
  return app;
}

describe('Sign-in page', () => {
  it('requires email and password before calling the server', async () => {
    let called = false;
    server.use(
      http.post(`${API}/admin/session`, () => {
        called = true;
        return HttpResponse.json({});
      }),
    );
    const { user } = await openSignIn();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Email is required.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(called).toBe(false);
  });

  it('shows the server error in a red alert above the form and clears the password', async () => {
    const { user } = await openSignIn();
    await user.type(screen.getByLabelText('Email'), 'company@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    const alert = await screen.findByText('Invalid email or password.');
    expect(alert).toHaveClass('alert-danger');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByLabelText('Email')).toHaveValue('company@example.com');
    expect(alert.compareDocumentPosition(screen.getByLabelText('Email'))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });

  it('falls back to the error value when the server sends no message', async () => {
    server.use(
      http.post(`${API}/admin/session`, () =>
        HttpResponse.json({ error: 'Service unavailable' }, { status: 503 }),
      ),
    );
    const { user } = await openSignIn();
    await user.type(screen.getByLabelText('Email'), 'company@example.com');
    await user.type(screen.getByLabelText('Password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Service unavailable')).toBeInTheDocument();
  });

  it('signs in, keeps the session in local storage and opens the dashboard', async () => {
    const { user, router } = await openSignIn();
    await user.type(screen.getByLabelText('Email'), 'company@example.com');
    await user.type(screen.getByLabelText('Password'), 'Demo@12345');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const stored = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}');
    expect(stored.token).toBe('token-securitycompany');
    expect(stored.profile.name).toBe('Chandra Company');
    expect(stored.identities).toEqual([{ uuid: 'identity-securitycompany' }]);
  });

  it('has a Forgot Password link', async () => {
    await openSignIn();
    expect(screen.getByRole('link', { name: 'Forgot Password' })).toHaveAttribute(
      'href',
      '/forgetpassword',
    );
  });

  it('sends the user without a token to /login', async () => {
    const { router } = renderApp('/security-guards');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
