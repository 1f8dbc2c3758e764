import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../server/src/db/database';
import { openTestDatabase } from './test-database';
import type { Database } from '../../server/src/db/schema';
import { localDate } from '../../server/src/db/time';
import { DEMO_ACCOUNTS, seedDemoData } from '../../server/src/db/seed/demo';
import { DEMO_GUARD_EMAIL, DEMO_GUARD_PIN } from '../../server/src/db/seed/demo-guards';
import { seedLargeData } from '../../server/src/db/seed/large';

const NOW = new Date('2026-11-22T06:00:00Z');
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

interface Fixture {
  db: DB;
  close(): Promise<void>;
  dataDir: string;
}

async function freshDatabase(): Promise<Fixture> {
  const { db, close } = await openTestDatabase();
  return { db, close, dataDir: await mkdtemp(path.join(tmpdir(), 'guard-console-seed-')) };
}

async function closeFixture({ close, dataDir }: Fixture): Promise<void> {
  await close();
  await rm(dataDir, { recursive: true, force: true });
}

async function countRows(db: DB, table: keyof Database): Promise<number> {
  const result = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(
    db,
  );
  return Number(result.rows[0]?.n);
}

async function countAll(db: DB): Promise<Record<string, number>> {
  const tables: (keyof Database)[] = [
    'files',
    'security_companies',
    'residences',
    'user_profiles',
    'guards',
    'attendances',
    'visitors',
    'incidents',
  ];
  return Object.fromEntries(
    await Promise.all(tables.map(async (table) => [table, await countRows(db, table)])),
  );
}

const toMs = (dbTime: string) => Date.parse(`${dbTime.replace(' ', 'T')}Z`);

