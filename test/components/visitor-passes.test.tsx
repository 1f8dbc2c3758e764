import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PassBody } from '@contract/visitors';
import { PASS_MESSAGES } from '@rules/pass-issuing';
import { WATCHLIST_MESSAGES } from '@rules/watchlist';
import { makeVisitor } from '../fixtures/visitors';
import { API } from '../msw/api';
import { resetVisitorRecords, visitorRecords } from '../msw/handlers/visitors';
import { server } from '../msw/server';
import { present, recordRequests, requestsTo } from './guards-support';
import { renderApp } from './render-app';
import { setUpVisitorTests } from './visitors-support';

// The clock is Friday 20 March 2026, 10:00 local (setUpVisitorTests).
setUpVisitorTests();

const issuedPass = (overrides: Parameters<typeof makeVisitor>[1] = {}) =>
  makeVisitor('pass-1', {
    name: 'Nur Aina',
    host_name: 'Tan Mei Ling',
    email: 'aina@example.com',
    date: '2026-03-21',
    start_time: '09:00:00',
    end_time: '12:00:00',
    epass_path: '/pass/token-pass-1',
    qr_code: 'KGV-code-of-pass-1',
    ...overrides,
  });

async function openAddModal() {
  const app = renderApp('/visitors', { role: 'securitycompany' });
  await screen.findByRole('table', { name: 'Visitors' });
  await app.user.click(screen.getByRole('button', { name: 'Add' }));
  const dialog = await screen.findByRole('dialog');
  within(dialog).getByRole('form', { name: 'Add Visitor Pass' });
  // The site options are loaded when the modal opens.
  await within(dialog).findByRole('option', { name: 'Mont Kiara Residence' });
  return { ...app, dialog };
}

function messageOf(dialog: HTMLElement, label: string): string {
  const field = within(dialog).getByLabelText(label);
  const group = present(field.closest('.mb-3'), `the group of ${label}`);
  return group.querySelector('.invalid-feedback')?.textContent ?? '';
}

async function typeInto(user: UserEvent, dialog: HTMLElement, label: string, text: string) {
  const field = within(dialog).getByLabelText(label);
  await user.clear(field);
  if (text) await user.type(field, text);
}

