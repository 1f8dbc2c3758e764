import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiServer = process.env.API_SERVER_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/kgapi': { target: apiServer, changeOrigin: true } },
  },
  build: { outDir: 'dist', sourcemap: true },
});
