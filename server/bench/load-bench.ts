// `npm run bench:load -- [--size 10k|100k|1m] [--data-dir DIR] [--postgres URL] [--seconds 20]`:
// the real server (`npm run server`) under 100 connections with 1, 2 and 4 processes (WORKERS)
// on each engine, side by side. Each configuration starts the server as a child process, signs
// in, calls every case until it answers, then loads each case with autocannon (a process of its
// own) for --seconds: a 1 KiB static file as the anchor, the guards first page and a visitor
// search as the superadmin, the superadmin's dashboard figures, and one site's attendance as the
// company user, each asked as the console asks (the list bench's queries). It prints requests per
// second, p50, p99, errors, timeouts and answers other than 2xx for each case and configuration,
// each case's rate as a share of the static file's, the CPU time each request cost the server's
// processes and the PostgreSQL backends (when they run on this machine), and the ratio of
// PostgreSQL with 2 processes to SQLite with 1 beside issue 20's goal, with the date and the load
// average at the start and end of each configuration. A configuration the server refuses (more
// than one process on SQLite) prints the server's message instead of figures.
// The SQLite data set is seeded in --data-dir as the list bench seeds it (kept; a fresh temporary
// one without --data-dir). With --postgres (or DATABASE_URL) naming a database, an empty one is
// filled with a copy of that data set by `npm run db:copy`, so that both engines serve the same
// rows; one that already holds the same row counts is reused. The uploaded files stay in
// --data-dir, which both engines' servers use.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Result } from 'autocannon';
import { DATABASE_FILE, openConfiguredDatabase } from '../src/db/open-data-dir';
import { COMPANY_EMAIL, SUPERADMIN_EMAIL } from '../src/db/seed/demo-catalogue';
import { demoCompanySite } from '../src/db/seed/demo-organisation';
import {
  ANCHOR_BYTES,
  ANCHOR_FILE,
  autocannonApart,
  count,
  DASHBOARD_URL,
  describeCounts,
  firstPageQuery,
  listNamed,
  loadAverage,
  machineLine,
  middleRow,
  openSeeded,
  presetOf,
  print,
  searchQuery,
  searchTexts,
  signIn,
  siteAttendanceQuery,
  startServer,
  tableCounts,
  writeStaticDir,
  type RunningServer,
  type SignedInUser,
} from './support';

const CONNECTIONS = 100;
const PROCESS_COUNTS = [1, 2, 4];
/** Issue 20's goal: PostgreSQL with 2 processes serves this many times one SQLite process's lists. */
const GOAL_RATIO = 1.6;
/**
 * Calls made to each case before its load, one after another: each must answer 200 (a wrong URL
 * would otherwise be measured as a fast error), and every process has then served the case.
 */
const WARM_UP_CALLS = 20;
/** What the console's browser sends with every call; the anchor gets it too. */
const ACCEPT_ENCODING = { 'accept-encoding': 'br, gzip' };
/** Clock ticks a second of the CPU times in /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;
/**
 * After a load, the CPU time is read every SETTLE_STEP_MS until the server and its backends used
 * less than IDLE_CPU_MS in a step (idle), for SETTLE_LIMIT_MS at most.
 */
const SETTLE_STEP_MS = 500;
const IDLE_CPU_MS = 20;
const SETTLE_LIMIT_MS = 30_000;

const root = path.resolve(import.meta.dirname, '../..');

type Role = 'superadmin' | 'company';

interface LoadCase {
  label: string;
  /** Who asks; null for the static file, which needs no sign-in. */
  role: Role | null;
  url: string;
  query: Record<string, string>;
  /** A list call: the goal's ratio counts these. */
  list: boolean;
}

interface Engine {
  name: 'SQLite' | 'PostgreSQL';
  databaseUrl: string | null;
}

/** One case's load on one configuration, and the CPU time it cost per request sent. */
interface Measured {
  load: Result;
  /** CPU ms of the server's processes. */
  serverCpu: number;
  /** CPU ms of the PostgreSQL backends serving the database; null on SQLite or a remote server. */
  postgresCpu: number | null;
}

