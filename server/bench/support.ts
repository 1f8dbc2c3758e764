// What the benches share: the data sets and their seeding, the lists as the console asks for them,
// signing in, the static anchor file, the real server as a child process, and autocannon run in a
// process of its own.
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { Result } from 'autocannon';
// The bench sends the console's own search filters, so it builds them with the console's code.
// eslint-disable-next-line no-restricted-imports
import { keywordFilter } from '../../src/api/filters';
import type { DB } from '../src/db/database';
import { openConfiguredDatabase } from '../src/db/open-data-dir';
import { DEMO_PASSWORD, seedDemoData } from '../src/db/seed/demo';
import { seedLargeData } from '../src/db/seed/large';

export const APP_KEY = 'bench-app-key';
const root = path.resolve(import.meta.dirname, '../..');

export function print(line = ''): void {
  process.stdout.write(`${line}\n`);
}

/** The value of a whole-number option `--name`, or `fallback` when it is not given. */
export function count(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const number = Number(value.replaceAll('_', ''));
  if (!Number.isSafeInteger(number) || number < 0) {
    throw new Error(`--${name} must be a whole number of 0 or more, not '${value}'.`);
  }
  return number;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

export function loadAverage(): string {
  return loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');
}

/** The date, the machine and its load: what a figure printed after it was measured on. */
export function machineLine(): string {
  return `${new Date().toISOString()}; ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.versions.node}; load average at the start: ${loadAverage()}.`;
}

/** Data set sizes by attendance rows, in the proportions of one company year to its guards. */
const PRESETS = {
  '10k': { guards: 1_000, attendance: 10_000, visitors: 2_000, incidents: 500 },
  '100k': { guards: 10_000, attendance: 100_000, visitors: 20_000, incidents: 5_000 },
  '1m': { guards: 100_000, attendance: 1_000_000, visitors: 200_000, incidents: 50_000 },
} as const;

type Preset = keyof typeof PRESETS;

export function presetOf(size: string): (typeof PRESETS)[Preset] {
  const preset = PRESETS[size as Preset] as (typeof PRESETS)[Preset] | undefined;
  if (preset === undefined) {
    throw new Error(`--size must be one of ${Object.keys(PRESETS).join(', ')}, not '${size}'.`);
  }
  return preset;
}

/**
 * The data set's database (PostgreSQL at `databaseUrl`, else the SQLite file in `dataDir`),
 * migrated; when it is empty, the demo and then `sizes` of large data are seeded into it.
 */
export async function openSeeded(
  dataDir: string,
  databaseUrl: string | null,
  sizes: { guards: number; attendance: number; visitors: number; incidents: number },
): Promise<DB> {
  const db = await openConfiguredDatabase({ dataDir, databaseUrl });
  const started = performance.now();
  if (await seedDemoData(db, { dataDir })) {
    print(
      `Seeding ${sizes.guards} guards, ${sizes.attendance} attendance rows, ${sizes.visitors} visitor passes and ${sizes.incidents} incidents in ${dataDir} ...`,
    );
    await seedLargeData(db, { dataDir, ...sizes });
    print(`Seeded in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  } else {
    print(`Reusing the data in ${dataDir}.`);
  }
  return db;
}

const COUNTED_TABLES = ['guards', 'attendances', 'visitors', 'incidents'] as const;

/** The row counts of the large tables, which tell two data sets apart. */
export async function tableCounts(
  db: DB,
): Promise<Record<(typeof COUNTED_TABLES)[number], number>> {
  const totals = await Promise.all(
    COUNTED_TABLES.map(async (table) => {
      const { n } = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return [table, Number(n)] as const;
    }),
  );
  return Object.fromEntries(totals) as Record<(typeof COUNTED_TABLES)[number], number>;
}

export function describeCounts(counts: Record<string, number>): string {
  return Object.entries(counts)
    .map(([table, n]) => `${n} ${table}`)
    .join(', ');
}

/** The static file timed beside the cases: what any request costs on this machine at this moment. */
export const ANCHOR_FILE = 'anchor.txt';
export const ANCHOR_BYTES = 1024;

/** A temporary STATIC_DIR holding the console's index page (a stub) and the anchor file. */
export function writeStaticDir(): string {
  const staticDir = mkdtempSync(path.join(tmpdir(), 'guard-console-bench-static-'));
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>bench</title>');
  writeFileSync(path.join(staticDir, ANCHOR_FILE), 'x'.repeat(ANCHOR_BYTES));
  return staticDir;
}

/**
 * Each list as the console asks for it (src/api/<list>.ts): its URL, the fields its search box
 * looks in (and which of them hold a full name, an id or a plate), its default order and what it
 * embeds. The field lists repeat the console's, since the bench must send what the console sends.
 */
export const LISTS = [
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

export type List = (typeof LISTS)[number];

export function listNamed(name: List['name']): List {
  const list = LISTS.find((entry) => entry.name === name);
  if (list === undefined) throw new Error(`No list named ${name}.`);
  return list;
}

/** The list's first page as the console asks for it: 8 rows in its default order. */
export function firstPageQuery(list: List): Record<string, string> {
  return {
    order: list.order,
    limit: '8',
    offset: '0',
    ...('related' in list ? { related: list.related } : {}),
    ...('fixed' in list ? { filter: list.fixed } : {}),
  };
}

/** The first page of the list's search box with `text` typed in it. */
export function searchQuery(list: List, text: string): Record<string, string> {
  return {
    ...firstPageQuery(list),
    filter: ['fixed' in list ? list.fixed : null, keywordFilter(list.search, text)]
      .filter(Boolean)
      .map((part) => `(${part})`)
      .join(' AND '),
  };
}

/** The attendance of one site as a company user's site screen asks for it. */
export function siteAttendanceQuery(site: string): Record<string, string> {
  return {
    ...firstPageQuery(listNamed('attendance')),
    filter: `(residence_uuid='${site}') AND (residence_kipleguard_attendance_enabled=1)`,
  };
}

export const DASHBOARD_URL = '/kgapi/dashboard/data';

type Row = Record<string, unknown>;
export interface ListAnswer {
  resource: Row[];
  meta?: { count: number; count_capped?: true };
}

/** Text no record holds: a search that must still not scan. */
const NOTHING = 'zzzq';
/**
 * Text most sites' names hold ('Residensi …', '… Residences'): a search most rows match, timed
 * for a company user, first page and the next (asked without a count, as the console pages).
 */
const BROAD = 'Resid';
/** Two letters, below the trigram indexes' three: a common surname ("Ng"), read by LIKE. */
const TWO_LETTERS = 'ng';

/**
 * The searches timed on every list, one per kind, each chosen from the data by a fixed rule (see
 * searchTexts), so that two data sets seeded alike time the same kinds of search.
 */
type SearchKind = 'full name' | 'id' | 'plate' | 'none' | 'broad' | 'two letters';

/**
 * The row the rule reads: the one in the middle of the caller's list in its default order, so
 * that neither the newest rows (the demo's) nor the oldest decide what is searched.
 */
export async function middleRow(
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
export function searchTexts(
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

/** A signed-in user of the server at `origin`: the headers the console sends, and its calls. */
export interface SignedInUser {
  headers: Record<string, string>;
  /** One call as the console makes it; null when the role may not make it (403). */
  call(url: string, query: Record<string, string>): Promise<ListAnswer | null>;
}

export async function signIn(origin: string, email: string): Promise<SignedInUser> {
  const answer = await fetch(`${origin}/kgapi/admin/session`, {
    method: 'POST',
    headers: { 'x-application-key': APP_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: email, challenge: DEMO_PASSWORD }),
  });
  if (answer.status !== 200) throw new Error(`Sign-in as ${email}: ${answer.status}`);
  const { session_token: token } = (await answer.json()) as { session_token: string };
  const headers = {
    'x-application-key': APP_KEY,
    authorization: `Bearer ${token}`,
    'accept-encoding': 'br, gzip',
  };
  return {
    headers,
    async call(url, query) {
      const reply = await fetch(`${origin}${url}?${new URLSearchParams(query)}`, { headers });
      if (reply.status === 403) return null;
      if (reply.status !== 200) throw new Error(`${url}: ${reply.status} ${await reply.text()}`);
      return (await reply.json()) as ListAnswer;
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  origin: string;
  /** The server's first process: the only one, or the primary of WORKERS processes. */
  pid: number;
  /** SIGTERM, then resolves once every process of the server has exited. */
  stop(): Promise<void>;
}

/** How much of the server's output is kept for the message when it does not start. */
const KEPT_OUTPUT_CHARS = 4_000;

/**
 * Starts the real server (`npm run server`) as a child process on a free loopback port with the
 * settings in `env`, and resolves once it prints that it is running: with WORKERS above 1, the
 * primary prints that once every process listens. Rejects with the server's output when it ends
 * first (a setting it refuses) or does not start within `startSeconds`.
 */
export async function startServer(
  env: Record<string, string>,
  startSeconds = 120,
): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), APP_KEYS: APP_KEY, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  // Read for as long as the server runs: a full pipe would stop it at its next write.
  const read = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-KEPT_OUTPUT_CHARS);
  };
  child.stdout.on('data', read);
  child.stderr.on('data', read);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`The server did not start within ${startSeconds} s:\n${output}`));
    }, startSeconds * 1000);
    const started = () => {
      if (!output.includes('Guard Console is running')) return;
      clearTimeout(timer);
      child.stdout.off('data', started);
      resolve();
    };
    child.stdout.on('data', started);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(output.trim()));
    });
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Runs autocannon as a child process: in the server's own process, its clients share the one
 * event loop with the server, and the figures measure both at once.
 */
export function autocannonApart(options: {
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
