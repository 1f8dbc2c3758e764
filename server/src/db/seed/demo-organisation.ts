import type { FilesRepository } from '../../modules/files/files.repository';
import { localDate, toDbTime } from '../time';
import { localTime } from './calendar';
import type { DB } from '../database';
import { COMPANIES, COMPANY_EMAIL, SITES, type SiteEntry } from './demo-catalogue';
import type { DemoContext, ImagePools, SeededCompany, SeededSite } from './demo-context';
import { saveImageFiles } from './image-files';
import { avatarPng, incidentPhotoPng, selfiePng, siteCoverPng } from './images';
import { randomPerson, unitName } from './malaysia';
import type { Random } from './random';

const POOL_SIZES = { avatars: 30, selfies: 40, incidentPhotos: 20 };

export async function saveImagePools(files: FilesRepository, random: Random): Promise<ImagePools> {
  const save = (count: number, name: string, draw: (seed: number) => Uint8Array) =>
    saveImageFiles(files, random, { count, name, draw });
  return {
    avatars: await save(POOL_SIZES.avatars, 'avatar', avatarPng),
    selfies: await save(POOL_SIZES.selfies, 'selfie', selfiePng),
    incidentPhotos: await save(POOL_SIZES.incidentPhotos, 'incident', incidentPhotoPng),
    covers: await save(SITES.filter((site) => site.cover).length, 'site-cover', siteCoverPng),
  };
}

/** Each company's login profile uuid is chosen here, so the company row can point to it at once. */
export async function seedCompanies(ctx: DemoContext): Promise<SeededCompany[]> {
  const { db, random, now } = ctx;
  const companies = COMPANIES.map((entry) => ({
    entry,
    seeded: {
      uuid: random.uuid(),
      loginUuid: random.uuid(),
      loginEmail: entry.loginEmail,
      loginName: entry.loginName,
      domain: entry.domain,
    },
  }));
  await db
    .insertInto('security_companies')
    .values(
      companies.map(({ entry, seeded }) => {
        const createdAt = toDbTime(localTime(now, random.int(500, 900), random.int(9, 17)));
        return {
          uuid: seeded.uuid,
          name: entry.name,
          brn: entry.brn,
          license_number: entry.licenseNumber,
          license_expiry_date: localDate(localTime(now, -entry.licenseExpiresInDays, 0)),
          address: entry.address,
          lat: entry.lat,
          lng: entry.lng,
          is_active: entry.active ? 1 : 0,
          kg_user_profile_uuid: seeded.loginUuid,
          created_at: createdAt,
          updated_at: createdAt,
          deleted_at: null,
        };
      }),
    )
    .execute();
  return companies.map(({ seeded }) => seeded);
}

function companyAt(companies: readonly SeededCompany[], index: number): SeededCompany {
  const company = companies[index];
  if (!company) throw new Error(`The demo catalogue names company ${index}, which does not exist.`);
  return company;
}

function siteRow(ctx: DemoContext, entry: SiteEntry, companyUuid: string, cover: string | null) {
  const createdAt = toDbTime(localTime(ctx.now, ctx.random.int(200, 480), ctx.random.int(9, 17)));
  return {
    uuid: ctx.random.uuid(),
    name: entry.name,
    address: entry.address,
    type: entry.type,
    status: entry.status,
    lat: entry.lat,
    lng: entry.lng,
    security_company_uuid: companyUuid,
    cover_file_uuid: cover,
    kipleguard_enabled: entry.enabled,
    kipleguard_visitors: entry.visitors,
    kipleguard_reporting: entry.reporting,
    kipleguard_attendance: entry.attendance,
    hdf_enabled: entry.hdf,
    visitor_pass_checkpoint_times: 2,
    created_at: createdAt,
    updated_at: createdAt,
    deleted_at: null,
  };
}

export async function seedSites(
  ctx: DemoContext,
  companies: readonly SeededCompany[],
  covers: readonly string[],
): Promise<SeededSite[]> {
  const remainingCovers = [...covers];
  const seeded = SITES.map((entry) => {
    const companyUuid = companyAt(companies, entry.company).uuid;
    const row = siteRow(
      ctx,
      entry,
      companyUuid,
      entry.cover ? (remainingCovers.shift() ?? null) : null,
    );
    // A feature counts as on only where the guard service itself is on.
    const on = (flag: 0 | 1) => entry.enabled === 1 && flag === 1;
    const site: SeededSite = {
      uuid: row.uuid,
      companyUuid,
      lat: entry.lat,
      lng: entry.lng,
      visitors: on(entry.visitors),
      reporting: on(entry.reporting),
      attendance: on(entry.attendance),
      hdf: on(entry.hdf),
      unitUuids: [],
    };
    return { row, site };
  });
  await ctx.db
    .insertInto('residences')
    .values(seeded.map(({ row }) => row))
    .execute();
  const sites = seeded.map(({ site }) => site);
  await seedUnits(ctx, sites);
  return sites;
}

async function seedUnits(ctx: DemoContext, sites: SeededSite[]): Promise<void> {
  const { db, random, now } = ctx;
  const rows = sites.flatMap((site) => {
    const names = new Set(Array.from({ length: random.int(4, 8) }, () => unitName(random)));
    return [...names].map((name) => {
      const uuid = random.uuid();
      site.unitUuids.push(uuid);
      return {
        uuid,
        residence_uuid: site.uuid,
        name,
        owner_name: randomPerson(random, now).name,
        contact_number: unitContactNumber(uuid),
      };
    });
  });
  await db.insertInto('units').values(rows).execute();
}

/**
 * A Malaysian mobile number for a unit, made from its uuid rather than the seed's random stream,
 * so every other demo record stays as it was before units had numbers.
 */
function unitContactNumber(uuid: string): string {
  const digits = String(Number.parseInt(uuid.replace(/-/g, '').slice(0, 8), 16) % 100_000_000);
  return `+601${digits.padStart(8, '0')}`;
}

/**
 * A live site of the demo company login's company with `service` on: what benches and tests that
 * act as that login pick to work at.
 */
export function demoCompanySite(
  db: DB,
  service: 'kipleguard_attendance' | 'kipleguard_reporting' | 'kipleguard_visitors',
) {
  return db
    .selectFrom('residences')
    .innerJoin('user_roles', 'user_roles.security_company_uuid', 'residences.security_company_uuid')
    .innerJoin('user_profiles', 'user_profiles.uuid', 'user_roles.user_profile_uuid')
    .select('residences.uuid')
    .where('user_profiles.email', '=', COMPANY_EMAIL)
    .where(`residences.${service}`, '=', 1)
    .where('residences.deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
}
