import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

type App = Awaited<ReturnType<typeof openKiosk>>;

/** A person can pick "All files" in the browser's dialog, so `accept` is no protection. */
const userEventWithoutAccept = () => userEvent.setup({ applyAccept: false, delay: null });

const INCIDENTS = `${GUARD_API}/residences/:site/incidents`;

/** The Idempotency-Key of every incident report the kiosk sends from now on, answered or not. */
function recordReportKeys(): string[] {
  const keys: string[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'POST' && new URL(request.url).pathname.endsWith('/incidents')) {
      keys.push(request.headers.get('Idempotency-Key') ?? '');
    }
  });
  return keys;
}

/** A guard signs in, opens Report incident and sends a report of the type with the description. */
async function report(app: App, type: string, description: string) {
  await openGuardMenu(app);
  await app.user.click(screen.getByRole('button', { name: 'Report incident' }));
  const heading = await screen.findByRole('heading', { level: 1, name: 'Report incident' });
  await expectFocus(heading);
  const typeField = screen.getByLabelText('Type of incident');
  await within(typeField).findByRole('option', { name: type });
  await app.user.selectOptions(typeField, type);
  await app.user.type(screen.getByLabelText('What happened?'), description);
  await app.user.click(screen.getByRole('button', { name: 'Send report' }));
}

/** The guard finishes, back at the start screen. */
async function finish(app: App) {
  await app.user.click(screen.getByRole('button', { name: 'Finish' }));
  await screen.findByRole('heading', { level: 1, name: 'Choose your name' });
}

