// `npm run bench:bundle`: builds the console with Vite's manifest into dist-bench/ and prints the
// gzip size of the JavaScript and CSS a browser must load to show /login: the entry chunk, the
// chunks of the sign-in route, and everything they import statically. Exits 1 over the budget,
// which is how CI (.ci/run) holds the line; no unit test asserts a size.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** Budgets of issue 8, in kB of 1,000 bytes, as Vite prints sizes. */
const BUDGET_KB = { js: 160, css: 35 };

/**
 * The modules the router loads lazily to show /login (src/app/router.tsx): the public layout and
 * the sign-in page. A module named here that is not a lazy chunk fails the bench, so a change to
 * the router cannot quietly leave it measuring the wrong thing.
 */
const LOGIN_ROUTE_MODULES = ['src/app/public-layout.tsx', 'src/features/session/login-page.tsx'];

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

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

const manifest = build();
const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('The manifest has no entry chunk.');
for (const module of LOGIN_ROUTE_MODULES) {
  if (!manifest[module]?.isDynamicEntry) {
    console.error(`${module} is not a lazily loaded chunk: update LOGIN_ROUTE_MODULES.`);
    process.exit(1);
  }
}

const files = new Set<string>();
for (const key of [entryKey, ...LOGIN_ROUTE_MODULES]) collectFiles(manifest, key, files);

const totals = { js: 0, css: 0 };
console.log('\nLoaded to show /login (gzip):');
for (const file of [...files].sort()) {
  const kind = file.endsWith('.css') ? 'css' : 'js';
  const bytes = gzipBytes(file);
  totals[kind] += bytes;
  console.log(`  ${kb(bytes).padStart(7)} kB  ${file}`);
}

let overBudget = false;
for (const kind of ['js', 'css'] as const) {
  const over = totals[kind] > BUDGET_KB[kind] * 1000;
  overBudget ||= over;
  console.log(
    `${kind.toUpperCase().padEnd(3)} ${kb(totals[kind]).padStart(7)} kB gzip` +
      ` (budget ${BUDGET_KB[kind]} kB)${over ? '  OVER BUDGET' : ''}`,
  );
}
process.exit(overBudget ? 1 : 0);
