import { randomUUID } from 'node:crypto';
import { hashPassword } from '../../server/src/auth/password';
import type { DB } from '../../server/src/db/database';
import type { RoleType } from '../../server/src/db/schema';

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
