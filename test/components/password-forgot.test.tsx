import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { API, apiError } from '../msw/api';
import { server } from '../msw/server';
import { present, recordRequests, requestsTo } from './guards-support';
import { renderApp } from './render-app';

afterEach(() => server.events.removeAllListeners());

async function openForgot() {
  const app = renderApp('/forgetpassword');
  await screen.findByRole('heading', { level: 1, name: 'Forgot your Password?' });
  return app;
}

async function requestFor(app: Awaited<ReturnType<typeof openForgot>>, email: string) {
  await app.user.type(screen.getByLabelText('Email'), email);
  await app.user.click(screen.getByRole('button', { name: 'Request Reset Link' }));
}

describe('Forgot password', () => {
  it('shows the spec’s texts in the public layout, and leads back to sign-in', async () => {
    const { user, router } = await openForgot();
    expect(screen.getByText('Guard Console')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByRole('button', { name: 'Request Reset Link' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go Back to Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it("says 'Resetting Password...' while busy, then 'Password reset successful.'", async () => {
    const seen = recordRequests();
    let answer: () => void = () => undefined;
    server.use(
      http.post(
        `${API}/identity/reset`,
        () =>
          new Promise<undefined>((resolve) => {
            answer = () => resolve(undefined);
          }),
        { once: true },
      ),
    );
    const app = await openForgot();
    await app.user.type(screen.getByLabelText('Email'), ' company@example.com {Enter}');

    expect(await screen.findByRole('button', { name: 'Resetting Password...' })).toBeDisabled();
    answer();
    expect(await screen.findByText('Password reset successful.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request Reset Link' })).toBeEnabled();
    const request = present(requestsTo(seen, 'POST', '/identity/reset')[0], 'the reset request');
    expect(request.body).toEqual({
      identifier: 'company@example.com',
      type: 'userpass',
      residence_type: 'Residence',
    });
    expect(request.params.get('code')).toBeNull();
  });

  it("says 'Account not found.' for IDENTITY_NOT_FOUND, whatever the server's words", async () => {
    const app = await openForgot();
    await requestFor(app, 'nobody@example.com');
    expect(await screen.findByText('Account not found.')).toBeInTheDocument();
    expect(screen.queryByText('No identity has this identifier.')).not.toBeInTheDocument();
  });

  it("shows any other refusal in the server's words", async () => {
    server.use(
      http.post(`${API}/identity/reset`, () =>
        HttpResponse.json(apiError('TOO_MANY_REQUESTS', 'Too many password reset requests.'), {
          status: 429,
        }),
      ),
    );
    const app = await openForgot();
    await requestFor(app, 'company@example.com');
    expect(await screen.findByText('Too many password reset requests.')).toBeInTheDocument();
  });

  it('says the error is unknown when no answer came from the API', async () => {
    server.use(http.post(`${API}/identity/reset`, () => HttpResponse.error()));
    const app = await openForgot();
    await requestFor(app, 'company@example.com');
    expect(
      await screen.findByText(
        'Encountered an unknown error while attempting to reset your password. Please try again later.',
      ),
    ).toBeInTheDocument();
  });

  it('asks for an email first, worded as the sign-in form words it', async () => {
    const seen = recordRequests();
    const { user } = await openForgot();
    await user.click(screen.getByRole('button', { name: 'Request Reset Link' }));
    expect(await screen.findByText('Email is required.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'not-an-email{Enter}');
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(requestsTo(seen, 'POST', '/identity/reset')).toHaveLength(0);
  });
});
