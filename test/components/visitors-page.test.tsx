import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { saveAs } from 'file-saver';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { makeVisitor, manyVisitors, utcText, VISITOR_CLOCK, visitors } from '../fixtures/visitors';
import { API } from '../msw/api';
import { resetVisitorRecords } from '../msw/handlers/visitors';
import { server } from '../msw/server';
import { bodyRows, present, recordRequests, requestsTo, rowWith } from './guards-support';
import { renderApp } from './render-app';
import { savedCsv, setUpVisitorTests } from './visitors-support';
import { LIST_COLUMNS } from '../fixtures/list-columns';
import { restoreScreenWidthAfterEach, stubScreenWidth } from './screen-width-support';

setUpVisitorTests();

/** Ticks the six columns the Visitors table keeps behind its Columns menu. */
async function showHiddenVisitorColumns(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: 'Columns (6 hidden)' }));
  const menu = screen.getByRole('group', { name: 'Columns shown' });
  const hidden = ['Category', 'Created By', 'Validity', 'HDF Form', 'Temperature', 'Health Code'];
  for (const name of hidden) {
    await user.click(within(menu).getByRole('checkbox', { name }));
  }
  await user.keyboard('{Escape}');
}

async function openVisitors() {
  const app = renderApp('/visitors', { role: 'securitycompany' });
  await screen.findByText('Aisyah Rahman');
  return app;
}

const lastList = (seen: ReturnType<typeof recordRequests>) =>
  present(requestsTo(seen, 'GET', '/visitors/list').at(-1), 'a list request').params;

