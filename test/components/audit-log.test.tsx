import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Login } from '@contract/logins';
import { formatTimestamp } from '../../src/lib/dates';
import { ahmadRenamed } from '../fixtures/audit';
import { LIST_COLUMNS } from '../fixtures/list-columns';
import { adminScreenRows } from '../msw/handlers/admin-screens';
import { resetGuardRecords } from '../msw/handlers/guards';
import { resetSiteRecords } from '../msw/handlers/sites';
import { server } from '../msw/server';
import { sites } from '../fixtures/organisation';
import {
  fillIn,
  pressEscape,
  recordRequests,
  requestsTo,
  type SeenRequest,
} from './guards-support';
import { renderApp } from './render-app';

beforeEach(() => {
  resetGuardRecords();
  resetSiteRecords(sites);
});
afterEach(() => server.events.removeAllListeners());

/** The filter of the latest audit list call. */
function lastAuditFilter(seen: readonly SeenRequest[]): string | null | undefined {
  return requestsTo(seen, 'GET', '/audit/list').at(-1)?.params.get('filter');
}

/** The API's UTC timestamp of a local moment, worked out without the console's date code. */
function utcText(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

function bodyRowsOf(table: HTMLElement): HTMLElement[] {
  return within(table).getAllByRole('row').slice(1);
}

function focused(): HTMLElement {
  return document.activeElement as HTMLElement;
}

async function openAuditLog(role: 'superadmin' | 'securitycompany' = 'superadmin') {
  const app = renderApp('/audit-log', { role });
  const table = await screen.findByRole('table', { name: 'Audit Log' });
  await within(table).findByText('Ahmad Faizal');
  return { ...app, table };
}

describe('Audit Log page', () => {
  it('lists the newest entries first, 8 a page, with the shared pagination', async () => {
    const seen = recordRequests();
    const { user, table } = await openAuditLog();

    expect(screen.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(LIST_COLUMNS.audit);
    const rows = bodyRowsOf(table);
    expect(rows).toHaveLength(8);
    expect(rows[0]).toHaveTextContent(
      `${formatTimestamp('2026-11-24 03:15:00')}Sofia SuperadminSuper adminUpdateGuardAhmad Faizal203.0.113.7`,
    );
    // The system's backup: no name, no record, no address.
    expect(rows[2]).toHaveTextContent('SystemBackupBackup-');
    expect(rows[3]).toHaveTextContent('Not signed inFailed sign-inLogin');
    const first = requestsTo(seen, 'GET', '/audit/list')[0]?.params;
    expect(first?.get('order')).toBe('id desc');
    expect(first?.get('limit')).toBe('8');
    expect(first?.get('offset')).toBe('0');
    expect(first?.get('filter')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(bodyRowsOf(table)).toHaveLength(3));
    const second = requestsTo(seen, 'GET', '/audit/list').at(-1)?.params;
    expect(second?.get('offset')).toBe('8');
    expect(second?.get('include_count')).toBe('false');
    expect(screen.getByRole('spinbutton', { name: 'Page' })).toHaveValue(2);
  });

  it('searches records and users, and sends the record type with the search kept', async () => {
    const seen = recordRequests();
    const { user, table } = await openAuditLog();

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), "O'Brien{Enter}");
    await waitFor(() =>
      expect(lastAuditFilter(seen)).toBe(
        "((entity_label like '%O''Brien%') OR (actor_name like '%O''Brien%'))",
      ),
    );

    await user.selectOptions(screen.getByLabelText('Record type'), 'Security Company');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(lastAuditFilter(seen)).toBe(
        "((entity_label like '%O''Brien%') OR (actor_name like '%O''Brien%')) AND ((entity='security_company'))",
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() =>
      expect(lastAuditFilter(seen)).toBe(
        "((entity_label like '%O''Brien%') OR (actor_name like '%O''Brien%'))",
      ),
    );
    expect(screen.getByLabelText('Record type')).toHaveValue('');
    expect(table).toBeInTheDocument();
  });

  it('sends the action, the user and the local date range as UTC bounds', async () => {
    const seen = recordRequests();
    const { user } = await openAuditLog();

    await user.selectOptions(screen.getByLabelText('Action'), 'Failed sign-in');
    await fillIn(user, screen.getByLabelText('User'), 'Sofia');
    await fillIn(user, screen.getByLabelText('From'), '01/11/2026');
    await fillIn(user, screen.getByLabelText('To'), '02/11/2026');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    // From its local midnight, to the end of the To day: before the next local midnight.
    const from = utcText(new Date(2026, 10, 1));
    const before = utcText(new Date(2026, 10, 3));
    await waitFor(() =>
      expect(lastAuditFilter(seen)).toBe(
        `((action='sign-in-failed')) AND ((actor_name like '%Sofia%')) AND ` +
          `(created_at>='${from}') AND (created_at<'${before}')`,
      ),
    );
    expect(requestsTo(seen, 'GET', '/audit/list').at(-1)?.params.get('offset')).toBe('0');
  });

  it('names a date range that ends before it starts, and sends nothing', async () => {
    const seen = recordRequests();
    const { user } = await openAuditLog();
    const calls = requestsTo(seen, 'GET', '/audit/list').length;

    await fillIn(user, screen.getByLabelText('From'), '05/11/2026');
    await fillIn(user, screen.getByLabelText('To'), '04/11/2026');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    expect(await screen.findByText('To cannot be before From.')).toBeInTheDocument();
    await fillIn(user, screen.getByLabelText('From'), '31/02/2026');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText('Enter the date as DD/MM/YYYY.')).toBeInTheDocument();
    expect(requestsTo(seen, 'GET', '/audit/list')).toHaveLength(calls);
  });

  it('shows an entry in a side panel: who, when, where, and each field before and after', async () => {
    const { user, table } = await openAuditLog();
    await user.click(within(table).getByText('Ahmad Faizal'));

    const panel = await screen.findByRole('dialog', { name: 'Update – Guard: Ahmad Faizal' });
    const detail = (label: string) =>
      within(panel).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(detail('Who')).toBe('Sofia SuperadminSuper admin');
    expect(detail('When')).toBe(formatTimestamp(ahmadRenamed.created_at));
    expect(detail('Address')).toBe('203.0.113.7');
    expect(detail('User agent')).toBe(`Chrome on Windows${ahmadRenamed.user_agent ?? ''}`);
    expect(detail('Record')).toBe('Guard: Ahmad Faizal');

    const changes = within(panel).getByRole('table', { name: 'Changes' });
    expect(
      within(changes)
        .getAllByRole('row')
        .map((row) => Array.from(row.children).map((cell) => cell.textContent ?? '')),
    ).toEqual([
      ['Field', 'Before', 'After'],
      ['Name', 'Ahmad', 'Ahmad Faizal'],
      ['PIN', '[secret]', '[secret]'],
      ['Email', '-', 'ahmad.faizal@example.com'],
      ['Sites', 'Mont Kiara Residence', 'Mont Kiara Residence, Bangsar Heights'],
      ['Active', 'No', 'Yes'],
    ]);
  });

  it('opens the panel from a row by keyboard and gives the focus back when it closes', async () => {
    const { user, table } = await openAuditLog();
    const row = bodyRowsOf(table)[0] as HTMLElement;

    act(() => row.focus());
    await user.keyboard('{Enter}');
    const panel = await screen.findByRole('dialog', { name: 'Update – Guard: Ahmad Faizal' });
    await waitFor(() => expect(panel).toContainElement(focused()));
    pressEscape(panel);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(row).toHaveFocus();

    const view = within(row).getByRole('button', { name: /^View Update, Guard: Ahmad Faizal, / });
    act(() => view.focus());
    await user.keyboard('{Enter}');
    const again = await screen.findByRole('dialog', { name: 'Update – Guard: Ahmad Faizal' });
    await waitFor(() => expect(again).toContainElement(focused()));
    await user.click(within(again).getAllByRole('button', { name: 'Close' }).at(-1) as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(view).toHaveFocus();
  });
});

