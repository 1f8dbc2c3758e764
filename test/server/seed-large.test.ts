import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Incident } from '@contract/incidents';
import type { ListResponse } from '@contract/list';
import type { VisitorRow } from '@contract/visitors';
import type { Database } from '../../server/src/db/schema';
import { DEMO_PASSWORD, seedDemoData } from '../../server/src/db/seed/demo';
import { SUPERADMIN_EMAIL } from '../../server/src/db/seed/demo-catalogue';
import { seedLargeData } from '../../server/src/db/seed/large';
import { localDate, toDbTime } from '../../server/src/db/time';
import { authHeaders, makeTestApp, signIn, type TestApp } from './test-app';
import { openTestDatabase } from './test-database';

// The large seed's visitor passes and incidents, on top of the demo data, seen through the real
// database and the real list and add calls.

const NOW = new Date('2026-11-22T06:00:00Z');
const VISITORS = 400;
const INCIDENTS = 300;
const MORE_VISITORS = 60;
/** Every QR code the large seed writes starts so; the demo's start with KGV. */
const LARGE_QR = "(qr_code like 'KGL%')";

let t: TestApp;
let token: string;
/** Incident numbers before the large seed: the demo's and one added through the API. */
let numberBeforeSeed: number;
/** The incidents there were before the large seed: the demo's and the one added through the API. */
let incidentsBeforeSeed: Set<string>;
/** The highest incident number of each company's sequence before the large seed. */
let highestBeforeSeed: Map<string, number>;
let countsBefore: Record<string, number>;

async function countRows(table: keyof Database): Promise<number> {
  const result = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(
    t.db,
  );
  return Number(result.rows[0]?.n);
}

async function countAll(): Promise<Record<string, number>> {
  const tables: (keyof Database)[] = [
    'guards',
    'attendances',
    'visitors',
    'visitor_pass_scans',
    'incidents',
    'incident_files',
  ];
  return Object.fromEntries(
    await Promise.all(tables.map(async (table) => [table, await countRows(table)])),
  );
}

