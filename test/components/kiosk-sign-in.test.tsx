import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { KIOSK_TOKEN } from '../fixtures/kiosk';
import { GUARD_API, guardFailure } from '../msw/api';
import { guardAppRecords } from '../msw/handlers/guard-app';
import { server } from '../msw/server';
import {
  expectFocus,
  openKiosk,
  recordGuardCalls,
  setUpKioskTests,
  signInGuard,
} from './kiosk-support';

setUpKioskTests();

/** Each card's words as a reader gets them: the initials standing in for a photo are hidden. */
function guardCards(): string[] {
  const list = screen.getByRole('list', { name: 'Guards of this site' });
  return within(list)
    .getAllByRole('button')
    .map((card) => {
      const read = card.cloneNode(true) as HTMLElement;
      read.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
      return read.textContent ?? '';
    });
}

describe('Kiosk start screen', () => {
  it('shows the site, the clock, the waiting reports and the site’s guards as cards', async () => {
    const seen = recordGuardCalls();
    await openKiosk();

    expect(screen.getByText('Mont Kiara Residence')).toBeInTheDocument();
    expect(screen.getByText('10:00 am')).toBeInTheDocument();
    expect(screen.getByText('Friday, 20 March 2026')).toBeInTheDocument();
    expect(screen.getByText('Incident reports waiting to be sent: 0')).toBeInTheDocument();
    await waitFor(() =>
      expect(guardCards()).toEqual([
        'Ahmad FaizalGuard ID G-001',
        'Bala KrishnanGuard ID G-002',
        'Chen WeiGuard ID G-107',
      ]),
    );
    // Each with the device's credential and the application key, never a console session.
    const kioskCalls = seen.filter((call) => call.path.startsWith('kiosk'));
    expect(kioskCalls.map((call) => call.path)).toEqual(['kiosk', 'kiosk/guards']);
    for (const call of kioskCalls) {
      expect(call.headers.get('Authorization')).toBe(`Bearer ${KIOSK_TOKEN}`);
      expect(call.headers.get('X-Application-Key')).toBe('guard-console-demo-key');
    }
  });

  it('finds guards by name or guard ID as the guard types', async () => {
    const { user } = await openKiosk();
    const search = screen.getByRole('searchbox', { name: 'Search by name or guard ID' });

    await user.type(search, 'g-107');
    await waitFor(() => expect(guardCards()).toEqual(['Chen WeiGuard ID G-107']));

    await user.clear(search);
    await user.type(search, 'bala');
    await waitFor(() => expect(guardCards()).toEqual(['Bala KrishnanGuard ID G-002']));

    await user.clear(search);
    await user.type(search, 'nobody');
    expect(await screen.findByText('No guard matches “nobody”.')).toBeInTheDocument();
  });
});

describe('Kiosk start screen without a network', () => {
  /** Timers that run at the wall clock's pace and can be jumped ahead, the backoff's waits. */
  const jump = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

  /** The guards' list fails `times` times with no answer, then is answered; each ask's time. */
  function failGuardsList(times: number): number[] {
    const asked: number[] = [];
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === `${GUARD_API}/kiosk/guards`) asked.push(Date.now());
    });
    for (let failure = 0; failure < times; failure += 1) {
      server.use(http.get(`${GUARD_API}/kiosk/guards`, () => HttpResponse.error(), { once: true }));
    }
    return asked;
  }

  it('loads the guards again by itself, waiting longer after each failure, and keeps Try again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-03-20T02:00:00Z') });
    const asked = failGuardsList(2);
    await openKiosk();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The guards could not be loaded. No connection to the server. Check the network and try again.',
    );
    expect(screen.getByText('The kiosk tries again by itself.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();

    await jump(2_000);
    await waitFor(() => expect(asked).toHaveLength(2));
    await jump(4_000);
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'Guards of this site' })).toBeInTheDocument(),
    );
    expect(asked).toHaveLength(3);
    const [first = 0, second = 0, third = 0] = asked;
    expect(second - first).toBeGreaterThanOrEqual(2_000);
    expect(third - second).toBeGreaterThanOrEqual(4_000);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('loads the guards again at once when the browser is back online', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-03-20T02:00:00Z') });
    const asked = failGuardsList(1);
    await openKiosk();
    await screen.findByText('The kiosk tries again by itself.');
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByRole('list', { name: 'Guards of this site' })).toBeInTheDocument();
    const [first = 0, second = 0] = asked;
    expect(second - first).toBeLessThan(2_000);
  });
});

