import { render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeStore } from '../../src/app/store';
import { AttendanceList } from '../../src/features/attendances/attendance-list';
import { storeSession } from '../../src/app/session/session-storage';
import { profiles } from '../fixtures/session';
import { server } from '../msw/server';
import { bodyRows, recordRequests, requestsTo, rowWith } from './guards-support';
import { renderApp } from './render-app';
import { LIST_COLUMNS } from '../fixtures/list-columns';
import { ahmad, bala, makeAttendance } from '../fixtures/guards';
import { attendanceListHandler } from '../msw/handlers/attendances';

// Times are shown in the reader's zone: pin it so the expected texts hold on any machine.
let zone: string | undefined;
beforeEach(() => {
  zone = process.env.TZ;
  process.env.TZ = 'Asia/Kuala_Lumpur';
});
afterEach(() => {
  server.events.removeAllListeners();
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

async function openAttendanceTab() {
  const app = renderApp('/security-guards', { role: 'superadmin' });
  await app.user.click(await screen.findByRole('tab', { name: 'Attendance' }));
  const table = await screen.findByRole('table', { name: 'Attendance' });
  await within(table).findByText('Chen Wei');
  return { ...app, table };
}

describe('Attendance list', () => {
  it('shows the spec’s columns with local times, 7-decimal places and total hours', async () => {
    const { table } = await openAttendanceTab();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(LIST_COLUMNS.attendance);
    expect(bodyRows(table)).toEqual([
      [
        'G-002',
        'Aegis Guarding Sdn Bhd',
        'Bala Krishnan',
        'Bangsar Heights',
        '03/05/2024 07:10:00 am',
        '3.1579123, 101.7123000',
        'Not checked out.',
        '',
        '0',
      ],
      [
        'G-001',
        'Aegis Guarding Sdn Bhd',
        'Ahmad Faizal',
        'Mont Kiara Residence',
        '02/05/2024 08:30:00 am',
        '3.1579123, 101.7123000',
        '02/05/2024 05:45:15 pm',
        '3.1579100, 101.7123100',
        '9:15:15',
      ],
      [
        'G-001',
        'Aegis Guarding Sdn Bhd',
        'Ahmad Faizal',
        'Mont Kiara Residence',
        '30/04/2024 06:00:00 am',
        '3.1579123, 101.7123000',
        '01/05/2024 12:15:30 pm',
        '3.1579100, 101.7123100',
        '30:15:30',
      ],
      [
        'G-003',
        'Benteng Protection Sdn Bhd',
        'Chen Wei',
        'Ampang Court',
        'Not checked in.',
        '',
        '01/05/2024 05:45:15 pm',
        '3.1579100, 101.7123100',
        '0',
      ],
    ]);
  });

  it('gives attendance rows a height of 120', async () => {
    await openAttendanceTab();
    expect(rowWith('Chen Wei')).toHaveStyle({ height: '120px' });
  });

  it('sorts by Guard ID and by Name only, and searches guard and site', async () => {
    const seen = recordRequests();
    const { user, table } = await openAttendanceTab();
    const lastQuery = () => requestsTo(seen, 'GET', '/attendances/list').at(-1)?.params;
    expect(within(table).queryByRole('button', { name: 'Site' })).not.toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(lastQuery()?.get('order')).toBe('guard_name asc'));
    await user.click(within(table).getByRole('button', { name: /Guard ID/ }));
    await waitFor(() => expect(lastQuery()?.get('order')).toBe('guard_id asc'));

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'Bangsar');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(within(table).queryByText('Chen Wei')).not.toBeInTheDocument());
    expect(lastQuery()?.get('filter')).toBe(
      "((guard_id like '%Bangsar%') OR (guard_name like '%Bangsar%') OR " +
        "(residence_name like '%Bangsar%'))",
    );
    expect(lastQuery()?.get('offset')).toBe('0');
  });

  it('opens a selfie large in its own modal, with the time and the place beside it', async () => {
    const { user, router } = await openAttendanceTab();
    const row = rowWith('Bala Krishnan');
    await user.click(
      within(row).getByRole('button', { name: 'View Check-in selfie of Bala Krishnan' }),
    );
    const dialog = await screen.findByRole('dialog');
    const selfie = within(dialog).getByRole('img', { name: 'Check-in selfie of Bala Krishnan' });
    expect(selfie).toHaveAttribute('src', '/kgapi/files/view/checkin-att-1');
    expect(selfie).toHaveClass('photo-large');
    const cells = within(row).getAllByRole('cell');
    const checkIn = cells[4]?.textContent ?? '';
    const place = cells[5]?.textContent ?? '';
    expect(checkIn).not.toBe('');
    expect(place).not.toBe('');
    expect(dialog).toHaveTextContent(`Check In${checkIn}`);
    expect(dialog).toHaveTextContent(`Location${place}`);
    await user.click(within(dialog).getByRole('img'));
    expect(router.state.location.pathname).toBe('/security-guards');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says a selfie was removed by the retention job, and a PIN-only check-in had none', async () => {
    server.use(
      attendanceListHandler([
        makeAttendance('att-removed', ahmad, 'site-1', {
          checkin_photo_url: null,
          checkout_photo_url: null,
          selfies_removed_at: '2025-06-01 00:00:00',
        }),
        makeAttendance('att-pin', bala, 'site-2', {
          checkin_photo_url: null,
          checkout_at: null,
          checkout_photo_url: null,
        }),
      ]),
    );
    const { user } = renderApp('/security-guards', { role: 'superadmin' });
    await user.click(await screen.findByRole('tab', { name: 'Attendance' }));
    const table = await screen.findByRole('table', { name: 'Attendance' });
    const removed = await within(table).findByText('Ahmad Faizal');
    expect(removed.closest('tr')).toHaveTextContent('selfie removed (retention)');
    expect(within(table).getByText('Bala Krishnan').closest('tr')).toHaveTextContent('No selfie');
  });

  it('lists one site’s attendance only while the site takes attendance', async () => {
    const seen = recordRequests();
    storeSession({
      token: 'token-superadmin',
      profile: profiles.superadmin,
      identities: [{ uuid: 'identity-superadmin' }],
    });
    const router = createMemoryRouter([
      { path: '/', element: <AttendanceList residenceUuid="site-1" /> },
    ]);
    render(
      <Provider store={makeStore()}>
        <RouterProvider router={router} />
      </Provider>,
    );

    const table = await screen.findByRole('table', { name: 'Attendance' });
    await waitFor(() => expect(within(table).getAllByText('Ahmad Faizal')).toHaveLength(2));
    expect(within(table).queryByText('Bala Krishnan')).not.toBeInTheDocument();
    expect(requestsTo(seen, 'GET', '/attendances/list').at(-1)?.params.get('filter')).toBe(
      "((residence_uuid='site-1')) AND ((residence_kipleguard_attendance_enabled=1))",
    );
  });
});
