import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { localAt, makeVisitor } from '../fixtures/visitors';
import { API, apiError } from '../msw/api';
import { server } from '../msw/server';
import { present, recordRequests, requestsTo } from './guards-support';
import { renderApp } from './render-app';
import { setUpVisitorTests } from './visitors-support';

setUpVisitorTests();

async function openDetails(uuid: string) {
  const app = renderApp(`/visitor-details/${uuid}`, { role: 'sitesupervisor' });
  await screen.findByRole('heading', { level: 2, name: 'Visitor Details' });
  return app;
}

/** The value a details list gives a label, within one section. */
function fieldIn(section: string, label: string): string {
  const region = screen.getByRole('region', { name: section });
  const term = within(region).getByText(label, { selector: 'dt' });
  return present(term.nextElementSibling, `the value of ${label}`).textContent ?? '';
}

const checkButton = () => screen.queryByRole('button', { name: /^Check-(in|out)$/ });

describe('Visitor details', () => {
  it("says 'Retrieving details. Please wait ....' while the pass loads", async () => {
    let release: () => void = () => undefined;
    server.use(
      http.get(
        `${API}/data/visitors/:uuid`,
        () =>
          new Promise<undefined>((resolve) => {
            release = () => resolve(undefined);
          }),
        { once: true },
      ),
    );
    renderApp('/visitor-details/aisyah', { role: 'sitesupervisor' });
    expect(await screen.findByText('Retrieving details. Please wait ....')).toBeInTheDocument();
    release();
    expect(await screen.findByRole('heading', { level: 2, name: 'QR Code' })).toBeInTheDocument();
    expect(screen.queryByText('Retrieving details. Please wait ....')).toBeNull();
  });

  it("says 'Record does not exist.' for an unknown pass, with a way back", async () => {
    const { user, router } = renderApp('/visitor-details/nobody', { role: 'sitesupervisor' });
    expect(await screen.findByText('Record does not exist.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to Visitors' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/visitors'));
  });

  it('shows the spec’s sections with the pass’s details, scans and QR code', async () => {
    await openDetails('bala');
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual([
      'Visitor Details',
      'Estimated Time of Arrival',
      'Actual Time of Arrival',
      'Other Details',
      'QR Code',
    ]);
    expect(fieldIn('Visitor Details', 'Name')).toBe('Bala Raj');
    expect(fieldIn('Visitor Details', 'Car Plate Number')).toBe('VBA 5678');
    expect(fieldIn('Visitor Details', 'Site')).toBe('Mont Kiara Residence');
    expect(fieldIn('Visitor Details', 'Unit')).toBe('A-12-3');
    expect(fieldIn('Visitor Details', 'Host')).toBe('Tan Mei Ling');
    expect(fieldIn('Visitor Details', 'HDF Form')).toBe('Disabled');
    expect(fieldIn('Visitor Details', 'Health Code')).toBe('Green');
    expect(fieldIn('Estimated Time of Arrival', 'Arrival')).toBe('20/03/2026 08:00:00 am');
    expect(fieldIn('Estimated Time of Arrival', 'Exit')).toBe('20/03/2026 11:00:00 am');
    expect(fieldIn('Actual Time of Arrival', 'Arrival')).toBe('20/03/2026 08:10:00 am');
    expect(fieldIn('Actual Time of Arrival', 'Exit')).toBe('-');
    expect(fieldIn('Actual Time of Arrival', 'Scans')).toBe(
      'IN 20/03/2026 08:10:00 am by Sam Supervisor',
    );
    expect(fieldIn('Other Details', 'Category')).toBe('Delivery');
    expect(fieldIn('Other Details', 'Checkpoint Times')).toBe('1');
    expect(fieldIn('Other Details', 'Validity')).toBe('VALID');
    expect(fieldIn('Other Details', 'Status')).toBe('IN');
    expect(fieldIn('Other Details', 'Remarks')).toBe('One-time pass');

    // The QR code at type (version) 4: 33 modules and the 2-module margin on either side.
    const qr = await screen.findByRole('img', { name: 'QR code of the pass of Bala Raj' });
    expect(qr).toHaveAttribute('viewBox', '0 0 37 37');
    expect(screen.getByText('KGV-bala')).toBeInTheDocument();
  });

  it('shows a walk-in’s IC or passport number as the server gives it, and no such line without one', async () => {
    server.use(
      http.get(`${API}/data/visitors/walk-in`, () =>
        HttpResponse.json(
          makeVisitor('walk-in', {
            name: 'Rahim Contractor',
            ic_passport_number: '**********5678',
          }),
        ),
      ),
    );
    await openDetails('walk-in');
    expect(fieldIn('Visitor Details', 'IC/Passport No.')).toBe('**********5678');
    cleanup();
    await openDetails('bala');
    const details = screen.getByRole('region', { name: 'Visitor Details' });
    expect(within(details).queryByText('IC/Passport No.')).not.toBeInTheDocument();
  });

  it('says why a pass cannot be scanned, under Remarks', async () => {
    await openDetails('ethan');
    expect(fieldIn('Other Details', 'Remarks')).toBe(
      'Repeating pass (Monday, Wednesday). This pass is not valid on Friday.',
    );
    expect(fieldIn('Other Details', 'Status')).toBe('NOT YET ARRIVED');
  });

  it('marks a visitor still inside after the window Overstay, and lets them out', async () => {
    await openDetails('farah');
    expect(fieldIn('Other Details', 'Status')).toBe('INOverstay');
    expect(fieldIn('Visitor Details', 'Health Code')).toBe('Orange');
    expect(checkButton()).toHaveTextContent('Check-out');
  });

  it('shows the walk-in photos one at a time', async () => {
    const { user } = await openDetails('bala');
    const carousel = screen.getByRole('region', { name: 'Walk-in photos' });
    expect(within(carousel).getByRole('img')).toHaveAttribute(
      'alt',
      'Walk-in photo 1 of 2 of Bala Raj',
    );
    await user.click(within(carousel).getByRole('button', { name: 'Next photo' }));
    expect(within(carousel).getByRole('img')).toHaveAttribute('src', '/kgapi/files/view/photo-two');
    await user.click(within(carousel).getByRole('button', { name: 'Next photo' }));
    expect(within(carousel).getByRole('img')).toHaveAttribute(
      'alt',
      'Walk-in photo 1 of 2 of Bala Raj',
    );
  });
});

describe('Check-in and Check-out button (spec part 2 §4), Friday 20 March 2026 10:00', () => {
  it.each([
    ['a valid one-time pass not yet used, inside its window', 'aisyah', 'Check-in'],
    ['checkpoint_times 1', 'bala', 'Check-out'],
    ['checkpoint_times 2 at a site allowing 2', 'chong', null],
    ['a pass that is not VALID', 'devi', null],
    ['a repeating pass on a weekday not its own', 'ethan', null],
    ['a visitor inside past the window (no time checks going out)', 'farah', 'Check-out'],
  ])('for %s: %s', async (_, uuid, label) => {
    await openDetails(uuid);
    if (label === null) expect(checkButton()).toBeNull();
    else expect(checkButton()).toHaveTextContent(label);
  });

  const opens = localAt(0, 9).getTime();
  const closes = localAt(1, 9).getTime();
  it.each([
    ['a second before its window opens', opens - 1000, false],
    ['as its window opens', opens, true],
    ['as its one-day window closes', closes, true],
    ['a second after its one-day window', closes + 1000, false],
  ])('for a one-time pass from 09:00, %s', async (_, now, shown) => {
    vi.setSystemTime(now);
    await openDetails('aisyah');
    if (shown) expect(checkButton()).toHaveTextContent('Check-in');
    else expect(checkButton()).toBeNull();
  });

  it('checks in, then loads the pass again to show it inside', async () => {
    const seen = recordRequests();
    const { user } = await openDetails('aisyah');
    const loadsBefore = requestsTo(seen, 'GET', '/data/visitors/aisyah').length;
    await user.click(present(checkButton(), 'the Check-in button'));

    expect(await screen.findByText('Aisyah Rahman checked in.')).toBeInTheDocument();
    await waitFor(() => expect(fieldIn('Other Details', 'Status')).toBe('IN'));
    const [scan] = requestsTo(seen, 'POST', '/visitors/qr/KGV-aisyah');
    await waitFor(() =>
      expect(scan?.body).toEqual({ residence_uuid: 'site-1', weekday: 'FRIDAY' }),
    );
    expect(requestsTo(seen, 'GET', '/data/visitors/aisyah')).toHaveLength(loadsBefore + 1);
    expect(fieldIn('Other Details', 'Checkpoint Times')).toBe('1');
    expect(fieldIn('Actual Time of Arrival', 'Scans')).toBe(
      'IN 20/03/2026 10:00:00 am by Sofia Superadmin',
    );
    expect(checkButton()).toHaveTextContent('Check-out');
  });

  it('shows the server’s refusal as an error and the pass as it now is', async () => {
    server.use(
      http.post(`${API}/visitors/qr/:code`, () =>
        HttpResponse.json(apiError('PASS_JUST_SCANNED', 'This pass was scanned a moment ago.'), {
          status: 409,
        }),
      ),
    );
    const { user } = await openDetails('aisyah');
    await user.click(present(checkButton(), 'the Check-in button'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This pass was scanned a moment ago.',
    );
  });
});