interface Configuration {
  engine: Engine;
  processes: number;
  loadAtStart: string;
  loadAtEnd: string;
  /** The server's message when it refused to start with these settings. */
  refused: string | null;
  results: Map<string, Measured>;
}

/**
 * The cases, asked as the list bench asks them. The visitor search's text is the full name in the
 * middle row of the superadmin's visitor list, by the list bench's rule, read once from the first
 * server so that every configuration searches for the same text.
 */
async function loadCases(superadmin: SignedInUser, site: string): Promise<LoadCase[]> {
  const guards = listNamed('guards');
  const visitors = listNamed('visitors');
  const attendance = listNamed('attendance');
  const row = await middleRow(
    (query) => superadmin.call(visitors.url, query),
    firstPageQuery(visitors),
  );
  const fullName = searchTexts(row, visitors.kinds).find(([, kind]) => kind === 'full name');
  if (fullName === undefined) throw new Error('The visitor list has no row to take a name from.');
  return [
    {
      label: `static file, ${ANCHOR_BYTES} bytes (anchor)`,
      role: null,
      url: `/${ANCHOR_FILE}`,
      query: {},
      list: false,
    },
    {
      label: 'guards: first page (superadmin)',
      role: 'superadmin',
      url: guards.url,
      query: firstPageQuery(guards),
      list: true,
    },
    {
      label: `visitors: search '${fullName[0]}' (superadmin)`,
      role: 'superadmin',
      url: visitors.url,
      query: searchQuery(visitors, fullName[0]),
      list: true,
    },
    {
      label: 'dashboard: figures (superadmin)',
      role: 'superadmin',
      url: DASHBOARD_URL,
      query: {},
      list: false,
    },
    {
      label: 'attendance: one site (company)',
      role: 'company',
      url: attendance.url,
      query: siteAttendanceQuery(site),
      list: true,
    },
  ];
}

/**
 * Gives the PostgreSQL database at `url` the SQLite data set's rows: copies them with
 * `npm run db:copy` when it holds none, reuses it when it holds as many rows of each large table
 * (a copy made by an earlier run), and stops otherwise, since two data sets would not compare.
 */
async function copyIntoPostgres(dataDir: string, url: string, sqliteCounts: string) {
  const target = await openConfiguredDatabase({ dataDir, databaseUrl: url });
  const targetCounts = await tableCounts(target);
  await target.destroy();
  if (targetCounts.guards > 0) {
    if (describeCounts(targetCounts) !== sqliteCounts) {
      throw new Error(
        `The PostgreSQL database holds other data (${describeCounts(targetCounts)}; the SQLite data set: ${sqliteCounts}). Name an empty database.`,
      );
    }
    print(`PostgreSQL: reusing the copy in ${new URL(url).pathname.slice(1)}.`);
    return;
  }
  const copy = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'server/src/cli/db-copy.ts',
      '--from',
      `sqlite:${path.join(dataDir, DATABASE_FILE)}`,
      '--to',
      url,
    ],
    { cwd: root, stdio: 'inherit' },
  );
  if (copy.status !== 0) throw new Error('db:copy failed (its message is above).');
}

interface ProcessEntry {
  pid: number;
  ppid: number;
  commandLine: string;
  cpuMs: number;
}

/** Every process /proc shows, with its parent and the CPU time it has used; none without /proc. */
function processes(): ProcessEntry[] {
  if (!existsSync('/proc')) return [];
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        // The fields after the command's name, which is in parentheses and may hold spaces.
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const ticks = Number(fields[11]) + Number(fields[12]);
        return [
          {
            pid: Number(name),
            ppid: Number(fields[1]),
            commandLine: readFileSync(`/proc/${name}/cmdline`, 'utf8').replaceAll('\0', ' '),
            cpuMs: (ticks * 1000) / TICKS_PER_SECOND,
          },
        ];
      } catch {
        return []; // it ended meanwhile
      }
    });
}

