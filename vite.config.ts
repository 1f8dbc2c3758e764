import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { readAppConfig } from './src/app-settings.ts';

const apiServer = process.env.API_SERVER_URL ?? 'http://127.0.0.1:8080';

export default defineConfig(({ mode }) => {
  // The console's settings are checked here too, so a bad value fails the build, not the browser.
  readAppConfig(loadEnv(mode, process.cwd(), 'VITE_'));
  return {
    plugins: [react()],
    server: {
      port: 5173,
      proxy: { '/kgapi': { target: apiServer, changeOrigin: true } },
    },
    // No source maps in the served build: `npm run build -- --sourcemap` makes them when debugging.
    build: { outDir: 'dist', sourcemap: false },
  };
});
