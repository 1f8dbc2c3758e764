import { registerOpenShifts } from '../../modules/attendances/attendances.repository';
import { diskStorage } from '../../storage/file-storage';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { createFilesRepository } from '../../modules/files/files.repository';
import type { DB } from '../database';
import { saveImageFiles } from './image-files';
import { avatarPng, incidentPhotoPng, selfiePng } from './images';
import { insertInBatches } from './insert';
import { type LargeContext, type LargeSite, loadStaff, writeInTransactions } from './large-context';
import { seedIncidents } from './large-incidents';
import { seedVisitors } from './large-visitors';
import { engineOf } from '../engine';
import { createRandom } from './random';
import { attendanceRow, guardRow, type Place, regularShift } from './rows';

export interface LargeSeedOptions {
  dataDir: string;
  guards: number;
  attendance: number;
  /** Visitor passes at the sites that take visitors; none when absent. */
  visitors?: number;
  /** Incidents at the sites that take reports; none when absent. */
  incidents?: number;
  now?: Date;
  onProgress?: (message: string) => void;
}

/** Fixed so that the generated values repeat; ids come from randomUUID, so runs never collide. */
const LARGE_SEED = 7_000_007;
const PHOTO_POOL_SIZE = 10;
const FALLBACK_SITES = 5;
/** Page cache while seeding, in KiB. */
const SEED_CACHE_KIB = 256 * 1024;
const KL_CENTRE = { lat: 3.139, lng: 101.6869 };
const DAY_SHIFT_START = 7;
const NIGHT_SHIFT_START = 19;

interface Posting {
  guardUuid: string;
  sites: readonly Place[];
}

/** Sites of every company, or of a company created here when there is none. */
async function sitesByCompany(ctx: LargeContext): Promise<Map<string, LargeSite[]>> {
  const rows = await ctx.db
    .selectFrom('residences')
    .select([
      'uuid',
      'security_company_uuid',
      'lat',
      'lng',
      'kipleguard_enabled',
      'kipleguard_visitors',
      'kipleguard_reporting',
      'hdf_enabled',
    ])
    .where('deleted_at', 'is', null)
    .where('security_company_uuid', 'is not', null)
    .execute();
  const byCompany = new Map<string, LargeSite[]>();
  for (const row of rows) {
    if (!row.security_company_uuid) continue;
    const on = (flag: number) => row.kipleguard_enabled === 1 && flag === 1;
    const site: LargeSite = {
      uuid: row.uuid,
      lat: row.lat ?? KL_CENTRE.lat,
      lng: row.lng ?? KL_CENTRE.lng,
      companyUuid: row.security_company_uuid,
      visitors: on(row.kipleguard_visitors),
      reporting: on(row.kipleguard_reporting),
      hdf: on(row.hdf_enabled),
    };
    byCompany.set(row.security_company_uuid, [
      ...(byCompany.get(row.security_company_uuid) ?? []),
      site,
    ]);
  }
  return byCompany.size > 0 ? byCompany : createFallbackCompany(ctx);
}

async function createFallbackCompany(ctx: LargeContext): Promise<Map<string, LargeSite[]>> {
  const { db, random } = ctx;
  const companyUuid = randomUUID();
  await db
    .insertInto('security_companies')
    .values({ uuid: companyUuid, name: 'Skala Security Sdn Bhd' })
    .execute();
  const sites = Array.from({ length: FALLBACK_SITES }, () => ({
    uuid: randomUUID(),
    lat: random.float(KL_CENTRE.lat - 0.05, KL_CENTRE.lat + 0.05, 6),
    lng: random.float(KL_CENTRE.lng - 0.05, KL_CENTRE.lng + 0.05, 6),
  }));
  await db
    .insertInto('residences')
    .values(
      sites.map((site, i) => ({
        ...site,
        name: `Skala Residence ${i + 1}`,
        security_company_uuid: companyUuid,
        kipleguard_visitors: 1,
        kipleguard_reporting: 1,
        kipleguard_attendance: 1,
      })),
    )
    .execute();
  ctx.progress(`Created company Skala Security Sdn Bhd with ${FALLBACK_SITES} sites.`);
  const services = { companyUuid, visitors: true, reporting: true, hdf: false };
  return new Map([[companyUuid, sites.map((site) => ({ ...site, ...services }))]]);
}

/** Numbers new guards after the existing ones, so that guard ids do not repeat. */
async function nextGuardNumber(db: DB): Promise<number> {
  const row = await db
    .selectFrom('guards')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count) + 1;
}

async function seedGuards(
  ctx: LargeContext,
  count: number,
  options: { sitesByCompany: ReadonlyMap<string, readonly Place[]>; avatars: readonly string[] },
): Promise<Posting[]> {
  const { db, random, now } = ctx;
  const { avatars } = options;
  const companies = [...options.sitesByCompany];
  const firstNumber = await nextGuardNumber(db);
  const postings: Posting[] = [];
  await writeInTransactions(ctx, count, 'Guards', async (trx, start, size) => {
    const rows = Array.from({ length: size }, (_, i) => {
      const [companyUuid, sites] = random.pick(companies);
      const row = guardRow(random, now, {
        uuid: randomUUID(),
        number: firstNumber + start + i,
        companyUuid,
        pin: random.chance(0.9) ? String(random.int(100000, 999999)) : null,
        photo: random.pick(avatars),
      });
      postings.push({ guardUuid: row.uuid, sites: random.sample(sites, random.int(1, 2)) });
      return row;
    });
    const links = postings
      .slice(start)
      .flatMap((posting) =>
        posting.sites.map((site) => ({ guard_uuid: posting.guardUuid, residence_uuid: site.uuid })),
      );
    await insertInBatches(trx, 'guards', rows);
    await insertInBatches(trx, 'guard_residences', links);
  });
  return postings;
}

