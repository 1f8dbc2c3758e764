/**
 * The console's settings and their checks, apart from import.meta so that vite.config.ts can run
 * the same checks at build time and a bad value fails the build.
 */
/** The largest `limit` the API takes on a list call. */
export const MAX_EXPORT_PAGE_SIZE = 500;

/** The VITE_* settings the console reads; all optional, each with a default. */
export interface AppEnv {
  VITE_API_BASE_URL?: string;
  VITE_GUARD_API_BASE_URL?: string;
  VITE_APP_KEY?: string;
  VITE_BRAND_LABEL?: string;
  VITE_EXPORT_PAGE_SIZE?: string;
}

/** Rows per request when exporting an entire list: few round trips, yet each answer stays quick. */
function readExportPageSize(raw: string | undefined): number {
  const text = raw?.trim() ?? '';
  if (text === '') return MAX_EXPORT_PAGE_SIZE;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < 1 || value > MAX_EXPORT_PAGE_SIZE) {
    throw new Error(
      `VITE_EXPORT_PAGE_SIZE must be a whole number from 1 to ${MAX_EXPORT_PAGE_SIZE} ` +
        `(the API's largest list limit); it is "${raw}".`,
    );
  }
  return value;
}

/** The settings checked once: an invalid one stops the console with a message naming it. */
export function readAppConfig(env: AppEnv) {
  return {
    apiBaseUrl: env.VITE_API_BASE_URL || '/kgapi',
    /** The guard app's API, which the kiosk calls; it is not under the console's API. */
    guardApiBaseUrl: env.VITE_GUARD_API_BASE_URL || '/api/v1/guard',
    appKey: env.VITE_APP_KEY || 'guard-console-demo-key',
    brandLabel: env.VITE_BRAND_LABEL || 'Guard Console',
    exportPageSize: readExportPageSize(env.VITE_EXPORT_PAGE_SIZE),
    version: 'v2.1.0',
  } as const;
}