describe('Add Visitor Pass', () => {
  it('names each missing field with the shared rules’ words', async () => {
    const { user, dialog } = await openAddModal();
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(messageOf(dialog, 'Site')).toBe(PASS_MESSAGES.siteRequired));
    expect(messageOf(dialog, 'Unit')).toBe(PASS_MESSAGES.unitRequired);
    expect(messageOf(dialog, 'Host')).toBe(PASS_MESSAGES.hostRequired);
    expect(messageOf(dialog, 'Visitor name')).toBe(PASS_MESSAGES.nameRequired);
    expect(messageOf(dialog, 'Category')).toBe(PASS_MESSAGES.categoryRequired);
    expect(messageOf(dialog, 'Date')).toBe(PASS_MESSAGES.dateInvalid);
    expect(messageOf(dialog, 'Start time')).toBe(PASS_MESSAGES.timeInvalid);
    expect(messageOf(dialog, 'End time')).toBe(PASS_MESSAGES.timeInvalid);
  });

  it('refuses a past day, an end before the start, a visit already over and a bad email', async () => {
    const seen = recordRequests();
    const { user, dialog } = await openAddModal();
    await typeInto(user, dialog, 'Date', '19/03/2026');
    await typeInto(user, dialog, 'Start time', '11:00');
    await typeInto(user, dialog, 'End time', '10:30');
    await typeInto(user, dialog, 'Email (optional)', 'aina@');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(messageOf(dialog, 'Date')).toBe(PASS_MESSAGES.dateInPast));
    expect(messageOf(dialog, 'End time')).toBe(PASS_MESSAGES.endNotAfterStart);
    expect(messageOf(dialog, 'Email (optional)')).toBe(PASS_MESSAGES.emailInvalid);

    // Today (10:00 now), from 08:00 to 09:30: a one-time visit already over.
    await typeInto(user, dialog, 'Date', '20/03/2026');
    await typeInto(user, dialog, 'Start time', '08:00');
    await typeInto(user, dialog, 'End time', '09:30');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(messageOf(dialog, 'End time')).toBe(PASS_MESSAGES.endedAlready));

    // A repeating pass names its weekdays.
    await user.click(within(dialog).getByRole('radio', { name: 'Repeating (30 days)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    const weekdays = within(dialog).getByRole('group', { name: 'Weekdays' });
    await waitFor(() =>
      expect(within(weekdays).getByText(PASS_MESSAGES.weekdaysRequired)).toBeInTheDocument(),
    );
    expect(requestsTo(seen, 'POST', '/visitors/add')).toHaveLength(0);
  });

  it('posts the pass, with the unit’s owner as host, then says so and reloads the list', async () => {
    const seen = recordRequests();
    const { user, dialog } = await openAddModal();
    await user.selectOptions(within(dialog).getByLabelText('Site'), 'Mont Kiara Residence');
    await within(dialog).findByRole('option', { name: 'B-3-1' });
    await user.selectOptions(within(dialog).getByLabelText('Unit'), 'B-3-1');
    expect(within(dialog).getByLabelText('Host')).toHaveValue('Lim Wei Jie');
    await typeInto(user, dialog, 'Visitor name', 'Nur Aina');
    await typeInto(user, dialog, 'Phone', '60123456780');
    await typeInto(user, dialog, 'Email (optional)', 'aina@example.com');
    await typeInto(user, dialog, 'Car plate', 'wxy 1234');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Contractor');
    await user.click(within(dialog).getByRole('radio', { name: 'Repeating (30 days)' }));
    // Ticked out of order: sent in week order.
    await user.click(within(dialog).getByRole('checkbox', { name: 'Friday' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Monday' }));
    await typeInto(user, dialog, 'Date', '23/03/2026');
    await typeInto(user, dialog, 'Start time', '09:00');
    await typeInto(user, dialog, 'End time', '17:30');
    await typeInto(user, dialog, 'Remarks', 'Aircon service');
    const listsBefore = requestsTo(seen, 'GET', '/visitors/list').length;
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Success Added')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [post] = requestsTo(seen, 'POST', '/visitors/add');
    expect(present(post, 'the add request').body).toEqual({
      residence_uuid: 'site-1',
      unit_uuid: 'unit-2',
      host_name: 'Lim Wei Jie',
      name: 'Nur Aina',
      phone_number: '60123456780',
      email: 'aina@example.com',
      car_plate_number: 'wxy 1234',
      category: 'Contractor',
      repeat_type: 'REPEAT',
      repeatType: 'MONDAY,FRIDAY',
      date: '2026-03-23',
      start_time: '09:00',
      end_time: '17:30',
      remarks: 'Aircon service',
    });
    await waitFor(() =>
      expect(requestsTo(seen, 'GET', '/visitors/list').length).toBeGreaterThan(listsBefore),
    );
    expect(await screen.findByText('Nur Aina')).toBeInTheDocument();
  });
});

describe('Add Visitor Pass for a listed visitor', () => {
  it('shows the watchlist’s reason, and lets a company user issue it anyway, saying so in the request', async () => {
    const bodies: PassBody[] = [];
    server.use(
      http.post(`${API}/visitors/add`, async ({ request }) => {
        const body = (await request.json()) as PassBody;
        bodies.push(body);
        if (!body.override_watchlist) {
          return HttpResponse.json(
            {
              error: {
                code: 'WATCHLISTED',
                message: WATCHLIST_MESSAGES.refused('Banned by management'),
              },
            },
            { status: 409 },
          );
        }
        return HttpResponse.json({ resource: [makeVisitor('issued-listed', { name: body.name })] });
      }),
    );
    const { user, dialog } = await openAddModal();
    await user.selectOptions(within(dialog).getByLabelText('Site'), 'Mont Kiara Residence');
    await within(dialog).findByRole('option', { name: 'B-3-1' });
    await user.selectOptions(within(dialog).getByLabelText('Unit'), 'B-3-1');
    await typeInto(user, dialog, 'Visitor name', 'Listed Person');
    await typeInto(user, dialog, 'Phone', '60123456780');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Visitor');
    await typeInto(user, dialog, 'Date', '21/03/2026');
    await typeInto(user, dialog, 'Start time', '09:00');
    await typeInto(user, dialog, 'End time', '12:00');
    expect(within(dialog).queryByRole('switch')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(
      await within(dialog).findByText('This visitor is on the watchlist: Banned by management'),
    ).toBeInTheDocument();
    const override = within(dialog).getByRole('switch', {
      name: 'Issue this pass despite the watchlist',
    });
    await user.click(override);
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Success Added')).toBeInTheDocument();
    expect(bodies.map((body) => body.override_watchlist)).toEqual([undefined, true]);
  });

  it('offers no override to a site supervisor', async () => {
    server.use(
      http.post(`${API}/visitors/add`, () =>
        HttpResponse.json(
          { error: { code: 'WATCHLISTED', message: WATCHLIST_MESSAGES.refused('Banned') } },
          { status: 409 },
        ),
      ),
    );
    const app = renderApp('/visitors', { role: 'sitesupervisor' });
    await screen.findByRole('table', { name: 'Visitors' });
    await app.user.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog');
    const site = await within(dialog).findByLabelText('Site');
    await within(dialog).findAllByRole('option');
    const siteName = within(site as HTMLElement).getAllByRole('option')[1]?.textContent ?? '';
    await app.user.selectOptions(site, siteName);
    const unit = within(dialog).getByLabelText('Unit');
    await waitFor(() => expect(within(unit).getAllByRole('option').length).toBeGreaterThan(1));
    await app.user.selectOptions(unit, within(unit).getAllByRole('option')[1]?.textContent ?? '');
    await typeInto(app.user, dialog, 'Visitor name', 'Listed Person');
    await typeInto(app.user, dialog, 'Phone', '60123456780');
    await app.user.selectOptions(within(dialog).getByLabelText('Category'), 'Visitor');
    await typeInto(app.user, dialog, 'Date', '21/03/2026');
    await typeInto(app.user, dialog, 'Start time', '09:00');
    await typeInto(app.user, dialog, 'End time', '12:00');
    await app.user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(
      await within(dialog).findByText(WATCHLIST_MESSAGES.refused('Banned')),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('switch')).toBeNull();
  });
});

async function openDetails(uuid = 'pass-1') {
  const app = renderApp(`/visitor-details/${uuid}`, { role: 'securitycompany' });
  await screen.findByRole('heading', { level: 2, name: 'Visitor Details' });
  return app;
}

function validity(): string {
  const region = screen.getByRole('region', { name: 'Other Details' });
  const term = within(region).getByText('Validity', { selector: 'dt' });
  return present(term.nextElementSibling, 'the validity').textContent ?? '';
}

describe('Visitor details: an issued pass', () => {
  it('edits a pass never scanned in the same form, filled in, and sends the change', async () => {
    resetVisitorRecords([issuedPass()]);
    const seen = recordRequests();
    const { user } = await openDetails();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    within(dialog).getByRole('form', { name: 'Edit Visitor Pass' });
    expect(within(dialog).getByLabelText('Visitor name')).toHaveValue('Nur Aina');
    expect(within(dialog).getByLabelText('Date')).toHaveValue('21/03/2026');
    expect(within(dialog).getByLabelText('Start time')).toHaveValue('09:00');
    await within(dialog).findByRole('option', { name: 'A-12-3' });
    await typeInto(user, dialog, 'Visitor name', 'Nur Aina Binti Ali');
    await typeInto(user, dialog, 'End time', '13:00');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Success Edited')).toBeInTheDocument();
    const [patch] = requestsTo(seen, 'PATCH', '/visitors/pass-1');
    expect(present(patch, 'the edit request').body).toMatchObject({
      name: 'Nur Aina Binti Ali',
      end_time: '13:00',
      date: '2026-03-21',
      unit_uuid: 'unit-1',
    });
    expect(await screen.findAllByText('Nur Aina Binti Ali')).not.toHaveLength(0);
  });

  it('offers no Edit once the pass has been scanned', async () => {
    resetVisitorRecords([issuedPass({ checkpoint_times: 1, latest_scan_type: 'IN' })]);
    await openDetails();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel pass' })).toBeInTheDocument();
  });

  it('cancels after asking, and shows the pass CANCELLED with no more actions on it', async () => {
    resetVisitorRecords([issuedPass()]);
    const seen = recordRequests();
    const { user } = await openDetails();
    await user.click(screen.getByRole('button', { name: 'Cancel pass' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Keep pass' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestsTo(seen, 'DELETE', '/visitors/pass-1')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Cancel pass' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel pass' }),
    );
    expect(await screen.findByText('Pass cancelled.')).toBeInTheDocument();
    await waitFor(() => expect(validity()).toBe('CANCELLED'));
    expect(requestsTo(seen, 'DELETE', '/visitors/pass-1')).toHaveLength(1);
    expect(visitorRecords()[0]?.status).toBe('CANCELLED');
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel pass' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Share: copy link' })).toBeNull();
  });

  it('shows a cancelled pass as CANCELLED, with no QR code and no badge to print', async () => {
    resetVisitorRecords([issuedPass({ status: 'CANCELLED' })]);
    const list = renderApp('/visitors', { role: 'securitycompany' });
    const table = await screen.findByRole('table', { name: 'Visitors' });
    const row = within(table).getByRole('row', { name: /Nur Aina/ });
    // Status (Validity, which says it too, is behind the Columns menu by default).
    expect(within(row).getByText('CANCELLED')).toBeInTheDocument();
    expect(within(row).queryByText('NOT YET ARRIVED')).toBeNull();
    list.unmount();

    await openDetails();
    const other = screen.getByRole('region', { name: 'Other Details' });
    const status = within(other).getByText('Status', { selector: 'dt' });
    expect(status.nextElementSibling).toHaveTextContent('CANCELLED');
    expect(screen.queryByRole('link', { name: 'Print' })).toBeNull();
    const qr = screen.getByRole('region', { name: 'QR Code' });
    expect(qr).toHaveTextContent('This pass was cancelled: its QR code no longer opens the gate.');
    expect(within(qr).queryByText('KGV-code-of-pass-1')).toBeNull();
  });

  it('opens a cancelled pass’s print link as its details, with nothing to print', async () => {
    resetVisitorRecords([issuedPass({ status: 'CANCELLED' })]);
    renderApp('/visitor-details/pass-1?print', { role: 'securitycompany' });
    await screen.findByRole('heading', { level: 2, name: 'Visitor Details' });
    expect(screen.queryByRole('heading', { name: 'Print Visitor Badge' })).toBeNull();
    expect(
      screen.getByText('This pass was cancelled: its QR code no longer opens the gate.'),
    ).toBeInTheDocument();
  });

  it('shares the e-pass link: copied with a confirmation, and a WhatsApp message in a new tab', async () => {
    resetVisitorRecords([issuedPass()]);
    const { user } = await openDetails();
    await user.click(screen.getByRole('button', { name: 'Share: copy link' }));
    const url = `${window.location.origin}/pass/token-pass-1`;
    expect(await screen.findByText('E-pass link copied.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(url);
    const whatsApp = screen.getByRole('link', { name: /Share on WhatsApp/ });
    expect(whatsApp).toHaveAttribute(
      'href',
      `https://wa.me/?text=${encodeURIComponent(`Hello Nur Aina, your visitor pass for Mont Kiara Residence: ${url}`)}`,
    );
    expect(whatsApp).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Print' })).toHaveAttribute(
      'href',
      '/visitor-details/pass-1?print',
    );
  });

  it('prints a badge with the name, unit, host, window and QR code', async () => {
    resetVisitorRecords([issuedPass()]);
    const { user } = await openDetails();
    await user.click(screen.getByRole('link', { name: 'Print' }));
    const badge = await screen.findByRole('article', { name: 'Visitor badge of Nur Aina' });
    expect(
      await within(badge).findByRole('img', { name: 'QR code of the pass of Nur Aina' }),
    ).toBeInTheDocument();
    expect(badge).toHaveTextContent('A-12-3');
    expect(badge).toHaveTextContent('Tan Mei Ling');
    expect(badge).toHaveTextContent('Sat 21/03/2026, 09:00 to 12:00');
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to Visitor Details' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Visitor Details' }),
    ).toBeInTheDocument();
  });
});

describe('The e-pass page', () => {
  it('shows the QR code, site, unit, window and host with no sign-in', async () => {
    resetVisitorRecords([issuedPass({ repeat_type: 'REPEAT', repeatType: 'MONDAY,SATURDAY' })]);
    const seen = recordRequests();
    renderApp('/pass/token-pass-1');
    expect(
      await screen.findByRole('img', { name: 'QR code of the pass of Nur Aina' }),
    ).toBeInTheDocument();
    expect(screen.getByText('KGV-code-of-pass-1')).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(main).toHaveTextContent('Mont Kiara Residence');
    expect(main).toHaveTextContent('A-12-3');
    expect(main).toHaveTextContent('Tan Mei Ling');
    expect(main).toHaveTextContent(
      'Mondays and Saturdays, 09:00 to 12:00, for 30 days from Sat 21/03/2026',
    );
    expect(seen.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /epass/token-pass-1',
    ]);
  });

  it('says the pass is no longer valid once it is cancelled', async () => {
    resetVisitorRecords([issuedPass({ status: 'CANCELLED' })]);
    renderApp('/pass/token-pass-1');
    expect(await screen.findByRole('alert')).toHaveTextContent('This pass is no longer valid.');
    expect(screen.queryByRole('img')).toBeNull();
  });
});