/** Without new guards the attendance goes to the guards already posted to sites. */
async function existingPostings(db: DB): Promise<Posting[]> {
  const rows = await db
    .selectFrom('guard_residences')
    .innerJoin('guards', 'guards.uuid', 'guard_residences.guard_uuid')
    .innerJoin('residences', 'residences.uuid', 'guard_residences.residence_uuid')
    .select(['guards.uuid as guardUuid', 'residences.uuid', 'residences.lat', 'residences.lng'])
    .where('guards.deleted_at', 'is', null)
    .execute();
  const byGuard = new Map<string, Place[]>();
  for (const row of rows) {
    const place = { uuid: row.uuid, lat: row.lat ?? KL_CENTRE.lat, lng: row.lng ?? KL_CENTRE.lng };
    byGuard.set(row.guardUuid, [...(byGuard.get(row.guardUuid) ?? []), place]);
  }
  return [...byGuard].map(([guardUuid, sites]) => ({ guardUuid, sites }));
}

/**
 * Row k goes to guard k mod n, on the day (k div n) + 1 days back: every guard gets the same
 * number of shifts, one a day, going back as far as the count requires.
 */
function attendanceAt(
  ctx: LargeContext,
  k: number,
  postings: readonly Posting[],
  selfies: readonly string[],
) {
  const guardIndex = k % postings.length;
  const posting = postings[guardIndex];
  const [main, other] = posting?.sites ?? [];
  if (!posting || !main) throw new Error('Every posting has at least one site.');
  const startHour = guardIndex % 5 < 3 ? DAY_SHIFT_START : NIGHT_SHIFT_START;
  const daysAgo = Math.floor(k / postings.length) + 1;
  return attendanceRow(ctx.random, {
    uuid: randomUUID(),
    guardUuid: posting.guardUuid,
    site: other && ctx.random.chance(0.2) ? other : main,
    shift: regularShift(ctx.random, ctx.now, daysAgo, startHour),
    selfies,
  });
}

async function seedAttendance(
  ctx: LargeContext,
  count: number,
  postings: readonly Posting[],
  selfies: readonly string[],
): Promise<void> {
  if (count > 0 && postings.length === 0) {
    throw new Error('There are no guards posted to sites to take attendance; add guards first.');
  }
  await writeInTransactions(ctx, count, 'Attendance', async (trx, start, size) => {
    const rows = Array.from({ length: size }, (_, i) =>
      attendanceAt(ctx, start + i, postings, selfies),
    );
    await insertInBatches(trx, 'attendances', rows);
  });
  await registerOpenShifts(ctx.db, ctx.now);
}

/**
 * Adds `guards` guards, spread over the existing companies and posted to their sites, `attendance`
 * past shifts, `visitors` visitor passes and `incidents` incidents, for trying the console at
 * scale. Unlike the demo seed it adds to whatever is there, every time it runs. Photos come from a
 * small pool of new files.
 */
export async function seedLargeData(db: DB, options: LargeSeedOptions): Promise<void> {
  // The indexes keyed by random uuids outgrow SQLite's default page cache within a few hundred
  // thousand rows, and inserts then write pages out and read them back at random: a larger cache
  // for the seed's connection halves its system time. Put back afterwards. (PostgreSQL's shared
  // buffers are the server's own setting.)
  if (engineOf(db) === 'postgres') {
    await seedAll(db, options);
    return;
  }
  const cacheSize = await sql<{ cache_size: number }>`pragma cache_size`.execute(db);
  await sql`pragma cache_size = ${sql.raw(String(-SEED_CACHE_KIB))}`.execute(db);
  try {
    await seedAll(db, options);
  } finally {
    const previous = Number(cacheSize.rows[0]?.cache_size ?? -2000);
    await sql`pragma cache_size = ${sql.raw(String(previous))}`.execute(db);
  }
}

async function seedAll(db: DB, options: LargeSeedOptions): Promise<void> {
  const ctx: LargeContext = {
    db,
    random: createRandom(LARGE_SEED),
    now: options.now ?? new Date(),
    progress: options.onProgress ?? (() => {}),
  };
  const visitors = options.visitors ?? 0;
  const incidents = options.incidents ?? 0;
  const files = createFilesRepository(db, diskStorage(options.dataDir));
  const pool = (name: string, draw: (seed: number) => Uint8Array) =>
    saveImageFiles(files, ctx.random, { count: PHOTO_POOL_SIZE, name, draw });
  const avatars = await pool('large-avatar', avatarPng);
  const selfies = await pool('large-selfie', selfiePng);

  let companies: Map<string, LargeSite[]> | undefined;
  const sites = async () => (companies ??= await sitesByCompany(ctx));
  const postings =
    options.guards > 0
      ? await seedGuards(ctx, options.guards, { sitesByCompany: await sites(), avatars })
      : await existingPostings(db);
  await seedAttendance(ctx, options.attendance, postings, selfies);

  if (visitors === 0 && incidents === 0) return;
  const allSites = [...(await sites()).values()].flat();
  const staff = await loadStaff(db);
  await seedVisitors(ctx, visitors, { sites: allSites, staff, walkInPhotos: selfies });
  if (incidents > 0) {
    const photos = await pool('large-incident', incidentPhotoPng);
    await seedIncidents(ctx, incidents, { sites: allSites, staff, photos });
  }
}
