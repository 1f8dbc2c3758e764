// `npm run bench:lists -- [--guards 20000] [--attendance 200000] [--visitors 20000]
//   [--incidents 5000] [--runs 20] [--load-seconds 20] [--only TEXT] [--data-dir DIR]`: times every list call,
// the dashboard's figures and the searches, per role, on a large data set, through HTTP as the
// console sends them (the same filters, order and page size), with the time of each call's page
// and count statements beside it and the goal of issue 13 beside each figure; then loads the
// guards search and the attendance of one site with autocannon (100 connections, loopback, in a
// process of its own) and prints the database's size and its largest tables and indexes. --only times just the cases
// whose label contains TEXT.
// Without --data-dir it seeds a fresh temporary database and removes it afterwards; with one, it
// seeds only an empty database and keeps it, so a second run can skip the seeding:
//   npm run bench:lists -- --data-dir /tmp/large --guards 100000 --attendance 1000000 \
//     --visitors 200000 --incidents 50000
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import type { Result } from 'autocannon';
import { sql, type Kysely } from 'kysely';
import { keywordFilter } from '../../src/api/filters';
import { buildApp } from '../src/app';
import { readConfig } from '../src/config';
import { openDatabase } from '../src/db/database';
import { DATABASE_FILE, openDataDir } from '../src/db/open-data-dir';
import type { Database } from '../src/db/schema';
import { COMPANY_EMAIL, SUPERADMIN_EMAIL, SUPERVISOR_EMAIL } from '../src/db/seed/demo-catalogue';
import { DEMO_PASSWORD, seedDemoData } from '../src/db/seed/demo';
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

/** The app's database, opened as the server opens it, with every statement's duration recorded. */
function openTimed(file: string, record: (sql: string, ms: number) => void): Kysely<Database> {
  return openDatabase(file, {
    log: (event) => {
      if (event.level === 'query') record(event.query.sql, event.queryDurationMillis);
    },
  });
}

/**
 * Each list as the console asks for it (src/api/<list>.ts): its URL, the fields its search box
 * looks in, its default order and what it embeds. The field lists repeat the console's, since
 * the bench must send what the console sends.
 */
