import { render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { makeStore } from '../../src/app/store';
import { GuardsList } from '../../src/features/guards/guards-list';
import { storeSession } from '../../src/app/session/session-storage';
import { profiles } from '../fixtures/session';
import { makeGuard } from '../fixtures/guards';
import { API, apiError } from '../msw/api';
import { pinReveals, resetGuardRecords } from '../msw/handlers/guards';
import { server } from '../msw/server';
import {
  bodyRows,
  expectEscapeIgnored,
  fillIn,
  holdNextGuardDelete,
  passDeleteDelay,
  recordRequests,
  requestsTo,
  rowWith,
  setUpGuardTests,
} from './guards-support';
import { renderApp } from './render-app';

setUpGuardTests();

async function openGuards(role: 'superadmin' | 'securitycompany' = 'superadmin') {
  const app = renderApp('/security-guards', { role });
  await screen.findByText('Bala Krishnan');
  return app;
}

describe('Guards, All tab', () => {
  it('shows the tabs and the spec’s columns, newest first', async () => {
    const seen = recordRequests();
    await openGuards();

    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Attendance' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Guards' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Guard ID', 'User pin', 'Company', 'Name', 'Email', 'Site', 'Actions']);
    expect(bodyRows(table).map((cells) => cells.slice(0, 6))).toEqual([
      [
        'G-001',
        // A PIN shows only when revealed.
        '••••••',
        'Aegis Guarding Sdn Bhd',
        'Ahmad Faizal',
        'ahmad.faizal@example.com',
        // Cheras Vista has the guard service off, so it is left out.
        'Mont Kiara Residence',
      ],
      [
        'G-002',
        '-',
        'Aegis Guarding Sdn Bhd',
        'Bala Krishnan',
        '',
        'Mont Kiara Residence, Bangsar Heights',
      ],
      ['G-003', '••••••', 'Benteng Protection Sdn Bhd', 'Chen Wei', '', 'Ampang Court'],
    ]);
    const [list] = requestsTo(seen, 'GET', '/guards/list');
    expect(list?.params.get('order')).toBe('created_at desc');
    expect(list?.params.get('limit')).toBe('8');
    expect(list?.params.get('offset')).toBe('0');
    expect(list?.params.get('related')).toBe('*');
  });

  it('searches guard ID, name and company with the keyword filter', async () => {
    const seen = recordRequests();
    const { user } = await openGuards();

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), "Chen O'Brien");
    await user.click(screen.getByRole('button', { name: 'Search' }));

    await waitFor(() => expect(screen.queryByText('Ahmad Faizal')).not.toBeInTheDocument());
    expect(requestsTo(seen, 'GET', '/guards/list').at(-1)?.params.get('filter')).toBe(
      "((guard_id like '%Chen O''Brien%') OR (name like '%Chen O''Brien%') OR " +
        "(security_company_name like '%Chen O''Brien%'))",
    );
  });

  it('counts the guards once per search: the next page reuses the count', async () => {
    resetGuardRecords(
      Array.from({ length: 20 }, (_, i) =>
        makeGuard(`guard-${i + 1}`, { name: `Guard ${String(i + 1).padStart(2, '0')}` }),
      ),
    );
    const seen = recordRequests();
    const { user } = renderApp('/security-guards', { role: 'superadmin' });
    await screen.findByText('of 3');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(screen.getByRole('spinbutton', { name: 'Page' })).toHaveValue(2));
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    await waitFor(() => expect(screen.getByRole('spinbutton', { name: 'Page' })).toHaveValue(3));
    expect(screen.getByText('of 3')).toBeInTheDocument();
    const counted = requestsTo(seen, 'GET', '/guards/list').map(
      (request) => request.params.get('include_count') ?? 'counted',
    );
    expect(counted).toEqual(['counted', 'false', 'false']);

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'Guard 1');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getByText('of 2')).toBeInTheDocument());
    expect(requestsTo(seen, 'GET', '/guards/list').at(-1)?.params.get('include_count')).toBeNull();
  });

  it('sorts by name when its header is clicked', async () => {
    const seen = recordRequests();
    const { user } = await openGuards();
    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() =>
      expect(requestsTo(seen, 'GET', '/guards/list').at(-1)?.params.get('order')).toBe('name asc'),
    );
  });

  it('opens the guard’s details when a row is clicked', async () => {
    const { user, router } = await openGuards();
    await user.click(rowWith('Bala Krishnan'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/guard-details/guard-2'));
    expect(await screen.findByRole('heading', { name: 'Guard Details' })).toBeInTheDocument();
  });

  it('opens Edit Guard from the edit icon without leaving the list', async () => {
    const { user, router } = await openGuards();
    await user.click(screen.getByRole('button', { name: 'Edit Bala Krishnan' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Edit Guard')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Bala Krishnan');
    expect(router.state.location.pathname).toBe('/security-guards');
  });

  it('shows a failed load as an error toast', async () => {
    server.use(
      http.get(`${API}/guards/list`, () =>
        HttpResponse.json(apiError('INVALID_FILTER', 'Unknown field.'), { status: 400 }),
      ),
    );
    renderApp('/security-guards', { role: 'superadmin' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Unknown field.');
  });
});

describe('The User pin column', () => {
  it('shows one guard’s PIN at a time, on an explicit reveal the server records', async () => {
    const { user } = await openGuards();
    const table = screen.getByRole('table', { name: 'Guards' });
    await user.click(screen.getByRole('button', { name: 'Show the PIN of Ahmad Faizal' }));
    expect(await within(table).findByText('482913')).toBeVisible();
    expect(pinReveals).toEqual(['guard-1']);
    // A guard without a PIN has nothing to show.
    expect(screen.queryByRole('button', { name: 'Show the PIN of Bala Krishnan' })).toBeNull();

    // Revealing another hides the first.
    await user.click(screen.getByRole('button', { name: 'Show the PIN of Chen Wei' }));
    expect(await within(table).findByText('731154')).toBeVisible();
    expect(within(table).queryByText('482913')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Hide the PIN of Chen Wei' }));
    await waitFor(() => expect(within(table).queryByText('731154')).toBeNull());
    expect(pinReveals).toEqual(['guard-1', 'guard-3']);
  });
});

describe('Delete Confirmation', () => {
  it('asks, locks while deleting, reloads 2 s later and says the record was deleted', async () => {
    const seen = recordRequests();
    const answerDelete = holdNextGuardDelete();
    const { user } = await openGuards();
    await user.click(screen.getByRole('button', { name: 'Delete Bala Krishnan' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete Confirmation')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Are you sure you want to delete Bala Krishnan?');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      "Deleting Bala Krishnan. Please don't close this window.",
    );
    await expectEscapeIgnored(dialog);
    expect(within(dialog).queryByRole('button')).not.toBeInTheDocument();

    const lists = () => requestsTo(seen, 'GET', '/guards/list').length;
    const listsBefore = lists();
    // Nothing reloads until the spec's 2 s are over, and the modal stays locked meanwhile.
    await passDeleteDelay(lists, answerDelete);

    expect(await screen.findByText('Record has been deleted.')).toBeInTheDocument();
    expect(lists()).toBe(listsBefore + 1);
    await waitFor(() => expect(screen.queryByText('Bala Krishnan')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requestsTo(seen, 'DELETE', '/guards/guard-2')).toHaveLength(1);
  });

  it('keeps the guard when Cancel is chosen', async () => {
    const seen = recordRequests();
    const { user } = await openGuards();
    await user.click(screen.getByRole('button', { name: 'Delete Bala Krishnan' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(seen.filter((r) => r.method === 'DELETE')).toHaveLength(0);
    expect(screen.getByText('Bala Krishnan')).toBeInTheDocument();
  });
});

describe('The guards’ write flags (spec §4: created, updated, deleted)', () => {
  it('rise on a successful write, fall when a modal opens, and drive the reload and notice', async () => {
    const seen = recordRequests();
    const { user, store } = await openGuards();
    const flags = () => store.getState().guardProfile.writes;
    const lists = () => requestsTo(seen, 'GET', '/guards/list').length;
    expect(flags()).toEqual({ created: false, updated: false, deleted: false });

    await user.click(screen.getByRole('button', { name: 'Add' }));
    let dialog = await screen.findByRole('dialog');
    await user.selectOptions(
      await within(dialog).findByLabelText('Company'),
      await within(dialog).findByRole('option', { name: 'Aegis Guarding Sdn Bhd' }),
    );
    for (const [label, text] of [
      ['Guard ID', 'G-100'],
      ['Name', 'Daniel Lee'],
      ['Nationality', 'Malaysian'],
      ['Contact No.', '0198765432'],
      ['IC/Passport No.', 'A1234567'],
      ['Birthdate', '07/03/1990'],
      ['Address', '1 Jalan Duta'],
    ] as const) {
      await fillIn(user, within(dialog).getByLabelText(label), text);
    }
    let before = lists();
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('Success')).toBeInTheDocument();
    expect(flags()).toEqual({ created: true, updated: false, deleted: false });
    expect(await screen.findByRole('cell', { name: 'Daniel Lee' })).toBeInTheDocument();
    expect(lists()).toBe(before + 1);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // A failed edit raises nothing and reloads nothing.
    server.use(
      http.patch(
        `${API}/guards/:uuid`,
        () =>
          HttpResponse.json(apiError('CONFLICT', 'Guard ID is already in use.'), { status: 409 }),
        { once: true },
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Edit Bala Krishnan' }));
    expect(flags()).toEqual({ created: false, updated: false, deleted: false });
    dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText('Name');
    await fillIn(user, name, 'Bala K.');
    before = lists();
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Guard ID is already in use.');
    expect(flags().updated).toBe(false);
    await user.click(await within(dialog).findByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('cell', { name: 'Bala K.' })).toBeInTheDocument();
    expect(flags()).toEqual({ created: false, updated: true, deleted: false });
    expect(lists()).toBe(before + 1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Delete Ahmad Faizal' }));
    expect(flags()).toEqual({ created: false, updated: false, deleted: false });
    dialog = await screen.findByRole('dialog');
    const answerDelete = holdNextGuardDelete();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await passDeleteDelay(lists, answerDelete);
    expect(await screen.findByText('Record has been deleted.')).toBeInTheDocument();
    expect(flags()).toEqual({ created: false, updated: false, deleted: true });
    await waitFor(() => expect(screen.queryByText('Ahmad Faizal')).not.toBeInTheDocument());
  });
});

describe('GuardsList of one site', () => {
  it('lists the guards posted to that site', async () => {
    const seen = recordRequests();
    storeSession({
      token: 'token-superadmin',
      profile: profiles.superadmin,
      identities: [{ uuid: 'identity-superadmin' }],
    });
    const router = createMemoryRouter([
      { path: '/', element: <GuardsList residenceUuid="site-2" /> },
    ]);
    render(
      <Provider store={makeStore()}>
        <RouterProvider router={router} />
      </Provider>,
    );

    await screen.findByText('Bala Krishnan');
    expect(screen.queryByText('Ahmad Faizal')).not.toBeInTheDocument();
    // The site's page is open at the guardhouse: no PIN column at all.
    expect(screen.queryByRole('columnheader', { name: 'User pin' })).toBeNull();
    expect(requestsTo(seen, 'GET', '/guards/list').at(-1)?.params.get('filter')).toBe(
      "((residence_uuid='site-2'))",
    );
  });
});
