import { readAppConfig } from './app-settings';

/** The SPA's build-time settings, read once (and checked by vite.config.ts when it builds). */
export const appConfig = readAppConfig(import.meta.env);
