import { screen, waitFor, within } from '@testing-library/react';
import { saveAs } from 'file-saver';
import Papa from 'papaparse';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { siteWithoutCompany, sites } from '../fixtures/organisation';
import { resetSiteRecords } from '../msw/handlers/sites';
import { server } from '../msw/server';
import { renderApp } from './render-app';
import { recordRequests } from './sites-support';

// The rounds walked on the Patrols screen (issue 38): a site's patrols of a day with their state,
// guard, time taken and checkpoints; filters; each patrol's scans; the CSV; completion; and an
// alert's link to its patrol. The MSW patrols are today's at 01:00 (partly done), 03:00 (missed)
// and 05:00 (done).

const saveAsMock = vi.mocked(saveAs);
beforeEach(() => {
  resetSiteRecords([...sites, siteWithoutCompany]);
  saveAsMock.mockClear();
});
afterEach(() => server.events.removeAllListeners());

async function openWalked(path = '/patrols?site=site-1') {
  const app = renderApp(path, { role: 'securitycompany' });
  const table = await screen.findByRole('table', { name: /^Patrols of / });
  await within(table).findAllByText('Night round');
  return { ...app, table };
}

const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(0, 7)
        .map((cell) => cell.textContent),
    );

function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

describe('Patrols: rounds walked', () => {
  it('lists the day’s rounds with state, guard, time taken and checkpoints, and the completion', async () => {
    const { table } = await openWalked();
    expect(rowTexts(table)).toEqual([
      ['01:00–01:30', 'Night round', 'Partly done', 'Aisyah Rahman', '01:04', '8 min', '1 of 2'],
      ['03:00–03:30', 'Night round', 'Missed', '-', '-', '-', '0 of 2'],
      ['05:00–05:30', 'Night round', 'Done', 'Aisyah Rahman', '05:02', '13 min', '2 of 2'],
    ]);
    expect(
      await screen.findByText(
        'of checkpoints scanned (3 of 6); rounds: 1 done, 1 partly done, 1 missed',
        {
          exact: false,
        },
      ),
    ).toBeVisible();
  });

  it('filters by state, and by day with the previous-day button', async () => {
    const seen = recordRequests();
    const { user, table } = await openWalked();
    await user.selectOptions(screen.getByLabelText('State'), 'Missed');
    await waitFor(() => expect(rowTexts(table)).toHaveLength(1));
    expect(rowTexts(table)[0]?.[2]).toBe('Missed');
    expect(
      seen.some(
        (request) =>
          request.path === '/patrols/list' &&
          (request.params.get('filter') ?? '').includes("(state='missed')"),
      ),
    ).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Previous day' }));
    expect(await screen.findByText('No rounds were due on this day.')).toBeVisible();
  });

  it('shows a patrol’s scans with their notes, the late ones marked, the missed ones named', async () => {
    const { user } = await openWalked();
    await user.click(screen.getByRole('button', { name: /^View round Night round due 01:00/ }));
    const dialog = await screen.findByRole('dialog', { name: /^Night round 01:00 at / });
    const rows = within(within(dialog).getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Pool gate01:04Sent lateGate left open-',
      'Car park B2Not scanned--',
    ]);
    const closers = within(dialog).getAllByRole('button', { name: 'Close' });
    await user.click(closers[closers.length - 1] as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('exports the day’s rounds as CSV, one line per round', async () => {
    const { user } = await openWalked();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Export Current Page' }));
    expect(await within(dialog).findByText('Export done.')).toBeInTheDocument();
    expect(saveAsMock).toHaveBeenCalledTimes(1);
    const [blob, name] = saveAsMock.mock.calls[0] ?? [];
    expect(name).toMatch(/^Patrols_\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = Papa.parse<string[]>(await readBlob(blob as Blob)).data;
    expect(rows[0]).toEqual([
      'Site',
      'Round',
      'Due',
      'Closes',
      'State',
      'Walked By',
      'Started',
      'Finished',
      'Minutes Taken',
      'Checkpoints Scanned',
      'Checkpoints Due',
      'Checkpoints Missed',
      'Scans',
    ]);
    expect(rows.slice(1).map((row) => [row[4], row[8], row[11]])).toEqual([
      ['Partly done', '8', 'Car park B2'],
      ['Missed', '', 'Pool gate, Car park B2'],
      ['Done', '13', ''],
    ]);
    expect(rows[1]?.[12]).toMatch(/^Pool gate .+ \(sent late\): Gate left open$/);
  });

  it('opens the patrol an alert links to', async () => {
    renderApp('/patrols?site=site-1&patrol=patrol-2', { role: 'securitycompany' });
    const dialog = await screen.findByRole('dialog', { name: /^Night round 03:00 at / });
    expect(within(dialog).getByText('Missed')).toBeVisible();
    expect(within(dialog).getByText('Nobody')).toBeVisible();
  });
});
