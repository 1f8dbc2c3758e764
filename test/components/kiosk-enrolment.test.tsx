import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { KIOSK_DEVICE_KEY } from '../../src/lib/kiosk-device';
import { SESSION_STORAGE_KEY } from '../../src/app/session/session-storage';
import { KIOSK_TOKEN } from '../fixtures/kiosk';
import { GUARD_API, guardFailure } from '../msw/api';
import { kioskRecords, resetKioskRecords } from '../msw/handlers/kiosks';
import { resetSiteRecords } from '../msw/handlers/sites';
import { server } from '../msw/server';
import { requestsTo, recordRequests } from './guards-support';
import { setUpKioskTests } from './kiosk-support';
import { renderApp } from './render-app';

setUpKioskTests();
beforeEach(() => {
  resetSiteRecords();
  resetKioskRecords();
});

async function openSiteKiosks(role: 'securitycompany' | 'sitesupervisor' | 'superadmin') {
  const app = renderApp('/site-details/site-1/company-1', { role });
  const section = await screen.findByRole('region', { name: 'Kiosks' });
  const table = await within(section).findByRole('table', { name: 'Kiosks' });
  return { ...app, section, table };
}

function rows(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    );
}

describe('Kiosks on the site details page', () => {
  it.each(['securitycompany', 'sitesupervisor', 'superadmin'] as const)(
    'lists the site’s kiosks for %s: label, who enrolled it, when, and its last activity',
    async (role) => {
      const seen = recordRequests();
      const { table } = await openSiteKiosks(role);
      expect(rows(table)).toEqual([
        [
          'Main gate',
          'Chandra Company',
          '02/03/2026 09:30:00 am',
          '20/03/2026 10:15:00 am',
          'Revoke',
        ],
        ['Back gate', '-', '05/03/2026 11:00:00 am', 'Never', 'Revoke'],
      ]);
      expect(requestsTo(seen, 'GET', '/kiosks/list')[0]?.params.get('filter')).toBe(
        "(residence_uuid='site-1')",
      );
    },
  );

  it('revokes a kiosk after confirmation, and keeps it when cancelled', async () => {
    const { user, table, section } = await openSiteKiosks('securitycompany');

    await user.click(within(table).getByRole('button', { name: 'Revoke Back gate' }));
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'Are you sure you want to revoke Back gate? That device stops working as a kiosk at once.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(kioskRecords().map((kiosk) => kiosk.label)).toContain('Back gate');

    await user.click(within(table).getByRole('button', { name: 'Revoke Back gate' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(rows(table).map(([label]) => label)).toEqual(['Main gate']));
    expect(kioskRecords().map((kiosk) => kiosk.uuid)).toEqual(['kiosk-1', 'kiosk-3']);
    await waitFor(() =>
      expect(within(section).getByRole('heading', { name: 'Kiosks' })).toHaveFocus(),
    );
  });

  it('sets up this browser as a kiosk: keeps the device token, signs the console out, opens /kiosk', async () => {
    const seen = recordRequests();
    const { user, router } = await openSiteKiosks('sitesupervisor');

    await user.click(screen.getByRole('button', { name: 'Set up this device as a kiosk' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('This browser becomes a kiosk of Mont Kiara Residence.');
    await user.click(within(dialog).getByRole('button', { name: 'Set up' }));
    expect(
      await within(dialog).findByText('Enter a name for this kiosk, such as "Main gate".'),
    ).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Label'), 'Guardhouse tablet');
    await user.click(within(dialog).getByRole('button', { name: 'Set up' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/kiosk'));
    expect(requestsTo(seen, 'POST', '/kiosks/add')[0]?.body).toEqual({
      residence_uuid: 'site-1',
      label: 'Guardhouse tablet',
    });
    // The console session ends on the server and in this browser, and the kiosk starts.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose your name' }),
    ).toBeInTheDocument();
    expect(requestsTo(seen, 'DELETE', '/identity/session')).toHaveLength(1);
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(KIOSK_DEVICE_KEY)).toBe(KIOSK_TOKEN);
    expect(kioskRecords().at(-1)?.label).toBe('Guardhouse tablet');
  });

  it('shows the server’s refusal in the set-up form', async () => {
    const { user } = await openSiteKiosks('securitycompany');
    server.use(
      http.post('/kgapi/kiosks/add', () =>
        HttpResponse.json(
          {
            error: {
              code: 'INVALID_SITE',
              message: 'Choose one of your sites with the guard service.',
            },
          },
          { status: 400 },
        ),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Set up this device as a kiosk' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Label'), 'Lobby');
    await user.click(within(dialog).getByRole('button', { name: 'Set up' }));
    expect(
      await within(dialog).findByText('Choose one of your sites with the guard service.'),
    ).toBeInTheDocument();
    expect(localStorage.getItem(KIOSK_DEVICE_KEY)).toBeNull();
  });
});

describe('A browser that is not a kiosk', () => {
  it('says so at /kiosk, how to set it up, and links to sign-in', async () => {
    const { user, router } = renderApp('/kiosk');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'This device is not set up as a kiosk',
      }),
    ).toBeInTheDocument();
    const steps = screen.getAllByRole('listitem').map((step) => step.textContent);
    expect(steps).toEqual([
      'Sign in to the console as the security company or as a supervisor of the site.',
      'Open the site this kiosk is for.',
      'Choose “Set up this device as a kiosk” and give the kiosk a name.',
    ]);
    await user.click(screen.getByRole('link', { name: 'Sign in to the console' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('leaves a console session alone when the browser is not a kiosk', async () => {
    const seen = recordRequests();
    renderApp('/kiosk', { role: 'securitycompany' });
    await screen.findByRole('heading', { name: 'This device is not set up as a kiosk' });
    expect(requestsTo(seen, 'DELETE', '/identity/session')).toHaveLength(0);
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).not.toBeNull();
  });

  it('forgets a revoked kiosk’s token and says why', async () => {
    server.use(
      http.get(`${GUARD_API}/kiosk`, () =>
        HttpResponse.json(
          guardFailure(
            'This device is no longer a kiosk. Ask your company to set it up again.',
            'KIOSK_REVOKED',
          ),
          { status: 401 },
        ),
      ),
    );
    localStorage.setItem(KIOSK_DEVICE_KEY, KIOSK_TOKEN);
    renderApp('/kiosk');
    expect(
      await screen.findByRole('heading', { name: 'This device is not set up as a kiosk' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText("This device's kiosk access has ended: the kiosk was revoked."),
    ).toBeInTheDocument();
    expect(
      screen.getByText('This device is no longer a kiosk. Ask your company to set it up again.'),
    ).toBeInTheDocument();
    expect(localStorage.getItem(KIOSK_DEVICE_KEY)).toBeNull();
  });

  it('stops at the not-set-up screen when the kiosk is revoked while it runs', async () => {
    localStorage.setItem(KIOSK_DEVICE_KEY, KIOSK_TOKEN);
    const { user } = renderApp('/kiosk');
    await screen.findByRole('heading', { name: 'Choose your name' });
    server.use(
      http.get(`${GUARD_API}/kiosk/guards`, () =>
        HttpResponse.json(
          guardFailure(
            'This device is no longer a kiosk. Ask your company to set it up again.',
            'KIOSK_REVOKED',
          ),
          { status: 401 },
        ),
      ),
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search by name or guard ID' }), 'a');
    expect(
      await screen.findByRole('heading', { name: 'This device is not set up as a kiosk' }),
    ).toBeInTheDocument();
    expect(localStorage.getItem(KIOSK_DEVICE_KEY)).toBeNull();
  });
});

describe('Shifts on the PIN alone, on the site details page', () => {
  it('lets the company switch it on, saving at once', async () => {
    const seen = recordRequests();
    const { section, user } = await openSiteKiosks('securitycompany');
    const toggle = within(section).getByRole('switch', {
      name: 'Allow shifts without a selfie (PIN only)',
    });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    const [saved] = requestsTo(seen, 'PATCH', '/data/residences/site-1/shift-settings');
    await waitFor(() => expect(saved?.body).toEqual({ pin_only_shifts: 1 }));
  });

  it('tells a supervisor how guards start shifts, without a switch', async () => {
    const { section } = await openSiteKiosks('sitesupervisor');
    expect(within(section).queryByRole('switch')).not.toBeInTheDocument();
    expect(
      within(section).getByText('Guards take a selfie to start and end shifts here.'),
    ).toBeInTheDocument();
  });
});
