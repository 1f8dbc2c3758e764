// `npm start`: builds the SPA when its sources are newer than the last build or its VITE_*
// settings differ from the ones the build recorded, then runs the server in this same process,
// so one Node process serves the SPA and the API.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { BUILD_SETTINGS_FILE, consoleSettings, settingsRecord } from './build-settings';

const root = path.resolve(import.meta.dirname, '..');
// The build goes where the server will serve it from (STATIC_DIR, default dist).
if (existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));
const outDir = path.resolve(root, process.env.STATIC_DIR || 'dist');
const builtIndex = path.join(outDir, 'index.html');
const sources = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'tsconfig.aliases.json',
  'scripts/build-settings.ts',
  'scripts/shared-aliases.ts',
  'package.json',
  '.env',
  '.env.production',
];

function newestChange(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(
    stats.mtimeMs,
    ...readdirSync(entry).map((child) => newestChange(path.join(entry, child))),
  );
}

/** The build's recorded VITE_* values differ from what a build now would use (also when unrecorded). */
function settingsChanged(): boolean {
  const recorded = path.join(outDir, BUILD_SETTINGS_FILE);
  if (!existsSync(recorded)) return true;
  return readFileSync(recorded, 'utf8') !== settingsRecord(consoleSettings('production', root));
}

function buildIsStale(): boolean {
  if (!existsSync(builtIndex)) return true;
  const built = statSync(builtIndex).mtimeMs;
  return (
    sources.some((source) => newestChange(path.join(root, source)) > built) || settingsChanged()
  );
}

if (buildIsStale()) {
  console.log('Building the console (vite build)...');
  const viteBin = path.join(
    path.dirname(createRequire(import.meta.url).resolve('vite/package.json')),
    'bin',
    'vite.js',
  );
  const result = spawnSync(
    process.execPath,
    [viteBin, 'build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) {
    console.error('The console build failed; see the messages above.');
    process.exit(result.status ?? 1);
  }
}

await import('../server/src/server');
