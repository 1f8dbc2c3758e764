// `npm run bench:export -- [--attendance 10000] [--visitors 10000] [--guards 2000] [--runs 3]
//   [--slow-runs 1] [--static-dir DIR] [--slow-static-dir DIR] [--keep]`: times the entire-list
// exports of issue 13 and 19 (attendance and visitor passes) in Chromium, against the real server,
// and prints the figures beside the goals.
//
// What it does: seeds a fresh temporary database with the demo data, then `seedLargeData`'s guards
// and as many attendance rows and visitor passes as bring the database to --attendance and
// --visitors rows (10,000 each, the goal's size; all visible to the superadmin); builds the console twice with `vite build`, once as it
// ships (VITE_EXPORT_PAGE_SIZE unset, so 500 rows a request) and once with VITE_EXPORT_PAGE_SIZE=8,
// the original console's page size (or serves builds given by --static-dir and --slow-static-dir,
// checked against the settings they record); serves each build from its own instance of the real
// app (`buildApp`, one database, free ports); signs in as the demo superadmin in each, opens
// Guard → Attendance (the attendance list has no route of its own), then Visitors, and runs the
// real Export → Export Entire List flow on each, timing from the click to Chromium's download event, measured in this
// process: --runs times at 500 a page and --slow-runs at 8, compared by their medians.
//
// Why two builds rather than a page size passed to code in the page: the 8-a-page figure is then
// the same button, the same code (fetch, CSV, file-saver) and the same server as the 500-a-page
// one, differing only in the page size; it asks for the count once too, so it is, if anything,
// quicker than the original console was. Before the timed runs each origin exports its current
// page once, untimed, so both have loaded papaparse and file-saver and neither pays for it.
// Bytes are read after each run from Chromium's records of the list requests: the JSON as
// decoded, and as sent over the wire (the server compresses API answers over a kilobyte).
//
// `runExportBench(options)` does the same for another script (e.g. `npm run bench`); it returns
// the figures and prints them through `options.print`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import Papa from 'papaparse';
import { chromium, type Browser, type Page, type Request } from 'playwright';
import { buildApp } from '../server/src/app';
import { DEFAULT_APP_KEY as APP_KEY, readConfig } from '../server/src/config';
import { openDataDir } from '../server/src/db/open-data-dir';
import { SUPERADMIN_EMAIL } from '../server/src/db/seed/demo-catalogue';
import { DEMO_PASSWORD, seedDemoData } from '../server/src/db/seed/demo';
import { seedLargeData } from '../server/src/db/seed/large';
import { MAX_EXPORT_PAGE_SIZE } from '../src/app-settings';
import { BUILD_SETTINGS_FILE } from './build-settings';

/** Issue 13's goals for 10,000 rows in Chromium, which issue 19 holds visitor passes to too. */
const GOAL_MS = 1_500;
const GOAL_RATIO = 10;
const SLOW_PAGE_SIZE = 8;
/** As the browser tests run, so local times in the file are really converted. */
const TIME_ZONE = 'Asia/Kuala_Lumpur';

const root = path.resolve(import.meta.dirname, '..');

export interface ExportBenchOptions {
  /** Guards added by the large seed (beside the demo's). */
  guards?: number;
  /** Attendance rows in the database: the large seed adds what the demo's fall short of. */
  attendance?: number;
  /** Visitor passes in the database: the large seed adds what the demo's fall short of. */
  visitors?: number;
  /** Timed exports at 500 a page; the median is compared with the goal. */
  runs?: number;
  /** Timed exports at 8 a page. */
  slowRuns?: number;
  /** An existing build to serve for 500 a page (VITE_EXPORT_PAGE_SIZE unset), instead of building one. */
  staticDir?: string;
  /** An existing build made with VITE_EXPORT_PAGE_SIZE=8, instead of building one. */
  slowStaticDir?: string;
  /** Keep the temporary database and builds (their directory is printed). */
  keep?: boolean;
  chromiumPath?: string;
  print?: (line: string) => void;
}

export interface ExportRun {
  ms: number;
  /** Data rows in the saved file. */
  rows: number;
  csvBytes: number;
  requests: number;
  /** Requests that asked for the count (no include_count=false). */
  countedRequests: number;
  /** The list answers' JSON as decoded, and as it came over the wire. */
  jsonBytes: number;
  wireBytes: number;
  /** True when every answer to include_count=false came without `meta`. */
  countLeftOut: boolean;
}