describe('Reporting an incident at the kiosk', () => {
  it('sends the report with its type, description, local time and an Idempotency-Key', async () => {
    const keys = recordReportKeys();
    const app = await openKiosk();
    await report(app, 'Fire', 'Smoke from the bin room.');

    const done = await screen.findByRole('heading', { level: 2, name: 'Report sent' });
    await expectFocus(done);
    const [stored] = guardAppRecords().incidents;
    expect(stored?.fields).toEqual({
      incident_type: 'category-fire',
      description: 'Smoke from the bin room.',
      incident_at: '2026-03-20 10:00 AM',
      reported_at: '2026-03-20T02:00:00.000Z',
    });
    expect(stored?.token).toBe('guard-token-1');
    expect(stored?.idempotencyKey).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(keys).toEqual([stored?.idempotencyKey]);
  });

  it('sends the device’s position with the report when the browser gives it', async () => {
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (success: PositionCallback) =>
          success({ coords: { latitude: 3.1579, longitude: 101.7123 } } as GeolocationPosition),
      },
    });
    try {
      const app = await openKiosk();
      await report(app, 'Fire', 'Smoke from the bin room.');
      await screen.findByRole('heading', { level: 2, name: 'Report sent' });
      expect(guardAppRecords().incidents[0]?.fields).toMatchObject({
        lat: '3.1579',
        lng: '101.7123',
      });
    } finally {
      Reflect.deleteProperty(navigator, 'geolocation');
    }
  });

  it('sends the time chosen by day, hour and minute, the last seven days offered', async () => {
    const app = await openKiosk();
    await openGuardMenu(app);
    await app.user.click(screen.getByRole('button', { name: 'Report incident' }));
    const typeField = await screen.findByLabelText('Type of incident');
    await within(typeField).findByRole('option', { name: 'Trespassing' });
    await app.user.selectOptions(typeField, 'Trespassing');
    await app.user.type(screen.getByLabelText('What happened?'), 'Someone climbed the fence.');
    const when = screen.getByRole('group', { name: 'When did it happen?' });
    const day = within(when).getByLabelText('Day');
    expect(
      within(day)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Friday, 20 March 2026',
      'Thursday, 19 March 2026',
      'Wednesday, 18 March 2026',
      'Tuesday, 17 March 2026',
      'Monday, 16 March 2026',
      'Sunday, 15 March 2026',
      'Saturday, 14 March 2026',
    ]);
    await app.user.selectOptions(day, 'Thursday, 19 March 2026');
    await app.user.selectOptions(within(when).getByLabelText('Hour'), '9 pm');
    await app.user.selectOptions(within(when).getByLabelText('Minute'), '05');
    await app.user.click(screen.getByRole('button', { name: 'Send report' }));

    await screen.findByRole('heading', { level: 2, name: 'Report sent' });
    expect(guardAppRecords().incidents[0]?.fields.incident_at).toBe('2026-03-19 09:05 PM');
  });

  it('checks the form: a type, a description, and a time not later than now', async () => {
    const app = await openKiosk();
    await openGuardMenu(app);
    await app.user.click(screen.getByRole('button', { name: 'Report incident' }));
    await screen.findByRole('heading', { level: 1, name: 'Report incident' });
    const when = screen.getByRole('group', { name: 'When did it happen?' });
    expect(within(when).getByLabelText('Day')).toHaveDisplayValue('Friday, 20 March 2026');
    expect(within(when).getByLabelText('Hour')).toHaveDisplayValue('10 am');
    expect(within(when).getByLabelText('Minute')).toHaveDisplayValue('00');
    await app.user.selectOptions(within(when).getByLabelText('Minute'), '30');
    await app.user.click(screen.getByRole('button', { name: 'Send report' }));

    expect(await screen.findByText('Choose the type of incident.')).toBeInTheDocument();
    expect(screen.getByText('Describe what happened.')).toBeInTheDocument();
    expect(screen.getByText('The time cannot be later than now.')).toBeInTheDocument();
    expect(guardAppRecords().incidents).toEqual([]);
  });

  it('adds photos from the camera, up to five, and sends them', async () => {
    const camera = stubCamera();
    const app = await openKiosk();
    await openGuardMenu(app);
    await app.user.click(screen.getByRole('button', { name: 'Report incident' }));
    const typeField = await screen.findByLabelText('Type of incident');
    await within(typeField).findByRole('option', { name: 'Theft' });
    await app.user.selectOptions(typeField, 'Theft');
    await app.user.type(screen.getByLabelText('What happened?'), 'Bicycle taken.');

    const useCamera = screen.getByRole('button', { name: 'Use the camera' });
    for (let photo = 1; photo <= 5; photo += 1) {
      await app.user.click(useCamera);
      await app.user.click(await screen.findByRole('button', { name: 'Take photo' }));
      await app.user.click(await screen.findByRole('button', { name: 'Add this photo' }));
      expect(await screen.findByRole('img', { name: `Photo ${photo}` })).toBeInTheDocument();
      await expectFocus(useCamera);
    }
    expect(camera.getUserMedia).toHaveBeenLastCalledWith({
      video: { facingMode: 'environment' },
      audio: false,
    });
    expect(useCamera).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Choose photos' })).toBeDisabled();

    await app.user.click(screen.getByRole('button', { name: 'Remove photo 5' }));
    expect(screen.queryByRole('img', { name: 'Photo 5' })).toBeNull();
    await app.user.click(screen.getByRole('button', { name: 'Send report' }));
    await screen.findByRole('heading', { level: 2, name: 'Report sent' });
    expect(guardAppRecords().incidents[0]?.files['photos[]']).toHaveLength(4);
  });

  it('sends a photo taken and not added with the report, and says so before', async () => {
    stubCamera();
    const app = await openKiosk();
    await openGuardMenu(app);
    await app.user.click(screen.getByRole('button', { name: 'Report incident' }));
    const typeField = await screen.findByLabelText('Type of incident');
    await within(typeField).findByRole('option', { name: 'Theft' });
    await app.user.selectOptions(typeField, 'Theft');
    await app.user.type(screen.getByLabelText('What happened?'), 'Bicycle taken.');
    await app.user.click(screen.getByRole('button', { name: 'Use the camera' }));
    await app.user.click(await screen.findByRole('button', { name: 'Take photo' }));
    await screen.findByRole('button', { name: 'Add this photo' });
    expect(
      screen.getByText('This photo goes with the report when you send it.'),
    ).toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: 'Send report' }));
    await screen.findByRole('heading', { level: 2, name: 'Report sent' });
    expect(guardAppRecords().incidents[0]?.files['photos[]']).toEqual([
      expect.objectContaining({ type: 'image/jpeg', size: CAMERA_JPEG.length }),
    ]);
  });

  it('sends nothing when a photo taken has no room left, and says why', async () => {
    stubCamera();
    const app = await openKiosk();
    await openGuardMenu(app);
    await app.user.click(screen.getByRole('button', { name: 'Report incident' }));
    const typeField = await screen.findByLabelText('Type of incident');
    await within(typeField).findByRole('option', { name: 'Theft' });
    await app.user.selectOptions(typeField, 'Theft');
    await app.user.type(screen.getByLabelText('What happened?'), 'Bicycle taken.');
    await app.user.click(screen.getByRole('button', { name: 'Use the camera' }));
    await app.user.click(await screen.findByRole('button', { name: 'Take photo' }));
    await screen.findByRole('button', { name: 'Add this photo' });
    const files = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!files) throw new Error('Expected the file input');
    await app.user.upload(
      files,
      [1, 2, 3, 4, 5].map(
        (number) => new File([new Uint8Array(10)], `lobby-${number}.png`, { type: 'image/png' }),
      ),
    );
    await screen.findByRole('img', { name: 'Photo 5' });

    await app.user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The photo you took cannot go with the report: a report carries at most 5 photos. Remove one, or close the camera.',
    );
    expect(guardAppRecords().incidents).toEqual([]);

    await app.user.click(screen.getByRole('button', { name: 'Close the camera' }));
    await app.user.click(screen.getByRole('button', { name: 'Send report' }));
    await screen.findByRole('heading', { level: 2, name: 'Report sent' });
    expect(guardAppRecords().incidents[0]?.files['photos[]']).toHaveLength(5);
  });

  it('adds photos from files, refusing what the shared file rules refuse', async () => {
    const app = await openKiosk();
    await openGuardMenu(app);
    await app.user.click(screen.getByRole('button', { name: 'Report incident' }));
    const typeField = await screen.findByLabelText('Type of incident');
    await within(typeField).findByRole('option', { name: 'Theft' });
    await app.user.selectOptions(typeField, 'Theft');
    await app.user.type(screen.getByLabelText('What happened?'), 'Bicycle taken.');

    // The button opens the browser's file dialog, which is this input.
    const files = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!files) throw new Error('Expected the file input');
    const upload = userEventWithoutAccept();
    await upload.upload(files, [
      new File([new Uint8Array(10)], 'lobby.png', { type: 'image/png' }),
      new File([new Uint8Array(10)], 'notes.gif', { type: 'image/gif' }),
      new File([new Uint8Array(5_000_001)], 'huge.jpg', { type: 'image/jpeg' }),
    ]);
    const refusals = await screen.findByRole('alert');
    expect(refusals).toHaveTextContent('notes.gif is not a JPEG or PNG photo.');
    expect(refusals).toHaveTextContent('huge.jpg is larger than 5 MB. Choose another photo.');
    expect(screen.getByRole('img', { name: 'Photo 1' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Photo 2' })).toBeNull();

    await app.user.click(screen.getByRole('button', { name: 'Send report' }));
    await screen.findByRole('heading', { level: 2, name: 'Report sent' });
    expect(guardAppRecords().incidents[0]?.files['photos[]']).toEqual([
      expect.objectContaining({ type: 'image/png', size: 10 }),
    ]);
  });

  it('shows a refusal of the server and keeps what was typed', async () => {
    server.use(
      http.post(INCIDENTS, () =>
        HttpResponse.json(guardFailure('Type your PIN again to continue.', 'PIN_REQUIRED'), {
          status: 403,
        }),
      ),
    );
    const app = await openKiosk();
    await report(app, 'Theft', 'Bicycle taken.');
    expect(await screen.findByRole('alert')).toHaveTextContent('Type your PIN again to continue.');
    expect(screen.getByLabelText('What happened?')).toHaveValue('Bicycle taken.');
    await finish(app);
    // A refused report is not kept to be sent again.
    expect(screen.getByText('Incident reports waiting to be sent: 0')).toBeInTheDocument();
  });
});

