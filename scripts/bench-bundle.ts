// `npm run bench:bundle`: builds the console with Vite's manifest into dist-bench/ and prints the
// size of the JavaScript and CSS a browser must load to show /login, and then /dashboard: the
// entry chunk, the chunks of the route, and everything they import statically; gzip (the budget's
// measure) and the brotli copy the build wrote beside each file (what browsers are sent). Exits 1
// over the budget or when a built script or style sheet has no precompressed copies, which is how
// CI (.ci/run) holds the line; no unit test asserts a size.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { PRECOMPRESS_MIN_BYTES } from './precompress.ts';

/** Budgets of issue 8, in kB of 1,000 bytes, as Vite prints sizes. */
const BUDGET_KB = { js: 160, css: 35 };

/**
 * The modules the router loads lazily to show /login (src/app/router.tsx): the public layout and
 * the sign-in page. A module named here that is not a lazy chunk fails the bench, so a change to
 * the router cannot quietly leave it measuring the wrong thing.
 */
const LOGIN_ROUTE_MODULES = ['src/app/public-layout.tsx', 'src/features/session/login-page.tsx'];
/** The same for the first screen after sign-in: the shell and the dashboard. */
const DASHBOARD_ROUTE_MODULES = ['src/app/shell/shell.tsx', 'src/app/pages/dashboard-page.tsx'];

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'dist-bench');

function build(): Manifest {
  const viteBin = path.join(
    path.dirname(createRequire(import.meta.url).resolve('vite/package.json')),
    'bin',
    'vite.js',
  );
  const result = spawnSync(
    process.execPath,
    [viteBin, 'build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--logLevel', 'warn'],
    { cwd: root, stdio: 'inherit' },
  );
  if (result.status !== 0) {
    console.error('The console build failed; see the messages above.');
    process.exit(result.status ?? 1);
  }
  return JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** The files a chunk brings with it: itself, its CSS, and the same for each static import. */
function collectFiles(manifest: Manifest, key: string, files: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The manifest has no chunk ${key}.`);
  if (files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) collectFiles(manifest, imported, files);
}

function gzipBytes(file: string): number {
  return gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length;
}

/**
 * What a browser is sent: the brotli copy the build wrote (scripts/precompress.ts), or the file
 * itself when it is too small to compress; null when a copy is missing.
 */
function sentBytes(file: string): number | null {
  const size = statSync(path.join(outDir, file)).size;
  if (size < PRECOMPRESS_MIN_BYTES) return size;
  const copy = path.join(outDir, `${file}.br`);
  return existsSync(copy) ? statSync(copy).size : null;
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

const manifest = build();
const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('The manifest has no entry chunk.');
for (const module of [...LOGIN_ROUTE_MODULES, ...DASHBOARD_ROUTE_MODULES]) {
  if (!manifest[module]?.isDynamicEntry) {
    console.error(
      `${module} is not a lazily loaded chunk: update the route modules of this bench.`,
    );
    process.exit(1);
  }
}

let failed = false;

/** Prints what a route loads and answers its gzip totals. */
function measureRoute(title: string, modules: string[], already: Set<string>): Set<string> {
  const files = new Set<string>();
  for (const key of [entryKey as string, ...modules]) collectFiles(manifest, key, files);
  const totals = { js: 0, css: 0, brotli: 0 };
  console.log(`\nLoaded to show ${title}${already.size > 0 ? ' (after /login)' : ''}:`);
  console.log(
    `  ${'gzip'.padStart(7)}    ${'sent'.padStart(7)}  (sent: the .br copy, or the file under 1 kB)`,
  );
  for (const file of [...files].sort()) {
    if (already.has(file)) continue;
    const kind = file.endsWith('.css') ? 'css' : 'js';
    const gzip = gzipBytes(file);
    const brotli = sentBytes(file);
    if (brotli === null) {
      console.error(`  ${file} has no .br copy: the build's precompression did not run.`);
      failed = true;
    }
    totals[kind] += gzip;
    totals.brotli += brotli ?? 0;
    console.log(`  ${kb(gzip).padStart(7)} kB ${kb(brotli ?? 0).padStart(7)} kB  ${file}`);
  }
  console.log(
    `  JS ${kb(totals.js)} kB + CSS ${kb(totals.css)} kB gzip; ${kb(totals.brotli)} kB sent with brotli`,
  );
  return new Set([...already, ...files]);
}

const loginFiles = measureRoute('/login', LOGIN_ROUTE_MODULES, new Set());
measureRoute('/dashboard', DASHBOARD_ROUTE_MODULES, loginFiles);

// The budget holds for /login, the first screen anyone loads.
const totals = { js: 0, css: 0 };
for (const file of loginFiles) totals[file.endsWith('.css') ? 'css' : 'js'] += gzipBytes(file);
console.log('\n/login against its budget (gzip):');
for (const kind of ['js', 'css'] as const) {
  const over = totals[kind] > BUDGET_KB[kind] * 1000;
  failed ||= over;
  console.log(
    `${kind.toUpperCase().padEnd(3)} ${kb(totals[kind]).padStart(7)} kB gzip` +
      ` (budget ${BUDGET_KB[kind]} kB)${over ? '  OVER BUDGET' : ''}`,
  );
}
process.exit(failed ? 1 : 0);