/**
 * The title PostgreSQL gives the backends of a database ("postgres: user database host ..."):
 * theirs is the CPU time the database spends on the server's queries, when it runs on this
 * machine. The user is the URL's, or pg's default.
 */
function backendTitle(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  const user = decodeURIComponent(url.username) || process.env.PGUSER || userInfo().username;
  return `postgres: ${user} ${decodeURIComponent(url.pathname.slice(1))} `;
}

/**
 * CPU ms used so far by the server (its first process and the workers it forked) and by the
 * backends titled `backends`; null for the backends when there are none here to read.
 */
function cpuUsed(serverPid: number, backends: string | null) {
  const all = processes();
  const sum = (entries: ProcessEntry[]) => entries.reduce((total, p) => total + p.cpuMs, 0);
  const serving = all.filter((p) => backends !== null && p.commandLine.startsWith(backends));
  return {
    server: sum(all.filter((p) => p.pid === serverPid || p.ppid === serverPid)),
    postgres: serving.length === 0 ? null : sum(serving),
  };
}

/**
 * Waits until the server and its backends are idle: autocannon stops with up to a request per
 * connection still queued, and the server does their work after it; that work is counted, with
 * the requests autocannon sent.
 */
async function settle(serverPid: number, backends: string | null): Promise<void> {
  const total = () => {
    const used = cpuUsed(serverPid, backends);
    return used.server + (used.postgres ?? 0);
  };
  let last = total();
  for (let waited = 0; waited < SETTLE_LIMIT_MS; waited += SETTLE_STEP_MS) {
    await new Promise((resolve) => setTimeout(resolve, SETTLE_STEP_MS));
    const now = total();
    if (now - last < IDLE_CPU_MS) return;
    last = now;
  }
}

function headersOf(users: Record<Role, SignedInUser>, role: Role | null): Record<string, string> {
  return role === null ? ACCEPT_ENCODING : users[role].headers;
}

/**
 * One configuration: the server started with `processes` processes on `engine`, every case
 * warmed up and then loaded in turn, the server stopped (SIGTERM, waiting for every process to
 * exit) before the next configuration starts.
 */
async function measure(options: {
  engine: Engine;
  processes: number;
  dataDir: string;
  staticDir: string;
  seconds: number;
  casesOf: (superadmin: SignedInUser) => Promise<LoadCase[]>;
}): Promise<Configuration> {
  const { engine, processes } = options;
  const configuration: Configuration = {
    engine,
    processes,
    loadAtStart: loadAverage(),
    loadAtEnd: '',
    refused: null,
    results: new Map(),
  };
  let server: RunningServer;
  try {
    server = await startServer({
      DATA_DIR: options.dataDir,
      DATABASE_URL: engine.databaseUrl ?? '',
      WORKERS: String(processes),
      STATIC_DIR: options.staticDir,
      DEMO_DATA: 'off',
      LOG_LEVEL: 'error',
    });
  } catch (error) {
    configuration.refused = error instanceof Error ? error.message : String(error);
    configuration.loadAtEnd = loadAverage();
    return configuration;
  }
  try {
    const users = {
      superadmin: await signIn(server.origin, SUPERADMIN_EMAIL),
      company: await signIn(server.origin, COMPANY_EMAIL),
    };
    const cases = await options.casesOf(users.superadmin);
    for (const entry of cases) {
      const url = `${server.origin}${entry.url}?${new URLSearchParams(entry.query)}`;
      for (let call = 0; call < WARM_UP_CALLS; call++) {
        const answer = await fetch(url, { headers: headersOf(users, entry.role) });
        await answer.arrayBuffer();
        if (answer.status !== 200) throw new Error(`${entry.label}: ${answer.status}`);
      }
    }
    const backends = engine.databaseUrl === null ? null : backendTitle(engine.databaseUrl);
    for (const entry of cases) {
      const before = cpuUsed(server.pid, backends);
      const load = await autocannonApart({
        url: `${server.origin}${entry.url}?${new URLSearchParams(entry.query)}`,
        connections: CONNECTIONS,
        seconds: options.seconds,
        headers: headersOf(users, entry.role),
      });
      await settle(server.pid, backends);
      const after = cpuUsed(server.pid, backends);
      const perRequest = (ms: number) => ms / load.requests.sent;
      configuration.results.set(entry.label, {
        load,
        serverCpu: perRequest(after.server - before.server),
        postgresCpu:
          after.postgres === null ? null : perRequest(after.postgres - (before.postgres ?? 0)),
      });
    }
  } finally {
    await server.stop();
  }
  configuration.loadAtEnd = loadAverage();
  return configuration;
}

