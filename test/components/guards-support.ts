import { act, fireEvent, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { DELETE_RELOAD_DELAY_MS } from '../../src/lib/constants';
import { resetGuardRecords } from '../msw/handlers/guards';
import { API } from '../msw/api';
import { server } from '../msw/server';

export interface SeenRequest {
  method: string;
  /** The path below the API base, e.g. '/guards/list'. */
  path: string;
  params: URLSearchParams;
  /** The parsed JSON body of a write; undefined for reads and uploads. */
  body: unknown;
  /** performance.now() when the request started. */
  at: number;
}

/** Records every API call the app makes from now on (listeners are removed after each test). */
export function recordRequests(): SeenRequest[] {
  const seen: SeenRequest[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    const entry: SeenRequest = {
      method: request.method,
      path: url.pathname.replace(API, ''),
      params: url.searchParams,
      body: undefined,
      at: performance.now(),
    };
    seen.push(entry);
    if (request.headers.get('Content-Type')?.includes('application/json')) {
      void request
        .clone()
        .json()
        .then((body: unknown) => {
          entry.body = body;
        });
    }
  });
  return seen;
}

export function requestsTo(seen: readonly SeenRequest[], method: string, path: string) {
  return seen.filter((r) => r.method === method && r.path === path);
}

/** The value, or a failed test that says what was missing. */
export function present<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`Expected ${what}`);
  return value;
}

/** Fresh guard records, object URLs for the photo picker's preview (jsdom has none), no listeners. */
export function setUpGuardTests() {
  const createObjectURL = URL.createObjectURL;
  const revokeObjectURL = URL.revokeObjectURL;
  beforeEach(() => {
    resetGuardRecords();
    URL.createObjectURL = () => 'blob:photo-preview';
    URL.revokeObjectURL = () => undefined;
  });
  afterEach(() => {
    server.events.removeAllListeners();
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
  });
}

/** reactstrap reads keyCode on keyup, which user-event leaves at 0, so send what a browser sends. */
export function pressEscape(dialog: HTMLElement): void {
  fireEvent.keyUp(dialog, { key: 'Escape', code: 'Escape', keyCode: 27 });
}

/** reactstrap's modal fade lasts 300 ms: waiting longer shows whether Escape closed the modal. */
const MODAL_FADE_MS = 300;

/** Presses Escape on a locked modal and checks that it is still open once a fade would be over. */
export async function expectEscapeIgnored(dialog: HTMLElement): Promise<void> {
  pressEscape(dialog);
  await new Promise((resolve) => setTimeout(resolve, MODAL_FADE_MS + 100));
  expect(dialog).toBeInTheDocument();
  expect(within(dialog).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
}

/** The table row that holds a text. */
export function rowWith(text: string): HTMLElement {
  const row = within(screen.getByRole('table')).getByText(text).closest('tr');
  if (!row) throw new Error(`No row holds ${text}`);
  return row;
}

/** The text of each cell of each body row. */
export function bodyRows(table: HTMLElement = screen.getByRole('table')): string[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    );
}

export function pngFile(name = 'guard.png', bytes = 64): File {
  return new File([new Uint8Array(bytes)], name, { type: 'image/png' });
}

/**
 * Replaces a field's text as a paste does: one change, so the form validates once rather than on
 * every key, which keeps the guard form's tests quick on a busy machine.
 */
export async function fillIn(user: UserEvent, field: HTMLElement, text: string): Promise<void> {
  await user.clear(field);
  await user.paste(text);
}

/**
 * Holds the next DELETE /guards/:uuid open (the modal stays locked) until the returned function
 * lets it through to the usual handler.
 */
export function holdNextGuardDelete(): () => void {
  let release: () => void = () => undefined;
  server.use(
    http.delete(
      `${API}/guards/:uuid`,
      () =>
        new Promise<undefined>((resolve) => {
          release = () => resolve(undefined);
        }),
      { once: true },
    ),
  );
  return () => release();
}

/**
 * Runs `start` (what lets a held guard delete answer, see holdNextGuardDelete) on a fake clock and moves the clock through the
 * spec's 2 s delete delay, checking that the list has not reloaded 1 ms before the delay ends. The
 * test takes no real 2 s, and the delay is checked to the millisecond, not by a stopwatch.
 */
export async function passDeleteDelay(listReloads: () => number, start: () => void): Promise<void> {
  const before = listReloads();
  // Only the timers: user-event and Testing Library's waits need the real ones, so no user
  // action may happen on this clock.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    await act(async () => {
      start();
      await vi.advanceTimersByTimeAsync(DELETE_RELOAD_DELAY_MS - 1);
    });
    expect(listReloads()).toBe(before);
    // The last millisecond fires the delay's timer alone; what follows (the reload, the modal's
    // fade, the notice's 3 s) runs on the real clock again.
    await act(async () => {
      vi.advanceTimersByTime(1);
      vi.useRealTimers();
    });
  } finally {
    vi.useRealTimers();
  }
}
