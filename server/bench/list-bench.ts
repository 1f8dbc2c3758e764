// `npm run bench:lists -- [--size 10k|100k|1m] [--guards N] [--attendance N] [--visitors N]
//   [--incidents N] [--runs 20] [--load-seconds 20] [--only TEXT] [--data-dir DIR]`: times every
// list call, the dashboard's figures and the searches, per role, on a large data set, through HTTP
// as the console sends them (the same filters, order and page size), with the time of each call's
// page and count statements beside it and the goals of issues 13 and 19 beside each figure.
// Each list is searched for one text of each kind: a full name, an id or a plate (the whole value
// from the middle row of the caller's list), no match, broad ('Resid') and two letters ('ng').
// The cases run in interleaved rounds, each round timing a small static file first as an anchor,
// and the medians and p95 print with the date and the machine's load. Then it loads the guards
// search and the attendance of one site with autocannon (100 connections, loopback, in a process
// of its own) and prints the database's size and its largest tables and indexes. --only times
// just the cases whose label contains TEXT. --size seeds 10 k, 100 k or 1 M attendance rows with
// a tenth as many guards, a fifth as many visitor passes and a twentieth as many incidents.
// Without --data-dir it seeds a fresh temporary database and removes it afterwards; with one, it
// seeds only an empty database and keeps it, so a second run can skip the seeding:
//   npm run bench:lists -- --data-dir /tmp/bench-1m --size 1m
// With DATABASE_URL set it runs on that PostgreSQL database instead (created, migrated and seeded
// when empty; --data-dir then holds the uploaded files only).
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql, type Kysely, type LogEvent } from 'kysely';
import { buildApp } from '../src/app';
import { readConfig } from '../src/config';
import { openDatabase } from '../src/db/database';
import { DATABASE_FILE } from '../src/db/open-data-dir';
import { engineOf } from '../src/db/engine';
import { openPostgres } from '../src/db/engine/postgres';
import type { Database } from '../src/db/schema';
import { COMPANY_EMAIL, SUPERADMIN_EMAIL, SUPERVISOR_EMAIL } from '../src/db/seed/demo-catalogue';
import { demoCompanySite } from '../src/db/seed/demo-organisation';
import {
  ANCHOR_BYTES,
  ANCHOR_FILE,
  APP_KEY,
  autocannonApart,
  count,
  DASHBOARD_URL,
  describeCounts,
  firstPageQuery,
  LISTS,
  listNamed,
  loadAverage,
  machineLine,
  middleRow,
  openSeeded,
  percentile,
  presetOf,
  print,
  searchQuery,
  searchTexts,
  siteAttendanceQuery,
  tableCounts,
  signIn,
  writeStaticDir,
} from './support';

/** Issue 13's goals, p95 in ms: the first screen's figures and every search, and a first page. */
const GOAL_FIGURES_MS = 50;
const GOAL_SEARCH_MS = 50;
const GOAL_FIRST_PAGE_MS = 20;
/** Issue 19's goal, p95 in ms: any search at a million rows, the broad and the short included. */
const GOAL_ANY_SEARCH_MS = 150;
/**
 * The app's database, opened as the server opens it (PostgreSQL when DATABASE_URL names one, else
 * the SQLite file in the data directory), with every statement's duration recorded.
 */
function openTimed(
  dataDir: string,
  databaseUrl: string | null,
  record: (sql: string, ms: number) => void,
): Kysely<Database> {
  const log = (event: LogEvent) => {
    if (event.level === 'query') record(event.query.sql, event.queryDurationMillis);
  };
  return databaseUrl === null
    ? openDatabase(path.join(dataDir, DATABASE_FILE), { log })
    : openPostgres(databaseUrl, { log });
}

