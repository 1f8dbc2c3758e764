// `npm run bench:audit -- --data-dir DIR [--entries 10000000] [--runs 20]`: the audit trail at
// scale (issue 21). Seeds the demo into DIR's database when it is empty and fills the audit table
// up to --entries synthetic entries (three companies' and the superadmin's, over the last two
// years, newest last), then times through HTTP, as the Audit Log asks: the first page for the
// superadmin and a company user, and the page's filters (a record's History, an action, a user,
// the last seven days, entity and action together, a search). Last it times what an audit entry
// adds to a write: one guard update in a transaction, with and without its entry. Each figure
// prints with its goal beside it (p95 < 50 ms for a page, p50 < 1 ms added to a write), with the
// date and the machine's load. With DATABASE_URL it runs on that PostgreSQL database instead.
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { buildApp } from '../src/app';
import { readConfig } from '../src/config';
import type { DB } from '../src/db/database';
import { openConfiguredDatabase } from '../src/db/open-data-dir';
import { seedDemoData } from '../src/db/seed/demo';
import { COMPANY_EMAIL, SUPERADMIN_EMAIL } from '../src/db/seed/demo-catalogue';
import { toDbTime } from '../src/db/time';
import { recordAudit, recordNames } from '../src/modules/audit/audit.repository';
import {
  APP_KEY,
  count,
  loadAverage,
  machineLine,
  percentile,
  print,
  signIn,
  writeStaticDir,
} from './support';

const GOAL_PAGE_MS = 50;
const GOAL_WRITE_ADDED_MS = 1;
const BATCH = 1000;
const DAY_MS = 86_400_000;
const ACTIONS = ['update', 'create', 'sign-in', 'check-in', 'shift-start', 'delete'] as const;
const GIVEN = [
  'Nur',
  'Ahmad',
  'Siti',
  'Muhammad',
  'Mei Ling',
  'Wei Jie',
  'Priya',
  'Arjun',
  'Aisyah',
  'Hafiz',
];
const FAMILY = [
  'Tan',
  'Lim',
  'Wong',
  'Rahman',
  'Ismail',
  'Kumar',
  'Nair',
  'Chong',
  'Abdullah',
  'Yusof',
];
/** A person's name from a number, as the demo's: 100 names, each shared by many records. */
const nameOf = (n: number) => `${GIVEN[n % 10]} ${FAMILY[Math.floor(n / 10) % 10]}`;
const ENTITIES = ['guard', 'site', 'login', 'visitor', 'attendance'] as const;