async function list<T>(resource: 'visitors' | 'incidents', query: Record<string, string> = {}) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/kgapi/${resource}/list?${new URLSearchParams(query).toString()}`,
    headers: authHeaders(token),
  });
  expect(response.statusCode).toBe(200);
  return response.json<ListResponse<T>>();
}

/** Adds an incident through the API at a site that takes reports; answers its number. */
async function addIncident(): Promise<number> {
  const site = await t.db
    .selectFrom('residences')
    .select('uuid')
    .where('kipleguard_enabled', '=', 1)
    .where('kipleguard_reporting', '=', 1)
    .orderBy('name')
    .executeTakeFirstOrThrow();
  const category = await t.db
    .selectFrom('incident_categories')
    .select('uuid')
    .where('name', '=', 'Fire')
    .executeTakeFirstOrThrow();
  const response = await t.app.inject({
    method: 'POST',
    url: '/kgapi/incidents/add',
    headers: authHeaders(token),
    payload: {
      incident_date: toDbTime(new Date(Date.now() - 30 * 60_000)),
      residence_uuid: site.uuid,
      category_uuid: category.uuid,
      lat: null,
      lng: null,
      actions_taken: '',
      description: 'Bin centre smoke alarm went off.',
      status: 'PENDING',
      files: [],
    },
  });
  expect(response.statusCode).toBe(200);
  const id = response.json<{ resource: Incident[] }>().resource[0]?.kg_incident_id ?? '';
  expect(id).toMatch(/^INC-\d{6}$/);
  return Number(id.slice(4));
}

async function seededPasses() {
  return t.db
    .selectFrom('visitors')
    .innerJoin('residences', 'residences.uuid', 'visitors.residence_uuid')
    .select([
      'visitors.uuid',
      'visitors.qr_code',
      'visitors.status',
      'visitors.date',
      'visitors.latest_scan_type',
      'visitors.checkpoint_times',
      'visitors.unit_uuid',
      'visitors.created_by',
      'residences.kipleguard_enabled',
      'residences.kipleguard_visitors',
    ])
    .where('visitors.qr_code', 'like', 'KGL%')
    .execute();
}

beforeAll(async () => {
  t = await makeTestApp();
  await seedDemoData(t.db, { dataDir: t.dataDir, now: NOW });
  token = await signIn(t.app, SUPERADMIN_EMAIL, DEMO_PASSWORD);
  // The server's counter exists before the seed, as on a console already in use.
  numberBeforeSeed = await addIncident();
  const before = await t.db
    .selectFrom('incidents')
    .select(['uuid', 'kg_incident_id', 'number_sequence'])
    .execute();
  incidentsBeforeSeed = new Set(before.map((row) => row.uuid));
  highestBeforeSeed = new Map();
  for (const row of before) {
    const number = Number(row.kg_incident_id.slice(4));
    const highest = highestBeforeSeed.get(row.number_sequence) ?? 0;
    highestBeforeSeed.set(row.number_sequence, Math.max(highest, number));
  }
  countsBefore = await countAll();
  await seedLargeData(t.db, {
    dataDir: t.dataDir,
    guards: 40,
    attendance: 0,
    visitors: VISITORS,
    incidents: INCIDENTS,
    now: NOW,
  });
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('seedLargeData: visitor passes and incidents', () => {
  it('adds exactly the passes and incidents asked for, with scans and photos', async () => {
    const after = await countAll();
    expect(after.visitors).toBe((countsBefore.visitors ?? 0) + VISITORS);
    expect(after.incidents).toBe((countsBefore.incidents ?? 0) + INCIDENTS);
    expect(after.guards).toBe((countsBefore.guards ?? 0) + 40);
    expect(after.visitor_pass_scans).toBeGreaterThan(countsBefore.visitor_pass_scans ?? 0);
    // One to four photos an incident.
    const newFiles = (after.incident_files ?? 0) - (countsBefore.incident_files ?? 0);
    expect(newFiles).toBeGreaterThanOrEqual(INCIDENTS);
    expect(newFiles).toBeLessThanOrEqual(4 * INCIDENTS);
  });

  it('adds no passes or incidents when the options are absent, as existing callers expect', async () => {
    const before = await countAll();
    await seedLargeData(t.db, { dataDir: t.dataDir, guards: 0, attendance: 20, now: NOW });
    const after = await countAll();
    expect(after).toEqual({ ...before, attendances: (before.attendances ?? 0) + 20 });
  });

  it('puts passes only at sites with the visitors service on, with a unit and a creator of the company', async () => {
    const passes = await seededPasses();
    expect(passes).toHaveLength(VISITORS);
    for (const pass of passes) {
      expect([pass.kipleguard_enabled, pass.kipleguard_visitors]).toEqual([1, 1]);
      expect(pass.unit_uuid).not.toBeNull();
    }
    const visitorSites = await t.db
      .selectFrom('residences')
      .select('uuid')
      .where('kipleguard_enabled', '=', 1)
      .where('kipleguard_visitors', '=', 1)
      .execute();
    const used = new Set(
      (
        await t.db
          .selectFrom('visitors')
          .select('residence_uuid')
          .where('qr_code', 'like', 'KGL%')
          .distinct()
          .execute()
      ).map((row) => row.residence_uuid),
    );
    expect(used).toEqual(new Set(visitorSites.map((site) => site.uuid)));
    // Units belong to the pass's site; creators are logins of the site's company.
    const misplaced = await t.db
      .selectFrom('visitors')
      .innerJoin('units', 'units.uuid', 'visitors.unit_uuid')
      .innerJoin('residences', 'residences.uuid', 'visitors.residence_uuid')
      .leftJoin('user_roles', 'user_roles.user_profile_uuid', 'visitors.created_by')
      .select('visitors.uuid')
      .where('visitors.qr_code', 'like', 'KGL%')
      .where((eb) =>
        eb.or([
          eb('units.residence_uuid', '!=', eb.ref('visitors.residence_uuid')),
          eb('user_roles.security_company_uuid', '!=', eb.ref('residences.security_company_uuid')),
        ]),
      )
      .execute();
    expect(misplaced).toEqual([]);
  });

  it('puts incidents only at sites with reporting on, reported by a guard posted there or a login of the company', async () => {
    const incidents = await t.db
      .selectFrom('incidents')
      .innerJoin('residences', 'residences.uuid', 'incidents.residence_uuid')
      .leftJoin('guard_residences', (join) =>
        join
          .onRef('guard_residences.guard_uuid', '=', 'incidents.reported_by_guard_uuid')
          .onRef('guard_residences.residence_uuid', '=', 'incidents.residence_uuid'),
      )
      .leftJoin('user_roles', 'user_roles.user_profile_uuid', 'incidents.reported_by_user_uuid')
      .select([
        'incidents.status',
        'incidents.description',
        'incidents.reported_by_guard_uuid',
        'incidents.reported_by_user_uuid',
        'guard_residences.residence_uuid as postedAt',
        'user_roles.security_company_uuid as reporterCompany',
        'residences.security_company_uuid as siteCompany',
        'residences.kipleguard_enabled',
        'residences.kipleguard_reporting',
      ])
      .where('incidents.uuid', 'not in', [...incidentsBeforeSeed])
      .execute();
    expect(incidents).toHaveLength(INCIDENTS);
    for (const incident of incidents) {
      expect([incident.kipleguard_enabled, incident.kipleguard_reporting]).toEqual([1, 1]);
      if (incident.reported_by_guard_uuid) {
        expect(incident.postedAt).not.toBeNull();
        expect(incident.reported_by_user_uuid).toBeNull();
      } else {
        expect(incident.reporterCompany).toBe(incident.siteCompany);
      }
    }
    expect(incidents.some((incident) => incident.reported_by_guard_uuid)).toBe(true);
    expect(incidents.some((incident) => incident.reported_by_user_uuid)).toBe(true);
    expect(new Set(incidents.map((incident) => incident.status))).toEqual(
      new Set(['PENDING', 'RESOLVED']),
    );
    expect(new Set(incidents.map((incident) => incident.description)).size).toBeGreaterThan(
      INCIDENTS / 2,
    );
  });

  it('gives every pass a unique QR code, also when the seed runs again', async () => {
    await seedLargeData(t.db, {
      dataDir: t.dataDir,
      guards: 0,
      attendance: 0,
      visitors: MORE_VISITORS,
      now: NOW,
    });
    const codes = await t.db.selectFrom('visitors').select('qr_code').execute();
    expect(new Set(codes.map((row) => row.qr_code)).size).toBe(codes.length);
    const large = codes.filter((row) => row.qr_code.startsWith('KGL'));
    expect(large).toHaveLength(VISITORS + MORE_VISITORS);
    for (const row of large) expect(row.qr_code).toMatch(/^KGL\d{8}[A-Z]{4}$/);
  });

  it("keeps each pass's checkpoint_times and latest_scan_type in step with its scans", async () => {
    const passes = await seededPasses();
    const scans = await t.db
      .selectFrom('visitor_pass_scans')
      .innerJoin('visitors', 'visitors.uuid', 'visitor_pass_scans.visitor_uuid')
      .select(['visitor_pass_scans.visitor_uuid', 'visitor_pass_scans.scan_type'])
      .where('visitors.qr_code', 'like', 'KGL%')
      .orderBy('visitor_pass_scans.created_at')
      .execute();
    const byPass = new Map<string, typeof scans>();
    for (const scan of scans) {
      byPass.set(scan.visitor_uuid, [...(byPass.get(scan.visitor_uuid) ?? []), scan]);
    }
    for (const pass of passes) {
      const own = byPass.get(pass.uuid) ?? [];
      expect(own).toHaveLength(pass.checkpoint_times);
      expect(own.at(-1)?.scan_type ?? null).toBe(pass.latest_scan_type);
      expect(own.map((scan) => scan.scan_type)).toEqual(['IN', 'OUT'].slice(0, own.length));
      // Only valid passes were scanned.
      if (own.length > 0) expect(pass.status).toBe('VALID');
    }
  });

  it('has mostly past passes, mostly used or expired, and some today, upcoming and inside', async () => {
    const passes = await seededPasses();
    const today = localDate(NOW);
    const past = passes.filter((pass) => pass.date < today);
    expect(past.length).toBeGreaterThan(passes.length * 0.75);
    const usedOrExpired = past.filter(
      (pass) => pass.latest_scan_type === 'OUT' || pass.status === 'EXPIRED',
    );
    expect(usedOrExpired.length).toBeGreaterThan(past.length * 0.7);
    expect(passes.filter((pass) => pass.date === today).length).toBeGreaterThan(0);
    expect(passes.filter((pass) => pass.date > today).length).toBeGreaterThan(0);
    expect(passes.filter((pass) => pass.latest_scan_type === 'IN').length).toBeGreaterThan(0);
    expect(new Set(passes.map((pass) => pass.status))).toEqual(
      new Set(['VALID', 'EXPIRED', 'INVALID', 'CANCELLED']),
    );
  });

  it('lists the seeded passes through GET /visitors/list, newest first; a name search finds some, not all', async () => {
    const all = await list<VisitorRow>('visitors', { filter: LARGE_QR, limit: '20' });
    expect(all.meta.count).toBe(VISITORS + MORE_VISITORS);
    expect(all.resource).toHaveLength(20);
    const created = all.resource.map((row) => row.created_at);
    expect(created).toEqual([...created].sort().reverse());
    for (const row of all.resource) {
      expect(row.residence_name).not.toBe('');
      expect(row.residence_unit?.name).toMatch(/^[ABC]-\d{2}-\d{2}$/);
    }

    const byName = await list<VisitorRow>('visitors', {
      filter: `${LARGE_QR} and (name like '%tan%')`,
    });
    expect(byName.meta.count).toBeGreaterThan(0);
    expect(byName.meta.count).toBeLessThan(all.meta.count);
    for (const row of byName.resource) expect(row.name.toLowerCase()).toContain('tan');

    const byPlate = await list<VisitorRow>('visitors', {
      filter: `${LARGE_QR} and (car_plate_number like 'W%')`,
    });
    expect(byPlate.meta.count).toBeGreaterThan(0);
    expect(byPlate.meta.count).toBeLessThan(all.meta.count);
  });

  it('lists the seeded incidents through GET /incidents/list with their reporters and photos', async () => {
    const all = await list<Incident>('incidents', { limit: '50' });
    expect(all.meta.count).toBe((countsBefore.incidents ?? 0) + INCIDENTS);
    const seeded = all.resource.filter((incident) => !incidentsBeforeSeed.has(incident.uuid));
    expect(seeded.length).toBeGreaterThan(0);
    for (const incident of seeded) {
      expect(incident.category_name).not.toBe('');
      expect(incident.files.length).toBeGreaterThanOrEqual(1);
      expect(incident.user_email !== null || incident.guard_id !== null).toBe(true);
    }
    const byGuard = await list<Incident>('incidents', { filter: "(guard_id like 'G-%')" });
    expect(byGuard.meta.count).toBeGreaterThan(0);
    expect(byGuard.meta.count).toBeLessThan(all.meta.count);
  });

  it('numbers incidents per company after those already written, in the order they were reported, and POST /incidents/add continues after them', async () => {
    const seeded = await t.db
      .selectFrom('incidents')
      .select(['kg_incident_id', 'number_sequence', 'created_at'])
      .where('uuid', 'not in', [...incidentsBeforeSeed])
      .execute();
    const bySequence = new Map<string, typeof seeded>();
    for (const row of seeded) {
      bySequence.set(row.number_sequence, [...(bySequence.get(row.number_sequence) ?? []), row]);
    }
    expect([...bySequence.keys()].every((sequence) => sequence !== '')).toBe(true);
    for (const [sequence, rows] of bySequence) {
      const inOrder = rows.sort((a, b) => a.kg_incident_id.localeCompare(b.kg_incident_id));
      const first = (highestBeforeSeed.get(sequence) ?? 0) + 1;
      expect(inOrder.map((row) => row.kg_incident_id)).toEqual(
        inOrder.map((_, i) => `INC-${String(first + i).padStart(6, '0')}`),
      );
      const created = inOrder.map((row) => row.created_at);
      expect(created).toEqual([...created].sort());
      expect((created.at(-1) ?? '') <= toDbTime(NOW)).toBe(true);
    }

    const { number_sequence: sequence } = await t.db
      .selectFrom('incidents')
      .select('number_sequence')
      .where('kg_incident_id', '=', `INC-${String(numberBeforeSeed).padStart(6, '0')}`)
      .executeTakeFirstOrThrow();
    const next =
      (highestBeforeSeed.get(sequence) ?? 0) + (bySequence.get(sequence)?.length ?? 0) + 1;
    expect(await addIncident()).toBe(next);
    const counter = await t.db
      .selectFrom('counters')
      .select('value')
      .where('name', '=', `incident:${sequence}`)
      .executeTakeFirstOrThrow();
    expect(Number(counter.value)).toBe(next);
  });
});

describe('seedLargeData on an empty database', () => {
  it('creates a company whose sites, with units, take the passes and incidents', async () => {
    const { db, close } = await openTestDatabase();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'guard-console-seed-large-'));
    try {
      await seedLargeData(db, {
        dataDir,
        guards: 0,
        attendance: 0,
        visitors: 50,
        incidents: 30,
        now: NOW,
      });
      const sites = await db.selectFrom('residences').select('uuid').execute();
      expect(sites.length).toBeGreaterThan(0);
      const units = await db.selectFrom('units').select('residence_uuid').distinct().execute();
      expect(units).toHaveLength(sites.length);
      const passes = await db.selectFrom('visitors').select(['unit_uuid', 'created_by']).execute();
      expect(passes).toHaveLength(50);
      // No logins yet: passes made by no one, incidents by no one.
      expect(passes.every((pass) => pass.unit_uuid !== null && pass.created_by === null)).toBe(
        true,
      );
      const ids = await db.selectFrom('incidents').select('kg_incident_id').execute();
      expect(ids.map((row) => row.kg_incident_id).sort()).toEqual(
        Array.from({ length: 30 }, (_, i) => `INC-${String(i + 1).padStart(6, '0')}`),
      );
    } finally {
      await close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
