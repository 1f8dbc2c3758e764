import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { isValidPin } from '@rules/guards';
import { guards, makeGuard } from '../fixtures/guards';
import { API } from '../msw/api';
import { resetGuardRecords } from '../msw/handlers/guards';
import { server } from '../msw/server';
import {
  expectEscapeIgnored,
  holdNextGuardDelete,
  passDeleteDelay,
  recordRequests,
  requestsTo,
  setUpGuardTests,
} from './guards-support';
import { renderApp } from './render-app';
import { LIST_COLUMNS } from '../fixtures/list-columns';

setUpGuardTests();

async function openDetails(uuid: string) {
  const app = renderApp(`/guard-details/${uuid}`, { role: 'superadmin' });
  await screen.findByRole('tab', { name: 'Profile' });
  return app;
}

/** The value shown under a label of the profile. */
function profileValue(label: string): string | null {
  return (
    within(screen.getByRole('tabpanel')).getByText(label, { selector: 'dt' }).nextElementSibling
      ?.textContent ?? null
  );
}

describe('Guard details, Profile tab', () => {
  it('shows every field of the profile', async () => {
    const seen = recordRequests();
    await openDetails('guard-1');
    expect(screen.getByRole('img', { name: 'Photo of Ahmad Faizal' })).toHaveAttribute(
      'src',
      '/kgapi/files/view/photo-of-guard-1',
    );
    expect(
      Object.fromEntries(
        [
          'Guard ID',
          'Name',
          'IC/Passport No.',
          'Nationality',
          'Birthdate',
          'Address',
          'Contact No.',
          'Email',
          'Company',
          'Sites',
          'PIN status',
        ].map((label) => [label, profileValue(label)]),
      ),
    ).toEqual({
      'Guard ID': 'G-001',
      Name: 'Ahmad Faizal',
      'IC/Passport No.': '900101-14-5678',
      Nationality: 'Malaysian',
      Birthdate: '14/03/1988',
      Address: '12 Jalan Ampang, Kuala Lumpur',
      'Contact No.': '0123456789',
      Email: 'ahmad.faizal@example.com',
      Company: 'Aegis Guarding Sdn Bhd',
      Sites: 'Mont Kiara Residence',
      'PIN status': 'Enabled',
    });
    expect(requestsTo(seen, 'GET', '/guards/list')[0]?.params.get('filter')).toBe(
      "(uuid='guard-1')",
    );
  });

  it("says 'No records found.' without sites and 'Not enabled' without a PIN", async () => {
    resetGuardRecords([...guards, makeGuard('guard-9', { name: 'Farah Idris' })]);
    await openDetails('guard-9');
    expect(profileValue('Sites')).toBe('No records found.');
    expect(profileValue('PIN status')).toBe('Not enabled');
  });

  it('goes back to /security-guards for an unknown guard', async () => {
    const { router } = renderApp('/guard-details/no-such-guard', { role: 'superadmin' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/security-guards'));
    expect(await screen.findByText('Bala Krishnan')).toBeInTheDocument();
  });

  it('generates a new PIN after a confirmation and shows it once', async () => {
    const seen = recordRequests();
    let answerPin: () => void = () => undefined;
    server.use(
      http.patch(`${API}/guards/updatepin/:uuid`, () => {
        return new Promise<undefined>((resolve) => {
          answerPin = () => resolve(undefined);
        });
      }),
    );
    const { user } = await openDetails('guard-2');
    expect(profileValue('PIN status')).toBe('Not enabled');

    await user.click(screen.getByRole('button', { name: 'Generate new user PIN' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'A new user PIN for Bala Krishnan will override the previous one. This cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('status')).toBeInTheDocument();
    await expectEscapeIgnored(dialog);
    answerPin();

    expect(await within(dialog).findByText('Success')).toBeInTheDocument();
    const { pin } = requestsTo(seen, 'PATCH', '/guards/updatepin/guard-2')[0]?.body as {
      pin: string;
    };
    expect(isValidPin(pin)).toBe(true);
    expect(
      within(dialog).getByText('New user PIN of Bala Krishnan').nextElementSibling,
    ).toHaveTextContent(pin);
    await user.click(within(dialog).getByRole('button', { name: 'Okay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(profileValue('PIN status')).toBe('Enabled');
  });

  it('sends no new PIN when the confirmation is cancelled', async () => {
    const seen = recordRequests();
    const { user } = await openDetails('guard-2');
    await user.click(screen.getByRole('button', { name: 'Generate new user PIN' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(seen.filter((r) => r.method === 'PATCH')).toHaveLength(0);
  });

  it('deletes the guard and returns to the list with the confirmation', async () => {
    const seen = recordRequests();
    const { user, router } = await openDetails('guard-2');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete Bala Krishnan?');
    const answerDelete = holdNextGuardDelete();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      "Deleting Bala Krishnan. Please don't close this window.",
    );
    await passDeleteDelay(() => requestsTo(seen, 'GET', '/guards/list').length, answerDelete);

    await waitFor(() => expect(router.state.location.pathname).toBe('/security-guards'));
    expect(await screen.findByText('Record has been deleted.')).toBeInTheDocument();
    expect(await screen.findByText('Ahmad Faizal')).toBeInTheDocument();
    expect(screen.queryByText('Bala Krishnan')).not.toBeInTheDocument();
  });
});

/** The attendance columns that would name the guard on every row of its own tab. */
const GUARD_OWN_COLUMNS: readonly string[] = ['Guard ID', 'Company', 'Name'];

describe('Guard details, Attendance tab', () => {
  it('lists only this guard’s attendance', async () => {
    const seen = recordRequests();
    const { user } = await openDetails('guard-1');
    await user.click(screen.getByRole('tab', { name: 'Attendance' }));

    const table = await screen.findByRole('table', { name: 'Attendance' });
    // The guard's own ID, company and name would repeat on every row: its tab hides them.
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(LIST_COLUMNS.attendance.filter((name) => !GUARD_OWN_COLUMNS.includes(name)));
    expect(within(table).queryByText('Bala Krishnan')).not.toBeInTheDocument();
    expect(requestsTo(seen, 'GET', '/attendances/list').at(-1)?.params.get('filter')).toBe(
      "((kg_guard_uuid='guard-1'))",
    );
  });

  it('shows the guard’s own columns when the Columns menu turns them on', async () => {
    const { user } = await openDetails('guard-1');
    await user.click(screen.getByRole('tab', { name: 'Attendance' }));
    const table = await screen.findByRole('table', { name: 'Attendance' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));

    await user.click(screen.getByRole('button', { name: 'Columns (3 hidden)' }));
    const menu = screen.getByRole('group', { name: 'Columns shown' });
    for (const name of GUARD_OWN_COLUMNS) {
      expect(within(menu).getByRole('checkbox', { name })).not.toBeChecked();
    }
    await user.click(within(menu).getByRole('checkbox', { name: 'Guard ID' }));
    await user.click(within(menu).getByRole('checkbox', { name: 'Name' }));
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(LIST_COLUMNS.attendance.filter((name) => name !== 'Company'));
    expect(screen.getByRole('button', { name: 'Columns (1 hidden)' })).toBeInTheDocument();
  });
});
