import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UNIT_MESSAGES } from '@rules/units';
import { siteWithoutCompany, sites } from '../fixtures/organisation';
import { resetSiteRecords } from '../msw/handlers/sites';
import { server } from '../msw/server';
import { renderApp } from './render-app';
import { recordRequests } from './sites-support';

beforeEach(() => resetSiteRecords([...sites, siteWithoutCompany]));
afterEach(() => server.events.removeAllListeners());

async function openUnits() {
  const app = renderApp('/site-details/site-1/company-1', { role: 'securitycompany' });
  await app.user.click(await screen.findByRole('tab', { name: 'Units' }));
  const table = await screen.findByRole('table', { name: 'Units' });
  await within(table).findByText('A-12-03');
  return { ...app, table };
}

const bodyRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('A site’s Units tab', () => {
  it('lists the site’s units with owner and contact number, by name', async () => {
    const seen = recordRequests();
    const { table } = await openUnits();
    expect(bodyRows(table).map((cells) => cells.slice(0, 3))).toEqual([
      ['A-12-03', 'Tan Mei Ling', '+60123456789'],
      ['A-12-05', 'Rajesh Kumar', '-'],
      ['B-03-01', '-', '-'],
    ]);
    const list = seen.filter((request) => request.path === '/units/list').at(-1);
    expect(list?.params.get('filter')).toBe("((residence_uuid='site-1'))");
    expect(list?.params.get('order')).toBe('name asc');
  });

  it('edits a unit’s contact number, refusing one that is not a number, and stays on the list', async () => {
    const { user, table } = await openUnits();
    const row = within(table).getByText('A-12-05').closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Edit unit A-12-05' }));
    const dialog = await screen.findByRole('dialog');
    const contact = within(dialog).getByLabelText('Contact Number');
    await user.type(contact, 'call the guardhouse');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText(UNIT_MESSAGES.contactInvalid)).toBeVisible();

    await user.clear(contact);
    await user.type(contact, '+60 12-987 6543');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Success Edited')).toBeVisible();
    await waitFor(() =>
      expect(bodyRows(table)[1]?.slice(0, 3)).toEqual(['A-12-05', 'Rajesh Kumar', '+60129876543']),
    );
  });
});
