import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { API, apiError } from '../msw/api';
import { dashboardFigures } from '../msw/handlers/dashboard';
import { server } from '../msw/server';
import { renderApp } from './render-app';

function card(title: string) {
  return screen.getByRole('group', { name: title });
}

function figure(title: string, label: string) {
  return within(card(title)).getByText(label).nextElementSibling?.textContent;
}

describe('Dashboard', () => {
  it('shows every card for the super administrator with the figures of GET /dashboard/data', async () => {
    renderApp('/dashboard', { role: 'superadmin' });
    await screen.findByText(String(dashboardFigures.allIncidents));
    expect(figure('Sites', 'Total')).toBe('12');
    expect(figure('Incidents', 'New Today')).toBe('3');
    expect(figure('Incidents', 'Total')).toBe('150');
    expect(figure('Visitors', 'Upcoming')).toBe('41');
    expect(figure('Visitors', 'Checked-in')).toBe('17');
    expect(figure('Visitors', 'Overstay')).toBe('3');
    expect(figure('Security Company', 'Active')).toBe('2');
    expect(figure('Security Company', 'Inactive')).toBe('1');
    expect(figure('Site Supervisor', 'Active')).toBe('5');
    expect(figure('Site Supervisor', 'Inactive')).toBe('2');
    expect(figure('Guards', 'On duty')).toBe('23');
    expect(figure('Guards', 'Total')).toBe('121');
  });

  it("says 'Fetching content...' until the figures arrive", async () => {
    let answer: () => void = () => undefined;
    server.use(
      http.get(
        `${API}/dashboard/data`,
        () =>
          new Promise<undefined>((resolve) => {
            answer = () => resolve(undefined);
          }),
        { once: true },
      ),
    );
    renderApp('/dashboard', { role: 'superadmin' });
    expect(await screen.findByText('Fetching content...')).toBeInTheDocument();
    answer();
    expect(await screen.findByText('150')).toBeInTheDocument();
    expect(screen.queryByText('Fetching content...')).not.toBeInTheDocument();
  });

  it('links each card to its route with View All', async () => {
    renderApp('/dashboard', { role: 'superadmin' });
    await screen.findByText('150');
    const links = Object.fromEntries(
      ['Sites', 'Incidents', 'Visitors', 'Security Company', 'Site Supervisor', 'Guards'].map(
        (title) => [
          title,
          within(card(title))
            .getByRole('link', { name: `View All ${title}` })
            .getAttribute('href'),
        ],
      ),
    );
    expect(links).toEqual({
      Sites: '/sites',
      Incidents: '/incidents',
      Visitors: '/visitors',
      'Security Company': '/security-company',
      'Site Supervisor': '/site-super',
      Guards: '/security-guards',
    });
  });

  it('links the Overstay figure to the visitors still inside after their window', async () => {
    const { user } = renderApp('/dashboard', { role: 'securitycompany' });
    const visitorsCard = await screen.findByRole('group', { name: 'Visitors' });
    const overstay = await within(visitorsCard).findByRole('link', {
      name: 'Overstay: 3, show them in Visitors',
    });
    await user.click(overstay);
    const filters = await screen.findByRole('group', { name: 'Quick filters' });
    expect(within(filters).getByRole('button', { name: 'Overstay' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('gives a security company Site Supervisor and Guards in its TEAM row', async () => {
    renderApp('/dashboard', { role: 'securitycompany' });
    await screen.findByText('150');
    expect(screen.queryByRole('group', { name: 'Security Company' })).toBeNull();
    expect(card('Site Supervisor')).toBeInTheDocument();
    expect(card('Guards')).toBeInTheDocument();
  });

  it('gives a site supervisor Guards only in its TEAM row', async () => {
    renderApp('/dashboard', { role: 'sitesupervisor' });
    await screen.findByText('150');
    expect(screen.queryByRole('group', { name: 'Security Company' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Site Supervisor' })).toBeNull();
    expect(card('Guards')).toBeInTheDocument();
  });

  it('shows a failed load as an error toast with the server message', async () => {
    server.use(
      http.get(`${API}/dashboard/data`, () =>
        HttpResponse.json(apiError('INTERNAL_ERROR', 'Figures are unavailable.'), { status: 500 }),
      ),
    );
    renderApp('/dashboard', { role: 'superadmin' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Figures are unavailable.');
  });

  it('tells the super administrator when the last backup was taken, and warns when it is overdue', async () => {
    const first = renderApp('/dashboard', { role: 'superadmin' });
    // 01:00 UTC is 9:00 am in Kuala Lumpur, the zone the component tests run in.
    expect(await screen.findByText(/^Last backup: 24\/11\/2026/)).toBeInTheDocument();
    first.unmount();

    server.use(
      http.get(`${API}/backups/latest`, () =>
        HttpResponse.json({
          resource: { last_backup_at: '2026-11-20 01:00:00', every_hours: 24, overdue: true },
        }),
      ),
    );
    renderApp('/dashboard', { role: 'superadmin' });
    const warning = await screen.findByText(/The last backup is more than 48 hours old\./);
    expect(warning).toHaveTextContent(
      'The last backup is more than 48 hours old. Check that scheduled backups run (npm run backup).',
    );
    expect(warning).toHaveClass('alert-warning');
  });

  it('says nothing about backups to a security company', async () => {
    renderApp('/dashboard', { role: 'securitycompany' });
    await screen.findByText('150');
    expect(screen.queryByText(/backup/i)).toBeNull();
  });
});
