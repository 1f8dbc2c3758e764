import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { VISITOR_CLOCK } from '../fixtures/visitors';
import { API, apiError } from '../msw/api';
import { server } from '../msw/server';
import { bodyRows, recordRequests, requestsTo } from './guards-support';
import { renderApp } from './render-app';
import { setUpVisitorTests } from './visitors-support';

setUpVisitorTests();

/** Opens the desk from /visitors; its field has focus, as a scanner needs. */
async function openDesk() {
  const app = renderApp('/visitors', { role: 'securitycompany' });
  await screen.findByText('Aisyah Rahman');
  await app.user.click(screen.getByRole('button', { name: 'Scan Pass' }));
  const desk = await screen.findByRole('dialog');
  const field = within(desk).getByLabelText('Pass code');
  await waitFor(() => expect(field).toHaveFocus());
  /** A scanner types the code's characters, then Enter, into the focused field. */
  const scan = (code: string) => app.user.keyboard(`${code}{Enter}`);
  const pressEnter = () => app.user.keyboard('{Enter}');
  return { ...app, desk, field, scan, pressEnter };
}

describe('Scanning desk', () => {
  it('opens from Scan Pass with the field focused and says what to do', async () => {
    const { desk } = await openDesk();
    expect(within(desk).getByText('Scan Pass')).toBeInTheDocument();
    expect(
      within(desk).getByText('Scan a pass, or type its code and press Enter.'),
    ).toBeInTheDocument();
  });

  it('shows who the visitor is and checks them in on one Enter, the field ready for the next', async () => {
    const seen = recordRequests();
    const { desk, field, scan, pressEnter } = await openDesk();
    await scan('KGV-aisyah');

    expect(await within(desk).findByText('Aisyah Rahman')).toBeInTheDocument();
    for (const detail of ['Mont Kiara Residence', 'A-12-3', 'Tan Mei Ling', 'WXY 1234']) {
      expect(within(desk).getByText(detail)).toBeInTheDocument();
    }
    expect(within(desk).getByText('Check-in allowed')).toBeInTheDocument();
    expect(within(desk).getByText('Press Enter to Check-in.')).toBeInTheDocument();
    expect(field).toHaveValue('');
    expect(field).toHaveFocus();
    expect(requestsTo(seen, 'POST', '/visitors/qr/KGV-aisyah')).toHaveLength(0);

    await pressEnter();
    expect(await within(desk).findByText('Checked in')).toBeInTheDocument();
    expect(within(desk).getByText('Aisyah Rahman checked in.')).toBeInTheDocument();
    expect(requestsTo(seen, 'POST', '/visitors/qr/KGV-aisyah')).toHaveLength(1);
    expect(field).toHaveFocus();
    expect(field).toHaveValue('');
  });

  it('checks a visitor inside out', async () => {
    const { desk, scan, pressEnter } = await openDesk();
    await scan('KGV-bala');
    expect(await within(desk).findByText('Check-out allowed')).toBeInTheDocument();
    await pressEnter();
    expect(await within(desk).findByText('Checked out')).toBeInTheDocument();
    expect(within(desk).getByText('Bala Raj checked out.')).toBeInTheDocument();
  });

  it.each([
    ['a used pass', 'KGV-chong', 'This pass has been used.'],
    ['a pass that is not valid', 'KGV-devi', 'This pass is not valid.'],
    ['a repeating pass on another weekday', 'KGV-ethan', 'This pass is not valid on Friday.'],
  ])('refuses %s in words, and Enter records nothing', async (_, code, reason) => {
    const seen = recordRequests();
    const { desk, scan, pressEnter } = await openDesk();
    await scan(code);
    const refusal = await within(desk).findByRole('alert');
    expect(refusal).toHaveTextContent('Not allowed');
    expect(refusal).toHaveTextContent(reason);
    await pressEnter();
    expect(requestsTo(seen, 'POST', `/visitors/qr/${code}`)).toHaveLength(0);
  });

  it('says when no pass has the code', async () => {
    const { desk, scan } = await openDesk();
    await scan('NOPE-123');
    expect(await within(desk).findByRole('alert')).toHaveTextContent(
      'No pass has the code NOPE-123.',
    );
  });

  it('shows the server’s refusal at confirmation as the result', async () => {
    server.use(
      http.post(`${API}/visitors/qr/:code`, () =>
        HttpResponse.json(apiError('PASS_JUST_SCANNED', 'This pass was scanned a moment ago.'), {
          status: 409,
        }),
      ),
    );
    const { desk, scan, pressEnter } = await openDesk();
    await scan('KGV-aisyah');
    await within(desk).findByText('Check-in allowed');
    await pressEnter();
    const refusal = await within(desk).findByRole('alert');
    expect(refusal).toHaveTextContent('Not allowed');
    expect(refusal).toHaveTextContent('This pass was scanned a moment ago.');
  });

  it('does not record a pass read twice within seconds, nor look it up again', async () => {
    const seen = recordRequests();
    const { desk, scan, pressEnter } = await openDesk();
    // A scanner's double read: the code and Enter twice in a row.
    await scan('KGV-aisyah');
    await scan('KGV-aisyah');
    await within(desk).findByText('Check-in allowed');
    expect(requestsTo(seen, 'GET', '/visitors/qr/KGV-aisyah')).toHaveLength(1);

    await pressEnter();
    await within(desk).findByText('Checked in');
    // Read again straight after: the result stays, and nothing is asked or recorded.
    await scan('KGV-aisyah');
    await pressEnter();
    expect(within(desk).getByText('Checked in')).toBeInTheDocument();
    expect(requestsTo(seen, 'GET', '/visitors/qr/KGV-aisyah')).toHaveLength(1);
    expect(requestsTo(seen, 'POST', '/visitors/qr/KGV-aisyah')).toHaveLength(1);

    // Read again seconds later, it is a new look-up that says at once how long to wait.
    vi.setSystemTime(VISITOR_CLOCK.getTime() + 3_000);
    await scan('KGV-aisyah');
    expect(
      await within(desk).findByText(
        'This pass was scanned a moment ago. Scan it again in 7 seconds.',
      ),
    ).toBeInTheDocument();
    expect(within(desk).queryByText('Check-out allowed')).toBeNull();
    expect(requestsTo(seen, 'GET', '/visitors/qr/KGV-aisyah')).toHaveLength(2);

    // Once they have passed, Check-out waits for Enter.
    vi.setSystemTime(VISITOR_CLOCK.getTime() + 10_000);
    await scan('KGV-aisyah');
    expect(await within(desk).findByText('Check-out allowed')).toBeInTheDocument();
    expect(requestsTo(seen, 'GET', '/visitors/qr/KGV-aisyah')).toHaveLength(3);
    expect(requestsTo(seen, 'POST', '/visitors/qr/KGV-aisyah')).toHaveLength(1);
  });

  it('says so when this browser has no camera to use', async () => {
    const { desk, user } = await openDesk();
    await user.click(within(desk).getByRole('button', { name: 'Use camera' }));
    expect(
      await within(desk).findByText('This browser cannot use a camera here.'),
    ).toBeInTheDocument();
    expect(within(desk).getByRole('button', { name: 'Stop camera' })).toBeInTheDocument();
  });

  it('reloads the list when the desk closes', async () => {
    const seen = recordRequests();
    const { desk, user, scan, pressEnter } = await openDesk();
    await scan('KGV-aisyah');
    await within(desk).findByText('Check-in allowed');
    await pressEnter();
    await within(desk).findByText('Checked in');
    const listsBefore = requestsTo(seen, 'GET', '/visitors/list').length;

    const [, footerClose] = within(desk).getAllByRole('button', { name: 'Close' });
    await user.click(footerClose ?? desk);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requestsTo(seen, 'GET', '/visitors/list')).toHaveLength(listsBefore + 1);
    await waitFor(() =>
      // Name and Status of the columns shown by default (Site, Unit, Host, Name, Car Plate
      // Number, Est. and Act. Arrival/Exit, Status).
      expect(bodyRows().find((cells) => cells[3] === 'Aisyah Rahman')?.[7]).toBe('IN'),
    );
  });
});
