import { fireEvent } from '@testing-library/react';
import { API } from '../msw/api';
import { server } from '../msw/server';

export interface SeenRequest {
  method: string;
  /** The path below the API base, e.g. '/data/residences'. */
  path: string;
  params: URLSearchParams;
}

/** Records every API call the app makes from now on; remove the listeners after each test. */
export function recordRequests(): SeenRequest[] {
  const seen: SeenRequest[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    seen.push({
      method: request.method,
      path: url.pathname.replace(API, ''),
      params: url.searchParams,
    });
  });
  return seen;
}

/** The query of the latest GET /data/residences. */
export function lastSitesQuery(seen: readonly SeenRequest[]): URLSearchParams | undefined {
  return seen.filter((r) => r.method === 'GET' && r.path === '/data/residences').at(-1)?.params;
}

/** reactstrap reads keyCode on keyup, which user-event leaves at 0: send what a browser sends. */
export function pressEscape(dialog: HTMLElement): void {
  fireEvent.keyUp(dialog, { key: 'Escape', code: 'Escape', keyCode: 27 });
}
