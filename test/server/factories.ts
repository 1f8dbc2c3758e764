import type { Principal } from '../../server/src/auth/principal';
import { randomUUID } from 'node:crypto';
import { hashPassword } from '../../server/src/auth/password';
import type { DB } from '../../server/src/db/database';
import type { RoleType } from '../../server/src/db/schema';
import { localDate } from '../../server/src/db/time';

/** A superadmin as the server's repositories take it, for calls that need no signed-in session. */
export const superadminPrincipal: Principal = {
  sessionUuid: 'test',
  profileUuid: 'test',
  identityUuid: 'test',
  name: 'Root',
  email: 'root@example.com',
  role: 'superadmin',
  companyUuid: null,
  companyName: null,
  sites: [],
};

export const PASSWORD = 'Secret@123';
let passwordHash: Promise<string> | null = null;

export async function createCompany(
  db: DB,
  name = `Company ${randomUUID().slice(0, 6)}`,
  isActive = 1,
) {
  const uuid = randomUUID();
  await db.insertInto('security_companies').values({ uuid, name, is_active: isActive }).execute();
  return uuid;
}

export async function createSite(
  db: DB,
  companyUuid: string | null,
  overrides: Partial<{
    name: string;
    kipleguard_enabled: number;
    kipleguard_attendance: number;
    kipleguard_visitors: number;
    kipleguard_reporting: number;
    hdf_enabled: number;
    visitor_pass_checkpoint_times: number;
    pin_only_shifts: number;
    lat: number | null;
    lng: number | null;
  }> = {},
) {
  const uuid = randomUUID();
  await db
    .insertInto('residences')
    .values({
      uuid,
      name: overrides.name ?? `Site ${uuid.slice(0, 6)}`,
      security_company_uuid: companyUuid,
      ...overrides,
    })
    .execute();
  return uuid;
}

/** A login with one role; a sitesupervisor also gets its supervisor record and sites. */
export async function createUser(
  db: DB,
  input: {
    email: string;
    name?: string;
    role: RoleType;
    companyUuid?: string;
    siteUuids?: string[];
    isActive?: number;
  },
) {
  passwordHash ??= hashPassword(PASSWORD);
  const profileUuid = randomUUID();
  await db
    .insertInto('user_profiles')
    .values({
      uuid: profileUuid,
      name: input.name ?? input.email,
      email: input.email,
      is_active: input.isActive ?? 1,
    })
    .execute();
  await db
    .insertInto('identities')
    .values({
      uuid: randomUUID(),
      user_profile_uuid: profileUuid,
      identifier: input.email,
      challenge_hash: await passwordHash,
    })
    .execute();
  await db
    .insertInto('user_roles')
    .values({
      uuid: randomUUID(),
      user_profile_uuid: profileUuid,
      type: input.role,
      security_company_uuid: input.companyUuid ?? null,
    })
    .execute();
  if (input.role === 'sitesupervisor' && input.companyUuid) {
    const supervisorUuid = randomUUID();
    await db
      .insertInto('site_supervisors')
      .values({
        uuid: supervisorUuid,
        kg_user_profile_uuid: profileUuid,
        security_company_uuid: input.companyUuid,
      })
      .execute();
    for (const residenceUuid of input.siteUuids ?? []) {
      await db
        .insertInto('site_supervisor_residences')
        .values({ supervisor_uuid: supervisorUuid, residence_uuid: residenceUuid })
        .execute();
    }
  }
  return profileUuid;
}

let guardNumber = 0;

