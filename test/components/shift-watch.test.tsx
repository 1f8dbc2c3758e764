import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ExcelJS from 'exceljs';
import { saveAs } from 'file-saver';
import { http, HttpResponse } from 'msw';
import Papa from 'papaparse';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOW_POLL_MS } from '../../src/features/shifts/now-board-page';
import { API, apiError } from '../msw/api';
import { alertPreferenceRecords } from '../msw/handlers/alerts';
import { rosterSettingsOf } from '../msw/handlers/shift-watch';
import { server } from '../msw/server';
import { present, recordRequests, requestsTo } from './guards-support';
import { renderApp } from './render-app';

const saveAsMock = vi.mocked(saveAs);

let zone: string | undefined;
beforeEach(() => {
  zone = process.env.TZ;
  process.env.TZ = 'Asia/Kuala_Lumpur';
  saveAsMock.mockClear();
});
afterEach(() => {
  vi.useRealTimers();
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

/** jsdom's Blob has no arrayBuffer(); FileReader reads it as a browser would. */
function readBlob(blob: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

async function savedBlob(): Promise<{ name: string | undefined; data: Blob }> {
  await waitFor(() => expect(saveAsMock).toHaveBeenCalledTimes(1));
  const [data, name] = present(saveAsMock.mock.calls[0], 'a saved file');
  if (!(data instanceof Blob)) throw new Error('saveAs was not given a Blob');
  return { name, data };
}

describe('The alert bell', () => {
  it('shows the unread count, the newest alerts, marks them all read and closes on Escape', async () => {
    const { user } = renderApp('/dashboard', { role: 'securitycompany' });
    const bell = await screen.findByRole('button', { name: 'Alerts, 2 unread' });
    await user.click(bell);
    const panel = screen.getByRole('region', { name: 'Alerts' });
    expect(
      within(panel).getByRole('link', {
        name: 'Arjun Thapa is a no-show for Night 19:00–07:00 at Mont Kiara Residence.',
      }),
    ).toHaveAttribute('href', '/rosters?site=site-1&shift=shift-3');
    expect(within(panel).getAllByText(/^Unread:/)).toHaveLength(2);

    await user.click(within(panel).getByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByRole('button', { name: 'Alerts, 0 unread' })).toBeInTheDocument();
    expect(within(panel).queryAllByText(/^Unread:/)).toHaveLength(0);

    await user.keyboard('{Escape}');
    expect(panel).not.toBeVisible();
    expect(screen.getByRole('button', { name: 'Alerts, 0 unread' })).toHaveFocus();
  });
});

describe('The Alerts page', () => {
  it('lists alerts with links to the shift and the guard, marks one read and filters unread', async () => {
    const { user } = renderApp('/alerts', { role: 'securitycompany' });
    const table = await screen.findByRole('table', { name: 'Alerts' });
    await within(table).findByText(/Bikash Rai is late \(25 min\)/);
    expect(within(table).getByRole('link', { name: 'Bikash Rai' })).toHaveAttribute(
      'href',
      '/guard-details/guard-2',
    );
    expect(
      within(table).getByRole('link', {
        name: 'Share on WhatsApp: Bikash Rai is late (25 min) for Day 07:00–19:00 at Bangsar Heights.',
      }),
    ).toHaveAttribute(
      'href',
      `https://wa.me/?text=${encodeURIComponent('Bikash Rai is late (25 min) for Day 07:00–19:00 at Bangsar Heights.')}`,
    );

    await user.click(within(table).getByRole('button', { name: /^Mark read: Bikash Rai is late/ }));
    await waitFor(() =>
      expect(within(table).queryByRole('button', { name: /^Mark read: Bikash/ })).toBeNull(),
    );
    expect(await screen.findByRole('button', { name: 'Alerts, 1 unread' })).toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'Unread only' }));
    await waitFor(() => expect(within(table).queryByText(/Bikash Rai is late/)).toBeNull());
    expect(within(table).getByText(/Arjun Thapa is a no-show/)).toBeInTheDocument();
  });

  it('saves a choice per site at once, and puts a refused one back with the reason', async () => {
    const { user } = renderApp('/alerts', { role: 'sitesupervisor' });
    await user.click(await screen.findByRole('button', { name: 'Alert settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Alert settings' });
    const email = await within(dialog).findByRole('checkbox', {
      name: 'Email alerts for Bangsar Heights',
    });
    expect(email).not.toBeChecked();
    await user.click(email);
    expect(await within(dialog).findByText('Saved for Bangsar Heights.')).toBeInTheDocument();
    expect(alertPreferenceRecords().find((p) => p.residence_uuid === 'site-2')?.email).toBe(true);

    server.use(
      http.put(`${API}/alert-preferences/:residence`, () =>
        HttpResponse.json(apiError('FORBIDDEN', 'You cannot change alerts for this site.'), {
          status: 403,
        }),
      ),
    );
    const late = within(dialog).getByRole('checkbox', {
      name: 'Late alerts for Mont Kiara Residence',
    });
    await user.click(late);
    expect(
      await within(dialog).findByText('You cannot change alerts for this site.'),
    ).toBeInTheDocument();
    expect(late).toBeChecked();
  });
});

describe('The Now board', () => {
  it('shows each site with who is on duty, who is missing and since when, and asks again every 15 s', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const seen = recordRequests();
    renderApp('/rosters/now', { role: 'securitycompany' });
    const mont = (await screen.findByRole('heading', { name: 'Mont Kiara Residence' })).closest(
      '.card',
    ) as HTMLElement;
    expect(within(mont).getByText('1 / 2 on duty')).toBeInTheDocument();
    expect(within(mont).getByText('Uncovered')).toBeInTheDocument();
    expect(within(mont).getByText('Night 19:00–07:00 · On duty since 18:58')).toBeInTheDocument();
    expect(within(mont).getByText('Night 19:00–07:00 · Missing since 19:00')).toBeInTheDocument();
    const offRoster = within(mont).getByText('1 guard on duty off the roster');
    expect(within(mont).getByText('Chitra Gurung')).not.toBeVisible();
    await userEvent.click(offRoster);
    expect(within(mont).getByText('Chitra Gurung')).toBeVisible();
    expect(within(mont).getByText('Unplanned')).toBeInTheDocument();
    const bangsar = (await screen.findByRole('heading', { name: 'Bangsar Heights' })).closest(
      '.card',
    ) as HTMLElement;
    expect(within(bangsar).getByText('Covered')).toBeInTheDocument();
    expect(within(bangsar).getByText('Late')).toBeInTheDocument();
    expect(screen.getByText(/^2 sites, 1 uncovered\. Updated at/)).toBeInTheDocument();

    const before = requestsTo(seen, 'GET', '/shifts/now').length;
    act(() => vi.advanceTimersByTime(NOW_POLL_MS - 1));
    expect(requestsTo(seen, 'GET', '/shifts/now')).toHaveLength(before);
    act(() => vi.advanceTimersByTime(1));
    // Testing Library's waitFor checks on a (faked) interval; vi.waitFor polls on its own.
    await vi.waitFor(() =>
      expect(requestsTo(seen, 'GET', '/shifts/now').length).toBeGreaterThan(before),
    );
  });
});

