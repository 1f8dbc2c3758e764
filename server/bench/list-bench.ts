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
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import type { Result } from 'autocannon';
import { sql, type Kysely, type LogEvent } from 'kysely';
import { keywordFilter } from '../../src/api/filters';
import { buildApp } from '../src/app';
import { readConfig } from '../src/config';
import { openDatabase } from '../src/db/database';
import { DATABASE_FILE, openConfiguredDatabase } from '../src/db/open-data-dir';
import { engineOf } from '../src/db/engine';
import { openPostgres } from '../src/db/engine/postgres';
import type { Database } from '../src/db/schema';
import { COMPANY_EMAIL, SUPERADMIN_EMAIL, SUPERVISOR_EMAIL } from '../src/db/seed/demo-catalogue';
import { DEMO_PASSWORD, seedDemoData } from '../src/db/seed/demo';
import { demoCompanySite } from '../src/db/seed/demo-organisation';
import { seedLargeData } from '../src/db/seed/large';

const APP_KEY = 'bench-app-key';
/** Issue 13's goals, p95 in ms: the first screen's figures and every search, and a first page. */
const GOAL_FIGURES_MS = 50;
const GOAL_SEARCH_MS = 50;
const GOAL_FIRST_PAGE_MS = 20;
/** Text no record holds: a search that must still not scan. */
const NOTHING = 'zzzq';
/**
 * Text most sites' names hold ('Residensi …', '… Residences'): a search most rows match, timed
 * for a company user, first page and the next (asked without a count, as the console pages).
 */
const BROAD = 'Resid';
/** Two letters, below the trigram indexes' three: a common surname ("Ng"), read by LIKE. */
const TWO_LETTERS = 'ng';
/** Issue 19's goal, p95 in ms: any search at a million rows, the broad and the short included. */
const GOAL_ANY_SEARCH_MS = 150;
/** The static file timed beside the cases: what any request costs on this machine at this moment. */
const ANCHOR_FILE = 'anchor.txt';
const ANCHOR_BYTES = 1024;

/**
 * Runs autocannon as a child process: in the server's own process, its clients share the one
 * event loop with the server, and the figures measure both at once.
 */
function autocannonApart(options: {
  url: string;
  connections: number;
  seconds: number;
  headers: Record<string, string>;
}): Promise<Result> {
  const cli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
  const headers = Object.entries(options.headers).flatMap(([name, value]) => [
    '-H',
    `${name}=${value}`,
  ]);
  const args = [cli, '-c', String(options.connections), '-d', String(options.seconds), '-j'];
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [...args, ...headers, options.url],
      { maxBuffer: 16 * 1024 * 1024 },
      (error, stdout) => {
        if (error) reject(error);
        else resolve(JSON.parse(stdout) as Result);
      },
    );
  });
}

function print(line = ''): void {
  process.stdout.write(`${line}\n`);
}

