// `npm run dev`: the API server (restarting on change) and Vite's dev server with hot reload
// (on DEV_PORT, default 5173), which proxies /kgapi to the API server.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
// Read here as the server reads it, so the proxy finds the API on the port set in .env too.
if (existsSync('.env')) process.loadEnvFile('.env');
const apiPort = process.env.PORT || '8080';
const children: ChildProcess[] = [
  spawn(process.execPath, [require.resolve('tsx/cli'), 'watch', 'server/src/server.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, STATIC_DIR: '' },
  }),
  spawn(
    process.execPath,
    [path.join(path.dirname(require.resolve('vite/package.json')), 'bin', 'vite.js')],
    {
      stdio: 'inherit',
      env: { ...process.env, API_SERVER_URL: `http://127.0.0.1:${apiPort}` },
    },
  ),
];

function stopAll(code: number): void {
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
}

for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