describe('the header menu item', () => {
  it.each(['superadmin', 'securitycompany'] as const)('leads %s to the Audit Log', async (role) => {
    const { user, router } = renderApp('/dashboard', { role });
    await user.click(await screen.findByRole('button', { name: /^Hi, / }));
    await user.click(screen.getByRole('menuitem', { name: 'Audit Log' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/audit-log'));
    expect(await screen.findByRole('table', { name: 'Audit Log' })).toBeInTheDocument();
  });
});

describe('History', () => {
  it("lists a guard's own entries on its History tab, the Record column hidden", async () => {
    const seen = recordRequests();
    const { user } = renderApp('/guard-details/guard-1', { role: 'superadmin' });
    await user.click(await screen.findByRole('tab', { name: 'History' }));

    const table = await screen.findByRole('table', { name: 'History' });
    await within(table).findByText('Sofia Superadmin');
    expect(lastAuditFilter(seen)).toBe("((entity_uuid='guard-1'))");
    expect(bodyRowsOf(table)).toHaveLength(1);
    expect(within(table).queryByRole('columnheader', { name: 'Record' })).toBeNull();
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(screen.queryByRole('form', { name: 'Filters' })).toBeNull();

    await user.click(within(table).getByText('Sofia Superadmin'));
    const panel = await screen.findByRole('dialog', { name: 'Update – Guard: Ahmad Faizal' });
    expect(within(panel).getByRole('table', { name: 'Changes' })).toHaveTextContent(
      'NameAhmadAhmad Faizal',
    );
  });

  it("lists a site's own entries on its History tab, last", async () => {
    const seen = recordRequests();
    const { user } = renderApp('/site-details/site-1/company-1', { role: 'securitycompany' });
    await screen.findByRole('tablist');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Guards',
      'Attendance',
      'Incidents',
      'Visitors',
      'Units',
      'Roster',
      'Patrols',
      'History',
    ]);
    await user.click(screen.getByRole('tab', { name: 'History' }));
    const table = await screen.findByRole('table', { name: 'History' });
    expect(await within(table).findByText('Create')).toBeInTheDocument();
    expect(lastAuditFilter(seen)).toBe("((entity_uuid='site-1'))");
  });

  it("opens a login's History in a dialog from its row on /users", async () => {
    const login: Login = {
      uuid: 'login-1',
      security_company_uuid: 'company-1',
      security_company_name: 'Aegis Guarding Sdn Bhd',
      security_company_is_active: 1,
      user_email: 'desk@aegis.example.com',
      is_active: 1,
      created_at: '2025-03-04 05:06:07',
      access_type: 'securitycompany',
      residences: [],
    };
    adminScreenRows.logins = [login];
    const seen = recordRequests();
    const { user } = renderApp('/users', { role: 'securitycompany' });
    await user.click(await screen.findByRole('button', { name: 'History desk@aegis.example.com' }));

    const dialog = await screen.findByRole('dialog', {
      name: 'History of desk@aegis.example.com',
    });
    const table = await within(dialog).findByRole('table', { name: 'History' });
    await waitFor(() => expect(bodyRowsOf(table)).toHaveLength(8));
    expect(lastAuditFilter(seen)).toBe("((entity_uuid='login-1'))");

    // The entry's panel opens over the dialog and gives the focus back to the row's button.
    const view = within(bodyRowsOf(table)[0] as HTMLElement).getByRole('button', {
      name: /^View Failed sign-in, Login: desk@aegis.example.com, /,
    });
    await user.click(view);
    const panel = await screen.findByRole('dialog', {
      name: 'Failed sign-in – Login: desk@aegis.example.com',
    });
    expect(within(panel).getByText('No field changes were recorded for this entry.')).toBeVisible();
    await waitFor(() => expect(panel).toContainElement(focused()));
    pressEscape(panel);
    await waitFor(() => expect(panel).not.toBeInTheDocument());
    await waitFor(() => expect(view).toHaveFocus());
    // Escape closed the panel alone: the History dialog is still there once a fade would be over.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(dialog).toBeInTheDocument();
    expect(view).toHaveFocus();
  });
});

describe('a site supervisor', () => {
  it('has no Audit Log item, no History tab, and cannot open /audit-log', async () => {
    const seen = recordRequests();
    const { user, router } = renderApp('/guard-details/guard-2', { role: 'sitesupervisor' });
    await screen.findByRole('tab', { name: 'Profile' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Profile',
      'Attendance',
      'Upcoming shifts',
    ]);

    await user.click(screen.getByRole('button', { name: /^Hi, / }));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Audit Log' })).toBeNull();

    await act(() => router.navigate('/site-details/site-1/company-1'));
    await screen.findByRole('tablist');
    expect(screen.queryByRole('tab', { name: 'History' })).toBeNull();

    await act(() => router.navigate('/audit-log'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(requestsTo(seen, 'GET', '/audit/list')).toHaveLength(0);
  });
});
