import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { GUARD_API, guardFailure } from '../msw/api';
import { guardAppRecords } from '../msw/handlers/guard-app';
import { server } from '../msw/server';
import {
  CAMERA_JPEG,
  expectFocus,
  openGuardMenu,
  openKiosk,
  setUpKioskTests,
  stubCamera,
} from './kiosk-support';

setUpKioskTests();

/** A guard signs in and opens the gate; its code field has focus, as a scanner needs. */
async function openGate() {
  const app = await openKiosk();
  await openGuardMenu(app);
  await app.user.click(screen.getByRole('button', { name: 'Gate' }));
  await screen.findByRole('heading', { level: 1, name: 'Gate' });
  const field = screen.getByLabelText('Pass code');
  await expectFocus(field);
  /** A scanner types the code's characters, then Enter, into the focused field. */
  const scan = (code: string) => app.user.keyboard(`${code}{Enter}`);
  return { ...app, field, scan };
}

function tabNames(): string[] {
  return screen.getAllByRole('tab').map((tab) => tab.textContent ?? '');
}

function listedNames(): string[] {
  const panel = screen.getByRole('tabpanel');
  return within(panel)
    .queryAllByRole('listitem')
    .map((item) => within(item).getAllByText(/\S/)[0]?.textContent ?? '');
}