function count(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const number = Number(value.replaceAll('_', ''));
  if (!Number.isSafeInteger(number) || number < 0) {
    throw new Error(`--${name} must be a whole number of 0 or more, not '${value}'.`);
  }
  return number;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

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

/**
 * Each list as the console asks for it (src/api/<list>.ts): its URL, the fields its search box
 * looks in (and which of them hold a full name, an id or a plate), its default order and what it
 * embeds. The field lists repeat the console's, since
 * the bench must send what the console sends.
 */
const LISTS = [
  {
    name: 'guards',
    url: '/kgapi/guards/list',
    search: ['guard_id', 'name', 'security_company_name'],
    kinds: { 'full name': 'name', id: 'guard_id' },
    order: 'created_at desc',
    related: '*',
  },
  {
    name: 'attendance',
    url: '/kgapi/attendances/list',
    search: ['guard_id', 'guard_name', 'residence_name'],
    kinds: { 'full name': 'guard_name', id: 'guard_id' },
    order: 'created_at desc',
  },
  {
    name: 'visitors',
    url: '/kgapi/visitors/list',
    search: ['residence_name', 'category', 'name', 'car_plate_number', 'status'],
    kinds: { 'full name': 'name', plate: 'car_plate_number' },
    order: 'created_at desc',
  },
  {
    name: 'incidents',
    url: '/kgapi/incidents/list',
    search: ['residence_name', 'user_email', 'guard_id'],
    kinds: { 'full name': 'residence_name', id: 'guard_id' },
    order: 'created_at desc',
  },
  {
    name: 'companies',
    url: '/kgapi/securitycompanies/list',
    search: ['name', 'brn', 'license_number', 'user_email'],
    kinds: { 'full name': 'name', id: 'brn' },
    order: 'name asc',
  },
  {
    name: 'supervisors',
    url: '/kgapi/sitesupervisors/list',
    search: ['supervisor_name', 'supervisor_email', 'staff_id'],
    kinds: { 'full name': 'supervisor_name', id: 'staff_id' },
    order: 'supervisor_name asc',
  },
  {
    name: 'logins',
    url: '/kgapi/logins/list',
    search: ['user_email', 'security_company_name'],
    kinds: { 'full name': 'user_email' },
    order: 'uuid desc',
    fixed: "(access_type='securitycompany')",
    related: 'residences',
  },
] as const;

type Row = Record<string, unknown>;
interface ListAnswer {
  resource: Row[];
  meta?: { count: number; count_capped?: true };
}

/**
 * The searches timed on every list, one per kind, each chosen from the data by a fixed rule (see
 * searchTexts), so that two data sets seeded alike time the same kinds of search.
 */
type SearchKind = 'full name' | 'id' | 'plate' | 'none' | 'broad' | 'two letters';

/**
 * The row the rule reads: the one in the middle of the caller's list in its default order, so
 * that neither the newest rows (the demo's) nor the oldest decide what is searched.
 */
async function middleRow(
  call: (query: Record<string, string>) => Promise<ListAnswer | null>,
  base: Record<string, string>,
): Promise<Row | null> {
  const counted = await call({ ...base, limit: '1', include_count: 'exact' });
  const total = counted?.meta?.count ?? 0;
  if (total === 0) return null;
  const page = await call({ ...base, limit: '1', offset: String(Math.floor(total / 2)) });
  return page?.resource[0] ?? null;
}

/** The whole value of the middle row's field for each kind the list has, plus the fixed texts. */
function searchTexts(
  row: Row | null,
  kinds: Partial<Record<'full name' | 'id' | 'plate', string>>,
): Array<[string, SearchKind]> {
  const fromRow = Object.entries(kinds).flatMap(([kind, field]) => {
    const value = row?.[field];
    return typeof value === 'string' && value.trim() !== ''
      ? [[value.trim(), kind as SearchKind] as [string, SearchKind]]
      : [];
  });
  return [...fromRow, [NOTHING, 'none'], [BROAD, 'broad'], [TWO_LETTERS, 'two letters']];
}

/** Data set sizes by attendance rows, in the proportions of one company year to its guards. */
const PRESETS = {
  '10k': { guards: 1_000, attendance: 10_000, visitors: 2_000, incidents: 500 },
  '100k': { guards: 10_000, attendance: 100_000, visitors: 20_000, incidents: 5_000 },
  '1m': { guards: 100_000, attendance: 1_000_000, visitors: 200_000, incidents: 50_000 },
} as const;

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
  const preset = values.size === undefined ? null : PRESETS[values.size as keyof typeof PRESETS];
  if (preset === undefined) {
    throw new Error(
      `--size must be one of ${Object.keys(PRESETS).join(', ')}, not '${values.size}'.`,
    );
  }
  const runs = Math.max(1, count('runs', values.runs, 20));
  const loadSeconds = count('load-seconds', values['load-seconds'], 20);
  const keep = values['data-dir'] !== undefined;
  const dataDir = values['data-dir'] ?? mkdtempSync(path.join(tmpdir(), 'guard-console-bench-'));

  try {
    const databaseUrl = process.env.DATABASE_URL || null;
    const seedDb = await openConfiguredDatabase({ dataDir, databaseUrl });
    print(`Engine: ${databaseUrl === null ? 'SQLite' : 'PostgreSQL (DATABASE_URL)'}.`);
    const started = performance.now();
    if (await seedDemoData(seedDb, { dataDir })) {
      const sizes = {
        guards: count('guards', values.guards, preset?.guards ?? 20_000),
        attendance: count('attendance', values.attendance, preset?.attendance ?? 200_000),
        visitors: count('visitors', values.visitors, preset?.visitors ?? 20_000),
        incidents: count('incidents', values.incidents, preset?.incidents ?? 5_000),
      };
      print(
        `Seeding ${sizes.guards} guards, ${sizes.attendance} attendance rows, ${sizes.visitors} visitor passes and ${sizes.incidents} incidents in ${dataDir} ...`,
      );
      await seedLargeData(seedDb, { dataDir, ...sizes });
      print(`Seeded in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    } else {
      print(`Reusing the data in ${dataDir}.`);
    }
    // A site of the company login's company that takes attendance: the per-site cases use it.
    const { uuid: site } = await demoCompanySite(seedDb, 'kipleguard_attendance');
    const tables = ['guards', 'attendances', 'visitors', 'incidents'] as const;
    const totals = await Promise.all(
      tables.map((table) =>
        seedDb
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ),
    );
    await seedDb.destroy();
    print(`Database: ${tables.map((table, i) => `${totals[i]?.n} ${table}`).join(', ')}.`);
    print(
      `${new Date().toISOString()}; ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.versions.node}; load average at the start: ${loadavg()
        .map((n) => n.toFixed(2))
        .join(', ')}.`,
    );
    const staticDir = mkdtempSync(path.join(tmpdir(), 'guard-console-bench-static-'));
    writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>bench</title>');
    writeFileSync(path.join(staticDir, ANCHOR_FILE), 'x'.repeat(ANCHOR_BYTES));

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

    async function token(email: string): Promise<string> {
      const answer = await fetch(`${base}/kgapi/admin/session`, {
        method: 'POST',
        headers: { 'x-application-key': APP_KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ identifier: email, challenge: DEMO_PASSWORD }),
      });
      return ((await answer.json()) as { session_token: string }).session_token;
    }
    const callers = {
      superadmin: await token(SUPERADMIN_EMAIL),
      company: await token(COMPANY_EMAIL),
      supervisor: await token(SUPERVISOR_EMAIL),
    };
    type Caller = keyof typeof callers;
    const headersOf = (caller: Caller) => ({
      'x-application-key': APP_KEY,
      authorization: `Bearer ${callers[caller]}`,
      'accept-encoding': 'br, gzip',
    });

    /** One call as the console makes it; null when the role may not make it (403). */
    async function call(
      caller: Caller,
      url: string,
      query: Record<string, string>,
    ): Promise<ListAnswer | null> {
      const answer = await fetch(`${base}${url}?${new URLSearchParams(query)}`, {
        headers: headersOf(caller),
      });
      if (answer.status === 403) return null;
      if (answer.status !== 200) throw new Error(`${url}: ${answer.status} ${await answer.text()}`);
      return (await answer.json()) as ListAnswer;
    }

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
      add(`dashboard: figures (${caller})`, caller, '/kgapi/dashboard/data', {}, GOAL_FIGURES_MS);
    }
    add(
      'dashboard: one site (company)',
      'company',
      '/kgapi/dashboard/sitedata',
      { filter: `(residence_uuid='${site}')` },
      GOAL_FIGURES_MS,
    );

    for (const list of LISTS) {
      const fixed = 'fixed' in list ? list.fixed : null;
      const base = {
        order: list.order,
        limit: '8',
        offset: '0',
        ...('related' in list ? { related: list.related } : {}),
      };
      const withSearch = (text: string) => ({
        ...base,
        filter: [fixed, keywordFilter(list.search, text)]
          .filter(Boolean)
          .map((part) => `(${part})`)
          .join(' AND '),
      });
      const first = fixed === null ? base : { ...base, filter: fixed };
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
    const bySite = `(residence_uuid='${site}') AND (residence_kipleguard_attendance_enabled=1)`;
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
      { ...first, filter: bySite },
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
    print(
      `Load average at the end: ${loadavg()
        .map((n) => n.toFixed(2))
        .join(', ')}.`,
    );

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
          headers: headersOf(caller),
        });
        print(
          `${label.padEnd(50)} ${result.requests.average.toFixed(0).padStart(7)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  errors ${result.errors} (timeouts ${result.timeouts}), not 2xx ${result.non2xx}`,
        );
      };
      const guardSearch = keywordFilter(['guard_id', 'name', 'security_company_name'], 'siti');
      await load("guards search 'siti' (superadmin)", 'superadmin', guardsUrl, {
        ...first,
        filter: guardSearch,
        related: '*',
      });
      await load('attendance of one site (company)', 'company', attendanceUrl, {
        ...first,
        filter: bySite,
      });
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