/** Fills the audit table up to `entries`, oldest first, spread over the last 730 days. */
async function fillAudit(db: DB, entries: number): Promise<void> {
  const { n } = await db
    .selectFrom('audit_entries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const have = Number(n);
  if (have >= entries) {
    print(`Reusing ${have.toLocaleString('en')} audit entries.`);
    return;
  }
  const companies = (await db.selectFrom('security_companies').select('uuid').execute()).map(
    (row) => row.uuid,
  );
  const actors = Array.from({ length: 200 }, () => randomUUID());
  const records = Array.from({ length: 20_000 }, () => randomUUID());
  const started = performance.now();
  const now = Date.now();
  print(`Writing ${(entries - have).toLocaleString('en')} audit entries ...`);
  for (let written = have; written < entries; written += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, entries - written) }, (_, i) => {
      const k = written + i;
      // A scrambled number per entry, so its action, record, actor and company vary apart.
      const r = Math.imul(k + 1, 2654435761) >>> 0;
      const record = (r >>> 5) % records.length;
      const actor = (r >>> 9) % actors.length;
      const at = now - 730 * DAY_MS + Math.floor(((k + 1) / entries) * 730 * DAY_MS);
      return {
        uuid: randomUUID(),
        created_at: toDbTime(new Date(Math.min(at, now - 60_000))),
        action: ACTIONS[r % ACTIONS.length] as string,
        entity: ENTITIES[(r >>> 3) % ENTITIES.length] as string,
        entity_uuid: records[record] ?? null,
        entity_label: nameOf(record),
        actor_uuid: actors[actor] ?? null,
        actor_name: nameOf(actor + 3),
        actor_role: 'securitycompany',
        security_company_uuid:
          (r >>> 13) % 10 === 0 ? null : (companies[(r >>> 17) % companies.length] ?? null),
        changes: JSON.stringify({ name: { before: `Old ${k}`, after: `New ${k}` } }),
        client_address: '10.0.0.1',
        user_agent: 'Mozilla/5.0 (bench)',
      };
    });
    await db.insertInto('audit_entries').values(rows).execute();
    await recordNames(
      db,
      rows.flatMap((row) => [row.actor_name, row.entity_label]),
    );
  }
  print(`Written in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}

function figures(times: number[]): { p50: number; p95: number } {
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'data-dir': { type: 'string' },
      entries: { type: 'string' },
      runs: { type: 'string' },
    },
  });
  const dataDir = values['data-dir'];
  if (dataDir === undefined) throw new Error('Give --data-dir DIR to keep the data set in.');
  const entries = count('entries', values.entries, 10_000_000);
  const runs = count('runs', values.runs, 20);
  const databaseUrl = process.env.DATABASE_URL || null;
  print(`Engine: ${databaseUrl === null ? 'SQLite' : 'PostgreSQL (DATABASE_URL)'}.`);
  const db = await openConfiguredDatabase({ dataDir, databaseUrl });
  await seedDemoData(db, { dataDir });
  await fillAudit(db, entries);
  print(machineLine());

  const config = readConfig({
    DATA_DIR: dataDir,
    APP_KEYS: APP_KEY,
    STATIC_DIR: writeStaticDir(),
    DATABASE_URL: databaseUrl ?? '',
    BACKUP_EVERY_HOURS: '0',
  });
  const app = await buildApp({ config, db });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const callers = {
    superadmin: await signIn(base, SUPERADMIN_EMAIL),
    company: await signIn(base, COMPANY_EMAIL),
  };
  const sample = await db
    .selectFrom('audit_entries')
    .select(['entity_uuid', 'actor_uuid'])
    .where('id', '=', Math.max(1, Math.floor(entries / 2)))
    .executeTakeFirst();
  const weekAgo = toDbTime(new Date(Date.now() - 7 * DAY_MS));
  const page = (filter?: string) => ({
    ...(filter ? { filter } : {}),
    order: 'id desc',
    limit: '8',
    offset: '0',
  });
  const cases: Array<{ label: string; caller: keyof typeof callers; query: object }> = [];
  for (const caller of Object.keys(callers) as Array<keyof typeof callers>) {
    cases.push(
      { label: `first page (${caller})`, caller, query: page() },
      {
        label: `a record's History (${caller})`,
        caller,
        query: page(`(entity_uuid = '${sample?.entity_uuid}')`),
      },
      { label: `action sign-in (${caller})`, caller, query: page(`(action = 'sign-in')`) },
      {
        label: `one user (${caller})`,
        caller,
        query: page(`(actor_uuid = '${sample?.actor_uuid}')`),
      },
      {
        label: `user named 'Siti Wong' (${caller})`,
        caller,
        query: page(`(actor_name like '%Siti Wong%')`),
      },
      {
        label: `last 7 days (${caller})`,
        caller,
        query: page(`(created_at >= '${weekAgo}')`),
      },
      {
        label: `guard updates (${caller})`,
        caller,
        query: page(`(entity = 'guard') AND (action = 'update')`),
      },
      {
        label: `search 'Priya Kumar' (${caller})`,
        caller,
        query: page(`((entity_label like '%Priya Kumar%') OR (actor_name like '%Priya Kumar%'))`),
      },
    );
  }
  const times = new Map<string, number[]>(cases.map((c) => [c.label, []]));
  const rows = new Map<string, string>();
  for (let round = 0; round < runs; round += 1) {
    for (const c of cases) {
      const started = performance.now();
      const answer = await callers[c.caller].call(
        '/kgapi/audit/list',
        c.query as Record<string, string>,
      );
      times.get(c.label)?.push(performance.now() - started);
      const meta = answer?.meta;
      rows.set(c.label, meta ? `${meta.count}${meta.count_capped ? '+' : ''}` : '');
    }
  }
  print();
  print(`GET /kgapi/audit/list, ${runs} rounds, ms p50/p95, goal p95 < ${GOAL_PAGE_MS}:`);
  for (const c of cases) {
    const { p50, p95 } = figures(times.get(c.label) ?? []);
    const met = p95 < GOAL_PAGE_MS ? 'met' : 'MISSED';
    print(
      `  ${c.label.padEnd(40)} ${p50.toFixed(1).padStart(7)}/${p95.toFixed(1).padEnd(7)} matches ${(rows.get(c.label) ?? '').padEnd(8)} ${met}`,
    );
  }

  // What the entry adds to a write: the same guard update, in a transaction, with and without it.
  const guard = await db.selectFrom('guards').select(['uuid', 'name']).executeTakeFirstOrThrow();
  const write = async (audited: boolean) => {
    const started = performance.now();
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('guards')
        .set({ updated_at: toDbTime(new Date()) })
        .where('uuid', '=', guard.uuid)
        .execute();
      if (audited) {
        await recordAudit(trx, {
          action: 'update',
          entity: 'guard',
          entityUuid: guard.uuid,
          entityLabel: guard.name,
          companyUuid: null,
          changes: { updated_at: { before: 'a', after: 'b' } },
        });
      }
    });
    return performance.now() - started;
  };
  const plain: number[] = [];
  const audited: number[] = [];
  for (let i = 0; i < runs * 25; i += 1) {
    plain.push(await write(false));
    audited.push(await write(true));
  }
  const added = figures(audited).p50 - figures(plain).p50;
  print();
  print(`A guard update in a transaction, ${runs * 25} of each, interleaved, ms p50/p95:`);
  print(
    `  without its audit entry  ${figures(plain).p50.toFixed(3)}/${figures(plain).p95.toFixed(3)}`,
  );
  print(
    `  with its audit entry     ${figures(audited).p50.toFixed(3)}/${figures(audited).p95.toFixed(3)}`,
  );
  print(
    `  added p50                ${added.toFixed(3)}   goal < ${GOAL_WRITE_ADDED_MS}: ${added < GOAL_WRITE_ADDED_MS ? 'met' : 'MISSED'}`,
  );
  print(`Load average at the end: ${loadAverage()}.`);
  await app.close();
  await db.destroy();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