export interface ListExportResult {
  rows: number;
  fast: ExportRun[];
  slow: ExportRun[];
  fastMedianMs: number;
  slowMedianMs: number;
  ratio: number;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? NaN)
    : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}

/** `vite build` of the console into `outDir`, with the given export page size (unset: 500). */
function buildConsole(outDir: string, exportPageSize?: number): void {
  const viteBin = path.join(
    path.dirname(createRequire(import.meta.url).resolve('vite/package.json')),
    'bin',
    'vite.js',
  );
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    VITE_APP_KEY: APP_KEY,
    VITE_API_BASE_URL: '/kgapi',
    VITE_EXPORT_PAGE_SIZE: exportPageSize === undefined ? '' : String(exportPageSize),
  };
  const result = spawnSync(
    process.execPath,
    [viteBin, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: root, stdio: 'inherit', env },
  );
  if (result.status !== 0) throw new Error(`The console build into ${outDir} failed.`);
}

/** Refuses a build given by hand that was made with another page size or application key. */
function checkBuild(dir: string, exportPageSize: number): void {
  const file = path.join(dir, BUILD_SETTINGS_FILE);
  const settings = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string | undefined>;
  const size = Number(settings.VITE_EXPORT_PAGE_SIZE || MAX_EXPORT_PAGE_SIZE);
  const key = settings.VITE_APP_KEY || APP_KEY;
  if (size !== exportPageSize || key !== APP_KEY) {
    throw new Error(
      `${dir} was built with VITE_EXPORT_PAGE_SIZE ${size} and VITE_APP_KEY '${key}'; ` +
        `this run needs ${exportPageSize} and '${APP_KEY}'.`,
    );
  }
}

async function signIn(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(SUPERADMIN_EMAIL);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/dashboard$/);
}

/** A list the bench exports: how to reach its screen, and the call that fills it. */
interface ExportedList {
  name: string;
  listPath: string;
  open: (page: Page, base: string) => Promise<void>;
}

const EXPORTED_LISTS: readonly ExportedList[] = [
  {
    name: 'Attendance',
    listPath: '/kgapi/attendances/list',
    async open(page, base) {
      await page.goto(`${base}/security-guards`);
      await page.getByRole('tab', { name: 'Attendance' }).click();
      await page.getByRole('table', { name: 'Attendance' }).locator('tbody tr').first().waitFor();
    },
  },
  {
    name: 'Visitors',
    listPath: '/kgapi/visitors/list',
    async open(page, base) {
      await page.goto(`${base}/visitors`);
      await page.getByRole('table', { name: 'Visitors' }).locator('tbody tr').first().waitFor();
    },
  },
];

/** The export modal, once reactstrap's fade-in is over (a click meanwhile would wait for it). */
async function openExportModal(page: Page) {
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const modal = page.locator('.modal.show');
  await modal.waitFor();
  await page.waitForFunction(
    () => getComputedStyle(document.querySelector('.modal.show') as Element).opacity === '1',
  );
  return modal;
}

async function closeExportModal(page: Page): Promise<void> {
  const modal = page.locator('.modal.show');
  await modal.getByRole('button', { name: 'Close' }).last().click();
  await modal.waitFor({ state: 'detached' });
}

/** Exports the current page once, untimed, so the export's own chunks are loaded. */
async function warmUp(page: Page): Promise<void> {
  const modal = await openExportModal(page);
  const download = page.waitForEvent('download');
  await modal.getByRole('button', { name: 'Export Current Page' }).click();
  await (await download).path();
  await modal.getByText('Export done.').waitFor();
  await closeExportModal(page);
}