describe('seedDemoData', () => {
  let fixture: Fixture;
  let db: DB;
  let seeded: boolean;

  beforeAll(async () => {
    fixture = await freshDatabase();
    db = fixture.db;
    seeded = await seedDemoData(db, { dataDir: fixture.dataDir, now: NOW });
  });
  afterAll(() => closeFixture(fixture));

  it('seeds an empty database once; a second call returns false and changes nothing', async () => {
    expect(seeded).toBe(true);
    const before = await countAll(db);
    expect(await seedDemoData(db, { dataDir: fixture.dataDir, now: NOW })).toBe(false);
    expect(await countAll(db)).toEqual(before);
  });

  it('has three companies, one inactive, and twelve sites, some with the guard service off', async () => {
    const companies = await db.selectFrom('security_companies').select('is_active').execute();
    expect(companies).toHaveLength(3);
    expect(companies.filter((company) => company.is_active === 0)).toHaveLength(1);
    const sites = await db.selectFrom('residences').select('kipleguard_enabled').execute();
    expect(sites).toHaveLength(12);
    expect(sites.filter((site) => site.kipleguard_enabled === 0).length).toBeGreaterThanOrEqual(2);
    expect(await countRows(db, 'units')).toBeGreaterThanOrEqual(12 * 4);
  });

  it('has at least 120 live guards, each posted to a site of its own company', async () => {
    const live = await db
      .selectFrom('guards')
      .where('deleted_at', 'is', null)
      .select('uuid')
      .execute();
    expect(live.length).toBeGreaterThanOrEqual(120);
    const deleted = await db
      .selectFrom('guards')
      .where('deleted_at', 'is not', null)
      .select('uuid')
      .execute();
    expect(deleted.length).toBeGreaterThan(0);
    const misposted = await db
      .selectFrom('guard_residences')
      .innerJoin('guards', 'guards.uuid', 'guard_residences.guard_uuid')
      .innerJoin('residences', 'residences.uuid', 'guard_residences.residence_uuid')
      .whereRef('guards.security_company_uuid', '!=', 'residences.security_company_uuid')
      .select('guards.uuid')
      .execute();
    expect(misposted).toEqual([]);
  });

  it('has attendance on each of the last 60 days, with guards on duty now', async () => {
    const rows = await db.selectFrom('attendances').select(['checkin_at', 'checkout_at']).execute();
    expect(rows.length).toBeGreaterThan(3000);
    const checkins = rows.map((row) => new Date(toMs(String(row.checkin_at))));
    expect(new Set(checkins.map(localDate)).size).toBe(60);
    expect(Math.max(...checkins.map(Number))).toBeLessThanOrEqual(NOW.getTime());
    const today = localDate(NOW);
    const onDuty = rows.filter(
      (row, i) => row.checkout_at === null && localDate(checkins[i] ?? new Date(0)) === today,
    );
    expect(onDuty.length).toBeGreaterThan(0);
  });

  it('has 300 visitors in every scan state and several statuses, consistent with their scans', async () => {
    const visitors = await db
      .selectFrom('visitors')
      .select(['uuid', 'status', 'latest_scan_type', 'checkpoint_times'])
      .execute();
    expect(visitors).toHaveLength(300);
    expect(new Set(visitors.map((v) => v.latest_scan_type))).toEqual(new Set([null, 'IN', 'OUT']));
    expect(new Set(visitors.map((v) => v.status)).size).toBeGreaterThanOrEqual(3);
    const scans = await db
      .selectFrom('visitor_pass_scans')
      .select(['visitor_uuid', 'scan_type'])
      .orderBy('created_at')
      .execute();
    for (const visitor of visitors) {
      const own = scans.filter((scan) => scan.visitor_uuid === visitor.uuid);
      expect(own.length).toBe(visitor.checkpoint_times);
      expect(own.at(-1)?.scan_type ?? null).toBe(visitor.latest_scan_type);
    }
    expect(await countRows(db, 'health_applications')).toBeGreaterThan(0);
  });

  it('has 150 incidents, each with a category and one to four photos', async () => {
    const incidents = await db
      .selectFrom('incidents')
      .leftJoin('incident_files', 'incident_files.incident_uuid', 'incidents.uuid')
      .groupBy('incidents.uuid')
      .select((eb) => [
        'incidents.kg_incident_id',
        eb.fn.count<number>('incident_files.file_uuid').as('files'),
      ])
      .execute();
    expect(incidents).toHaveLength(150);
    for (const incident of incidents) {
      expect(incident.kg_incident_id).toMatch(/^INC-\d{6}$/);
      expect(Number(incident.files)).toBeGreaterThanOrEqual(1);
      expect(Number(incident.files)).toBeLessThanOrEqual(4);
    }
    expect(await countRows(db, 'incident_categories')).toBeGreaterThanOrEqual(8);
  });

  it('has this week’s roster at the supervisor’s sites, with a late start and a no-show in progress and their alerts', async () => {
    const sites = await db
      .selectFrom('site_supervisor_residences')
      .innerJoin(
        'site_supervisors',
        'site_supervisors.uuid',
        'site_supervisor_residences.supervisor_uuid',
      )
      .innerJoin('user_profiles', 'user_profiles.uuid', 'site_supervisors.kg_user_profile_uuid')
      .select('site_supervisor_residences.residence_uuid')
      .where('user_profiles.email', '=', 'supervisor@example.com')
      .execute();
    expect(sites).toHaveLength(2);
    expect(await countRows(db, 'shift_patterns')).toBe(4);
    // Monday to Sunday, Day and Night × 2, and the Sunday night before: 30 a site.
    expect(await countRows(db, 'shifts')).toBe(60);
    const at = NOW.toISOString().slice(0, 19).replace('T', ' ');
    const running = await db
      .selectFrom('shifts')
      .select(['uuid', 'state', 'late_minutes', 'guard_uuid', 'attendance_uuid'])
      .where('starts_at', '<=', at)
      .where('ends_at', '>', at)
      .orderBy('state')
      .execute();
    expect(running.map((row) => row.state).sort()).toEqual([
      'late',
      'no_show',
      'on_duty',
      'on_duty',
    ]);
    expect(running.find((row) => row.state === 'late')?.late_minutes).toBe(25);
    const alerts = await db.selectFrom('alerts').select(['kind', 'shift_uuid']).execute();
    expect(
      alerts
        .filter((alert) => alert.shift_uuid !== null)
        .map((a) => a.kind)
        .sort(),
    ).toEqual(['late', 'no_show']);
    // Each in-progress shift with a start holds an open attendance of its guard.
    for (const row of running.filter((r) => r.attendance_uuid)) {
      const open = await db
        .selectFrom('open_shifts')
        .select('attendance_uuid')
        .where('guard_uuid', '=', row.guard_uuid ?? '')
        .executeTakeFirst();
      expect(open?.attendance_uuid).toBe(row.attendance_uuid);
    }
    const demoGuard = await db
      .selectFrom('shifts')
      .innerJoin('guards', 'guards.uuid', 'shifts.guard_uuid')
      .select('shifts.uuid')
      .where('guards.email', '=', DEMO_GUARD_EMAIL)
      .execute();
    expect(demoGuard).toEqual([]);
  });

  it('has five checkpoints and two rounds at each of the supervisor’s sites', async () => {
    const rounds = await db
      .selectFrom('rounds')
      .leftJoin('shift_patterns', 'shift_patterns.uuid', 'rounds.pattern_uuid')
      .select([
        'rounds.uuid',
        'rounds.residence_uuid',
        'rounds.name',
        'rounds.schedule_kind',
        'rounds.times',
        'rounds.every_hours',
        'shift_patterns.name as pattern',
        'shift_patterns.residence_uuid as pattern_site',
      ])
      .orderBy('rounds.name')
      .execute();
    const sites = [...new Set(rounds.map((round) => round.residence_uuid))];
    expect(sites).toHaveLength(2);
    expect(await countRows(db, 'checkpoints')).toBe(10);
    for (const site of sites) {
      const mine = rounds.filter((round) => round.residence_uuid === site);
      expect(mine.map((round) => [round.name, round.schedule_kind, round.pattern])).toEqual([
        ['Night round', 'every', 'Night'],
        ['Perimeter', 'times', null],
      ]);
      expect(mine[0]?.pattern_site).toBe(site);
      const points = await db
        .selectFrom('round_checkpoints')
        .innerJoin('checkpoints', 'checkpoints.uuid', 'round_checkpoints.checkpoint_uuid')
        .select(['checkpoints.name', 'checkpoints.residence_uuid'])
        .where('round_checkpoints.round_uuid', '=', mine[1]?.uuid ?? '')
        .orderBy('round_checkpoints.position')
        .execute();
      expect(points).toEqual([
        { name: 'Main gate', residence_uuid: site },
        { name: 'Back fence', residence_uuid: site },
        { name: 'Car park B1', residence_uuid: site },
      ]);
    }
  });

  it('has last night’s patrols walked, one partly missed and one missed', async () => {
    const closed = await db
      .selectFrom('patrols')
      .innerJoin('rounds', 'rounds.uuid', 'patrols.round_uuid')
      .select([
        'patrols.uuid',
        'patrols.state',
        'patrols.checkpoints_total',
        'patrols.checkpoints_scanned',
        'patrols.guard_uuid',
        'rounds.name',
      ])
      .where('patrols.state', '!=', 'due')
      .execute();
    const states = closed.map((patrol) => patrol.state);
    expect(states).toContain('done');
    expect(states.filter((state) => state === 'missed')).toHaveLength(1);
    const partly = closed.filter((patrol) => patrol.state === 'partly_done');
    expect(partly.length).toBeGreaterThanOrEqual(1);
    for (const patrol of partly) {
      expect(patrol.name).toBe('Night round');
      expect(patrol.checkpoints_scanned).toBe(patrol.checkpoints_total - 2);
    }
    // Each walked patrol's count is its scans, and a guard of its site walked it.
    for (const patrol of closed.filter((row) => row.state !== 'missed')) {
      const scans = await db
        .selectFrom('patrol_scans')
        .select('guard_uuid')
        .where('patrol_uuid', '=', patrol.uuid)
        .execute();
      expect(scans).toHaveLength(patrol.checkpoints_scanned);
      expect(new Set(scans.map((scan) => scan.guard_uuid))).toEqual(new Set([patrol.guard_uuid]));
    }
    // Patrols are planned ahead too.
    const ahead = await db
      .selectFrom('patrols')
      .select('uuid')
      .where('state', '=', 'due')
      .execute();
    expect(ahead.length).toBeGreaterThan(0);
  });

  it('has the demo accounts with their roles', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const roles = await db
        .selectFrom('identities')
        .innerJoin('user_roles', 'user_roles.user_profile_uuid', 'identities.user_profile_uuid')
        .where('identities.identifier', '=', account.email)
        .select('user_roles.type')
        .execute();
      expect(roles.map((role) => role.type)).toEqual([account.role]);
    }
  });

  it('has one guard with guard app access, its email and PIN, at a site taking attendance, visitors and reports', async () => {
    const rows = await db
      .selectFrom('guard_credentials')
      .innerJoin('guards', 'guards.uuid', 'guard_credentials.guard_uuid')
      .select(['guards.uuid', 'guards.email', 'guards.pin', 'guards.deleted_at'])
      .execute();
    expect(rows).toEqual([
      { uuid: expect.any(String), email: DEMO_GUARD_EMAIL, pin: DEMO_GUARD_PIN, deleted_at: null },
    ]);
    const sites = await db
      .selectFrom('guard_residences')
      .innerJoin('residences', 'residences.uuid', 'guard_residences.residence_uuid')
      .select(['kipleguard_attendance', 'kipleguard_visitors', 'kipleguard_reporting'])
      .where('guard_uuid', '=', rows[0]?.uuid ?? '')
      .execute();
    expect(sites).toContainEqual({
      kipleguard_attendance: 1,
      kipleguard_visitors: 1,
      kipleguard_reporting: 1,
    });
    expect(
      await db.selectFrom('guards').select('uuid').where('pin', '=', DEMO_GUARD_PIN).execute(),
    ).toHaveLength(1);
  });

  it("gives supervisor@example.com exactly two of company 1's sites that take attendance", async () => {
    const company = await db
      .selectFrom('security_companies')
      .innerJoin('user_profiles', 'user_profiles.uuid', 'security_companies.kg_user_profile_uuid')
      .where('user_profiles.email', '=', 'company@example.com')
      .select('security_companies.uuid')
      .executeTakeFirstOrThrow();
    const sites = await db
      .selectFrom('user_profiles')
      .innerJoin('site_supervisors', 'site_supervisors.kg_user_profile_uuid', 'user_profiles.uuid')
      .innerJoin(
        'site_supervisor_residences',
        'site_supervisor_residences.supervisor_uuid',
        'site_supervisors.uuid',
      )
      .innerJoin('residences', 'residences.uuid', 'site_supervisor_residences.residence_uuid')
      .where('user_profiles.email', '=', 'supervisor@example.com')
      .select([
        'residences.security_company_uuid',
        'residences.kipleguard_enabled',
        'residences.kipleguard_attendance',
      ])
      .execute();
    expect(sites).toEqual([
      { security_company_uuid: company.uuid, kipleguard_enabled: 1, kipleguard_attendance: 1 },
      { security_company_uuid: company.uuid, kipleguard_enabled: 1, kipleguard_attendance: 1 },
    ]);
  });

  it('stores every file on disk as a PNG', async () => {
    const files = await db
      .selectFrom('files')
      .select(['storage_name', 'mime_type', 'size'])
      .execute();
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      expect(file.mime_type).toBe('image/png');
      const bytes = await readFile(path.join(fixture.dataDir, 'files', file.storage_name));
      expect(bytes.byteLength).toBe(file.size);
      expect(bytes.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    }
  });
});

