// `npm run bench:browser -- --data-dir DIR [--guards N --attendance N --visitors N --incidents N]
//   [--static-dir dist] [--runs 5]`: where a user waits, in Chromium (issue 19). For each list
// screen and tab, as the superadmin: the time from navigation to the first rows shown, and for
// a page change (Next) the time to the new rows and the main thread's blocking time meanwhile
// (the long tasks' time past 50 ms each, as Lighthouse counts it); and the Roster screen's week of
// the site with the most shifts (issue 36), to the grid shown and to the next week. Medians.
//
// DIR holds the data set: an empty or new one is seeded first (the demo, then the large seed's
// sizes given), a seeded one is reused, so the same DIR serves `npm run bench:lists` too. The
// console is served from --static-dir (built with `npm run build`).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright';
import { buildApp } from '../server/src/app';
import { DEFAULT_APP_KEY as APP_KEY, readConfig } from '../server/src/config';
import { openDataDir } from '../server/src/db/open-data-dir';
import { SUPERADMIN_EMAIL } from '../server/src/db/seed/demo-catalogue';
import { DEMO_PASSWORD, seedDemoData } from '../server/src/db/seed/demo';
import { seedLargeData } from '../server/src/db/seed/large';

/** Each list screen or tab, how to reach it, and its table's name. */
const SCREENS = [
  { label: 'guards, All tab', path: '/security-guards', tab: null, table: 'Guards' },
  {
    label: 'guards, Attendance tab',
    path: '/security-guards',
    tab: 'Attendance',
    table: 'Attendance',
  },
  { label: 'visitors', path: '/visitors', tab: null, table: 'Visitors' },
  { label: 'incidents', path: '/incidents', tab: null, table: 'Incidents' },
  { label: 'sites', path: '/sites', tab: null, table: 'Sites' },
] as const;

function whole(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const number = Number(value.replaceAll('_', ''));
  if (!Number.isSafeInteger(number) || number < 0) {
    throw new Error(`--${name} must be a whole number of 0 or more, not '${value}'.`);
  }
  return number;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? NaN)
    : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}

/** Starts counting long tasks in the page; the count is read (and reset) by blockingTime. */
async function watchLongTasks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const store = globalThis as unknown as { blocking: number };
    store.blocking = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) store.blocking += Math.max(0, entry.duration - 50);
    }).observe({ type: 'longtask', buffered: false });
  });
}

async function blockingTime(page: Page): Promise<number> {
  return page.evaluate(() => {
    const store = globalThis as unknown as { blocking: number };
    const total = store.blocking;
    store.blocking = 0;
    return total;
  });
}

