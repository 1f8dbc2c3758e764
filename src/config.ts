/** The SPA's build-time settings, read once. */
export const appConfig = {
  apiBaseUrl: import.meta.env.VITE_API_BASE_URL || '/kgapi',
  appKey: import.meta.env.VITE_APP_KEY || 'guard-console-demo-key',
  brandLabel: import.meta.env.VITE_BRAND_LABEL || 'Guard Console',
  version: 'v2.1.0',
} as const;