describe('seedLargeData', () => {
  it('adds exactly the guards and attendance asked for on top of the demo data', async () => {
    const fixture = await freshDatabase();
    const { db, dataDir } = fixture;
    try {
      await seedDemoData(db, { dataDir, now: NOW });
      const before = await countAll(db);
      await seedLargeData(db, { dataDir, guards: 500, attendance: 5000, now: NOW });
      const after = await countAll(db);
      expect(after.guards).toBe((before.guards ?? 0) + 500);
      expect(after.attendances).toBe((before.attendances ?? 0) + 5000);
      expect(after.security_companies).toBe(before.security_companies);
      const ids = await db.selectFrom('guards').select('guard_id').distinct().execute();
      expect(ids).toHaveLength(after.guards ?? 0);

      // Without new guards, the attendance goes to the guards already there.
      await seedLargeData(db, { dataDir, guards: 0, attendance: 1000, now: NOW });
      expect(await countRows(db, 'guards')).toBe(after.guards);
      expect(await countRows(db, 'attendances')).toBe((after.attendances ?? 0) + 1000);
    } finally {
      await closeFixture(fixture);
    }
  });

  it('creates a company with sites when the database has none', async () => {
    const fixture = await freshDatabase();
    const { db, dataDir } = fixture;
    try {
      await seedLargeData(db, { dataDir, guards: 50, attendance: 200, now: NOW });
      expect(await countRows(db, 'security_companies')).toBe(1);
      expect(await countRows(db, 'residences')).toBeGreaterThan(0);
      expect(await countRows(db, 'guards')).toBe(50);
      expect(await countRows(db, 'attendances')).toBe(200);
    } finally {
      await closeFixture(fixture);
    }
  });
});