/** One timed Export Entire List: click to download event, then what it fetched and saved. */
async function timedExport(page: Page, listPath: string): Promise<ExportRun> {
  const modal = await openExportModal(page);
  const listRequests: Request[] = [];
  const onRequest = (request: Request) => {
    if (new URL(request.url()).pathname === listPath) listRequests.push(request);
  };
  page.on('request', onRequest);
  const download = page.waitForEvent('download', { timeout: 300_000 });
  const started = performance.now();
  await modal.getByRole('button', { name: 'Export Entire List' }).click();
  const file = await download;
  const ms = performance.now() - started;
  page.off('request', onRequest);

  const csv = readFileSync(await file.path(), 'utf8');
  const parsed = Papa.parse<string[]>(csv, { skipEmptyLines: true });
  await modal.getByText('Export done.').waitFor();
  await closeExportModal(page);

  let jsonBytes = 0;
  let wireBytes = 0;
  let countedRequests = 0;
  let countLeftOut = true;
  for (const request of listRequests) {
    const response = await request.response();
    if (!response) throw new Error(`No answer to ${request.url()}`);
    const body = await response.body();
    jsonBytes += body.length;
    wireBytes += (await request.sizes()).responseBodySize;
    const counted = new URL(request.url()).searchParams.get('include_count') !== 'false';
    if (counted) countedRequests++;
    else if ('meta' in (JSON.parse(body.toString('utf8')) as object)) countLeftOut = false;
  }
  return {
    ms,
    rows: parsed.data.length - 1,
    csvBytes: Buffer.byteLength(csv),
    requests: listRequests.length,
    countedRequests,
    jsonBytes,
    wireBytes,
    countLeftOut,
  };
}

/** Signs in at `base`, opens the list's screen, warms up, then times `runs` exports. */
async function exportsAt(
  browser: Browser,
  base: string,
  list: ExportedList,
  runs: number,
): Promise<ExportRun[]> {
  const context = await browser.newContext({ timezoneId: TIME_ZONE, acceptDownloads: true });
  try {
    const page = await context.newPage();
    await signIn(page, base);
    await list.open(page, base);
    await warmUp(page);
    const results: ExportRun[] = [];
    for (let run = 0; run < runs; run++) results.push(await timedExport(page, list.listPath));
    return results;
  } finally {
    await context.close();
  }
}

const thousands = (value: number) => Math.round(value).toLocaleString('en-US');

/** Checks the runs saved the same rows, and prints their figures beside the goals. */
function summarise(
  list: ExportedList,
  fast: readonly ExportRun[],
  slow: readonly ExportRun[],
  print: (line: string) => void,
): ListExportResult {
  const rows = fast[0]?.rows ?? 0;
  for (const run of [...fast, ...slow]) {
    if (run.rows !== rows) {
      throw new Error(`A ${list.name} export saved ${run.rows} rows, another ${rows}.`);
    }
  }
  const fastMedianMs = median(fast.map((run) => run.ms));
  const slowMedianMs = median(slow.map((run) => run.ms));
  const ratio = slowMedianMs / fastMedianMs;
  const times = (results: readonly ExportRun[]) =>
    results.map((run) => thousands(run.ms)).join(', ');
  const [fastFirst, slowFirst] = [fast[0], slow[0]];
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT MET');

  print('');
  print(`${list.name} → Export → Export Entire List, Chromium, superadmin, click to download`);
  print(`rows exported                  ${thousands(rows)}`);
  print(
    `500 a page (ms, median)        ${thousands(fastMedianMs)}   runs: ${times(fast)}   ` +
      `goal < ${thousands(GOAL_MS)}: ${verdict(fastMedianMs < GOAL_MS)}`,
  );
  print(`8 a page (ms, median)          ${thousands(slowMedianMs)}   runs: ${times(slow)}`);
  print(
    `ratio                          ${ratio.toFixed(1)}×   ` +
      `goal ≥ ${GOAL_RATIO}×: ${verdict(ratio >= GOAL_RATIO)}`,
  );
  if (fastFirst && slowFirst) {
    for (const [label, run] of [
      ['500 a page', fastFirst],
      ['8 a page', slowFirst],
    ] as const) {
      print(
        `${`${label}: requests`.padEnd(31)}${thousands(run.requests)} ` +
          `(${run.countedRequests} asked for the count; later answers without meta: ` +
          `${run.countLeftOut ? 'yes' : 'NO'})`,
      );
      print(
        `${`${label}: bytes`.padEnd(31)}CSV ${thousands(run.csvBytes)}; JSON ` +
          `${thousands(run.jsonBytes)} decoded, ${thousands(run.wireBytes)} over the wire`,
      );
    }
  }
  return { rows, fast: [...fast], slow: [...slow], fastMedianMs, slowMedianMs, ratio };
}