/** A live guard of a company, linked to the given sites; every field valid unless overridden. */
export async function createGuard(
  db: DB,
  companyUuid: string,
  overrides: Partial<{
    uuid: string;
    guard_id: string;
    name: string;
    email: string | null;
    contact_number: string;
    pin: string | null;
    photo_file_uuid: string | null;
    is_active: number;
    created_at: string;
    deleted_at: string | null;
  }> = {},
  siteUuids: string[] = [],
) {
  guardNumber += 1;
  const uuid = overrides.uuid ?? randomUUID();
  await db
    .insertInto('guards')
    .values({
      uuid,
      guard_id: `G-${String(guardNumber).padStart(5, '0')}`,
      name: `Guard ${guardNumber}`,
      address: '1 Jalan Ampang, Kuala Lumpur',
      contact_number: '0123456789',
      ic_passport_number: `IC${guardNumber}`,
      nationality: 'Malaysian',
      birthdate: '1990-01-31',
      security_company_uuid: companyUuid,
      pin: '123456',
      ...overrides,
    })
    .execute();
  for (const residenceUuid of siteUuids) {
    await db
      .insertInto('guard_residences')
      .values({ guard_uuid: uuid, residence_uuid: residenceUuid })
      .execute();
  }
  return uuid;
}

/** One shift of a guard at a site; checked in and out unless overridden. */
export async function createAttendance(
  db: DB,
  guardUuid: string,
  residenceUuid: string,
  overrides: Partial<{
    checkin_at: string | null;
    checkout_at: string | null;
    created_at: string;
    checkin_photo_file_uuid: string | null;
  }> = {},
) {
  const uuid = randomUUID();
  await db
    .insertInto('attendances')
    .values({
      uuid,
      guard_uuid: guardUuid,
      residence_uuid: residenceUuid,
      checkin_at: '2024-05-01 00:00:00',
      checkout_at: '2024-05-01 09:00:00',
      checkin_lat: 3.1579123,
      checkin_lng: 101.7123456,
      checkout_lat: 3.1579,
      checkout_lng: 101.7123,
      created_at: '2024-05-01 00:00:00',
      ...overrides,
    })
    .execute();
  return uuid;
}

let passNumber = 0;

/** A live visitor pass at a site, valid all of today (local time) unless overridden. */
export async function createVisitor(
  db: DB,
  residenceUuid: string,
  overrides: Partial<{
    uuid: string;
    name: string;
    category: string;
    car_plate_number: string;
    unit_uuid: string | null;
    repeat_type: string;
    repeat_days: string;
    date: string;
    start_time: string;
    end_time: string;
    checkpoint_times: number;
    status: string;
    latest_scan_type: 'IN' | 'OUT' | null;
    qr_code: string;
    walkin_photo: string;
    ic_passport_number: string;
    hdf: string | null;
    visitor_temp: number | null;
    created_by: string | null;
    created_at: string;
    deleted_at: string | null;
  }> = {},
) {
  passNumber += 1;
  const uuid = overrides.uuid ?? randomUUID();
  await db
    .insertInto('visitors')
    .values({
      uuid,
      residence_uuid: residenceUuid,
      name: `Visitor ${passNumber}`,
      category: 'Visitor',
      date: localDate(new Date()),
      start_time: '00:00:00',
      end_time: '23:59:00',
      qr_code: `PASS${String(passNumber).padStart(5, '0')}-${uuid.slice(0, 6)}`,
      latest_scan_type: null,
      ...overrides,
    })
    .execute();
  return uuid;
}

/** A live incident at a site, of the first category the migrations seed. */
export async function createIncident(db: DB, residenceUuid: string): Promise<string> {
  const { uuid: category } = await db
    .selectFrom('incident_categories')
    .select('uuid')
    .orderBy('uuid')
    .executeTakeFirstOrThrow();
  const uuid = randomUUID();
  await db
    .insertInto('incidents')
    .values({
      uuid,
      kg_incident_id: `INC-${uuid.slice(0, 8)}`,
      category_uuid: category,
      residence_uuid: residenceUuid,
      incident_date: '2026-01-01 10:00:00',
      lat: null,
      lng: null,
      description: 'A broken gate',
    })
    .execute();
  return uuid;
}

/** A unit of a site's directory, owned by Tan Mei Ling. */
export async function createUnit(db: DB, residenceUuid: string, name: string): Promise<string> {
  const uuid = randomUUID();
  await db
    .insertInto('units')
    .values({ uuid, residence_uuid: residenceUuid, name, owner_name: 'Tan Mei Ling' })
    .execute();
  return uuid;
}