function nameOf(configuration: Configuration): string {
  const { engine, processes } = configuration;
  return `${engine.name}, ${processes} process${processes === 1 ? '' : 'es'}`;
}

const COLUMNS = [
  ['req/s', 7],
  ['of static', 9],
  ['p50 ms', 7],
  ['p99 ms', 7],
  ['errors', 6],
  ['timeouts', 8],
  ['not 2xx', 7],
  ['CPU ms', 6],
  ['PG CPU', 6],
] as const;
const CASE_WIDTH = 52;
const SERVER_WIDTH = 24;

function printTable(cases: LoadCase[], configurations: Configuration[]): void {
  print(
    "errors: every request that failed, timeouts among them. CPU ms: CPU time per request sent of the server's processes; PG CPU: of the PostgreSQL backends serving its database (when on this machine); both read from /proc once the server is idle again.",
  );
  print(
    `${'case'.padEnd(CASE_WIDTH)} ${'server'.padEnd(SERVER_WIDTH)} ${COLUMNS.map(([title, width]) => title.padStart(width)).join(' ')}`,
  );
  const anchor = cases[0]?.label ?? '';
  for (const entry of cases) {
    configurations.forEach((configuration, i) => {
      const label = (i === 0 ? entry.label : '').padEnd(CASE_WIDTH);
      const server = nameOf(configuration).padEnd(SERVER_WIDTH);
      const measured = configuration.results.get(entry.label);
      if (measured === undefined) {
        print(`${label} ${server} ${configuration.refused === null ? 'not run' : 'refused'}`);
        return;
      }
      const result = measured.load;
      if (result.requests.total === 0) {
        print(`${label} ${server} no answer within the run (${result.errors} errors)`);
        return;
      }
      const staticRate = configuration.results.get(anchor)?.load.requests.average ?? NaN;
      const cells = [
        result.requests.average.toFixed(0),
        `${((100 * result.requests.average) / staticRate).toFixed(0)} %`,
        String(result.latency.p50),
        String(result.latency.p99),
        String(result.errors),
        String(result.timeouts),
        String(result.non2xx),
        measured.serverCpu.toFixed(1),
        measured.postgresCpu === null ? '' : measured.postgresCpu.toFixed(1),
      ];
      print(
        `${label} ${server} ${cells.map((cell, c) => cell.padStart(COLUMNS[c]?.[1] ?? 0)).join(' ')}`.trimEnd(),
      );
    });
  }
}

