import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROUND_MESSAGES } from '@rules/rounds';
import { siteWithoutCompany, sites } from '../fixtures/organisation';
import { resetSiteRecords } from '../msw/handlers/sites';
import { server } from '../msw/server';
import { renderApp } from './render-app';
import { recordRequests } from './sites-support';

beforeEach(() => resetSiteRecords([...sites, siteWithoutCompany]));
afterEach(() => server.events.removeAllListeners());

async function openRounds() {
  const app = renderApp('/patrols?site=site-1', { role: 'securitycompany' });
  const table = await screen.findByRole('table', { name: 'Rounds' });
  await within(table).findByText('Night round');
  return { ...app, table };
}

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .slice(0, 5)
    .map((cell) => cell.textContent);

describe('Patrols: a site’s rounds', () => {
  it('lists the site’s rounds with their checkpoints in order and when they are due', async () => {
    const { table } = await openRounds();
    const row = within(table).getByText('Night round').closest('tr') as HTMLElement;
    expect(cells(row)).toEqual([
      'Night round',
      'In order: Pool gate → Car park B2',
      'Every 2 h through Night',
      '30 min',
      'In use',
    ]);
  });

  it('adds a round at set times, its checkpoints ordered by keyboard, each bad field refused', async () => {
    const seen = recordRequests();
    const { user, table } = await openRounds();
    await user.click(screen.getByRole('button', { name: 'Add Round' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Round' });
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText(ROUND_MESSAGES.nameRequired)).toBeVisible();
    expect(within(dialog).getByText(ROUND_MESSAGES.timesRequired)).toBeVisible();
    expect(within(dialog).getByText(ROUND_MESSAGES.checkpointsRequired)).toBeVisible();

    await user.type(within(dialog).getByLabelText('Name'), 'Perimeter');
    await user.type(within(dialog).getByLabelText('Times of day'), '22:00, 2:00');
    const add = within(dialog).getByLabelText('Add a checkpoint');
    await waitFor(() => expect(within(add).getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(add, 'Car park B2');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await user.selectOptions(add, 'Pool gate');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move Pool gate up' }));
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1. Pool gate', '2. Car park B2']);
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText(ROUND_MESSAGES.timeInvalid)).toBeVisible();

    const times = within(dialog).getByLabelText('Times of day');
    await user.clear(times);
    await user.type(times, '22:00, 02:00');
    await user.click(within(dialog).getByRole('switch', { name: 'Walked in this order' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Success Added')).toBeVisible();
    const post = seen.find((request) => request.method === 'POST' && request.path === '/rounds');
    expect(post).toBeDefined();
    await waitFor(() => {
      const row = within(table).getByText('Perimeter').closest('tr') as HTMLElement;
      expect(cells(row)).toEqual([
        'Perimeter',
        'Any order: Pool gate, Car park B2',
        'At 02:00, 22:00',
        '30 min',
        'In use',
      ]);
    });
  });

  it('changes a round to every few hours through a pattern, and retires one', async () => {
    const { user, table } = await openRounds();
    await user.click(screen.getByRole('button', { name: 'Edit round Night round' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Round Night round' });
    const every = within(dialog).getByLabelText('Every (hours)');
    await user.clear(every);
    await user.type(every, '13');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText(ROUND_MESSAGES.everyRange)).toBeVisible();
    await user.clear(every);
    await user.type(every, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Success Edited')).toBeVisible();
    await waitFor(() =>
      expect(within(table).getByText('Every 3 h through Night')).toBeInTheDocument(),
    );

    await user.click(screen.getByRole('button', { name: 'Retire round Night round' }));
    const ask = await screen.findByRole('dialog', { name: 'Retire Round' });
    await user.click(within(ask).getByRole('button', { name: 'Retire' }));
    expect(await screen.findByText('Round retired')).toBeVisible();
    await waitFor(() => expect(within(table).queryByText('Night round')).toBeNull());
  });
});