describe('The kiosk’s outbox', () => {
  it('keeps reports that fail for want of a network and resends each once, in order, with the same key', async () => {
    const keys = recordReportKeys();
    server.use(http.post(INCIDENTS, () => HttpResponse.error()));
    const app = await openKiosk();

    await report(app, 'Theft', 'First: bicycle taken.');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Report kept on this kiosk' }),
    ).toBeInTheDocument();
    await finish(app);
    expect(screen.getByText('Incident reports waiting to be sent: 1')).toBeInTheDocument();

    await report(app, 'Fire', 'Second: smoke in the lobby.');
    await screen.findByRole('heading', { level: 2, name: 'Report kept on this kiosk' });
    await finish(app);
    expect(screen.getByText('Incident reports waiting to be sent: 2')).toBeInTheDocument();
    expect(guardAppRecords().incidents).toEqual([]);
    // The guards' sessions stay open while their reports wait: the resend needs them.
    expect(guardAppRecords().signedOut).toEqual([]);

    // Only the first report was tried, each time: the second waits behind it, never overtaking.
    const failed = [...keys];
    expect(failed.length).toBeGreaterThanOrEqual(2);
    expect(new Set(failed).size).toBe(1);

    server.resetHandlers();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('Incident reports waiting to be sent: 0')).toBeInTheDocument();
    const sent = guardAppRecords().incidents;
    expect(sent.map((stored) => stored.fields.description)).toEqual([
      'First: bicycle taken.',
      'Second: smoke in the lobby.',
    ]);
    expect(sent.map((stored) => stored.token)).toEqual(['guard-token-1', 'guard-token-2']);
    // Each resent once, the first with the key of its failed attempts: the online event and
    // the retry timer do not send a report twice.
    const resent = keys.slice(failed.length);
    expect(resent).toEqual(sent.map((stored) => stored.idempotencyKey));
    expect(resent[0]).toBe(failed[0]);
    expect(resent[1]).not.toBe(failed[0]);
    // The guards who left are signed out once their reports are through.
    await waitFor(() =>
      expect(guardAppRecords().signedOut).toEqual(['guard-token-1', 'guard-token-2']),
    );
  });

  it('shows a waiting report the server refuses on resend, and does not send it again', async () => {
    const keys = recordReportKeys();
    server.use(http.post(INCIDENTS, () => HttpResponse.error()));
    const app = await openKiosk();
    await report(app, 'Theft', 'Bicycle taken.');
    await screen.findByRole('heading', { level: 2, name: 'Report kept on this kiosk' });
    await finish(app);

    server.use(
      http.post(INCIDENTS, () =>
        HttpResponse.json(
          guardFailure('Your session has ended. Please sign in again.', 'SESSION_ENDED'),
          { status: 401 },
        ),
      ),
    );
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    const refusal = await screen.findByRole('alert');
    expect(refusal).toHaveTextContent('A waiting incident report was refused by the server:');
    expect(refusal).toHaveTextContent('Your session has ended. Please sign in again.');
    expect(screen.getByText('Incident reports waiting to be sent: 0')).toBeInTheDocument();
    const attempts = keys.length;

    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await app.user.click(within(refusal).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(keys).toHaveLength(attempts);
  });

  it('keeps waiting reports across a reload of the kiosk', async () => {
    server.use(http.post(INCIDENTS, () => HttpResponse.error()));
    const first = await openKiosk();
    await report(first, 'Fire', 'Smoke from the bin room.');
    await screen.findByRole('heading', { level: 2, name: 'Report kept on this kiosk' });
    first.unmount();

    server.resetHandlers();
    await openKiosk();
    // Opening the kiosk sends what waits at once.
    await waitFor(() => expect(guardAppRecords().incidents).toHaveLength(1));
    expect(await screen.findByText('Incident reports waiting to be sent: 0')).toBeInTheDocument();
  });
});