describe('The watch settings', () => {
  it('shows the company’s settings, refuses a no-show time within the grace at its field, and saves', async () => {
    const seen = recordRequests();
    const { user } = renderApp('/rosters/now', { role: 'securitycompany' });
    await user.click(await screen.findByRole('button', { name: 'Watch settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Watch settings' });
    const grace = await within(dialog).findByRole('textbox', { name: 'Grace (minutes)' });
    const noShow = within(dialog).getByRole('textbox', { name: 'No-show after (minutes)' });
    expect(grace).toHaveValue('10');
    expect(noShow).toHaveValue('30');
    expect(within(dialog).getByRole('textbox', { name: 'Weekly hours limit' })).toHaveValue('72');
    const share = within(dialog).getByRole('textbox', { name: 'Patrols’ share (%)' });
    expect(share).toHaveValue('90');

    await user.clear(noShow);
    await user.type(noShow, '5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      within(dialog).getByText('The no-show time must be longer than the grace.'),
    ).toBeInTheDocument();
    expect(noShow).toHaveValue('5');
    expect(requestsTo(seen, 'PATCH', '/security-companies/company-1/roster-settings')).toHaveLength(
      0,
    );

    await user.clear(noShow);
    await user.type(noShow, '45');
    await user.clear(share);
    await user.type(share, '101');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      within(dialog).getByText('The patrols’ share must be a whole number from 1 to 100 (%).'),
    ).toBeInTheDocument();
    await user.clear(share);
    await user.type(share, '85');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The watch settings are saved.')).toBeInTheDocument();
    expect(rosterSettingsOf('company-1')).toEqual({
      late_grace_minutes: 10,
      no_show_minutes: 45,
      weekly_hours_limit: 72,
      patrol_completion_percent: 85,
    });
  });

  it('is not offered to a site supervisor', async () => {
    renderApp('/rosters/now', { role: 'sitesupervisor' });
    await screen.findByRole('button', { name: 'Timesheet' });
    expect(screen.queryByRole('button', { name: 'Watch settings' })).toBeNull();
  });
});

