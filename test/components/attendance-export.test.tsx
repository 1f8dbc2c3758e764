import { screen, waitFor, within } from '@testing-library/react';
import { saveAs } from 'file-saver';
import { http, HttpResponse } from 'msw';
import Papa from 'papaparse';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Attendance } from '@contract/attendances';
import { ahmad, attendances, makeAttendance } from '../fixtures/guards';
import { API } from '../msw/api';
import { attendanceListHandler } from '../msw/handlers/attendances';
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
  server.events.removeAllListeners();
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

/** jsdom's Blob has no text(); FileReader reads it as a browser would. */
function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

/** The one file saved so far: its name and text. */
async function savedFile(): Promise<{ name: string | undefined; text: string }> {
  expect(saveAsMock).toHaveBeenCalledTimes(1);
  const [data, name] = present(saveAsMock.mock.calls[0], 'a saved file');
  if (!(data instanceof Blob)) throw new Error('saveAs was not given a Blob');
  expect(data.type).toBe('text/csv;charset=utf-8');
  return { name, text: await readBlob(data) };
}

/** The rows of the one CSV file saved so far, header first, and its file name. */
async function savedCsv(): Promise<{ name: string | undefined; rows: string[][] }> {
  const { name, text } = await savedFile();
  return { name, rows: Papa.parse<string[]>(text).data };
}

async function openExport() {
  const app = renderApp('/security-guards', { role: 'superadmin' });
  await app.user.click(await screen.findByRole('tab', { name: 'Attendance' }));
  await screen.findByRole('table', { name: 'Attendance' });
  return app;
}

async function openExportModal(app: Awaited<ReturnType<typeof openExport>>) {
  await app.user.click(screen.getByRole('button', { name: 'Export' }));
  return screen.findByRole('dialog');
}

/** `count` rows of one guard, numbered, for a list longer than one export page. */
function manyAttendances(count: number): Attendance[] {
  return Array.from({ length: count }, (_, index) =>
    makeAttendance(`bulk-${index}`, ahmad, 'site-1', {
      created_at: `2024-05-01 ${String(Math.floor(index / 60) % 24).padStart(2, '0')}:${String(index % 60).padStart(2, '0')}:00`,
    }),
  );
}