/** The ratio of PostgreSQL with 2 processes to SQLite with 1 for each case, and issue 20's goal. */
function printGoal(cases: LoadCase[], configurations: Configuration[]): void {
  const find = (engine: Engine['name'], processes: number) =>
    configurations.find((c) => c.engine.name === engine && c.processes === processes);
  const sqlite = find('SQLite', 1);
  const postgres = find('PostgreSQL', 2);
  if (sqlite === undefined || postgres === undefined || postgres.refused !== null) {
    print('PostgreSQL with 2 processes was not measured (--postgres URL): no ratio to the goal.');
    return;
  }
  print(
    `PostgreSQL, 2 processes / SQLite, 1 process, req/s (issue 20's goal: ≥ ${GOAL_RATIO}× on the lists, no timeouts at ${CONNECTIONS} connections):`,
  );
  const met: boolean[] = [];
  for (const entry of cases) {
    const sqliteRate = sqlite.results.get(entry.label)?.load.requests.average ?? 0;
    const ratio = (postgres.results.get(entry.label)?.load.requests.average ?? 0) / sqliteRate;
    // Without an answer from SQLite there is nothing to compare with: the goal is not shown met.
    const reached = sqliteRate > 0 && ratio >= GOAL_RATIO;
    const verdict = entry.list ? (reached ? 'met' : 'MISSED') : '(no goal)';
    if (entry.list) met.push(reached);
    const shown = sqliteRate > 0 ? `${ratio.toFixed(2)}×` : 'no SQLite answers';
    print(`  ${entry.label.padEnd(CASE_WIDTH)} ${shown.padStart(7)}  ${verdict}`);
  }
  const timeouts = [...postgres.results.values()].reduce((sum, r) => sum + r.load.timeouts, 0);
  print(
    `  timeouts with PostgreSQL, 2 processes, in all ${postgres.results.size} cases: ${timeouts}  ${timeouts === 0 ? 'met' : 'MISSED'}`,
  );
  print(
    `Goal: ${met.every(Boolean) && timeouts === 0 ? 'met' : 'MISSED'} (${met.filter(Boolean).length} of ${met.length} lists at ≥ ${GOAL_RATIO}×, ${timeouts} timeouts).`,
  );
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      size: { type: 'string', default: '100k' },
      'data-dir': { type: 'string' },
      postgres: { type: 'string' },
      seconds: { type: 'string' },
    },
  });
  const sizes = presetOf(values.size);
  const seconds = Math.max(1, count('seconds', values.seconds, 20));
  const postgresUrl = values.postgres ?? (process.env.DATABASE_URL || null);
  const keep = values['data-dir'] !== undefined;
  const dataDir = path.resolve(
    values['data-dir'] ?? mkdtempSync(path.join(tmpdir(), 'guard-console-load-')),
  );
  const staticDir = writeStaticDir();
  try {
    const sqlite = await openSeeded(dataDir, null, sizes);
    // A site of the company login's company that takes attendance: its attendance is a case.
    const { uuid: site } = await demoCompanySite(sqlite, 'kipleguard_attendance');
    const sqliteCounts = describeCounts(await tableCounts(sqlite));
    await sqlite.destroy();
    print(`Data set: ${sqliteCounts}.`);
    if (postgresUrl !== null) await copyIntoPostgres(dataDir, postgresUrl, sqliteCounts);

    const engines: Engine[] = [
      { name: 'SQLite', databaseUrl: null },
      ...(postgresUrl === null ? [] : [{ name: 'PostgreSQL' as const, databaseUrl: postgresUrl }]),
    ];
    print(machineLine());
    print(
      `${CONNECTIONS} connections, ${seconds} s a case, loopback; autocannon in a process of its own, its timeout 10 s.`,
    );
    let cases: LoadCase[] | null = null;
    const casesOf = async (superadmin: SignedInUser) =>
      (cases ??= await loadCases(superadmin, site));
    const configurations: Configuration[] = [];
    for (const engine of engines) {
      for (const processes of PROCESS_COUNTS) {
        const configuration = await measure({
          engine,
          processes,
          dataDir,
          staticDir,
          seconds,
          casesOf,
        });
        configurations.push(configuration);
        print(
          `${nameOf(configuration).padEnd(SERVER_WIDTH)} ${configuration.refused === null ? `load average ${configuration.loadAtStart} at its start, ${configuration.loadAtEnd} at its end` : `refused: ${configuration.refused}`}`,
        );
      }
    }
    if (cases === null) throw new Error('No configuration started.');

    print();
    printTable(cases, configurations);
    print();
    printGoal(cases, configurations);
    print(`Load average at the end: ${loadAverage()}.`);
  } finally {
    rmSync(staticDir, { recursive: true, force: true });
    if (!keep) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