describe('Kiosk PIN', () => {
  it('opens a large keypad for the picked guard, focused for a keyboard too', async () => {
    const { user } = await openKiosk();
    await user.click(await screen.findByRole('button', { name: /^Bala Krishnan/ }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Enter your PIN' }),
    ).toBeInTheDocument();
    const field = screen.getByLabelText('PIN for Bala Krishnan');
    await expectFocus(field);
    const keys = within(screen.getByRole('group', { name: 'PIN keypad' }))
      .getAllByRole('button')
      .map((key) => key.getAttribute('aria-label') ?? key.textContent);
    expect(keys).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      'Clear',
      '0',
      'Delete the last digit',
    ]);
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  });

  it('verifies the PIN typed on the keypad and opens the guard’s menu', async () => {
    const seen = recordGuardCalls();
    const app = await openKiosk();
    await signInGuard(app, 'Ahmad Faizal', '123456');

    const heading = await screen.findByRole('heading', { level: 1, name: 'Hello, Ahmad Faizal' });
    await expectFocus(heading);
    expect(screen.getByText('You have no shift open.')).toBeInTheDocument();
    expect(screen.getByText('Signed in: Ahmad Faizal')).toBeInTheDocument();
    const verify = seen.find((call) => call.path === 'auth/verify-pin');
    expect(verify?.headers.get('Authorization')).toBe(`Bearer ${KIOSK_TOKEN}`);
  });

  it('takes the physical keyboard: digits, Backspace and Enter', async () => {
    const { user } = await openKiosk();
    await user.click(await screen.findByRole('button', { name: /^Ahmad Faizal/ }));
    const field = await screen.findByLabelText('PIN for Ahmad Faizal');
    await expectFocus(field);

    await user.keyboard('12345');
    await user.keyboard('9{Backspace}6');
    expect(field).toHaveValue('123456');
    await user.keyboard('{Enter}');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hello, Ahmad Faizal' }),
    ).toBeInTheDocument();
  });

  it('says a wrong PIN by its code, empties the field and lets the guard try again', async () => {
    const app = await openKiosk();
    await signInGuard(app, 'Ahmad Faizal', '111111');

    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong PIN. Please try again.');
    const field = screen.getByLabelText('PIN for Ahmad Faizal');
    expect(field).toHaveValue('');
    await expectFocus(field);
    expect(guardAppRecords().sessions.size).toBe(0);

    await app.user.keyboard('123456{Enter}');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hello, Ahmad Faizal' }),
    ).toBeInTheDocument();
  });

  it('says a locked PIN and how long to wait, from the answer’s Retry-After', async () => {
    server.use(
      http.post(`${GUARD_API}/auth/verify-pin`, () =>
        HttpResponse.json(
          guardFailure(
            'Too many wrong PINs. This PIN is locked. Please try again in 15 minutes.',
            'PIN_LOCKED',
          ),
          { status: 429, headers: { 'Retry-After': '900' } },
        ),
      ),
    );
    const app = await openKiosk();
    await signInGuard(app, 'Ahmad Faizal', '123456');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many wrong PINs. This PIN is locked. Please try again in 15 minutes.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Enter your PIN' })).toBeInTheDocument();
  });

  it('goes back to the start screen from the keypad', async () => {
    const { user } = await openKiosk();
    await user.click(await screen.findByRole('button', { name: /^Chen Wei/ }));
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Choose your name' });
    await expectFocus(heading);
  });

  it('signs the guard out when they finish, back at the start screen', async () => {
    const app = await openKiosk();
    await signInGuard(app, 'Ahmad Faizal', '123456');
    await screen.findByRole('heading', { level: 1, name: 'Hello, Ahmad Faizal' });

    await app.user.click(screen.getByRole('button', { name: 'Finish' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose your name' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(guardAppRecords().signedOut).toEqual(['guard-token-1']));
    expect(screen.queryByText('Signed in: Ahmad Faizal')).toBeNull();
  });
});