/** The largest tables and indexes, and the whole database's size, in bytes. */
async function sizes(db: Kysely<Database>, dataDir: string) {
  if (engineOf(db) === 'postgres') {
    const objects = await sql<{ name: string; bytes: number }>`
      select relname as name, pg_relation_size(oid) as bytes from pg_class
      where relnamespace = current_schema()::regnamespace order by bytes desc limit 12`.execute(db);
    const total = await sql<{ bytes: number }>`
      select pg_database_size(current_database()) as bytes`.execute(db);
    return { objects: objects.rows, total: Number(total.rows[0]?.bytes ?? 0), label: 'Database' };
  }
  await sql`pragma wal_checkpoint(truncate)`.execute(db);
  const objects = await sql<{ name: string; bytes: number }>`
    select name, sum(pgsize) as bytes from dbstat group by name order by bytes desc limit 12`.execute(
    db,
  );
  const total = statSync(path.join(dataDir, DATABASE_FILE)).size;
  return { objects: objects.rows, total, label: 'Database file' };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      guards: { type: 'string' },
      attendance: { type: 'string' },
      visitors: { type: 'string' },
      incidents: { type: 'string' },
      runs: { type: 'string' },
      'load-seconds': { type: 'string' },
      'data-dir': { type: 'string' },
      only: { type: 'string' },
      size: { type: 'string' },
    },
  });
  const preset = values.size === undefined ? null : presetOf(values.size);
  const runs = Math.max(1, count('runs', values.runs, 20));
  const loadSeconds = count('load-seconds', values['load-seconds'], 20);
  const keep = values['data-dir'] !== undefined;
  const dataDir = values['data-dir'] ?? mkdtempSync(path.join(tmpdir(), 'guard-console-bench-'));

  try {
    const databaseUrl = process.env.DATABASE_URL || null;
    print(`Engine: ${databaseUrl === null ? 'SQLite' : 'PostgreSQL (DATABASE_URL)'}.`);
    const seedDb = await openSeeded(dataDir, databaseUrl, {
      guards: count('guards', values.guards, preset?.guards ?? 20_000),
      attendance: count('attendance', values.attendance, preset?.attendance ?? 200_000),
      visitors: count('visitors', values.visitors, preset?.visitors ?? 20_000),
      incidents: count('incidents', values.incidents, preset?.incidents ?? 5_000),
    });
    // A site of the company login's company that takes attendance: the per-site cases use it.
    const { uuid: site } = await demoCompanySite(seedDb, 'kipleguard_attendance');
    print(`Database: ${describeCounts(await tableCounts(seedDb))}.`);
    await seedDb.destroy();
    print(machineLine());
    const staticDir = writeStaticDir();

    let statements: Array<{ sql: string; ms: number }> = [];
    const db = openTimed(dataDir, databaseUrl, (text, ms) => statements.push({ sql: text, ms }));
    const config = readConfig({
      DATA_DIR: dataDir,
      APP_KEYS: APP_KEY,
      STATIC_DIR: staticDir,
      DATABASE_URL: databaseUrl ?? '',
    });
    const app = await buildApp({ config, db });
    const base = await app.listen({ host: '127.0.0.1', port: 0 });

    const callers = {
      superadmin: await signIn(base, SUPERADMIN_EMAIL),
      company: await signIn(base, COMPANY_EMAIL),
      supervisor: await signIn(base, SUPERVISOR_EMAIL),
    };
    type Caller = keyof typeof callers;
    const call = (caller: Caller, url: string, query: Record<string, string>) =>
      callers[caller].call(url, query);

    interface Case {
      label: string;
      caller: Caller;
      url: string;
      query: Record<string, string>;
      goal: number | null;
      request: number[];
      page: number[];
      counted: number[];
      rows: string;
    }
    const cases: Case[] = [];
    const add = (
      label: string,
      caller: Caller,
      url: string,
      query: Record<string, string>,
      goal: number | null,
    ) => {
      if (values.only !== undefined && !label.includes(values.only)) return;
      cases.push({ label, caller, url, query, goal, request: [], page: [], counted: [], rows: '' });
    };

    for (const caller of Object.keys(callers) as Caller[]) {
      add(`dashboard: figures (${caller})`, caller, DASHBOARD_URL, {}, GOAL_FIGURES_MS);
    }
    add(
      'dashboard: one site (company)',
      'company',
      '/kgapi/dashboard/sitedata',
      { filter: `(residence_uuid='${site}')` },
      GOAL_FIGURES_MS,
    );

    for (const list of LISTS) {
      const first = firstPageQuery(list);
      const withSearch = (text: string) => searchQuery(list, text);
      for (const caller of Object.keys(callers) as Caller[]) {
        if ((await call(caller, list.url, first)) === null) continue;
        add(`${list.name}: first page (${caller})`, caller, list.url, first, GOAL_FIRST_PAGE_MS);
        const row = await middleRow((query) => call(caller, list.url, query), first);
        for (const [text, kind] of searchTexts(row, list.kinds)) {
          const goal =
            kind === 'broad' || kind === 'two letters' ? GOAL_ANY_SEARCH_MS : GOAL_SEARCH_MS;
          add(
            `${list.name}: ${kind} '${text}' (${caller})`,
            caller,
            list.url,
            withSearch(text),
            goal,
          );
          // The console asks a search's next pages without a count (issue 19).
          if (kind === 'broad' || kind === 'two letters') {
            add(
              `${list.name}: ${kind}, next page (${caller})`,
              caller,
              list.url,
              { ...withSearch(text), offset: '8', include_count: 'false' },
              GOAL_ANY_SEARCH_MS,
            );
          }
        }
      }
    }

    // The cases behind particular screens, with no goal of their own.
    const guardsUrl = '/kgapi/guards/list';
    const attendanceUrl = '/kgapi/attendances/list';
    const first = { limit: '8', offset: '0', order: 'created_at desc' };
    const exact = { limit: '1', include_count: 'exact' };
    const guardCount = (await call('superadmin', guardsUrl, exact))?.meta?.count ?? 0;
    const attendanceCount = (await call('superadmin', attendanceUrl, exact))?.meta?.count ?? 0;
    const someGuard = (await call('superadmin', guardsUrl, first))?.resource[0];
    add(
      'guards: last page (superadmin)',
      'superadmin',
      guardsUrl,
      {
        ...first,
        offset: String(Math.max(0, guardCount - 8)),
      },
      null,
    );
    add(
      'guards: one site (company)',
      'company',
      guardsUrl,
      {
        ...first,
        filter: `(residence_uuid='${site}')`,
      },
      null,
    );
    add(
      'attendance: last page (superadmin)',
      'superadmin',
      attendanceUrl,
      {
        ...first,
        offset: String(Math.max(0, attendanceCount - 8)),
      },
      null,
    );
    add(
      'attendance: one guard (superadmin)',
      'superadmin',
      attendanceUrl,
      {
        ...first,
        filter: `(kg_guard_uuid='${String(someGuard?.uuid)}')`,
      },
      null,
    );
    add(
      'attendance: one site (company)',
      'company',
      attendanceUrl,
      siteAttendanceQuery(site),
      null,
    );
    add(
      'attendance: sorted by guard name (superadmin)',
      'superadmin',
      attendanceUrl,
      {
        ...first,
        order: 'guard_name asc',
      },
      null,
    );
    add(
      'attendance: export page of 500, uncounted',
      'superadmin',
      attendanceUrl,
      {
        order: 'created_at desc',
        limit: '500',
        offset: '5000',
        include_count: 'false',
      },
      null,
    );

    // The anchor: a small static file through the same server, timed in every round, so that a
    // reader can tell a slow machine from a slow query.
    const anchor: number[] = [];
    async function timeAnchor(): Promise<number> {
      const start = performance.now();
      const answer = await fetch(`${base}/${ANCHOR_FILE}`);
      await answer.arrayBuffer();
      if (answer.status !== 200) throw new Error(`${ANCHOR_FILE}: ${answer.status}`);
      return performance.now() - start;
    }

    async function runOnce(entry: Case): Promise<number | null> {
      statements = [];
      const start = performance.now();
      const answer = await call(entry.caller, entry.url, entry.query);
      const elapsed = performance.now() - start;
      if (answer === null) return null;
      entry.rows = answer.meta ? `${answer.meta.count}${answer.meta.count_capped ? '+' : ''}` : '';
      return elapsed;
    }

    // Two warm-ups per case, then rounds in which every case runs once in turn: a burst of load
    // on the machine then touches every case alike rather than the few that ran during it.
    for (const entry of [...cases]) {
      for (let warm = 0; warm < 2; warm++) {
        if ((await runOnce(entry)) === null) {
          print(`${entry.label}: not allowed for this role (403), left out.`);
          cases.splice(cases.indexOf(entry), 1);
          break;
        }
      }
    }
    for (let round = 0; round < runs; round++) {
      anchor.push(await timeAnchor());
      for (const entry of cases) {
        const elapsed = await runOnce(entry);
        if (elapsed === null) continue;
        entry.request.push(elapsed);
        const timeOf = (test: (text: string) => boolean) =>
          statements.filter((s) => test(s.sql)).reduce((sum, s) => sum + s.ms, 0);
        entry.counted.push(
          timeOf((text) => /^select (count\((\*|distinct)|coalesce\(sum)/.test(text)),
        );
        entry.page.push(timeOf((text) => / limit (\?|\$\d+)/.test(text)));
      }
    }

    const ms = (values: number[]) =>
      `${percentile(values, 50).toFixed(1)}/${percentile(values, 95).toFixed(1)}`;
    const met: boolean[] = [];
    print();
    print(
      `${runs} interleaved rounds after 2 warm-ups a case, over HTTP; ms p50 (the median)/p95; page and count: their statements' time; rows: meta.count.`,
    );
    print(`Anchor, a ${ANCHOR_BYTES}-byte static file in the same rounds: ${ms(anchor)} ms.`);
    print(
      `${'case'.padEnd(58)} ${'request'.padStart(13)} ${'goal p95'.padStart(12)} ${'page'.padStart(11)} ${'count'.padStart(11)} ${'rows'.padStart(9)}`,
    );
    for (const entry of cases) {
      const p95 = percentile(entry.request, 95);
      const verdict =
        entry.goal === null
          ? ''
          : p95 < entry.goal
            ? `< ${entry.goal} met`
            : `< ${entry.goal} MISSED`;
      if (entry.goal !== null) met.push(p95 < entry.goal);
      print(
        `${entry.label.padEnd(58)} ${ms(entry.request).padStart(13)} ${verdict.padStart(12)} ${ms(entry.page).padStart(11)} ${ms(entry.counted).padStart(11)} ${entry.rows.padStart(9)}`,
      );
    }
    print(`Goals met: ${met.filter(Boolean).length} of ${met.length}.`);
    print(`Load average at the end: ${loadAverage()}.`);

    if (loadSeconds > 0) {
      print();
      print(
        `autocannon: 100 connections, ${loadSeconds} s each, loopback, one server process; ` +
          'autocannon runs in a process of its own, so the server has this one to itself.',
      );
      const load = async (
        label: string,
        caller: Caller,
        url: string,
        query: Record<string, string>,
      ) => {
        const result = await autocannonApart({
          url: `${base}${url}?${new URLSearchParams(query)}`,
          connections: 100,
          seconds: loadSeconds,
          headers: callers[caller].headers,
        });
        print(
          `${label.padEnd(50)} ${result.requests.average.toFixed(0).padStart(7)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  errors ${result.errors} (timeouts ${result.timeouts}), not 2xx ${result.non2xx}`,
        );
      };
      await load(
        "guards search 'siti' (superadmin)",
        'superadmin',
        guardsUrl,
        searchQuery(listNamed('guards'), 'siti'),
      );
      await load(
        'attendance of one site (company)',
        'company',
        attendanceUrl,
        siteAttendanceQuery(site),
      );
    }

    await app.close();
    rmSync(staticDir, { recursive: true, force: true });
    const size = await sizes(db, dataDir);
    await db.destroy();
    print();
    print(`${size.label}: ${(size.total / 1e6).toFixed(1)} MB. Largest tables and indexes:`);
    for (const { name, bytes } of size.objects) {
      print(`  ${(bytes / 1e6).toFixed(1).padStart(8)} MB  ${name}`);
    }
  } finally {
    if (!keep) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