describe('The timesheet', () => {
  async function openTimesheet() {
    const app = renderApp('/rosters/now', { role: 'securitycompany' });
    await app.user.click(await screen.findByRole('button', { name: 'Timesheet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Timesheet' });
    return { ...app, dialog };
  }

  it('exports the period as XLSX with the shifts, each guard’s and each site’s totals', async () => {
    const seen = recordRequests();
    const { user, dialog } = await openTimesheet();
    const from = within(dialog).getByRole('textbox', { name: 'From' });
    const to = within(dialog).getByRole('textbox', { name: 'To' });
    await user.clear(from);
    await user.type(from, '01/11/2026');
    await user.clear(to);
    await user.type(to, '30/11/2026');
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));

    const { name, data } = await savedBlob();
    expect(name).toBe('timesheet-2026-11-01-to-2026-11-30.xlsx');
    const asked = requestsTo(seen, 'GET', '/shifts/timesheet')[0];
    expect(asked?.params.get('from')).toBe('2026-11-01');
    expect(asked?.params.get('to')).toBe('2026-11-30');

    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await readBlob(data));
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(['Shifts', 'Guards', 'Sites']);
    const values = (sheet: string, row: number) =>
      (book.getWorksheet(sheet)?.getRow(row).values as unknown[]).slice(1);
    expect(values('Shifts', 2)).toEqual([
      'G-001',
      'Arjun Thapa',
      'Mont Kiara Residence',
      '2026-11-02',
      'Night',
      '02/11/2026 07:00:00 pm',
      '03/11/2026 07:00:00 am',
      '02/11/2026 07:20:00 pm',
      '03/11/2026 07:00:00 am',
      'Late',
      12,
      11.67,
      20,
    ]);
    expect(values('Shifts', 3)?.[9]).toBe('Unplanned');
    expect(values('Guards', 1)).toEqual([
      'Guard ID',
      'Guard',
      'Planned hours',
      'Worked hours',
      'Late minutes',
      'No-shows',
      'Hours past 8 a day',
      'Hours past 48 a week',
    ]);
    expect(values('Guards', 2)).toEqual(['G-001', 'Arjun Thapa', 12, 11.67, 20, 1, 3.67, 0]);
    expect(values('Sites', 3)).toEqual(['Bangsar Heights', 0, 4, 0, 0, 0, 0]);
  });

  it('exports CSV with the totals under their own titles', async () => {
    const { user, dialog } = await openTimesheet();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Format' }), 'csv');
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));
    const { name, data } = await savedBlob();
    expect(name).toMatch(/^timesheet-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = new TextDecoder().decode(await readBlob(data));
    const rows = Papa.parse<string[]>(text).data;
    expect(rows[0]?.[0]).toBe('Guard ID');
    const firsts = rows.map((row) => row[0]);
    expect(firsts).toContain('Guards totals');
    expect(firsts.indexOf('Sites totals')).toBeGreaterThan(firsts.indexOf('Guards totals'));
    expect(
      rows.find((row) => row[0] === 'Mont Kiara Residence' && row[1] === '12')?.slice(0, 7),
    ).toEqual(['Mont Kiara Residence', '12', '11.67', '20', '1', '3.67', '0']);
  });

  it('refuses a range that runs backwards or over a year at its field, asking nothing', async () => {
    const seen = recordRequests();
    const { user, dialog } = await openTimesheet();
    const from = within(dialog).getByRole('textbox', { name: 'From' });
    const to = within(dialog).getByRole('textbox', { name: 'To' });
    await user.clear(from);
    await user.type(from, '10/11/2026');
    await user.clear(to);
    await user.type(to, '09/11/2026');
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));
    expect(
      await within(dialog).findByText('The last day must not be before the first.'),
    ).toBeInTheDocument();
    await user.clear(to);
    await user.type(to, '10/12/2027');
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));
    expect(await within(dialog).findByText('Choose at most 366 days at once.')).toBeInTheDocument();
    expect(requestsTo(seen, 'GET', '/shifts/timesheet')).toHaveLength(0);
    expect(saveAsMock).not.toHaveBeenCalled();
  });
});

