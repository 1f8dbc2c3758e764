import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { BUILD_SETTINGS_FILE, consoleSettings, settingsRecord } from './scripts/build-settings.ts';
import { precompressBuild } from './scripts/precompress.ts';
import { sharedAliases } from './scripts/shared-aliases.ts';
import { readAppConfig } from './src/app-settings.ts';

const apiServer = process.env.API_SERVER_URL ?? 'http://127.0.0.1:8080';

/** The dev server's port: DEV_PORT, from the environment or .env, else Vite's usual 5173. */
function readDevPort(raw: string | undefined): number {
  const text = raw?.trim() ?? '';
  if (text === '') return 5173;
  const port = Number(text);
  if (!/^\d+$/.test(text) || port < 1 || port > 65535) {
    throw new Error(`DEV_PORT must be a port number from 1 to 65535; it is "${raw}".`);
  }
  return port;
}

/** Writes the VITE_* values of this build into it, for `npm start` to compare (scripts/start.ts). */
function recordSettings(settings: Record<string, string>): Plugin {
  return {
    name: 'guard-console:record-settings',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: BUILD_SETTINGS_FILE,
        source: settingsRecord(settings),
      });
    },
  };
}

export default defineConfig(({ mode }) => {
  const settings = consoleSettings(mode, process.cwd());
  // The console's settings are checked here too, so a bad value fails the build, not the browser.
  readAppConfig(settings);
  return {
    plugins: [react(), recordSettings(settings), precompressBuild()],
    resolve: { alias: sharedAliases(process.cwd()) },
    server: {
      port: readDevPort(loadEnv(mode, process.cwd(), 'DEV_').DEV_PORT),
      proxy: {
        '/kgapi': { target: apiServer, changeOrigin: true },
        // The guard app's API, which the kiosk calls (VITE_GUARD_API_BASE_URL's default).
        '/api/v1/guard': { target: apiServer, changeOrigin: true },
      },
    },
    // No source maps in the served build: `npm run build -- --sourcemap` makes them when debugging.
    build: { outDir: 'dist', sourcemap: false },
  };
});
