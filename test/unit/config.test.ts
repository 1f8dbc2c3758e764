import { afterEach, describe, expect, it, vi } from 'vitest';
import { readAppConfig } from '../../src/app-settings';
import { appConfig } from '../../src/config';
import { API } from '../msw/api';
import { server } from '../msw/server';

describe('readAppConfig', () => {
  it('finds the guard app’s API at /api/v1/guard unless VITE_GUARD_API_BASE_URL says otherwise', () => {
    expect(appConfig.guardApiBaseUrl).toBe('/api/v1/guard');
    expect(readAppConfig({}).guardApiBaseUrl).toBe('/api/v1/guard');
    expect(
      readAppConfig({ VITE_GUARD_API_BASE_URL: 'https://api.example.com/api/v1/guard' })
        .guardApiBaseUrl,
    ).toBe('https://api.example.com/api/v1/guard');
  });

  it('exports 500 rows a request when VITE_EXPORT_PAGE_SIZE is unset or empty', () => {
    expect(appConfig.exportPageSize).toBe(500);
    expect(readAppConfig({}).exportPageSize).toBe(500);
    expect(readAppConfig({ VITE_EXPORT_PAGE_SIZE: '' }).exportPageSize).toBe(500);
  });

  it('takes a whole number from 1 to 500', () => {
    for (const [raw, size] of [
      ['1', 1],
      ['250', 250],
      [' 500 ', 500],
    ] as const) {
      expect(readAppConfig({ VITE_EXPORT_PAGE_SIZE: raw }).exportPageSize).toBe(size);
    }
  });

  it('refuses anything else with a message naming the setting and its range', () => {
    for (const raw of ['0', '501', '12.5', '-3', '1e2', 'abc', '0x10']) {
      expect(() => readAppConfig({ VITE_EXPORT_PAGE_SIZE: raw })).toThrow(
        `VITE_EXPORT_PAGE_SIZE must be a whole number from 1 to 500 (the API's largest list limit); it is "${raw}".`,
      );
    }
  });
});

describe('the attendance export', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
    server.events.removeAllListeners();
  });

  it('asks for VITE_EXPORT_PAGE_SIZE rows a request', async () => {
    vi.stubEnv('VITE_EXPORT_PAGE_SIZE', '3');
    vi.resetModules();
    const limits: (string | null)[] = [];
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname === `${API}/attendances/list`) limits.push(url.searchParams.get('limit'));
    });
    const { fetchAllAttendances } =
      await import('../../src/features/attendances/attendance-export');

    const rows = await fetchAllAttendances(
      { sort: { field: 'created_at', direction: 'desc' }, search: '', scope: {} },
      new AbortController().signal,
      () => undefined,
    );

    // The four fixture rows take two requests of three.
    expect(rows).toHaveLength(4);
    expect(limits).toEqual(['3', '3']);
  });
});
