// `npm run bench:statements -- [--size 10k|100k|1m] [--calls 2000] [--rounds 3]`: the CPU one first
// page of guards costs the server on SQLite, with its prepared statements kept
// (engine/statement-cache.ts) and without, in alternating rounds in this one process, through
// app.inject (no network, so the figure is the server's own work: routing, session, SQL, JSON).
// Seeds the demo and the size's large data set into a temporary directory, removed afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Kysely, SqliteDialect } from 'kysely';
import { buildApp } from '../src/app';
import { readConfig } from '../src/config';
import { openSqlite, type DB } from '../src/db/database';
import { withStatementCache } from '../src/db/engine/statement-cache';
import { DATABASE_FILE } from '../src/db/open-data-dir';
import type { Database } from '../src/db/schema';
import { DEMO_PASSWORD } from '../src/db/seed/demo';
import {
  APP_KEY,
  count,
  firstPageQuery,
  listNamed,
  loadAverage,
  machineLine,
  openSeeded,
  presetOf,
  print,
} from './support';

const COMPANY = 'company@example.com';

function open(file: string, cached: boolean): DB {
  const sqlite = openSqlite(file);
  return new Kysely<Database>({
    dialect: new SqliteDialect({ database: cached ? withStatementCache(sqlite) : sqlite }),
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      size: { type: 'string', default: '10k' },
      calls: { type: 'string' },
      rounds: { type: 'string' },
    },
  });
  const calls = count('calls', values.calls, 2000);
  const rounds = count('rounds', values.rounds, 3);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'guard-console-statements-'));
  try {
    (await openSeeded(dataDir, null, presetOf(values.size ?? '10k'))).destroy();
    const config = readConfig({ DATA_DIR: dataDir, APP_KEYS: APP_KEY, STATIC_DIR: '' });
    const page = firstPageQuery(listNamed('guards'));
    const apps = await Promise.all(
      [true, false].map(async (cached) => {
        const db = open(path.join(dataDir, DATABASE_FILE), cached);
        const app = await buildApp({ config, db });
        const signedIn = await app.inject({
          method: 'POST',
          url: '/kgapi/admin/session',
          headers: { 'x-application-key': APP_KEY },
          payload: { identifier: COMPANY, challenge: DEMO_PASSWORD },
        });
        const token = signedIn.json<{ session_token: string }>().session_token;
        const call = () =>
          app.inject({
            url: '/kgapi/guards/list',
            query: page,
            headers: { 'x-application-key': APP_KEY, authorization: `Bearer ${token}` },
          });
        for (let i = 0; i < 200; i += 1) await call();
        return { cached, app, db, call, cpu: [] as number[] };
      }),
    );
    print(machineLine());
    print(`Guards' first page as ${COMPANY}, ${calls} calls a round, load ${loadAverage()}`);
    for (let round = 0; round < rounds; round += 1) {
      for (const run of apps) {
        const before = process.cpuUsage();
        for (let i = 0; i < calls; i += 1) await run.call();
        const used = process.cpuUsage(before);
        run.cpu.push((used.user + used.system) / calls / 1000);
      }
    }
    for (const run of apps) {
      const sorted = [...run.cpu].sort((a, b) => a - b);
      print(
        `  statements ${run.cached ? 'kept    ' : 'prepared'}: ${sorted[Math.floor(sorted.length / 2)]?.toFixed(3)} ms CPU a page (median of ${rounds} rounds: ${run.cpu.map((v) => v.toFixed(2)).join(', ')})`,
      );
      await run.app.close();
      await run.db.destroy();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
