import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { GUARD_API, guardFailure } from '../msw/api';
import { guardAppRecords, resetGuardAppRecords } from '../msw/handlers/guard-app';
import { server } from '../msw/server';
import {
  CAMERA_JPEG,
  expectFocus,
  openGuardMenu,
  openKiosk,
  refuseCamera,
  setUpKioskTests,
  stubCamera,
} from './kiosk-support';

setUpKioskTests();

/**
 * Timers that run at the wall clock's pace and can also be jumped ahead: the selfie's countdown
 * and the result's return to the start screen are timed, and a test need not sit through them.
 */
function useSteerableTimers() {
  vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-03-20T02:00:00Z') });
}

const jump = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** The selfie's countdown, a second at a time: each second's timer starts when the last ends. */
async function countDown() {
  for (let second = 0; second < 3; second += 1) await jump(1000);
}

describe('Starting and ending a shift at the kiosk', () => {
  it('takes a selfie after a 3-second countdown and records the shift with it', async () => {
    useSteerableTimers();
    const camera = stubCamera();
    const app = await openKiosk();
    await openGuardMenu(app);
    // The camera is asked for only once the guard chooses a shift.
    expect(camera.getUserMedia).not.toHaveBeenCalled();

    await app.user.click(screen.getByRole('button', { name: 'Start shift' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Start shift' });
    await expectFocus(heading);
    expect(camera.getUserMedia).toHaveBeenCalledWith({
      video: { facingMode: 'user' },
      audio: false,
    });
    expect(screen.getByLabelText('Camera view')).toBeInTheDocument();

    await app.user.click(await screen.findByRole('button', { name: 'Take photo' }));
    expect(await screen.findByText('Taking the photo in 3...')).toBeInTheDocument();
    expect(camera.drawImage).not.toHaveBeenCalled();
    await jump(1000);
    expect(screen.getByText('Taking the photo in 2...')).toBeInTheDocument();
    await jump(1000);
    expect(screen.getByText('Taking the photo in 1...')).toBeInTheDocument();
    await jump(1000);

    expect(await screen.findByRole('img', { name: 'The photo taken' })).toBeInTheDocument();
    expect(camera.drawImage).toHaveBeenCalledWith(
      screen.getByLabelText('Camera view'),
      0,
      0,
      640,
      480,
    );
    const confirm = screen.getByRole('button', { name: 'Start shift' });
    await expectFocus(confirm);
    expect(screen.getByRole('button', { name: 'Retake' })).toBeInTheDocument();
    expect(guardAppRecords().shifts).toHaveLength(0);

    await app.user.click(confirm);
    await screen.findByRole('heading', { level: 1, name: 'Shift started' });
    const [shift] = guardAppRecords().shifts;
    expect(shift?.kind).toBe('start');
    expect(shift?.token).toBe('guard-token-1');
    expect(shift?.fields).toEqual({ current_time: '2026-03-20 10:00 AM' });
    // The canvas's JPEG, as it encoded it (jsdom's multipart keeps no file names).
    expect(shift?.files.selfie_photo).toEqual([
      expect.objectContaining({ type: 'image/jpeg', size: CAMERA_JPEG.length }),
    ]);
    // The camera is released once the shift is recorded.
    expect(camera.stopTrack).toHaveBeenCalled();
  });

  it('shows the result unmistakably, then returns to the start screen and signs the guard out', async () => {
    useSteerableTimers();
    stubCamera();
    const app = await openKiosk();
    await openGuardMenu(app);
    await app.user.click(screen.getByRole('button', { name: 'Start shift' }));
    await app.user.click(await screen.findByRole('button', { name: 'Take photo' }));
    await countDown();
    await app.user.click(await screen.findByRole('button', { name: 'Start shift' }));

    const result = await screen.findByRole('region', { name: 'Shift started' });
    await expectFocus(within(result).getByRole('heading', { level: 1 }));
    expect(within(result).getByText('IN')).toBeInTheDocument();
    expect(within(result).getByText('Ahmad Faizal')).toBeInTheDocument();
    expect(within(result).getByText('Started at 10:00 am')).toBeInTheDocument();
    expect(result).toHaveClass('kiosk-result-in');
    expect(guardAppRecords().signedOut).toEqual([]);

    await jump(6000);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose your name' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(guardAppRecords().signedOut).toEqual(['guard-token-1']));
  });

  it('offers Start shift, and no End shift, to a guard without an open shift', async () => {
    const app = await openKiosk();
    await openGuardMenu(app);
    expect(screen.getByText('You have no shift open.')).toBeInTheDocument();
    const actions = within(screen.getByRole('group', { name: 'What would you like to do?' }))
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(actions).toEqual(['Start shift', 'Report incident', 'Gate']);
  });

  it('tells the guard its rostered shift after the PIN, and warns when it is at another site', async () => {
    resetGuardAppRecords({
      rosteredShifts: {
        'guard-1': {
          uuid: 'shift-1',
          name: 'Night',
          residence_uuid: 'site-2',
          residence_name: 'Bangsar Heights',
          starts_at: '2026-03-20T19:00:00+08:00',
          ends_at: '2026-03-21T07:00:00+08:00',
          at_this_site: false,
        },
      },
    });
    const app = await openKiosk();
    await openGuardMenu(app);
    expect(
      screen.getByText(/^Your rostered shift: Night 7:00 pm–7:00 am, Bangsar Heights\./),
    ).toBeInTheDocument();
    expect(
      screen.getByText('You are rostered at Bangsar Heights, not at this site.'),
    ).toBeInTheDocument();
  });

  it('offers End shift, and no Start shift, to a guard with an open shift, and shows OUT', async () => {
    resetGuardAppRecords({ openShiftOf: 'guard-1' });
    useSteerableTimers();
    stubCamera();
    const app = await openKiosk();
    await openGuardMenu(app);
    expect(
      screen.getByText('Your shift at Mont Kiara Residence has been open since 8:05 am.'),
    ).toBeInTheDocument();
    const actions = within(screen.getByRole('group', { name: 'What would you like to do?' }))
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(actions).toEqual(['End shift', 'Report incident', 'Gate']);

    await app.user.click(screen.getByRole('button', { name: 'End shift' }));
    await app.user.click(await screen.findByRole('button', { name: 'Take photo' }));
    await countDown();
    await app.user.click(await screen.findByRole('button', { name: 'End shift' }));

    const result = await screen.findByRole('region', { name: 'Shift ended' });
    expect(within(result).getByText('OUT')).toBeInTheDocument();
    expect(within(result).getByText('Ended at 10:00 am')).toBeInTheDocument();
    expect(result).toHaveClass('kiosk-result-out');
    expect(guardAppRecords().shifts.map((shift) => shift.kind)).toEqual(['end']);
  });

  it('shows the server’s refusal and keeps the guard on the step', async () => {
    server.use(
      http.post(`${GUARD_API}/residences/:site/attendance/start`, () =>
        HttpResponse.json(
          guardFailure(
            'You already have an open shift. End it before you start a new one.',
            'SHIFT_ALREADY_OPEN',
          ),
          { status: 409 },
        ),
      ),
    );
    useSteerableTimers();
    stubCamera();
    const app = await openKiosk();
    await openGuardMenu(app);
    await app.user.click(screen.getByRole('button', { name: 'Start shift' }));
    await app.user.click(await screen.findByRole('button', { name: 'Take photo' }));
    await countDown();
    await app.user.click(await screen.findByRole('button', { name: 'Start shift' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You already have an open shift. End it before you start a new one.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Start shift' })).toBeInTheDocument();
  });

  it('says when the camera is refused, and needs it unless the company allows PIN-only shifts', async () => {
    refuseCamera();
    const app = await openKiosk();
    await openGuardMenu(app);
    await app.user.click(screen.getByRole('button', { name: 'Start shift' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The camera may not be used: permission was refused.',
    );
    expect(
      screen.getByText(
        'A selfie is needed to start or end a shift here. Ask your supervisor for help.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue without a selfie' })).toBeNull();
  });

  it('lets a guard go on without a selfie where the company allows PIN-only shifts', async () => {
    resetGuardAppRecords({ pinOnlyShifts: true });
    refuseCamera();
    const app = await openKiosk();
    await openGuardMenu(app);
    await app.user.click(screen.getByRole('button', { name: 'Start shift' }));
    await screen.findByRole('alert');
    await app.user.click(screen.getByRole('button', { name: 'Continue without a selfie' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Shift started' }),
    ).toBeInTheDocument();
    const [shift] = guardAppRecords().shifts;
    expect(shift?.files).toEqual({});
    expect(shift?.fields).toEqual({ current_time: '2026-03-20 10:00 AM' });
  });

  it('sends the device’s position when the browser gives it', async () => {
    resetGuardAppRecords({ pinOnlyShifts: true });
    refuseCamera();
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (success: PositionCallback) =>
          success({ coords: { latitude: 3.1579, longitude: 101.7123 } } as GeolocationPosition),
      },
    });
    try {
      const app = await openKiosk();
      await openGuardMenu(app);
      await app.user.click(screen.getByRole('button', { name: 'Start shift' }));
      await app.user.click(
        await screen.findByRole('button', { name: 'Continue without a selfie' }),
      );
      await screen.findByRole('heading', { level: 1, name: 'Shift started' });
      expect(guardAppRecords().shifts[0]?.fields).toEqual({
        current_time: '2026-03-20 10:00 AM',
        lat: '3.1579',
        lng: '101.7123',
      });
    } finally {
      Reflect.deleteProperty(navigator, 'geolocation');
    }
  });
});
