import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { WATCHLIST_MESSAGES } from '@rules/watchlist';
import { localAt, makeVisitor, utcText } from '../fixtures/visitors';
import { API } from '../msw/api';
import { resetWatchlistRecords } from '../msw/handlers/watchlist';
import { resetVisitorRecords } from '../msw/handlers/visitors';
import { server } from '../msw/server';
import { bodyRows, recordRequests, requestsTo } from './guards-support';
import { renderApp } from './render-app';
import { setUpVisitorTests } from './visitors-support';

async function shownModal() {
  return waitFor(() => {
    const modal = document.querySelector<HTMLElement>('.modal.show');
    if (!modal) throw new Error('No modal is shown yet.');
    return modal;
  });
}

describe('Watchlist screen', () => {
  beforeEach(() => {
    resetWatchlistRecords();
    return () => server.events.removeAllListeners();
  });

  it('lists the company’s entries newest first, 8 a page, and searches them', async () => {
    const seen = recordRequests();
    const app = renderApp('/watchlist', { role: 'securitycompany' });
    expect(await screen.findByRole('heading', { name: 'Watchlist' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    await waitFor(() => expect(bodyRows(table)).toHaveLength(2));
    expect(bodyRows(table)[0]).toEqual(
      expect.arrayContaining(['Lim Ah Kow', 'VBA 7788', 'All sites', 'Theft at Block C']),
    );
    expect(bodyRows(table)[1]).toEqual(
      expect.arrayContaining(['900101-14-5566', 'Mont Kiara Residence', 'Harassed a resident']),
    );
    const [first] = requestsTo(seen, 'GET', '/watchlist/list');
    expect(first?.params.get('limit')).toBe('8');
    expect(first?.params.get('order')).toBe('created_at desc');

    await app.user.type(screen.getByRole('searchbox'), 'harass{Enter}');
    await waitFor(() => expect(bodyRows(table)).toHaveLength(1));
    expect(requestsTo(seen, 'GET', '/watchlist/list').at(-1)?.params.get('filter')).toContain(
      "reason like '%harass%'",
    );
  });

  it('adds an entry by keyboard, with the shared messages first, and sends the company’s site choice', async () => {
    const seen = recordRequests();
    const app = renderApp('/watchlist', { role: 'securitycompany' });
    await screen.findByText('Lim Ah Kow');
    await app.user.click(screen.getByRole('button', { name: /Add/ }));
    const modal = await shownModal();
    expect(within(modal).getByText('Add Watchlist Entry')).toBeInTheDocument();
    // A company user keeps its own company's list: no company to choose.
    expect(within(modal).queryByLabelText('Security Company')).not.toBeInTheDocument();

    await app.user.click(within(modal).getByRole('button', { name: 'Submit' }));
    expect(
      await within(modal).findByText(WATCHLIST_MESSAGES.somethingRequired),
    ).toBeInTheDocument();
    expect(within(modal).getByText(WATCHLIST_MESSAGES.reasonRequired)).toBeInTheDocument();
    expect(requestsTo(seen, 'POST', '/watchlist/add')).toHaveLength(0);

    await app.user.type(within(modal).getByLabelText('Car Plate Number'), 'wxy 1234');
    await app.user.type(within(modal).getByLabelText('Reason'), 'Drove through the barrier');
    await app.user.click(within(modal).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Success Added')).toBeInTheDocument();
    expect(requestsTo(seen, 'POST', '/watchlist/add')[0]?.body).toMatchObject({
      security_company_uuid: 'company-1',
      residence_uuid: null,
      car_plate_number: 'wxy 1234',
      reason: 'Drove through the barrier',
    });
    expect(await screen.findByText('WXY 1234')).toBeInTheDocument();
  });

  it('edits an entry and deletes one after confirmation', async () => {
    const seen = recordRequests();
    const app = renderApp('/watchlist', { role: 'securitycompany' });
    await screen.findByText('Lim Ah Kow');
    await app.user.click(screen.getByRole('button', { name: 'Edit Lim Ah Kow' }));
    const modal = await shownModal();
    const reason = within(modal).getByLabelText('Reason');
    expect(reason).toHaveValue('Theft at Block C');
    await app.user.clear(reason);
    await app.user.type(reason, 'Theft at Block D');
    await app.user.click(within(modal).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Success Edited')).toBeInTheDocument();
    expect(requestsTo(seen, 'PATCH', '/watchlist/watch-1')[0]?.body).toMatchObject({
      reason: 'Theft at Block D',
    });

    await app.user.click(await screen.findByRole('button', { name: 'Delete Lim Ah Kow' }));
    const confirm = await waitFor(() => {
      const shown = [...document.querySelectorAll<HTMLElement>('.modal.show')].find((modal) =>
        modal.textContent?.includes('Delete Confirmation'),
      );
      if (!shown) throw new Error('No delete confirmation yet.');
      return shown;
    });
    expect(confirm).toHaveTextContent('remove Lim Ah Kow from the watchlist');
    await app.user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Success Deleted')).toBeInTheDocument();
    expect(requestsTo(seen, 'DELETE', '/watchlist/watch-1')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Lim Ah Kow')).not.toBeInTheDocument());
  });

  it('is in the navigation of a company, not of a site supervisor, who is sent away', async () => {
    renderApp('/watchlist', { role: 'sitesupervisor' });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).queryByText('Watchlist')).not.toBeInTheDocument();
  });
});

describe('Scanning desk and the watchlist', () => {
  setUpVisitorTests();

  it('shows the watchlist’s reason in red before the confirmation', async () => {
    server.use(
      http.get(`${API}/visitors/qr/:code`, () =>
        HttpResponse.json({
          ...makeVisitor('watched', { name: 'Watched Visitor' }),
          watchlist: ['Drove through the barrier'],
        }),
      ),
    );
    const app = renderApp('/visitors', { role: 'securitycompany' });
    await screen.findByText('Aisyah Rahman');
    await app.user.click(screen.getByRole('button', { name: 'Scan Pass' }));
    const desk = await screen.findByRole('dialog');
    await waitFor(() => expect(within(desk).getByLabelText('Pass code')).toHaveFocus());
    await app.user.keyboard('KGV-watched{Enter}');
    const warning = await within(desk).findByRole('alert');
    expect(warning).toHaveTextContent('On the watchlist');
    expect(warning).toHaveTextContent(WATCHLIST_MESSAGES.refused('Drove through the barrier'));
    expect(warning).toHaveTextContent('Nobody has overridden this listing.');
    expect(warning).toHaveClass('desk-result-refused');
    // The warning comes before the desk's confirmation.
    const confirm = within(desk).getByRole('button', { name: 'Check-in' });
    expect(
      warning.compareDocumentPosition(confirm) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('says who let the pass through the watchlist, and when', async () => {
    server.use(
      http.get(`${API}/visitors/qr/:code`, () =>
        HttpResponse.json({
          ...makeVisitor('watched', { name: 'Watched Visitor' }),
          watchlist: ['Drove through the barrier'],
          watchlist_override: { by: 'Chandra Company', at: utcText(localAt(-1, 16, 45)) },
        }),
      ),
    );
    const app = renderApp('/visitors', { role: 'securitycompany' });
    await screen.findByText('Aisyah Rahman');
    await app.user.click(screen.getByRole('button', { name: 'Scan Pass' }));
    const desk = await screen.findByRole('dialog');
    await waitFor(() => expect(within(desk).getByLabelText('Pass code')).toHaveFocus());
    await app.user.keyboard('KGV-watched{Enter}');
    const warning = await within(desk).findByRole('alert');
    expect(warning).toHaveTextContent(
      'This visitor is on the watchlist: Drove through the barrier Issued despite the watchlist by Chandra Company on 19/03/2026 04:45:00 pm.',
    );
  });

  it('shows the listing and its override on the pass’s details', async () => {
    resetVisitorRecords([
      {
        ...makeVisitor('watched', { name: 'Watched Visitor' }),
        watchlist: ['Drove through the barrier'],
        watchlist_override: { by: 'Chandra Company', at: utcText(localAt(-1, 16, 45)) },
      },
    ]);
    renderApp('/visitor-details/watched', { role: 'securitycompany' });
    const other = await screen.findByRole('region', { name: 'Other Details' });
    const term = within(other).getByText('Watchlist', { selector: 'dt' });
    expect(term.nextElementSibling).toHaveTextContent(
      'This visitor is on the watchlist: Drove through the barrier Issued despite the watchlist by Chandra Company on 19/03/2026 04:45:00 pm.',
    );
  });

  it('shows no Watchlist field on the details of a pass nobody is listed for', async () => {
    resetVisitorRecords([makeVisitor('clean', { name: 'Clean Visitor' })]);
    renderApp('/visitor-details/clean', { role: 'securitycompany' });
    const other = await screen.findByRole('region', { name: 'Other Details' });
    expect(within(other).queryByText('Watchlist', { selector: 'dt' })).toBeNull();
  });

  it('shows no warning for a visitor on no watchlist', async () => {
    const app = renderApp('/visitors', { role: 'securitycompany' });
    await screen.findByText('Aisyah Rahman');
    await app.user.click(screen.getByRole('button', { name: 'Scan Pass' }));
    const desk = await screen.findByRole('dialog');
    await waitFor(() => expect(within(desk).getByLabelText('Pass code')).toHaveFocus());
    await app.user.keyboard('KGV-aisyah{Enter}');
    expect(await within(desk).findByText('Check-in allowed')).toBeInTheDocument();
    expect(within(desk).queryByRole('alert')).not.toBeInTheDocument();
  });
});