describe('The gate', () => {
  it('lists today’s visitors by tab, with each tab’s count', async () => {
    const { user } = await openGate();

    await waitFor(() =>
      expect(tabNames()).toEqual(['Upcoming (3)', 'Checked in (1)', 'Overstay (1)']),
    );
    expect(listedNames()).toEqual(['Aisyah Rahman', 'Daniel Lee', 'Farah Aziz']);

    await user.click(screen.getByRole('tab', { name: 'Checked in (1)' }));
    await waitFor(() => expect(listedNames()).toEqual(['Bala Raj']));
    await user.click(screen.getByRole('tab', { name: 'Overstay (1)' }));
    await waitFor(() => expect(listedNames()).toEqual(['Gopal Nair']));
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByRole('button', { name: 'Check out Gopal Nair' })).toBeInTheDocument();
  });

  it('asks for today’s list of each tab by its status', async () => {
    const asked: Array<string | null>[] = [];
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname === `${GUARD_API}/residences/site-1/visitors`) {
        asked.push([url.searchParams.get('date'), url.searchParams.get('status')]);
      }
    });
    const { user } = await openGate();
    await waitFor(() => expect(tabNames()[0]).toBe('Upcoming (3)'));
    await user.click(screen.getByRole('tab', { name: 'Overstay (1)' }));
    await waitFor(() => expect(listedNames()).toEqual(['Gopal Nair']));
    expect(asked).toEqual([
      ['2026-03-20', 'upcoming'],
      ['2026-03-20', 'overtime'],
    ]);
  });

  it('checks a visitor in from the list, and the counts follow', async () => {
    const { user } = await openGate();
    await waitFor(() => expect(tabNames()[0]).toBe('Upcoming (3)'));
    await user.click(screen.getByRole('button', { name: 'Check in Daniel Lee' }));

    // Focus goes to the notice: the button left with the visitor for the Checked in tab.
    await expectFocus(await screen.findByText('Daniel Lee checked in.'));
    await waitFor(() =>
      expect(tabNames()).toEqual(['Upcoming (2)', 'Checked in (2)', 'Overstay (1)']),
    );
    expect(listedNames()).toEqual(['Aisyah Rahman', 'Farah Aziz']);
  });

  it('scans a pass, shows the visitor and what the pass allows, and checks in on Enter', async () => {
    const { field, scan, user } = await openGate();
    await waitFor(() => expect(tabNames()[0]).toBe('Upcoming (3)'));
    await scan('KGV-101');

    const desk = screen.getByRole('region', { name: 'Scan a pass' });
    expect(await within(desk).findByText('Check-in allowed')).toBeInTheDocument();
    expect(within(desk).getByText('Aisyah Rahman')).toBeInTheDocument();
    expect(within(desk).getByText('WXY 1234')).toBeInTheDocument();
    expect(within(desk).getByText('Press Enter to check in.')).toBeInTheDocument();
    expect(field).toHaveFocus();
    expect(guardAppRecords().visitors.find((v) => v.id === 101)?.status).toBe('upcoming');

    await user.keyboard('{Enter}');
    expect(await within(desk).findByText('Checked in')).toBeInTheDocument();
    expect(within(desk).getByText('Aisyah Rahman checked in.')).toBeInTheDocument();
    expect(guardAppRecords().visitors.find((v) => v.id === 101)?.status).toBe('checked_in');
    expect(field).toHaveFocus();
    await waitFor(() =>
      expect(tabNames()).toEqual(['Upcoming (2)', 'Checked in (2)', 'Overstay (1)']),
    );
  });

  it('warns in red with the watchlist’s reason before the check-in', async () => {
    server.use(
      http.post(`${GUARD_API}/residences/:site/visitors/scan`, () => {
        const visitor = guardAppRecords().visitors.find((v) => v.id === 101);
        return HttpResponse.json({
          success: true,
          message: 'OK',
          data: { visitor: { ...visitor, watchlist: ['Drove through the barrier'] } },
        });
      }),
    );
    const { scan } = await openGate();
    await scan('KGV-101');
    const desk = screen.getByRole('region', { name: 'Scan a pass' });
    const warning = await within(desk).findByRole('alert');
    expect(warning).toHaveTextContent('On the watchlist');
    expect(warning).toHaveTextContent('Drove through the barrier');
    expect(warning).toHaveTextContent(
      'Nobody has overridden this listing. Check with the office before you let them in.',
    );
    const confirm = within(desk).getByRole('button', { name: 'Check in' });
    expect(
      warning.compareDocumentPosition(confirm) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('says who let a listed visitor through the watchlist, and when', async () => {
    server.use(
      http.post(`${GUARD_API}/residences/:site/visitors/scan`, () => {
        const visitor = guardAppRecords().visitors.find((v) => v.id === 101);
        return HttpResponse.json({
          success: true,
          message: 'OK',
          data: {
            visitor: {
              ...visitor,
              watchlist: ['Drove through the barrier'],
              watchlist_override: { by: 'Chandra Company', at: '2026-03-19T16:45:00+08:00' },
            },
          },
        });
      }),
    );
    const { scan } = await openGate();
    await scan('KGV-101');
    const desk = screen.getByRole('region', { name: 'Scan a pass' });
    const warning = await within(desk).findByRole('alert');
    expect(warning).toHaveTextContent(
      'Drove through the barrier Chandra Company let this visitor in despite the watchlist on Thursday, 19 March 2026 at 4:45 pm.',
    );
    expect(warning).not.toHaveTextContent('Nobody has overridden');
    expect(within(desk).getByText('Check-in allowed')).toBeInTheDocument();
  });

  it('gives the desk’s reason, by its code, for a pass that may go neither way', async () => {
    server.use(
      http.post(`${GUARD_API}/residences/:site/visitors/scan`, () => {
        const visitor = guardAppRecords().visitors.find((v) => v.id === 102);
        return HttpResponse.json({
          success: true,
          message: 'OK',
          data: {
            visitor: {
              ...visitor,
              can_check_in: false,
              can_check_out: false,
              // The kiosk words it by the code; these words would show only for an unknown code.
              refusal: { code: 'PASS_CANCELLED', message: 'Cancelled (server words).' },
              watchlist: [],
            },
          },
        });
      }),
    );
    const { scan } = await openGate();
    await scan('KGV-102');
    const desk = screen.getByRole('region', { name: 'Scan a pass' });
    const refusal = await within(desk).findByRole('alert');
    expect(refusal).toHaveTextContent('Not allowed');
    expect(refusal).toHaveTextContent('This pass was cancelled.');
    expect(within(desk).queryByRole('button', { name: /^Check (in|out)$/ })).toBeNull();
  });

  it('says in the list why a visitor cannot be checked in yet', async () => {
    const farah = guardAppRecords().visitors.find((v) => v.id === 103);
    if (!farah) throw new Error('Expected Farah Aziz in the fixtures');
    Object.assign(farah, {
      can_check_in: false,
      refusal: {
        code: 'PASS_OUTSIDE_WINDOW',
        message: 'This pass is outside its visiting window.',
      },
    });
    await openGate();
    const panel = await screen.findByRole('tabpanel');
    const row = (await within(panel).findByText('Farah Aziz')).closest('li');
    if (!row) throw new Error('Expected Farah Aziz’s row');
    expect(within(row).getByText('This pass is outside its visiting window.')).toBeInTheDocument();
    expect(within(row).queryByRole('button')).toBeNull();
  });

  it('says when no pass has the code, and shows a refusal in the server’s words', async () => {
    const { scan, user } = await openGate();
    const desk = screen.getByRole('region', { name: 'Scan a pass' });
    await scan('NOPE-1');
    expect(await within(desk).findByRole('alert')).toHaveTextContent(
      'No pass has the code NOPE-1.',
    );

    server.use(
      http.post(`${GUARD_API}/residences/:site/visitors/:id/check-out`, () =>
        HttpResponse.json(
          guardFailure('This pass was scanned a moment ago.', 'PASS_JUST_SCANNED'),
          {
            status: 409,
          },
        ),
      ),
    );
    await scan('KGV-104');
    expect(await within(desk).findByText('Check-out allowed')).toBeInTheDocument();
    await user.click(within(desk).getByRole('button', { name: 'Check out' }));
    const refusal = await within(desk).findByRole('alert');
    expect(refusal).toHaveTextContent('Not allowed');
    expect(refusal).toHaveTextContent('This pass was scanned a moment ago.');
  });

  it('registers a walk-in with the unit directory, a photo, and checks them in', async () => {
    const camera = stubCamera();
    const { user } = await openGate();
    await waitFor(() => expect(tabNames()[0]).toBe('Upcoming (3)'));
    await user.click(screen.getByRole('button', { name: 'Register a walk-in' }));
    const heading = await screen.findByRole('heading', {
      level: 2,
      name: 'Register a walk-in visitor',
    });
    await expectFocus(heading);
    const form = screen.getByRole('form', { name: 'Register a walk-in visitor' });

    await user.click(within(form).getByRole('button', { name: 'Register and check in' }));
    expect(await within(form).findByText('Choose the visitor type.')).toBeInTheDocument();

    const type = within(form).getByLabelText('Visitor type');
    await within(type).findByRole('option', { name: 'Delivery' });
    await user.selectOptions(type, 'Delivery');
    const block = within(form).getByLabelText('Block');
    await within(block).findByRole('option', { name: 'A' });
    await user.selectOptions(block, 'A');
    const floor = within(form).getByLabelText('Floor');
    await within(floor).findByRole('option', { name: '12' });
    await user.selectOptions(floor, '12');
    const unit = within(form).getByLabelText('Unit');
    await within(unit).findByRole('option', { name: 'A-12-03' });
    await user.selectOptions(unit, 'A-12-03');
    const host = within(form).getByLabelText('Host (optional)');
    await within(host).findByRole('option', { name: 'Tan Mei Ling' });
    await user.selectOptions(host, 'Tan Mei Ling');
    await user.type(within(form).getByLabelText("Visitor's name"), 'Hafiz Osman');
    await user.type(within(form).getByLabelText('Phone number'), '0198765432');
    await user.type(within(form).getByLabelText('IC or passport number'), '900101-14-5678');
    await user.type(within(form).getByLabelText('Car plate number'), 'VBN 4321');
    await user.type(within(form).getByLabelText('Access card number (optional)'), 'AC-0042');
    await user.type(within(form).getByLabelText('Temperature (°C)'), '36.6');

    await user.click(within(form).getByRole('button', { name: 'Use the camera' }));
    await user.click(await within(form).findByRole('button', { name: 'Take photo' }));
    await user.click(await within(form).findByRole('button', { name: 'Use this photo' }));
    expect(
      await within(form).findByRole('img', { name: "The visitor's photo" }),
    ).toBeInTheDocument();
    expect(camera.getUserMedia).toHaveBeenCalledWith({
      video: { facingMode: 'user' },
      audio: false,
    });

    await user.click(within(form).getByRole('button', { name: 'Register and check in' }));
    expect(
      await screen.findByText('Hafiz Osman is registered and checked in.'),
    ).toBeInTheDocument();
    const [walkIn] = guardAppRecords().walkIns;
    expect(walkIn?.fields).toEqual({
      visitor_type_id: '2',
      unit_uuid: 'unit-a-12-03',
      guest_of_user_id: '501',
      visitor_name: 'Hafiz Osman',
      phone: '0198765432',
      ic_passport_no: '900101-14-5678',
      vehicle_number: 'VBN 4321',
      access_card_number: 'AC-0042',
      temperature: '36.6',
    });
    expect(walkIn?.files.photo).toEqual([
      expect.objectContaining({ type: 'image/jpeg', size: CAMERA_JPEG.length }),
    ]);
    await expectFocus(screen.getByRole('button', { name: 'Register a walk-in' }));
    await waitFor(() =>
      expect(tabNames()).toEqual(['Upcoming (3)', 'Checked in (2)', 'Overstay (1)']),
    );
  });

  it('refuses a temperature no thermometer reads, in the shared rule’s range', async () => {
    const { user } = await openGate();
    await user.click(screen.getByRole('button', { name: 'Register a walk-in' }));
    const form = await screen.findByRole('form', { name: 'Register a walk-in visitor' });
    const type = within(form).getByLabelText('Visitor type');
    await within(type).findByRole('option', { name: 'Visitor' });
    await user.selectOptions(type, 'Visitor');
    const block = within(form).getByLabelText('Block');
    await within(block).findByRole('option', { name: 'B' });
    await user.selectOptions(block, 'B');
    const floor = within(form).getByLabelText('Floor');
    await within(floor).findByRole('option', { name: '03' });
    await user.selectOptions(floor, '03');
    const unit = within(form).getByLabelText('Unit');
    await within(unit).findByRole('option', { name: 'B-03-01' });
    await user.selectOptions(unit, 'B-03-01');
    await user.type(within(form).getByLabelText("Visitor's name"), 'Hafiz Osman');
    await user.type(within(form).getByLabelText('Temperature (°C)'), '360');
    await user.click(within(form).getByRole('button', { name: 'Register and check in' }));
    expect(
      await within(form).findByText('Enter a temperature from 30 to 45 °C, e.g. 36.5.'),
    ).toBeInTheDocument();
    expect(guardAppRecords().walkIns).toEqual([]);
  });
});