/** The screen's table settled on a page of rows. */
async function settled(page: Page, table: string) {
  const rows = page.getByRole('table', { name: table }).locator('tbody tr');
  await page.getByRole('table', { name: table }).and(page.locator('[aria-busy="false"]')).waitFor();
  await rows.first().waitFor();
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'data-dir': { type: 'string' },
      'static-dir': { type: 'string' },
      guards: { type: 'string' },
      attendance: { type: 'string' },
      visitors: { type: 'string' },
      incidents: { type: 'string' },
      runs: { type: 'string' },
    },
  });
  const dataDir = values['data-dir'];
  if (!dataDir) throw new Error('Give the data set with --data-dir DIR.');
  const staticDir = path.resolve(values['static-dir'] ?? 'dist');
  if (!existsSync(path.join(staticDir, 'index.html'))) {
    throw new Error(`No built console in ${staticDir}: run npm run build first.`);
  }
  const runs = Math.max(1, whole('runs', values.runs, 5));
  const print = (line = '') => process.stdout.write(`${line}\n`);

  const seedDb = await openDataDir(dataDir);
  if (await seedDemoData(seedDb, { dataDir })) {
    await seedLargeData(seedDb, {
      dataDir,
      guards: whole('guards', values.guards, 0),
      attendance: whole('attendance', values.attendance, 0),
      visitors: whole('visitors', values.visitors, 0),
      incidents: whole('incidents', values.incidents, 0),
    });
  }
  const sizes = await Promise.all(
    (['guards', 'attendances', 'visitors', 'incidents'] as const).map(async (table) => {
      const { n } = await seedDb
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return `${Number(n).toLocaleString('en-US')} ${table}`;
    }),
  );
  // The site with the most shifts, whose week the roster screen is timed on (issue 36).
  const rosterSite = await seedDb
    .selectFrom('shifts')
    .select(['residence_uuid', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('residence_uuid')
    .orderBy('n', 'desc')
    .limit(1)
    .executeTakeFirst();
  await seedDb.destroy();

  const db = await openDataDir(dataDir);
  const app = await buildApp({
    config: readConfig({ DATA_DIR: dataDir, APP_KEYS: APP_KEY, STATIC_DIR: staticDir }),
    db,
  });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`${base}/login`);
    await page.getByLabel('Email').fill(SUPERADMIN_EMAIL);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/dashboard$/);

    print(`Data set: ${sizes.join(', ')}. ${runs} runs a screen, medians, in ms.`);
    print(
      `${'screen'.padEnd(26)} ${'to first rows'.padStart(14)} ${'Next: new rows'.padStart(15)} ${'Next: blocking'.padStart(15)}`,
    );
    for (const screen of SCREENS) {
      const shown: number[] = [];
      const next: number[] = [];
      const blocking: number[] = [];
      for (let run = -1; run < runs; run++) {
        await page.goto(`${base}/dashboard`);
        await page.locator('[data-figure]').first().waitFor();
        const started = performance.now();
        await page.goto(`${base}${screen.path}`);
        if (screen.tab) await page.getByRole('tab', { name: screen.tab }).click();
        await settled(page, screen.table);
        const firstRows = performance.now() - started;
        await watchLongTasks(page);
        const before = await page.getByRole('spinbutton', { name: 'Page' }).inputValue();
        const clicked = performance.now();
        await page.getByRole('button', { name: 'Next page' }).click();
        await page.waitForFunction(
          (value) =>
            (document.querySelector('input[aria-label="Page"]') as HTMLInputElement | null)
              ?.value !== value,
          before,
        );
        await settled(page, screen.table);
        const changed = performance.now() - clicked;
        // Long tasks are reported after they end: give the last one a frame.
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
        const blocked = await blockingTime(page);
        if (run < 0) continue; // warm-up
        shown.push(firstRows);
        next.push(changed);
        blocking.push(blocked);
      }
      print(
        `${screen.label.padEnd(26)} ${median(shown).toFixed(0).padStart(14)} ${median(next).toFixed(0).padStart(15)} ${median(blocking).toFixed(0).padStart(15)}`,
      );
    }
    if (rosterSite) {
      // A site's week on the Roster screen (issue 36): to the grid shown, and Next week.
      const shown: number[] = [];
      const next: number[] = [];
      const grid = page.getByRole('table', { name: /^Roster of / });
      const gridSettled = async () => {
        await grid.and(page.locator('[aria-busy="false"]')).waitFor();
        await grid.locator('tbody tr').first().waitFor();
      };
      for (let run = -1; run < runs; run++) {
        await page.goto(`${base}/dashboard`);
        await page.locator('[data-figure]').first().waitFor();
        const started = performance.now();
        await page.goto(`${base}/rosters?site=${encodeURIComponent(rosterSite.residence_uuid)}`);
        await gridSettled();
        const firstShown = performance.now() - started;
        const week = page.getByRole('heading', { name: /^Week / });
        const before = await week.textContent();
        const clicked = performance.now();
        await page.getByRole('button', { name: 'Next week' }).click();
        await page.waitForFunction(
          (text) =>
            [...document.querySelectorAll('h2, h3')].every(
              (heading) =>
                !heading.textContent?.startsWith('Week ') || heading.textContent !== text,
            ),
          before,
        );
        await gridSettled();
        const changed = performance.now() - clicked;
        if (run < 0) continue; // warm-up
        shown.push(firstShown);
        next.push(changed);
      }
      print(
        `${"roster, a site's week".padEnd(26)} ${median(shown).toFixed(0).padStart(14)} ${median(next).toFixed(0).padStart(15)} ${'-'.padStart(15)}   (Next: Next week; ${Number(rosterSite.n).toLocaleString('en-US')} shifts at the site)`,
      );
    }
  } finally {
    await browser.close();
    await app.close();
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
