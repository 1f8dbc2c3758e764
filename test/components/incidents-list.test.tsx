import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatTimestamp } from '../../src/lib/dates';
import { manyIncidents } from '../fixtures/incidents';
import { resetIncidentRecords } from '../msw/handlers/incidents';
import { bodyRows, recordRequests, requestsTo, rowWith } from './guards-support';
import { setUpIncidentTests } from './incidents-support';
import { renderApp } from './render-app';
import { LIST_COLUMNS } from '../fixtures/list-columns';

setUpIncidentTests();

async function openIncidents() {
  const app = renderApp('/incidents', { role: 'securitycompany' });
  await screen.findByText('Bicycle stolen from the lobby.');
  return app;
}

describe('Incidents page', () => {
  it('shows the heading, Add, and the spec columns with each incident', async () => {
    await openIncidents();
    expect(screen.getByRole('heading', { level: 1, name: 'Incidents' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument();
    const headers = within(screen.getByRole('table', { name: 'Incidents' }))
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(LIST_COLUMNS.incidents);
    expect(bodyRows()).toEqual([
      [
        formatTimestamp('2025-03-02 02:15:00'),
        'PENDING',
        'company@example.com',
        'Mont Kiara Residence',
        'Theft',
        'Bicycle stolen from the lobby.',
        'CCTV footage requested.',
        'View',
      ],
      [
        formatTimestamp('2025-03-01 09:40:00'),
        'RESOLVED',
        'G-007',
        'Bangsar Heights',
        'Fire',
        'Small fire in the bin room.',
        'Put out by the night guard.',
        'View',
      ],
    ]);
  });

  it('shows PENDING in red and RESOLVED in green, with the word itself', async () => {
    await openIncidents();
    expect(within(rowWith('Bicycle stolen from the lobby.')).getByText('PENDING')).toHaveClass(
      'bg-danger',
    );
    expect(within(rowWith('Small fire in the bin room.')).getByText('RESOLVED')).toHaveClass(
      'bg-success',
    );
  });

  it('asks for 8 rows a page, newest first, and pages on', async () => {
    resetIncidentRecords(manyIncidents(10));
    const seen = recordRequests();
    const { user } = renderApp('/incidents', { role: 'superadmin' });
    await screen.findByText('Incident number 10');
    expect(bodyRows()).toHaveLength(8);
    const first = requestsTo(seen, 'GET', '/incidents/list')[0];
    expect(first?.params.get('limit')).toBe('8');
    expect(first?.params.get('offset')).toBe('0');
    expect(first?.params.get('order')).toBe('created_at desc');

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Incident number 2')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(2);
    expect(requestsTo(seen, 'GET', '/incidents/list').at(-1)?.params.get('offset')).toBe('8');
  });

  it('searches site names, reporter emails and guard IDs', async () => {
    const seen = recordRequests();
    const { user } = await openIncidents();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'G-007{Enter}');
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(screen.getByText('Small fire in the bin room.')).toBeInTheDocument();
    expect(requestsTo(seen, 'GET', '/incidents/list').at(-1)?.params.get('filter')).toBe(
      "((residence_name like '%G-007%') OR (user_email like '%G-007%') OR (guard_id like '%G-007%'))",
    );
  });

  it('opens an incident from View and from its row', async () => {
    const { user, router } = await openIncidents();
    await user.click(screen.getByRole('button', { name: 'View INC-000012' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/incidents-view/incident-12'));
    // The incident's page has loaded (and its form is clean) before leaving it.
    await waitFor(() => expect(screen.queryByText('Fetching content...')).not.toBeInTheDocument());

    const seen = recordRequests();
    await router.navigate('/incidents');
    await waitFor(() => expect(router.state.location.pathname).toBe('/incidents'));
    // Back on the list, it shows the rows it had and loads again: click a row once that load has
    // been asked for and answered, not a row the answer replaces.
    await waitFor(() => expect(requestsTo(seen, 'GET', '/incidents/list')).not.toHaveLength(0));
    const list = await screen.findByRole('table', { name: 'Incidents' });
    await waitFor(() => expect(list).toHaveAttribute('aria-busy', 'false'));
    await user.click(within(list).getByText('Small fire in the bin room.'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/incidents-view/incident-11'));
  });
});

describe('Incidents tab of site details', () => {
  it("shows only the site's incidents, while the site takes reports", async () => {
    const seen = recordRequests();
    const { user } = renderApp('/site-details/site-2/company-1', { role: 'securitycompany' });
    await user.click(await screen.findByRole('tab', { name: 'Incidents' }));
    expect(await screen.findByText('Small fire in the bin room.')).toBeInTheDocument();
    expect(screen.queryByText('Bicycle stolen from the lobby.')).not.toBeInTheDocument();
    expect(requestsTo(seen, 'GET', '/incidents/list').at(-1)?.params.get('filter')).toBe(
      "((residence_uuid='site-2')) AND ((residence_kipleguard_reporting_enabled=1))",
    );
  });
});