const LISTS = [
  {
    name: 'guards',
    url: '/kgapi/guards/list',
    search: ['guard_id', 'name', 'security_company_name'],
    order: 'created_at desc',
    related: '*',
  },
  {
    name: 'attendance',
    url: '/kgapi/attendances/list',
    search: ['guard_id', 'guard_name', 'residence_name'],
    order: 'created_at desc',
  },
  {
    name: 'visitors',
    url: '/kgapi/visitors/list',
    search: ['residence_name', 'category', 'name', 'car_plate_number', 'status'],
    order: 'created_at desc',
  },
  {
    name: 'incidents',
    url: '/kgapi/incidents/list',
    search: ['residence_name', 'user_email', 'guard_id'],
    order: 'created_at desc',
  },
  {
    name: 'companies',
    url: '/kgapi/securitycompanies/list',
    search: ['name', 'brn', 'license_number', 'user_email'],
    order: 'name asc',
  },
  {
    name: 'supervisors',
    url: '/kgapi/sitesupervisors/list',
    search: ['supervisor_name', 'supervisor_email', 'staff_id'],
    order: 'supervisor_name asc',
  },
  {
    name: 'logins',
    url: '/kgapi/logins/list',
    search: ['user_email', 'security_company_name'],
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

/** Four letters from the middle of the first row's first search field that has one. */
function textThatExists(rows: Row[], fields: readonly string[]): string | null {
  for (const row of rows) {
    for (const field of fields) {
      const value = row[field];
      if (typeof value === 'string' && value.trim().length >= 6) {
        const start = Math.floor((value.length - 4) / 2);
        return value.slice(start, start + 4).toLowerCase();
      }
    }
  }
  return null;
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
    },
  });
  const runs = Math.max(1, count('runs', values.runs, 20));
  const loadSeconds = count('load-seconds', values['load-seconds'], 20);
  const keep = values['data-dir'] !== undefined;
  const dataDir = values['data-dir'] ?? mkdtempSync(path.join(tmpdir(), 'guard-console-bench-'));

  try {
    const seedDb = await openDataDir(dataDir);
    const started = performance.now();
    if (await seedDemoData(seedDb, { dataDir })) {
      const sizes = {
        guards: count('guards', values.guards, 20_000),
        attendance: count('attendance', values.attendance, 200_000),
        visitors: count('visitors', values.visitors, 20_000),
        incidents: count('incidents', values.incidents, 5_000),
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
    const { uuid: site } = await seedDb
      .selectFrom('residences')
      .innerJoin(
        'user_roles',
        'user_roles.security_company_uuid',
        'residences.security_company_uuid',
      )
      .innerJoin('user_profiles', 'user_profiles.uuid', 'user_roles.user_profile_uuid')
      .select('residences.uuid')
      .where('user_profiles.email', '=', COMPANY_EMAIL)
      .where('residences.kipleguard_attendance', '=', 1)
      .where('residences.deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
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

    let statements: Array<{ sql: string; ms: number }> = [];
    const db = openTimed(path.join(dataDir, DATABASE_FILE), (text, ms) =>
      statements.push({ sql: text, ms }),
    );
    const config = readConfig({ DATA_DIR: dataDir, APP_KEYS: APP_KEY, STATIC_DIR: '' });
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

    const ms = (values: number[]) =>
      `${percentile(values, 50).toFixed(1)}/${percentile(values, 95).toFixed(1)}`;
    const met: boolean[] = [];
    print();
    print(
      `${runs} runs per case after 2 warm-ups, over HTTP; ms p50/p95; page and count: their statements' time; rows: meta.count.`,
    );
    print(
      `${'case'.padEnd(50)} ${'request'.padStart(13)} ${'goal p95'.padStart(9)} ${'page'.padStart(11)} ${'count'.padStart(11)} ${'rows'.padStart(9)}`,
    );

    async function measure(
      label: string,
      caller: Caller,
      url: string,
      query: Record<string, string>,
      goal: number | null,
    ): Promise<void> {
      if (values.only !== undefined && !label.includes(values.only)) return;
      const request: number[] = [];
      const page: number[] = [];
      const counted: number[] = [];
      let rows: number | string = '';
      for (let run = -2; run < runs; run++) {
        statements = [];
        const start = performance.now();
        const answer = await call(caller, url, query);
        const elapsed = performance.now() - start;
        if (answer === null) {
          print(`${label.padEnd(50)} ${'not allowed for this role (403)'.padStart(13)}`);
          return;
        }
        rows = answer.meta ? `${answer.meta.count}${answer.meta.count_capped ? '+' : ''}` : '';
        if (run < 0) continue; // warm-up
        request.push(elapsed);
        const timeOf = (test: (text: string) => boolean) =>
          statements.filter((s) => test(s.sql)).reduce((sum, s) => sum + s.ms, 0);
        counted.push(timeOf((text) => /^select (count\((\*|distinct)|coalesce\(sum)/.test(text)));
        page.push(timeOf((text) => text.includes(' limit ?')));
      }
      const p95 = percentile(request, 95);
      const verdict = goal === null ? '' : p95 < goal ? `< ${goal} met` : `< ${goal} MISSED`;
      if (goal !== null) met.push(p95 < goal);
      print(
        `${label.padEnd(50)} ${ms(request).padStart(13)} ${verdict.padStart(9)} ${ms(page).padStart(11)} ${ms(counted).padStart(11)} ${String(rows).padStart(9)}`,
      );
    }

    await measure(
      'dashboard: figures (superadmin)',
      'superadmin',
      '/kgapi/dashboard/data',
      {},
      GOAL_FIGURES_MS,
    );
    await measure(
      'dashboard: figures (company)',
      'company',
      '/kgapi/dashboard/data',
      {},
      GOAL_FIGURES_MS,
    );
    await measure(
      'dashboard: figures (supervisor)',
      'supervisor',
      '/kgapi/dashboard/data',
      {},
      GOAL_FIGURES_MS,
    );
    await measure(
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
        const sample = await call(caller, list.url, first);
        if (sample === null) continue;
        await measure(
          `${list.name}: first page (${caller})`,
          caller,
          list.url,
          first,
          GOAL_FIRST_PAGE_MS,
        );
        const found = textThatExists(sample.resource, list.search);
        if (found !== null) {
          await measure(
            `${list.name}: search '${found}' (${caller})`,
            caller,
            list.url,
            withSearch(found),
            GOAL_SEARCH_MS,
          );
        }
        await measure(
          `${list.name}: search '${NOTHING}', none (${caller})`,
          caller,
          list.url,
          withSearch(NOTHING),
          GOAL_SEARCH_MS,
        );
      }
      for (const [text, kind] of [
        [BROAD, 'broad'],
        [TWO_LETTERS, 'two letters'],
      ] as const) {
        await measure(
          `${list.name}: search '${text}', ${kind} (company)`,
          'company',
          list.url,
          withSearch(text),
          GOAL_ANY_SEARCH_MS,
        );
        await measure(
          `${list.name}: search '${text}', next page (company)`,
          'company',
          list.url,
          { ...withSearch(text), offset: '8', include_count: 'false' },
          GOAL_ANY_SEARCH_MS,
        );
      }
    }

    // The cases behind particular screens, with no goal of their own.
    const guardsUrl = '/kgapi/guards/list';
    const attendanceUrl = '/kgapi/attendances/list';
    const first = { limit: '8', offset: '0', order: 'created_at desc' };
    const guardCount = (await call('superadmin', guardsUrl, { limit: '1' }))?.meta?.count ?? 0;
    const attendanceCount =
      (await call('superadmin', attendanceUrl, { limit: '1' }))?.meta?.count ?? 0;
    const someGuard = (await call('superadmin', guardsUrl, first))?.resource[0];
    const bySite = `(residence_uuid='${site}') AND (residence_kipleguard_attendance_enabled=1)`;
    const screenCases: Array<[string, Caller, string, Record<string, string>]> = [
      [
        "guards: search 'si', two letters (LIKE)",
        'superadmin',
        guardsUrl,
        { ...first, filter: keywordFilter(['guard_id', 'name', 'security_company_name'], 'si') },
      ],
      [
        'guards: last page (superadmin)',
        'superadmin',
        guardsUrl,
        { ...first, offset: String(Math.max(0, guardCount - 8)) },
      ],
      [
        'guards: one site (company)',
        'company',
        guardsUrl,
        { ...first, filter: `(residence_uuid='${site}')` },
      ],
      [
        'attendance: last page (superadmin)',
        'superadmin',
        attendanceUrl,
        { ...first, offset: String(Math.max(0, attendanceCount - 8)) },
      ],
      [
        'attendance: one guard (superadmin)',
        'superadmin',
        attendanceUrl,
        { ...first, filter: `(kg_guard_uuid='${String(someGuard?.uuid)}')` },
      ],
      ['attendance: one site (company)', 'company', attendanceUrl, { ...first, filter: bySite }],
      [
        'attendance: sorted by guard name (superadmin)',
        'superadmin',
        attendanceUrl,
        { ...first, order: 'guard_name asc' },
      ],
      [
        'attendance: export page of 500, uncounted',
        'superadmin',
        attendanceUrl,
        { order: 'created_at desc', limit: '500', offset: '5000', include_count: 'false' },
      ],
    ];
    for (const [label, caller, url, query] of screenCases) {
      await measure(label, caller, url, query, null);
    }
    print(`Goals met: ${met.filter(Boolean).length} of ${met.length}.`);

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
    await sql`pragma wal_checkpoint(truncate)`.execute(db);
    const objects = await sql<{ name: string; bytes: number }>`
      select name, sum(pgsize) as bytes from dbstat group by name order by bytes desc limit 12`.execute(
      db,
    );
    await db.destroy();
    const file = path.join(dataDir, DATABASE_FILE);
    print();
    print(
      `Database file: ${(statSync(file).size / 1e6).toFixed(1)} MB. Largest tables and indexes:`,
    );
    for (const { name, bytes } of objects.rows) {
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
