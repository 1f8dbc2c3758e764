import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHECKPOINT_MESSAGES } from '@rules/checkpoints';
import { siteWithoutCompany, sites } from '../fixtures/organisation';
import { resetSiteRecords } from '../msw/handlers/sites';
import { server } from '../msw/server';
import { renderApp } from './render-app';
import { recordRequests } from './sites-support';

beforeEach(() => resetSiteRecords([...sites, siteWithoutCompany]));
afterEach(() => server.events.removeAllListeners());

async function openPatrols(path = '/patrols?site=site-1') {
  const app = renderApp(path, { role: 'securitycompany' });
  const table = await screen.findByRole('table', { name: 'Checkpoints' });
  await within(table).findByText('Car park B2');
  return { ...app, table };
}

const bodyRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(0, 4)
        .map((cell) => cell.textContent),
    );

describe('Patrols: a site’s checkpoints', () => {
  it('lists the site’s checkpoints in use by name, and the retired ones on request', async () => {
    const seen = recordRequests();
    const { user, table } = await openPatrols();
    expect(screen.getByRole('heading', { name: 'Patrols' })).toBeInTheDocument();
    expect(screen.getByLabelText('Site')).toHaveValue('site-1');
    expect(bodyRows(table)).toEqual([
      ['Car park B2', 'Shutters down', '–', 'In use'],
      ['Pool gate', 'Gate shut and locked', '3.1579000, 101.7123000', 'In use'],
    ]);
    const list = seen.filter((request) => request.path === '/checkpoints/list').at(-1);
    expect(list?.params.get('filter')).toBe(
      "((residence_uuid='site-1')) AND ((retired_at IS NULL))",
    );

    await user.click(screen.getByRole('switch', { name: 'Show retired' }));
    await waitFor(() => expect(bodyRows(table)).toHaveLength(3));
    const retired = within(table).getByText('Old guardhouse').closest('tr') as HTMLElement;
    expect(retired).toHaveTextContent('Retired');
    expect(within(retired).queryByRole('button')).toBeNull();
  });

  it('adds a checkpoint, each bad field refused where it is, a name in use at its field', async () => {
    const { user, table } = await openPatrols();
    await user.click(screen.getByRole('button', { name: 'Add Checkpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Checkpoint' });
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText(CHECKPOINT_MESSAGES.nameRequired)).toBeVisible();

    await user.type(within(dialog).getByLabelText('Name'), 'pool GATE');
    await user.type(within(dialog).getByLabelText('Latitude'), '3.16');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText(CHECKPOINT_MESSAGES.positionHalf)).toBeVisible();

    await user.type(within(dialog).getByLabelText('Longitude'), '101.71');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText(CHECKPOINT_MESSAGES.nameTaken)).toBeVisible();
    expect(within(dialog).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');

    const name = within(dialog).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Back fence');
    await user.type(within(dialog).getByLabelText('What to check'), 'No gaps in the wire');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Success Added')).toBeVisible();
    await waitFor(() =>
      expect(bodyRows(table)[0]).toEqual([
        'Back fence',
        'No gaps in the wire',
        '3.1600000, 101.7100000',
        'In use',
      ]),
    );
  });

  it('retires a checkpoint after asking, and makes a new sticker for one', async () => {
    const { user, table } = await openPatrols();
    await user.click(screen.getByRole('button', { name: 'Retire checkpoint Car park B2' }));
    const ask = await screen.findByRole('dialog', { name: 'Retire Checkpoint' });
    expect(ask).toHaveTextContent('Retire Car park B2?');
    await user.click(within(ask).getByRole('button', { name: 'Retire' }));
    expect(await screen.findByText('Checkpoint retired')).toBeVisible();
    await waitFor(() => expect(within(table).queryByText('Car park B2')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'New sticker checkpoint Pool gate' }));
    const sticker = await screen.findByRole('dialog', { name: 'New Sticker' });
    expect(sticker).toHaveTextContent('The old sticker will no longer scan.');
    await user.click(within(sticker).getByRole('button', { name: 'Make new sticker' }));
    expect(
      await screen.findByText('New sticker made: print it and replace the old one'),
    ).toBeVisible();
  });

  it('prints the site’s stickers: each checkpoint in use with its QR code, name and site', async () => {
    const { user } = await openPatrols();
    await user.click(screen.getByRole('link', { name: 'Print stickers' }));
    const stickers = await screen.findByRole('list', { name: 'Stickers' });
    expect(
      await screen.findByRole('heading', { name: 'Checkpoint stickers: Mont Kiara Residence' }),
    ).toBeInTheDocument();
    const items = within(stickers).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Car park B2Mont Kiara Residence',
      'Pool gateMont Kiara Residence',
    ]);
    expect(
      await within(stickers).findByRole('img', { name: 'QR code of checkpoint Pool gate' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to Patrols' }));
    expect(await screen.findByRole('table', { name: 'Checkpoints' })).toBeInTheDocument();
    expect(screen.getByLabelText('Site')).toHaveValue('site-1');
  });

  it('is a tab of a site’s details', async () => {
    const { user } = renderApp('/site-details/site-1/company-1', { role: 'sitesupervisor' });
    await user.click(await screen.findByRole('tab', { name: 'Patrols' }));
    const table = await screen.findByRole('table', { name: 'Checkpoints' });
    expect(await within(table).findByText('Pool gate')).toBeInTheDocument();
  });
});