describe('Visitors page', () => {
  it('shows the heading, search, Export and the spec’s 14 columns, 8 a page, newest first', async () => {
    const seen = recordRequests();
    const { user } = await openVisitors();

    expect(screen.getByRole('heading', { level: 1, name: 'Visitors' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Visitors' });
    const headers = () =>
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent);
    // Category, Created By, Validity and the three health columns wait behind the Columns menu.
    expect(headers()).toEqual(LIST_COLUMNS.visitorsShown);
    await showHiddenVisitorColumns(user);
    expect(headers()).toEqual([
      'Site',
      'Unit',
      'Category',
      'Host',
      'Name',
      'Car Plate Number',
      'Est. Arrival/Exit',
      'Act. Arrival/Exit',
      'Created By',
      'Validity',
      'Status',
      'HDF Form',
      'Temperature',
      'Health Code',
    ]);
    const rows = bodyRows(table);
    expect(rows.map((cells) => cells[4])).toEqual([
      'Aisyah Rahman',
      'Bala Raj',
      'Chong Wei',
      'Devi Nair',
      'Ethan Lim',
      'Farah Aziz',
      'Gopal Singh',
    ]);
    expect(rows[0]).toEqual([
      'Mont Kiara Residence',
      'A-12-3',
      'Visitor',
      'Tan Mei Ling',
      'Aisyah Rahman',
      'WXY 1234',
      '20/03/2026 09:00:00 am20/03/2026 12:00:00 pm',
      '--',
      'Chandra Company',
      'VALID',
      'NOT YET ARRIVED',
      'Disabled',
      // No reading: the same placeholder as the details page.
      '-',
      'Grey',
    ]);
    expect(rows[1]?.slice(7)).toEqual([
      '20/03/2026 08:10:00 am-',
      'Chandra Company',
      'VALID',
      'IN',
      'Disabled',
      '36.6',
      'Green',
    ]);
    expect(rows[2]?.slice(9)).toEqual(['VALID', 'OUT', 'Disabled', '38.1', 'Red']);
    expect(rows[3]?.slice(9, 11)).toEqual(['EXPIRED', 'NOT YET ARRIVED']);
    // Still inside after the end of a one-day window that began yesterday at 08:00.
    expect(rows[5]?.slice(0, 1)).toEqual(['Ampang Court']);
    expect(rows[5]?.slice(9)).toEqual(['VALID', 'INOverstay', 'APPROVED', '38.2', 'Orange']);
    expect(rows[6]?.slice(1, 4)).toEqual(['', 'Visitor', '']);
    expect(rows[6]?.slice(8)).toEqual(['', 'VALID', 'NOT YET ARRIVED', 'REJECTED', '36.4', 'Red']);

    const list = lastList(seen);
    expect(list.get('order')).toBe('created_at desc');
    expect(list.get('limit')).toBe('8');
    expect(list.get('offset')).toBe('0');
    expect(list.get('filter')).toBeNull();
  });

  it('pages 8 rows at a time', async () => {
    resetVisitorRecords(manyVisitors(10));
    const seen = recordRequests();
    const { user } = renderApp('/visitors', { role: 'securitycompany' });
    await screen.findByText('Visitor 10');
    expect(bodyRows()).toHaveLength(8);

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Visitor 02');
    expect(bodyRows().map((cells) => cells[3])).toEqual(['Visitor 02', 'Visitor 01']);
    expect(lastList(seen).get('offset')).toBe('8');
  });

  it('searches site, category, name, car plate and validity', async () => {
    const seen = recordRequests();
    const { user } = await openVisitors();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'Delivery');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    await waitFor(() => expect(screen.queryByText('Aisyah Rahman')).not.toBeInTheDocument());
    expect(bodyRows().map((cells) => cells[3])).toEqual(['Bala Raj']);
    expect(lastList(seen).get('filter')).toBe(
      "((residence_name like '%Delivery%') OR (category like '%Delivery%') OR " +
        "(name like '%Delivery%') OR (car_plate_number like '%Delivery%') OR " +
        "(status like '%Delivery%'))",
    );
  });

  it('sorts by a column’s field when its header is clicked', async () => {
    const seen = recordRequests();
    const { user } = await openVisitors();
    await user.click(screen.getByRole('button', { name: 'Car Plate Number' }));
    await waitFor(() => expect(lastList(seen).get('order')).toBe('car_plate_number asc'));
    await user.click(screen.getByRole('button', { name: 'Status' }));
    await waitFor(() => expect(lastList(seen).get('order')).toBe('latest_scan_type asc'));
  });

  it('shows who is on site now, and who is expected today, by quick filters', async () => {
    const seen = recordRequests();
    const { user } = await openVisitors();
    const filters = screen.getByRole('group', { name: 'Quick filters' });
    expect(within(filters).getByRole('button', { name: 'All' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.click(within(filters).getByRole('button', { name: 'On site now' }));
    await waitFor(() => expect(screen.queryByText('Aisyah Rahman')).not.toBeInTheDocument());
    expect(bodyRows().map((cells) => cells[3])).toEqual(['Bala Raj', 'Farah Aziz']);
    expect(lastList(seen).get('filter')).toBe("((latest_scan_type='IN'))");
    expect(within(filters).getByRole('button', { name: 'On site now' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.click(within(filters).getByRole('button', { name: 'Expected today' }));
    await waitFor(() => expect(screen.queryByText('Bala Raj')).not.toBeInTheDocument());
    // Valid, dated today and not yet arrived: not the expired pass, nor the repeating one of
    // Monday and Wednesday on this Friday.
    expect(bodyRows().map((cells) => cells[3])).toEqual(['Aisyah Rahman', 'Gopal Singh']);
    // A repeating pass that runs on Fridays is expected today, whatever its first date.
    expect(lastList(seen).get('filter')).toBe(
      "(((status='VALID')) AND ((((date='2026-03-20')) AND (latest_scan_type IS NULL)) OR " +
        "((repeat_type<>'ONE_TIME') AND (date>='2026-02-19') AND (date<'2026-03-20') AND " +
        "(repeatType like '%FRIDAY%') AND ((latest_scan_type IS NULL) OR " +
        "((latest_scan_type='OUT'))) AND (checkpoint_times<=2))))",
    );

    await user.click(within(filters).getByRole('button', { name: 'All' }));
    await screen.findByText('Devi Nair');
    expect(bodyRows()).toHaveLength(visitors.length);
  });

  it('opens on Overstay from the dashboard’s link: who is still inside after the window', async () => {
    const seen = recordRequests();
    renderApp('/visitors?show=overstay', { role: 'securitycompany' });
    await screen.findByText('Farah Aziz');
    expect(bodyRows().map((cells) => cells[3])).toEqual(['Farah Aziz']);
    const filters = screen.getByRole('group', { name: 'Quick filters' });
    expect(within(filters).getByRole('button', { name: 'Overstay' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // The moment the list is fetched, in UTC as the server keeps due_out_at.
    expect(lastList(seen).get('filter')).toBe(
      `(((latest_scan_type='IN')) AND (due_out_at<'${utcText(VISITOR_CLOCK)}'))`,
    );
  });

  it('expects a repeating pass on one of its weekdays, whatever its first date', async () => {
    resetVisitorRecords(
      visitors.map((pass) =>
        pass.name === 'Ethan Lim' ? { ...pass, repeatType: 'MONDAY,FRIDAY' } : pass,
      ),
    );
    const { user } = await openVisitors();
    const filters = screen.getByRole('group', { name: 'Quick filters' });
    await user.click(within(filters).getByRole('button', { name: 'Expected today' }));
    await waitFor(() => expect(screen.queryByText('Bala Raj')).not.toBeInTheDocument());
    expect(bodyRows().map((cells) => cells[3])).toEqual([
      'Aisyah Rahman',
      'Ethan Lim',
      'Gopal Singh',
    ]);
  });

  it('names a pass whose visitor details the retention job removed', async () => {
    resetVisitorRecords([
      makeVisitor('removed', {
        name: '',
        phone_number: '',
        car_plate_number: '',
        personal_data_removed_at: '2026-03-01 00:00:00',
      }),
    ]);
    try {
      renderApp('/visitors', { role: 'securitycompany' });
      expect(await screen.findByText('Removed (retention)')).toBeInTheDocument();
    } finally {
      resetVisitorRecords();
    }
  });

  it('opens a pass’s details when its row is clicked', async () => {
    const { user, router } = await openVisitors();
    await user.click(rowWith('Bala Raj'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/visitor-details/bala'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Visitor Details' }),
    ).toBeInTheDocument();
  });

  it('shows a failed load as an error toast', async () => {
    server.use(
      http.get(`${API}/visitors/list`, () =>
        HttpResponse.json(
          { error: { code: 'INVALID_FILTER', message: 'Unknown field.' } },
          { status: 400 },
        ),
      ),
    );
    renderApp('/visitors', { role: 'securitycompany' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Unknown field.');
  });
});

describe('Visitors on a tablet held upright (below lg)', () => {
  restoreScreenWidthAfterEach();

  const visitorHeaders = () =>
    within(screen.getByRole('table', { name: 'Visitors' }))
      .getAllByRole('columnheader')
      .map((th) => th.textContent);

  it('hides Host and Car Plate Number by default, which the Columns menu offers', async () => {
    stubScreenWidth(true);
    const { user } = await openVisitors();
    expect(visitorHeaders()).toEqual(LIST_COLUMNS.visitorsShownBelowLg);

    await user.click(screen.getByRole('button', { name: 'Columns (8 hidden)' }));
    const menu = screen.getByRole('group', { name: 'Columns shown' });
    for (const name of ['Host', 'Car Plate Number']) {
      expect(within(menu).getByRole('checkbox', { name })).not.toBeChecked();
    }
    expect(within(menu).getByRole('checkbox', { name: 'Status' })).toBeChecked();

    // The user's own choice wins over the narrow screen's default.
    await user.click(within(menu).getByRole('checkbox', { name: 'Host' }));
    await user.keyboard('{Escape}');
    expect(visitorHeaders()).toEqual([
      'Site',
      'Unit',
      'Host',
      'Name',
      'Est. Arrival/Exit',
      'Act. Arrival/Exit',
      'Status',
    ]);
    expect(rowWith('Aisyah Rahman')).toHaveTextContent('Tan Mei Ling');
    expect(screen.getByRole('button', { name: 'Columns (7 hidden)' })).toBeInTheDocument();
  });

  it('shows each time under its date in rows of four lines, and the usual layout from lg up', async () => {
    const screenWidth = stubScreenWidth(true);
    await openVisitors();
    const row = rowWith('Aisyah Rahman');
    expect(row).toHaveStyle({ height: '120px' });
    expect(screen.getByRole('table', { name: 'Visitors' })).toHaveStyle({ '--cell-lines': '4' });
    // Arrival over exit, each a date then its time, in the spec's format.
    const expected = present(within(row).getAllByRole('cell')[3], 'the Est. Arrival/Exit cell');
    expect(expected).toHaveTextContent('20/03/2026 09:00:00 am20/03/2026 12:00:00 pm');
    expect(within(expected).getAllByText('20/03/2026')).toHaveLength(2);
    expect(within(expected).getByText('09:00:00 am')).toBeInTheDocument();
    expect(within(expected).getByText('12:00:00 pm')).toBeInTheDocument();

    screenWidth.cross(false);
    expect(visitorHeaders()).toEqual(LIST_COLUMNS.visitorsShown);
    expect(rowWith('Aisyah Rahman')).toHaveStyle({ height: '62px' });
  });
});

describe('Visitors export', () => {
  async function openExportModal() {
    const app = await openVisitors();
    await app.user.click(screen.getByRole('button', { name: 'Export' }));
    return { ...app, dialog: await screen.findByRole('dialog') };
  }

  it('exports the current page as Visitors_list.csv with 17 columns, health ones last', async () => {
    vi.mocked(saveAs).mockClear();
    const { user, dialog } = await openExportModal();
    await user.click(within(dialog).getByRole('button', { name: 'Export Current Page' }));
    expect(await within(dialog).findByText('Export done.')).toBeInTheDocument();

    const { name, rows } = await savedCsv();
    expect(name).toBe('Visitors_list.csv');
    expect(rows[0]).toEqual([
      'Site',
      'Unit',
      'Category',
      'Host',
      'Name',
      'Car Plate Number',
      'Phone Number',
      'Est. Arrival',
      'Est. Exit',
      'Act. Arrival',
      'Act. Exit',
      'Created By',
      'Validity',
      'Status',
      'HDF Form',
      'Temperature',
      'Health Code',
    ]);
    expect(rows).toHaveLength(1 + visitors.length);
    expect(rows[2]).toEqual([
      'Mont Kiara Residence',
      'A-12-3',
      'Delivery',
      'Tan Mei Ling',
      'Bala Raj',
      'VBA 5678',
      '60123456789',
      '20/03/2026 08:00:00 am',
      '20/03/2026 11:00:00 am',
      '20/03/2026 08:10:00 am',
      '',
      'Chandra Company',
      'VALID',
      'IN',
      'Disabled',
      '36.6',
      'Green',
    ]);
    expect(rows[6]?.slice(13)).toEqual(['IN (Overstay)', 'APPROVED', '38.2', 'Orange']);
  });

  it('exports the entire list with 14 columns, page after page with the screen’s search and sort', async () => {
    vi.mocked(saveAs).mockClear();
    resetVisitorRecords([...visitors, ...manyVisitors(3)]);
    const seen = recordRequests();
    const { user } = await openVisitors();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'VALID');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(lastList(seen).get('order')).toBe('name asc'));
    const screenFilter = lastList(seen).get('filter');

    await user.click(screen.getByRole('button', { name: 'Export' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Export Entire List' }));
    expect(await within(dialog).findByText('Export done.')).toBeInTheDocument();

    const exportCalls = requestsTo(seen, 'GET', '/visitors/list').filter(
      (request) => request.params.get('limit') === '500',
    );
    expect(exportCalls).toHaveLength(1);
    expect(exportCalls[0]?.params.get('filter')).toBe(screenFilter);
    expect(exportCalls[0]?.params.get('order')).toBe('name asc');
    // The one page asks for the whole count, which ends the run without another request.
    expect(exportCalls[0]?.params.get('include_count')).toBe('exact');
    const { rows } = await savedCsv();
    expect(rows[0]).toHaveLength(14);
    expect(rows[0]?.at(-1)).toBe('Status');
    // Every pass but the expired one matches VALID; sorted by name.
    expect(rows.slice(1).map((row) => row[4])).toEqual([
      'Aisyah Rahman',
      'Bala Raj',
      'Chong Wei',
      'Ethan Lim',
      'Farah Aziz',
      'Gopal Singh',
      'Visitor 01',
      'Visitor 02',
      'Visitor 03',
    ]);
    expect(rows.every((row) => row.length === 14)).toBe(true);
  });

  it('stops when the modal is closed: nothing is saved', async () => {
    vi.mocked(saveAs).mockClear();
    const started = vi.fn();
    server.use(
      http.get(`${API}/visitors/list`, async ({ request }) => {
        if (new URL(request.url).searchParams.get('limit') !== '500') return undefined;
        started();
        await new Promise(() => undefined);
        return HttpResponse.json({});
      }),
    );
    const { user, dialog } = await openExportModal();
    await user.click(within(dialog).getByRole('button', { name: 'Export Entire List' }));
    await waitFor(() => expect(started).toHaveBeenCalled());
    const [, footerClose] = within(dialog).getAllByRole('button', { name: 'Close' });
    await user.click(present(footerClose, 'the footer’s Close'));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(saveAs).not.toHaveBeenCalled();
  });

  it("warns 'Nothing to export.' when the list is empty", async () => {
    vi.mocked(saveAs).mockClear();
    resetVisitorRecords([]);
    const { user } = renderApp('/visitors', { role: 'securitycompany' });
    await screen.findByText('No Records Found.');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    const dialog = await screen.findByRole('dialog');

    await user.click(within(dialog).getByRole('button', { name: 'Export Current Page' }));
    expect(await within(dialog).findByText('Nothing to export.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Export Entire List' }));
    await waitFor(() => expect(within(dialog).getByText('Nothing to export.')).toBeInTheDocument());
    expect(saveAs).not.toHaveBeenCalled();
  });
});