describe('The shift list and the dashboard', () => {
  it('shows one state of some days, as the dashboard links to it', async () => {
    const seen = recordRequests();
    renderApp('/rosters/shifts?state=no_show&from=2026-11-28&to=2026-11-28', {
      role: 'securitycompany',
    });
    const table = await screen.findByRole('table', { name: 'No-show shifts, 2026-11-28' });
    await within(table).findByText('Arjun Thapa');
    expect(within(table).queryByText('Dipak Lama')).toBeNull();
    const asked = requestsTo(seen, 'GET', '/shifts').at(-1);
    expect(asked?.params.get('state')).toBe('no_show');
    expect(asked?.params.get('from')).toBe('2026-11-28');
    expect(asked?.params.get('overlap')).toBeNull();
  });

  it('lists the late starts of the shifts running on a day, as Late today links to them', async () => {
    const seen = recordRequests();
    renderApp('/rosters/shifts?late=1&from=2026-11-28&to=2026-11-28&overlap=1', {
      role: 'securitycompany',
    });
    const table = await screen.findByRole('table', {
      name: 'All shifts started late, running on 2026-11-28',
    });
    await within(table).findByText('Dipak Lama');
    expect(within(table).queryByText('Arjun Thapa')).toBeNull();
    const asked = requestsTo(seen, 'GET', '/shifts').at(-1);
    expect(asked?.params.get('late')).toBe('true');
    expect(asked?.params.get('overlap')).toBe('true');
  });

  it('counts missed, late and uncovered on the dashboard, each linking to its list', async () => {
    renderApp('/dashboard', { role: 'sitesupervisor' });
    const missed = await screen.findByRole('link', { name: 'Missed today: 1, show the no-shows' });
    expect(missed.getAttribute('href')).toMatch(
      /^\/rosters\/shifts\?state=no_show&from=(\d{4}-\d{2}-\d{2})&to=\1&overlap=1$/,
    );
    expect(
      screen
        .getByRole('link', { name: 'Late today: 2, show the late starts' })
        .getAttribute('href'),
    ).toMatch(/^\/rosters\/shifts\?late=1&from=(\d{4}-\d{2}-\d{2})&to=\1&overlap=1$/);
    expect(
      screen.getByRole('link', { name: 'Uncovered now: 1, show the Now board' }),
    ).toHaveAttribute('href', '/rosters/now');
  });
});
