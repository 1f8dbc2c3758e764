import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { siteWithoutCompany, sites } from '../fixtures/organisation';
import { API, apiError } from '../msw/api';
import { resetSiteRecords, siteFigures } from '../msw/handlers/sites';
import { server } from '../msw/server';
import { renderApp } from './render-app';
import { recordRequests } from './sites-support';

beforeEach(() => resetSiteRecords([...sites, siteWithoutCompany]));
afterEach(() => server.events.removeAllListeners());

function tabNames(): string[] {
  return screen.getAllByRole('tab').map((tab) => tab.textContent ?? '');
}

function figure(card: string, label: string) {
  const group = screen.getByRole('group', { name: card });
  return within(group).getByText(label).nextElementSibling?.textContent;
}

async function openDetails(path: string, role: 'superadmin' | 'sitesupervisor' = 'superadmin') {
  const app = renderApp(path, { role });
  await screen.findByRole('tablist');
  return app;
}

describe('Site details', () => {
  it('shows the site name and the figure cards of GET /dashboard/sitedata for this site', async () => {
    const seen = recordRequests();
    await openDetails('/site-details/site-1/company-1');

    expect(screen.getByRole('heading', { level: 1, name: 'Mont Kiara Residence' })).toBeVisible();
    await waitFor(() =>
      expect(figure('Visitors', 'Upcoming')).toBe(String(siteFigures.upcomingVisitors)),
    );
    expect(figure('Visitors', 'Checked-in')).toBe(String(siteFigures.checkedinVisitors));
    expect(figure('Incidents', 'New Today')).toBe(String(siteFigures.incidentToday));
    expect(figure('Incidents', 'Total')).toBe(String(siteFigures.allIncidents));
    expect(figure('Guards', 'On Duty')).toBe(String(siteFigures.onDutyGuard));
    expect(figure('Guards', 'Total')).toBe(String(siteFigures.totalGuard));

    const figuresCall = seen.find((r) => r.path === '/dashboard/sitedata');
    expect(figuresCall?.params.get('filter')).toBe("(residence_uuid='site-1')");
    const siteCall = seen.find((r) => r.path === '/data/residences');
    expect(siteCall?.params.get('filter')).toBe("((kipleguard_enabled=1)) AND ((uuid='site-1'))");
  });

  it('shows every tab when the site has attendance, reporting and visitors on', async () => {
    await openDetails('/site-details/site-1/company-1');
    expect(tabNames()).toEqual([
      'Guards',
      'Attendance',
      'Incidents',
      'Visitors',
      'Units',
      'Roster',
      'Patrols',
      'History',
    ]);
  });

  it('leaves out the tabs whose feature is off', async () => {
    await openDetails('/site-details/site-2/company-1');
    expect(tabNames()).toEqual([
      'Guards',
      'Attendance',
      'Incidents',
      'Roster',
      'Patrols',
      'History',
    ]);
  });

  it('shows Guards and Visitors for a site without attendance and reporting', async () => {
    await openDetails('/site-details/site-4/company-2');
    expect(tabNames()).toEqual(['Guards', 'Visitors', 'Units', 'Roster', 'Patrols', 'History']);
  });

  it('shows only Guards for a site with every feature off and no company to roster guards of', async () => {
    await openDetails('/site-details/site-5/null');
    expect(tabNames()).toEqual(['Guards', 'History']);
  });

  it("opens on this site's guards and switches to its attendance", async () => {
    const seen = recordRequests();
    const { user } = await openDetails('/site-details/site-1/company-1');

    expect(screen.getByRole('tab', { name: 'Guards' })).toHaveAttribute('aria-selected', 'true');
    const guardsTable = await screen.findByRole('table', { name: 'Guards' });
    expect(await within(guardsTable).findByText('Ahmad Faizal')).toBeInTheDocument();
    expect(within(guardsTable).getByText('Bala Krishnan')).toBeInTheDocument();
    expect(within(guardsTable).queryByText('Chen Wei')).toBeNull();
    const guardsCall = seen.find((r) => r.path === '/guards/list');
    expect(guardsCall?.params.get('filter')).toContain("(residence_uuid='site-1')");

    await user.click(screen.getByRole('tab', { name: 'Attendance' }));
    expect(screen.getByRole('tab', { name: 'Attendance' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await screen.findByRole('table', { name: 'Attendance' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Guards' })).toBeNull();
    await waitFor(() =>
      expect(seen.find((r) => r.path === '/attendances/list')?.params.get('filter')).toContain(
        "(residence_uuid='site-1')",
      ),
    );
  });

  it('hides the Site column on its Attendance, Incidents and Visitors tabs until it is shown', async () => {
    const { user } = await openDetails('/site-details/site-1/company-1');
    for (const tab of ['Attendance', 'Incidents', 'Visitors']) {
      await user.click(screen.getByRole('tab', { name: tab }));
      const table = await screen.findByRole('table', { name: tab });
      await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'));
      expect(within(table).queryByRole('columnheader', { name: 'Site' })).toBeNull();

      await user.click(screen.getByRole('button', { name: /^Columns/ }));
      const menu = screen.getByRole('group', { name: 'Columns shown' });
      await user.click(within(menu).getByRole('checkbox', { name: 'Site' }));
      expect(within(table).getByRole('columnheader', { name: /^Site/ })).toBeInTheDocument();
    }
  });

  it('lists the site’s incidents in the Incidents tab', async () => {
    const { user } = await openDetails('/site-details/site-1/company-1');
    await user.click(screen.getByRole('tab', { name: 'Incidents' }));
    const table = await screen.findByRole('table', { name: 'Incidents' });
    expect(await within(table).findByText('Bicycle stolen from the lobby.')).toBeInTheDocument();
    // Bangsar Heights' incident is not this site's.
    expect(within(table).queryByText('Small fire in the bin room.')).toBeNull();
  });

  it('lists the site’s visitor passes in the Visitors tab', async () => {
    const seen = recordRequests();
    const { user } = await openDetails('/site-details/site-1/company-1');
    await user.click(screen.getByRole('tab', { name: 'Visitors' }));
    const table = await screen.findByRole('table', { name: 'Visitors' });
    expect(await within(table).findByText('Aisyah Rahman')).toBeInTheDocument();
    // Ampang Court's passes are not this site's.
    expect(within(table).queryByText('Farah Aziz')).toBeNull();
    expect(
      seen.filter((r) => r.path === '/visitors/list').map((r) => r.params.get('filter')),
    ).toContain("(((residence_uuid='site-1')) AND ((residence_kipleguard_visitors_enabled=1)))");
  });

  it('still shows a site with the guard service off, with a note', async () => {
    const seen = recordRequests();
    await openDetails('/site-details/site-3/company-1');

    expect(screen.getByRole('heading', { level: 1, name: 'Cheras Vista' })).toBeInTheDocument();
    expect(screen.getByText(/The guard service is off for this site/)).toBeInTheDocument();
    const filters = seen
      .filter((r) => r.path === '/data/residences')
      .map((r) => r.params.get('filter'));
    expect(filters).toEqual(["((kipleguard_enabled=1)) AND ((uuid='site-3'))", "(uuid='site-3')"]);

    // Its Guards tab lists the guards still linked to it, and each row names it, marked.
    const guards = await screen.findByRole('table', { name: 'Guards' });
    const ahmad = (await within(guards).findByText('Ahmad Faizal')).closest('tr') as HTMLElement;
    expect(ahmad).toHaveTextContent('Cheras Vista (guard service off)');
  });

  it('says the record does not exist for an unknown site, with a way back', async () => {
    const { user, router } = renderApp('/site-details/no-such-site/null', { role: 'superadmin' });
    expect(await screen.findByText('Record does not exist.')).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).toBeNull();

    await user.click(screen.getByRole('link', { name: 'Back to Sites' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sites'));
  });

  it('shows a failed load as an error toast', async () => {
    server.use(
      http.get(`${API}/data/residences`, () =>
        HttpResponse.json(apiError('INTERNAL_ERROR', 'Sites are unavailable.'), { status: 500 }),
      ),
    );
    renderApp('/site-details/site-1/company-1', { role: 'superadmin' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Sites are unavailable.');
    expect(screen.getByRole('link', { name: 'Back to Sites' })).toBeInTheDocument();
  });
});
