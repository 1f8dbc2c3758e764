import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manySites, siteWithoutCompany, sites } from '../fixtures/organisation';
import { API, apiError } from '../msw/api';
import { resetSiteRecords } from '../msw/handlers/sites';
import { server } from '../msw/server';
import { renderApp } from './render-app';
import { lastSitesQuery, recordRequests } from './sites-support';

beforeEach(() => resetSiteRecords([...sites, siteWithoutCompany]));
afterEach(() => server.events.removeAllListeners());

const table = () => screen.getByRole('table', { name: 'Sites' });

/** The Site column of the rendered rows, top to bottom. */
function siteNames(): string[] {
  return within(table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent ?? '');
}

async function openSites(role: 'superadmin' | 'securitycompany' | 'sitesupervisor') {
  const app = renderApp('/sites', { role });
  await within(await screen.findByRole('table', { name: 'Sites' })).findAllByRole('button', {
    name: /^View /,
  });
  return app;
}

describe('Sites list', () => {
  it('asks for the first page newest first and shows the spec columns', async () => {
    const seen = recordRequests();
    await openSites('superadmin');

    expect(screen.getByRole('heading', { name: 'Sites' })).toBeInTheDocument();
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Site', 'Address', 'Type', 'Security Co.', 'Status', 'Actions']);
    expect(Object.fromEntries(lastSitesQuery(seen) ?? [])).toEqual({
      related: 'security_company,file',
      limit: '8',
      offset: '0',
      order: 'created_at desc',
      filter: '(deleted_at IS NULL)',
    });
    expect(siteNames()).toEqual([
      'Mont Kiara Residence',
      'Bangsar Heights',
      'Cheras Vista',
      'Ampang Court',
      'Putrajaya Lodge',
    ]);
    const firstRow = within(table()).getAllByRole('row')[1];
    expect(firstRow).toHaveTextContent('Mont Kiara Residence, Kuala Lumpur');
    expect(firstRow).toHaveTextContent('Condominium');
    expect(firstRow).toHaveTextContent('Aegis Guarding Sdn Bhd');
    expect(firstRow).toHaveTextContent('Active');
  });

  it('sorts on the server by the clicked column, flipping on a second click', async () => {
    const seen = recordRequests();
    const { user } = await openSites('superadmin');
    const header = (name: string) => within(table()).getByRole('button', { name });

    const orders: Record<string, string> = {
      Site: 'name',
      Address: 'address',
      Type: 'type',
      'Security Co.': 'security_company_name',
      Status: 'status',
    };
    for (const [name, field] of Object.entries(orders)) {
      await user.click(header(name));
      await waitFor(() => expect(lastSitesQuery(seen)?.get('order')).toBe(`${field} asc`));
    }

    await user.click(header('Site'));
    await waitFor(() => expect(lastSitesQuery(seen)?.get('order')).toBe('name asc'));
    await waitFor(() => expect(siteNames()[0]).toBe('Ampang Court'));
    await user.click(header('Site'));
    await waitFor(() => expect(lastSitesQuery(seen)?.get('order')).toBe('name desc'));
    await waitFor(() => expect(siteNames()[0]).toBe('Putrajaya Lodge'));
    expect(within(table()).getByRole('columnheader', { name: /^Site/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(within(table()).queryByRole('button', { name: 'Actions' })).toBeNull();
  });

  it('pages by 8 and starts a search on page 1 with the keyword filter', async () => {
    resetSiteRecords(manySites(20));
    const seen = recordRequests();
    const { user } = await openSites('superadmin');
    expect(siteNames()).toHaveLength(8);

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastSitesQuery(seen)?.get('offset')).toBe('8'));
    await waitFor(() => expect(siteNames()[0]).toBe('Site 12'));

    await user.type(screen.getByPlaceholderText('Search by ID, Name...'), "Site 1's{Enter}");
    await waitFor(() => expect(lastSitesQuery(seen)?.get('offset')).toBe('0'));
    expect(lastSitesQuery(seen)?.get('filter')).toBe(
      "(deleted_at IS NULL) AND ((uuid like '%Site 1''s%') OR (name like '%Site 1''s%'))",
    );
    expect(await screen.findByText('No Records Found.')).toBeInTheDocument();

    await user.clear(screen.getByPlaceholderText('Search by ID, Name...'));
    await user.type(screen.getByPlaceholderText('Search by ID, Name...'), 'site 1{Enter}');
    await waitFor(() =>
      expect(siteNames()).toEqual([
        'Site 19',
        'Site 18',
        'Site 17',
        'Site 16',
        'Site 15',
        'Site 14',
        'Site 13',
        'Site 12',
      ]),
    );
    expect(screen.getByRole('spinbutton', { name: 'Page' })).toHaveValue(1);
  });

  it('shows the loading text while the page is fetched', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get(`${API}/data/residences`, async () => {
        await answered;
        return HttpResponse.json({ resource: sites, meta: { count: sites.length } });
      }),
    );
    renderApp('/sites', { role: 'superadmin' });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading your content...');
    expect(screen.queryByText('No Records Found.')).toBeNull();

    answer();
    expect(await screen.findByText('Mont Kiara Residence')).toBeInTheDocument();
    expect(screen.queryByText('Loading your content...')).toBeNull();
  });

  it('opens the site details on a row click, with null for a site without a company', async () => {
    const { user, router, unmount } = await openSites('superadmin');
    await user.click(screen.getByText('Bangsar Heights'));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/site-details/site-2/company-1'),
    );

    // A fresh list for the second row: the link is the row's own, whatever was opened before.
    unmount();
    const second = await openSites('superadmin');
    await second.user.click(
      await within(screen.getByRole('table', { name: 'Sites' })).findByText('Putrajaya Lodge'),
    );
    await waitFor(() =>
      expect(second.router.state.location.pathname).toBe('/site-details/site-5/null'),
    );
  });

  it('shows the View Site modal with the cover photo and the coordinates to 7 decimals', async () => {
    const { user, router } = await openSites('superadmin');
    await user.click(screen.getByRole('button', { name: 'View Mont Kiara Residence' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('View Site')).toBeInTheDocument();
    expect(
      within(dialog).getByRole('img', { name: 'Cover of Mont Kiara Residence' }),
    ).toHaveAttribute('src', '/kgapi/files/view/cover-of-site-1');
    const field = (label: string) =>
      within(dialog).getByText(label).nextElementSibling?.textContent;
    expect(field('Name')).toBe('Mont Kiara Residence');
    expect(field('Address')).toBe('Mont Kiara Residence, Kuala Lumpur');
    expect(field('Type')).toBe('Condominium');
    expect(field('Lat.')).toBe('3.1579000');
    expect(field('Long.')).toBe('101.7123000');
    // The view button is not a row click.
    expect(router.state.location.pathname).toBe('/sites');

    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a placeholder for a site without a cover photo, and dashes without coordinates', async () => {
    const { user } = await openSites('superadmin');
    await user.click(screen.getByRole('button', { name: 'View Putrajaya Lodge' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('img', { name: 'No cover photo' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('img', { name: /^Cover of/ })).toBeNull();
    expect(within(dialog).getByText('Lat.').nextElementSibling).toHaveTextContent('–');
  });

  it('gives the super administrator Add, Edit and Delete', async () => {
    await openSites('superadmin');
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Mont Kiara Residence' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Mont Kiara Residence' })).toBeInTheDocument();
  });

  // Which sites a role sees is the server's scope (test/server); here the server answers them.
  it('shows a security company the sites it is sent, to view only', async () => {
    resetSiteRecords(sites.filter((site) => site.security_company_uuid === 'company-1'));
    await openSites('securitycompany');
    expect(siteNames()).toEqual(['Mont Kiara Residence', 'Bangsar Heights', 'Cheras Vista']);
    expect(screen.getByRole('button', { name: 'View Cheras Vista' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
  });

  it('shows a site supervisor the sites it is sent, without Add, Edit or Delete', async () => {
    resetSiteRecords(sites.filter((site) => ['site-1', 'site-2'].includes(site.uuid)));
    await openSites('sitesupervisor');
    expect(siteNames()).toEqual(['Mont Kiara Residence', 'Bangsar Heights']);
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
  });

  it('shows a failed load as an error toast with the server message', async () => {
    server.use(
      http.get(`${API}/data/residences`, () =>
        HttpResponse.json(apiError('INTERNAL_ERROR', 'Sites are unavailable.'), { status: 500 }),
      ),
    );
    const { user } = renderApp('/sites', { role: 'superadmin' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Sites are unavailable.');
    expect(screen.getByText('No Records Found.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dismiss error' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