export async function runExportBench(
  options: ExportBenchOptions = {},
): Promise<ListExportResult[]> {
  const {
    guards = 2_000,
    attendance = 10_000,
    visitors = 10_000,
    runs = 3,
    slowRuns = 1,
    keep = false,
    chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    print = (line: string) => process.stdout.write(`${line}\n`),
  } = options;
  process.env.TZ = TIME_ZONE;
  const workDir = mkdtempSync(path.join(tmpdir(), 'guard-console-bench-export-'));
  const dataDir = path.join(workDir, 'data');
  const apps: Array<{ close(): Promise<unknown> }> = [];
  let browser: Browser | null = null;
  const db = await openDataDir(dataDir);
  try {
    let clock = performance.now();
    const lap = () => {
      const seconds = (performance.now() - clock) / 1000;
      clock = performance.now();
      return `${seconds.toFixed(1)} s`;
    };
    await seedDemoData(db, { dataDir });
    const demoRows = async (table: 'attendances' | 'visitors') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const [demoShifts, demoPasses] = [await demoRows('attendances'), await demoRows('visitors')];
    const addedShifts = Math.max(0, attendance - demoShifts);
    const addedPasses = Math.max(0, visitors - demoPasses);
    await seedLargeData(db, {
      dataDir,
      guards,
      attendance: addedShifts,
      visitors: addedPasses,
    });
    print(
      `Seeded the demo (${thousands(demoShifts)} shifts, ${thousands(demoPasses)} passes), then ` +
        `${thousands(guards)} guards, ${thousands(addedShifts)} shifts and ` +
        `${thousands(addedPasses)} passes more (${lap()}).`,
    );

    const fastDir = options.staticDir ?? path.join(workDir, 'dist-500');
    const slowDir = options.slowStaticDir ?? path.join(workDir, `dist-${SLOW_PAGE_SIZE}`);
    if (options.staticDir) checkBuild(fastDir, MAX_EXPORT_PAGE_SIZE);
    else buildConsole(fastDir);
    if (options.slowStaticDir) checkBuild(slowDir, SLOW_PAGE_SIZE);
    else buildConsole(slowDir, SLOW_PAGE_SIZE);
    print(`Console builds ready (${lap()}).`);

    const serve = async (staticDir: string) => {
      const config = readConfig({
        DATA_DIR: dataDir,
        APP_KEYS: APP_KEY,
        STATIC_DIR: staticDir,
        DEMO_DATA: 'off',
      });
      const app = await buildApp({ config, db });
      apps.push(app);
      return app.listen({ host: '127.0.0.1', port: 0 });
    };
    const fastBase = await serve(fastDir);
    const slowBase = await serve(slowDir);

    browser = await chromium.launch({
      executablePath: chromiumPath,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    });
    const results: ListExportResult[] = [];
    for (const list of EXPORTED_LISTS) {
      const fast = await exportsAt(browser, fastBase, list, runs);
      const slow = await exportsAt(browser, slowBase, list, slowRuns);
      print(`${list.name}: exports done (${lap()}).`);
      results.push(summarise(list, fast, slow, print));
    }
    if (keep) print(`Kept ${workDir}`);
    return results;
  } finally {
    await browser?.close();
    for (const app of apps) await app.close();
    await db.destroy();
    if (!keep) rmSync(workDir, { recursive: true, force: true });
  }
}

function wholeNumber(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const number = Number(value.replaceAll('_', ''));
  if (!Number.isSafeInteger(number) || number < 0) {
    throw new Error(`--${name} must be a whole number of 0 or more, not '${value}'.`);
  }
  return number;
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (invokedDirectly) {
  const { values } = parseArgs({
    options: {
      guards: { type: 'string' },
      attendance: { type: 'string' },
      visitors: { type: 'string' },
      runs: { type: 'string' },
      'slow-runs': { type: 'string' },
      'static-dir': { type: 'string' },
      'slow-static-dir': { type: 'string' },
      keep: { type: 'boolean' },
    },
  });
  const staticDir = values['static-dir'];
  const slowStaticDir = values['slow-static-dir'];
  await runExportBench({
    guards: wholeNumber('guards', values.guards, 2_000),
    attendance: wholeNumber('attendance', values.attendance, 10_000),
    visitors: wholeNumber('visitors', values.visitors, 10_000),
    runs: Math.max(1, wholeNumber('runs', values.runs, 3)),
    slowRuns: Math.max(1, wholeNumber('slow-runs', values['slow-runs'], 1)),
    ...(staticDir !== undefined && { staticDir: path.resolve(staticDir) }),
    ...(slowStaticDir !== undefined && { slowStaticDir: path.resolve(slowStaticDir) }),
    keep: values.keep ?? false,
  });
}