describe('Attendance export', () => {
  it('exports the current page as Guard_Attendance.csv with the table’s values', async () => {
    const app = await openExport();
    await screen.findByText('Chen Wei');
    const dialog = await openExportModal(app);
    await app.user.click(within(dialog).getByRole('button', { name: 'Export Current Page' }));

    expect(await within(dialog).findByText('Export done.')).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    const { name, rows } = await savedCsv();
    expect(name).toBe('Guard_Attendance.csv');
    expect(rows).toEqual([
      [
        'Guard ID',
        'Company',
        'Name',
        'Site',
        'Check In Date/Time',
        'Check In Location',
        'Check Out Date/Time',
        'Check Out Location',
        'Total Hours',
        'Check In Distance From Site',
        'Check Out Distance From Site',
        'Away From Site',
      ],
      [
        'G-002',
        'Aegis Guarding Sdn Bhd',
        'Bala Krishnan',
        'Bangsar Heights',
        '03/05/2024 07:10:00 am',
        '3.1579123, 101.7123000',
        '',
        '',
        '0',
        '',
        '',
        'No',
      ],
      [
        'G-001',
        'Aegis Guarding Sdn Bhd',
        'Ahmad Faizal',
        'Mont Kiara Residence',
        '02/05/2024 08:30:00 am',
        '3.1579123, 101.7123000',
        '02/05/2024 05:45:15 pm',
        '3.1579100, 101.7123100',
        '9:15:15',
        '',
        '',
        'No',
      ],
      [
        'G-001',
        'Aegis Guarding Sdn Bhd',
        'Ahmad Faizal',
        'Mont Kiara Residence',
        '30/04/2024 06:00:00 am',
        '3.1579123, 101.7123000',
        '01/05/2024 12:15:30 pm',
        '3.1579100, 101.7123100',
        '30:15:30',
        '',
        '',
        'No',
      ],
      [
        'G-003',
        'Benteng Protection Sdn Bhd',
        'Chen Wei',
        'Ampang Court',
        '',
        '',
        '01/05/2024 05:45:15 pm',
        '3.1579100, 101.7123100',
        '0',
        '',
        '',
        'No',
      ],
    ]);
  });

  it('quotes commas and quotes and neutralises formulas in the file', async () => {
    server.use(
      attendanceListHandler([
        makeAttendance('att-x', ahmad, 'site-1', {
          guard_name: '=HYPERLINK("http://evil.example")',
          guard_id: '@G-1',
          residence_name: 'Block "A", Tower 1',
        }),
      ]),
    );
    const app = await openExport();
    await screen.findByText('Block "A", Tower 1');
    const dialog = await openExportModal(app);
    await app.user.click(within(dialog).getByRole('button', { name: 'Export Current Page' }));
    await within(dialog).findByText('Export done.');

    const { text } = await savedFile();
    const line = text.split('\r\n')[1] ?? '';
    expect(line.startsWith(`"'@G-1",`)).toBe(true);
    expect(line).toContain(`,"'=HYPERLINK(""http://evil.example"")",`);
    expect(line).toContain(',"Block ""A"", Tower 1",');
  });

  it('explains the entire-list choice in a tooltip', async () => {
    const app = await openExport();
    const dialog = await openExportModal(app);
    await app.user.hover(within(dialog).getByRole('button', { name: 'Export Entire List' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Exporting the entire list may take longer, depending on the total number of records.',
    );
  });

  it('fetches the entire list 500 at a time with the screen’s search and sort, the count asked once, showing progress', async () => {
    const rows = manyAttendances(1_100);
    server.use(attendanceListHandler([...rows, ...attendances]));
    const seen = recordRequests();
    let releaseSecondPage: () => void = () => undefined;
    const secondPageHeld = new Promise<void>((resolve) => {
      releaseSecondPage = resolve;
    });
    server.use(
      http.get(`${API}/attendances/list`, async ({ request }) => {
        if (new URL(request.url).searchParams.get('offset') === '500') await secondPageHeld;
        return undefined;
      }),
    );
    const app = await openExport();
    await app.user.type(screen.getByRole('searchbox', { name: 'Search' }), 'Ahmad');
    await app.user.click(screen.getByRole('button', { name: 'Search' }));
    await app.user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() =>
      expect(requestsTo(seen, 'GET', '/attendances/list').at(-1)?.params.get('order')).toBe(
        'guard_name asc',
      ),
    );
    const screenQuery = present(
      requestsTo(seen, 'GET', '/attendances/list').at(-1),
      'the screen’s list request',
    ).params;

    const dialog = await openExportModal(app);
    await app.user.click(within(dialog).getByRole('button', { name: 'Export Entire List' }));
    expect(
      await within(dialog).findByText(
        'Export in progress. Please do not close this window. Closing this window will stop the export.',
      ),
    ).toBeInTheDocument();
    // 500 of the 1,102 matching rows are in.
    await waitFor(() =>
      expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '45'),
    );
    expect(within(dialog).getByRole('progressbar')).toHaveTextContent('45%');
    releaseSecondPage();

    expect(await within(dialog).findByText('Export done.')).toBeInTheDocument();
    const exportCalls = requestsTo(seen, 'GET', '/attendances/list').filter(
      (r) => r.params.get('limit') === '500',
    );
    expect(exportCalls.map((r) => r.params.get('offset'))).toEqual(['0', '500', '1000']);
    // The count is asked once, whole, with the first page; the screen's own first page asks for
    // the server's (capped) count.
    expect(exportCalls.map((r) => r.params.get('include_count'))).toEqual([
      'exact',
      'false',
      'false',
    ]);
    const screenCalls = requestsTo(seen, 'GET', '/attendances/list').filter(
      (r) => r.params.get('limit') === '8',
    );
    expect(screenCalls.length).toBeGreaterThan(0);
    expect(screenCalls.every((r) => !r.params.has('include_count'))).toBe(true);
    for (const call of exportCalls) {
      expect(call.params.get('filter')).toBe(screenQuery.get('filter'));
      expect(call.params.get('order')).toBe('guard_name asc');
    }
    const { rows: csv } = await savedCsv();
    expect(csv[0]?.[1]).toBe('Security Co.');
    expect(csv).toHaveLength(1 + 1_102);
  });

  it('stops at once when the modal is closed: the request is aborted and nothing is saved', async () => {
    const abort = vi.spyOn(XMLHttpRequest.prototype, 'abort');
    const started = vi.fn();
    server.use(
      http.get(`${API}/attendances/list`, async ({ request }) => {
        if (new URL(request.url).searchParams.get('limit') !== '500') return undefined;
        started();
        await new Promise(() => undefined);
        return HttpResponse.json({});
      }),
    );
    const app = await openExport();
    const dialog = await openExportModal(app);
    await app.user.click(within(dialog).getByRole('button', { name: 'Export Entire List' }));
    await waitFor(() => expect(started).toHaveBeenCalled());

    // The footer's Close; the header's × closes the same way.
    const [, footerClose] = within(dialog).getAllByRole('button', { name: 'Close' });
    await app.user.click(present(footerClose, 'the footer’s Close'));

    expect(abort).toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(saveAsMock).not.toHaveBeenCalled();
    abort.mockRestore();
  });

  it("warns 'Nothing to export.' for an empty list, on either choice", async () => {
    server.use(attendanceListHandler([]));
    const app = await openExport();
    await screen.findByText('No Records Found.');
    const dialog = await openExportModal(app);

    await app.user.click(within(dialog).getByRole('button', { name: 'Export Current Page' }));
    expect(await within(dialog).findByText('Nothing to export.')).toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: 'Export Entire List' }));
    await waitFor(() => expect(within(dialog).getByText('Nothing to export.')).toBeInTheDocument());
    expect(saveAsMock).not.toHaveBeenCalled();
  });
});
