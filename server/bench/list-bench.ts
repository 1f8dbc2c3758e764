// `npx tsx server/bench/list-bench.ts [--guards 20000] [--attendance 200000] [--runs 20]
//   [--data-dir DIR]`: times the guards and attendance list calls on a large data set, through the
// real app (app.inject) and per SQL statement. Without --data-dir it seeds a fresh temporary
// database and removes it afterwards; with one, it seeds only an empty database and keeps it, so
// a second run (say at 100,000 guards and 1,000,000 rows) can skip the seeding.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import { buildApp } from '../src/app';
import { readConfig } from '../src/config';
import { openDatabase } from '../src/db/database';
import { DATABASE_FILE, openDataDir } from '../src/db/open-data-dir';
import type { Database } from '../src/db/schema';
import { DEMO_PASSWORD, seedDemoData } from '../src/db/seed/demo';
import { seedLargeData } from '../src/db/seed/large';

const APP_KEY = 'bench-app-key';

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

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      guards: { type: 'string' },
      attendance: { type: 'string' },
      runs: { type: 'string' },
      'data-dir': { type: 'string' },
    },
  });
  const guards = count('guards', values.guards, 20_000);
  const attendance = count('attendance', values.attendance, 200_000);
  const runs = Math.max(1, count('runs', values.runs, 20));
  const keep = values['data-dir'] !== undefined;
  const dataDir = values['data-dir'] ?? mkdtempSync(path.join(tmpdir(), 'guard-console-bench-'));

  try {
    const seedDb = await openDataDir(dataDir);
    const started = performance.now();
    if (await seedDemoData(seedDb, { dataDir })) {
      print(`Seeding ${guards} guards and ${attendance} attendance rows in ${dataDir} ...`);
      await seedLargeData(seedDb, { dataDir, guards, attendance });
      print(`Seeded in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    } else {
      print(`Reusing the data in ${dataDir}.`);
    }
    const totals = await seedDb
      .selectNoFrom((eb) => [
        eb.selectFrom('guards').select(eb.fn.countAll<number>().as('n')).as('guards'),
        eb.selectFrom('attendances').select(eb.fn.countAll<number>().as('n')).as('attendances'),
      ])
      .executeTakeFirstOrThrow();
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
      .where('user_profiles.email', '=', 'company@example.com')
      .where('residences.kipleguard_attendance', '=', 1)
      .where('residences.deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    await seedDb.destroy();
    print(`Database: ${totals.guards} guards, ${totals.attendances} attendance rows.`);

    let statements: Array<{ sql: string; ms: number }> = [];
    const db = openTimed(path.join(dataDir, DATABASE_FILE), (sql, ms) =>
      statements.push({ sql, ms }),
    );
    const config = readConfig({ DATA_DIR: dataDir, APP_KEYS: APP_KEY, STATIC_DIR: '' });
    const app = await buildApp({ config, db });

    async function token(email: string): Promise<string> {
      const answer = await app.inject({
        method: 'POST',
        url: '/kgapi/admin/session',
        headers: { 'x-application-key': APP_KEY },
        payload: { identifier: email, challenge: DEMO_PASSWORD },
      });
      return answer.json<{ session_token: string }>().session_token;
    }
    const callers = {
      superadmin: await token('superadmin@example.com'),
      company: await token('company@example.com'),
    };

    async function call(caller: keyof typeof callers, url: string, query: Record<string, string>) {
      const answer = await app.inject({
        method: 'GET',
        url,
        query,
        headers: { 'x-application-key': APP_KEY, authorization: `Bearer ${callers[caller]}` },
      });
      if (answer.statusCode !== 200) throw new Error(`${url}: ${answer.statusCode} ${answer.body}`);
      return answer.json<{ resource: Array<Record<string, unknown>>; meta?: { count: number } }>();
    }

    const header = `${'case'.padEnd(52)} ${'request p50/p95'.padStart(17)} ${'page p50/p95'.padStart(15)} ${'count p50/p95'.padStart(15)} ${'rows'.padStart(9)}`;
    const ms = (values: number[]) =>
      `${percentile(values, 50).toFixed(1)}/${percentile(values, 95).toFixed(1)}`;

    async function measure(
      label: string,
      caller: keyof typeof callers,
      url: string,
      query: Record<string, string>,
    ): Promise<void> {
      const request: number[] = [];
      const page: number[] = [];
      const counted: number[] = [];
      let rows = 0;
      for (let run = -2; run < runs; run++) {
        statements = [];
        const start = performance.now();
        const answer = await call(caller, url, query);
        const elapsed = performance.now() - start;
        rows = answer.meta?.count ?? 0;
        if (run < 0) continue; // warm-up
        request.push(elapsed);
        const countMs = statements
          .filter((s) => s.sql.startsWith('select count(*)'))
          .reduce((sum, s) => sum + s.ms, 0);
        // The page select is the statement with `limit ?`; the sites of the page are the rest.
        const pageMs = statements
          .filter((s) => s.sql.includes(' limit ? offset ?'))
          .reduce((sum, s) => sum + s.ms, 0);
        page.push(pageMs);
        counted.push(countMs);
      }
      print(
        `${label.padEnd(52)} ${ms(request).padStart(17)} ${ms(page).padStart(15)} ${ms(counted).padStart(15)} ${String(rows).padStart(9)}`,
      );
    }

    const first = { limit: '8', offset: '0' };
    const guardCount =
      (await call('superadmin', '/kgapi/guards/list', { limit: '1' })).meta?.count ?? 0;
    const attendanceCount =
      (await call('superadmin', '/kgapi/attendances/list', { limit: '1' })).meta?.count ?? 0;
    const [someGuard] = (await call('superadmin', '/kgapi/guards/list', first)).resource;
    const search = (fields: string[], text: string) =>
      fields.map((field) => `(${field} like '%${text}%')`).join(' OR ');

    print();
    print(`${runs} runs per case after 2 warm-ups; times in ms; rows = meta.count.`);
    print(header);
    await measure('dashboard: figures (superadmin)', 'superadmin', '/kgapi/dashboard/data', {});
    await measure('dashboard: figures (company)', 'company', '/kgapi/dashboard/data', {});
    await measure('dashboard: one site (company)', 'company', '/kgapi/dashboard/sitedata', {
      filter: `(residence_uuid='${site}')`,
    });
    const guardsUrl = '/kgapi/guards/list';
    const guardSearch = search(['guard_id', 'name', 'security_company_name'], 'siti');
    await measure('guards: first page (superadmin)', 'superadmin', guardsUrl, first);
    await measure('guards: first page (company)', 'company', guardsUrl, first);
    await measure('guards: deep page (superadmin, last page)', 'superadmin', guardsUrl, {
      limit: '8',
      offset: String(Math.max(0, guardCount - 8)),
    });
    await measure("guards: search 'siti' (superadmin)", 'superadmin', guardsUrl, {
      ...first,
      filter: guardSearch,
    });
    await measure("guards: search 'zzzq' (nothing matches)", 'superadmin', guardsUrl, {
      ...first,
      filter: search(['guard_id', 'name', 'security_company_name'], 'zzzq'),
    });
    await measure("guards: search 'G-0042' (company)", 'company', guardsUrl, {
      ...first,
      filter: search(['guard_id', 'name', 'security_company_name'], 'G-0042'),
    });
    await measure('guards: by site (company)', 'company', guardsUrl, {
      ...first,
      filter: `(residence_uuid='${site}')`,
    });
    await measure('guards: sorted by name (superadmin)', 'superadmin', guardsUrl, {
      ...first,
      order: 'name asc',
    });

    const attendanceUrl = '/kgapi/attendances/list';
    await measure('attendance: first page (superadmin)', 'superadmin', attendanceUrl, first);
    await measure('attendance: first page (company)', 'company', attendanceUrl, first);
    await measure('attendance: deep page (superadmin, last page)', 'superadmin', attendanceUrl, {
      limit: '8',
      offset: String(Math.max(0, attendanceCount - 8)),
    });
    await measure("attendance: search 'siti' (superadmin)", 'superadmin', attendanceUrl, {
      ...first,
      filter: search(['guard_id', 'guard_name', 'residence_name'], 'siti'),
    });
    await measure("attendance: search 'G-0042' (company)", 'company', attendanceUrl, {
      ...first,
      filter: search(['guard_id', 'guard_name', 'residence_name'], 'G-0042'),
    });
    await measure('attendance: one guard (superadmin)', 'superadmin', attendanceUrl, {
      ...first,
      filter: `(kg_guard_uuid='${String(someGuard?.uuid)}')`,
    });
    await measure('attendance: one site, attendance on (company)', 'company', attendanceUrl, {
      ...first,
      filter: `(residence_uuid='${site}') AND (residence_kipleguard_attendance_enabled=1)`,
    });
    await measure('attendance: sorted by guard name (superadmin)', 'superadmin', attendanceUrl, {
      ...first,
      order: 'guard_name asc',
    });
    await measure('attendance: export page of 500 (superadmin)', 'superadmin', attendanceUrl, {
      limit: '500',
      offset: '5000',
    });

    await app.close();
    await db.destroy();
  } finally {
    if (!keep) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
