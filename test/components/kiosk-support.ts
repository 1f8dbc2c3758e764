import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { KIOSK_DEVICE_KEY } from '../../src/lib/kiosk-device';
import { KIOSK_TOKEN } from '../fixtures/kiosk';
import { GUARD_API } from '../msw/api';
import { resetGuardAppRecords } from '../msw/handlers/guard-app';
import { server } from '../msw/server';
import { renderApp } from './render-app';

/** The kiosk's site's zone: times are shown in the reader's, pinned so the texts hold anywhere. */
const KIOSK_ZONE = 'Asia/Kuala_Lumpur';

/** The bytes the stubbed canvas encodes every photo as: what the kiosk must upload. */
export const CAMERA_JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5, 6, 0xff, 0xd9]);

/**
 * Fresh guard-app records and a fixed clock, Friday 20 March 2026 10:00 in Kuala Lumpur (Date
 * only: timers stay real, so user-event and Testing Library's waits work as usual), for every
 * kiosk test; object URLs exist (jsdom has none).
 */
export function setUpKioskTests() {
  const createObjectURL = URL.createObjectURL;
  const revokeObjectURL = URL.revokeObjectURL;
  let zone: string | undefined;
  beforeAll(() => {
    zone = process.env.TZ;
    process.env.TZ = KIOSK_ZONE;
  });
  afterAll(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });
  beforeEach(() => {
    resetGuardAppRecords();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-20T02:00:00Z'));
    URL.createObjectURL = () => 'blob:kiosk-photo';
    URL.revokeObjectURL = () => undefined;
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    server.events.removeAllListeners();
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
    Reflect.deleteProperty(navigator, 'mediaDevices');
  });
}

/** Opens /kiosk on a browser enrolled as the kiosk of Mont Kiara Residence. */
export async function openKiosk() {
  localStorage.setItem(KIOSK_DEVICE_KEY, KIOSK_TOKEN);
  const app = renderApp('/kiosk');
  // The screen is settled once its heading has taken focus (KioskScreen, after it mounts): keys
  // typed before then would follow the focus to the heading.
  const heading = await screen.findByRole('heading', { level: 1, name: 'Choose your name' });
  await waitFor(() => expect(heading).toHaveFocus());
  return app;
}

type App = Awaited<ReturnType<typeof openKiosk>>;

/** Picks a guard's card on the start screen and types the PIN on the on-screen keypad. */
export async function signInGuard({ user }: App, name: string, pin: string) {
  await user.click(await screen.findByRole('button', { name: new RegExp(`^${name}`) }));
  await screen.findByRole('heading', { level: 1, name: 'Enter your PIN' });
  const keypad = screen.getByRole('group', { name: 'PIN keypad' });
  for (const digit of pin) await user.click(within(keypad).getByRole('button', { name: digit }));
  await user.click(screen.getByRole('button', { name: 'Confirm' }));
}

/** Signs a guard in and waits for the guard's menu. */
export async function openGuardMenu(app: App, name = 'Ahmad Faizal', pin = '123456') {
  await signInGuard(app, name, pin);
  await screen.findByRole('heading', { level: 1, name: `Hello, ${name}` });
}

/**
 * A camera for jsdom, which has none: getUserMedia answers a stream, the video plays at 640×480,
 * and the canvas encodes whatever is drawn as CAMERA_JPEG. What the kiosk does with them is real.
 */
export function stubCamera() {
  const stopTrack = vi.fn();
  const stream = { getTracks: () => [{ stop: stopTrack }] } as unknown as MediaStream;
  const getUserMedia = vi.fn<(constraints: MediaStreamConstraints) => Promise<MediaStream>>(
    async () => stream,
  );
  Object.defineProperty(navigator, 'mediaDevices', {
    value: { getUserMedia },
    configurable: true,
  });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLVideoElement.prototype, 'videoWidth', 'get').mockReturnValue(640);
  vi.spyOn(HTMLVideoElement.prototype, 'videoHeight', 'get').mockReturnValue(480);
  const drawImage = vi.fn();
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
    drawImage,
  } as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (
    this: HTMLCanvasElement,
    callback: BlobCallback,
    type?: string,
  ) {
    callback(new Blob([CAMERA_JPEG], { type }));
  });
  return { getUserMedia, stopTrack, drawImage };
}

/** A browser whose camera permission is refused. */
export function refuseCamera() {
  const getUserMedia = vi.fn(async () => {
    throw new DOMException('Permission denied', 'NotAllowedError');
  });
  Object.defineProperty(navigator, 'mediaDevices', {
    value: { getUserMedia },
    configurable: true,
  });
  return { getUserMedia };
}

export interface SeenGuardCall {
  method: string;
  /** The path below the guard API's base, e.g. 'auth/verify-pin'. */
  path: string;
  headers: Headers;
}

/** Records every guard API call from now on (the listeners are removed after each test). */
export function recordGuardCalls(): SeenGuardCall[] {
  const seen: SeenGuardCall[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (!url.pathname.startsWith(`${GUARD_API}/`)) return;
    seen.push({
      method: request.method,
      path: url.pathname.slice(GUARD_API.length + 1),
      headers: request.headers,
    });
  });
  return seen;
}

/** Waits until the element has focus: each kiosk step moves focus to its new content. */
export async function expectFocus(element: HTMLElement) {
  await waitFor(() => expect(element).toHaveFocus());
}
