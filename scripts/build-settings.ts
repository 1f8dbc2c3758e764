// The VITE_* settings a console build is made with, recorded in its output so that `npm start`
// rebuilds when they change, whether they come from .env files or real environment variables.
import { loadEnv } from 'vite';

/** Inside the build's output, beside Vite's own .vite/manifest.json. */
export const BUILD_SETTINGS_FILE = '.vite/build-settings.json';

/** The VITE_* values a build in `mode` uses: the .env files, with real environment variables winning. */
export function consoleSettings(mode: string, root: string): Record<string, string> {
  const settings = loadEnv(mode, root, 'VITE_');
  return Object.fromEntries(
    Object.keys(settings)
      .sort()
      .map((key) => [key, settings[key] ?? '']),
  );
}

export function settingsRecord(settings: Record<string, string>): string {
  return `${JSON.stringify(settings, null, 2)}\n`;
}
