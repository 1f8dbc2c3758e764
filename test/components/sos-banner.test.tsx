import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Alert } from '@contract/alerts';
import { resetAlertRecords } from '../msw/handlers/alerts';
import { renderApp } from './render-app';
import { recordRequests } from './sites-support';

// A guard's SOS (issue 38) across the top of every console page of its scope until someone
// acknowledges it; the server decides whose it is (test/server/patrols.test.ts).

const sos: Alert = {
  uuid: 'alert-sos',
  kind: 'sos',
  message:
    'SOS from Arjun Thapa at Mont Kiara Residence, 22:41: https://maps.google.com/?q=3.171235,101.652346',
  security_company_uuid: 'company-1',
  residence_uuid: 'site-1',
  residence_name: 'Mont Kiara Residence',
  patrol_uuid: null,
  shift_uuid: null,
  guard_uuid: 'guard-1',
  guard_name: 'Arjun Thapa',
  created_at: '2026-11-28 14:41:00',
  read: false,
  acknowledged_at: null,
  acknowledged_by: null,
};

describe('SOS banner', () => {
  it('shows an open SOS on every page, with its map, until it is acknowledged', async () => {
    resetAlertRecords([sos]);
    const seen = recordRequests();
    const { user } = renderApp('/sites', { role: 'sitesupervisor' });
    const banner = await screen.findByRole('alert', { name: 'SOS' });
    expect(banner).toHaveTextContent('SOS from Arjun Thapa at Mont Kiara Residence, 22:41');
    expect(within(banner).getByRole('link', { name: 'Open the map' })).toHaveAttribute(
      'href',
      'https://maps.google.com/?q=3.171235,101.652346',
    );
    await user.click(within(banner).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(screen.queryByRole('alert', { name: 'SOS' })).toBeNull());
    expect(
      seen.some(
        (request) => request.method === 'POST' && request.path === '/alerts/alert-sos/acknowledge',
      ),
    ).toBe(true);
  });
});
