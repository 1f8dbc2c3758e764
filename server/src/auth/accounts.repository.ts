import { randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/database';
import type { Database } from '../db/schema';
import type { RoleType } from '../db/schema';
import { toDbTime } from '../db/time';
import { hashPassword } from './password';
import { revokeSessionsOf } from './sessions';
import type { AccessOrRefusal } from './principal';

export interface NewAccount {
  name: string;
  email: string;
  role: RoleType;
  companyUuid?: string | null;
  phone?: string;
  address?: string;
  icPassportNumber?: string;
  photoFileUuid?: string | null;
}

/**
 * Writes a login (profile, email-and-password identity, role) inside the caller's transaction, so
 * a company or supervisor and its login are written together or not at all. The password is
 * hashed beforehand, outside the transaction. Answers the profile uuid.
 */
export async function insertAccount(
  trx: Transaction<Database>,
  input: NewAccount & { challengeHash: string },
): Promise<string> {
  const profileUuid = randomUUID();
  await trx
    .insertInto('user_profiles')
    .values({
      uuid: profileUuid,
      name: input.name,
      email: input.email,
      phone: input.phone ?? '',
      address: input.address ?? '',
      ic_passport_number: input.icPassportNumber ?? '',
      photo_file_uuid: input.photoFileUuid ?? null,
    })
    .execute();
  await trx
    .insertInto('identities')
    .values({
      uuid: randomUUID(),
      user_profile_uuid: profileUuid,
      identifier: input.email,
      challenge_hash: input.challengeHash,
    })
    .execute();
  await trx
    .insertInto('user_roles')
    .values({
      uuid: randomUUID(),
      user_profile_uuid: profileUuid,
      type: input.role,
      security_company_uuid: input.companyUuid ?? null,
    })
    .execute();
  return profileUuid;
}

/**
 * Changes a login's email (its sign-in identifier too), active state or password inside the
 * caller's transaction. Deactivating it or changing its password ends its sessions.
 */
export async function updateAccount(
  trx: Transaction<Database>,
  profileUuid: string,
  changes: {
    name?: string;
    email?: string;
    isActive?: boolean;
    challengeHash?: string;
    phone?: string;
    address?: string;
    icPassportNumber?: string;
    photoFileUuid?: string | null;
  },
  now: Date,
): Promise<void> {
  const at = toDbTime(now);
  await trx
    .updateTable('user_profiles')
    .set({
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.email !== undefined ? { email: changes.email } : {}),
      ...(changes.isActive !== undefined ? { is_active: changes.isActive ? 1 : 0 } : {}),
      ...(changes.phone !== undefined ? { phone: changes.phone } : {}),
      ...(changes.address !== undefined ? { address: changes.address } : {}),
      ...(changes.icPassportNumber !== undefined
        ? { ic_passport_number: changes.icPassportNumber }
        : {}),
      ...(changes.photoFileUuid !== undefined ? { photo_file_uuid: changes.photoFileUuid } : {}),
      updated_at: at,
    })
    .where('uuid', '=', profileUuid)
    .execute();
  if (changes.email !== undefined || changes.challengeHash !== undefined) {
    await trx
      .updateTable('identities')
      .set({
        ...(changes.email !== undefined ? { identifier: changes.email } : {}),
        ...(changes.challengeHash !== undefined ? { challenge_hash: changes.challengeHash } : {}),
        updated_at: at,
      })
      .where('user_profile_uuid', '=', profileUuid)
      .execute();
  }
  if (changes.isActive === false || changes.challengeHash !== undefined) {
    await revokeSessionsOf(trx, profileUuid, now);
  }
}

/** Soft-deletes a login inside the caller's transaction and ends its sessions. */
export async function removeAccount(
  trx: Transaction<Database>,
  profileUuid: string,
  now: Date,
): Promise<void> {
  await trx
    .updateTable('user_profiles')
    .set({ deleted_at: toDbTime(now), updated_at: toDbTime(now) })
    .where('uuid', '=', profileUuid)
    .execute();
  // The sign-in identifier is unique: set it aside so that the email can be used again.
  await trx
    .updateTable('identities')
    .set((eb) => ({
      identifier: sql<string>`cast(${`deleted:${profileUuid}:`} as text) || ${eb.ref('identifier')}`,
      updated_at: toDbTime(now),
    }))
    .where('user_profile_uuid', '=', profileUuid)
    .execute();
  await revokeSessionsOf(trx, profileUuid, now);
}

/** Sign-in identities, their profiles and roles: what a session is made of. */
export function createAccountsRepository(db: DB) {
  return {
    async findIdentity(identifier: string) {
      return db
        .selectFrom('identities')
        .innerJoin('user_profiles', 'user_profiles.uuid', 'identities.user_profile_uuid')
        .select([
          'identities.uuid as identity_uuid',
          'identities.identifier',
          'identities.challenge_hash',
          'user_profiles.uuid as profile_uuid',
          'user_profiles.is_active',
        ])
        .where((eb) => eb(eb.fn('lower', ['identities.identifier']), '=', identifier.toLowerCase()))
        .where('user_profiles.deleted_at', 'is', null)
        .executeTakeFirst();
    },

    /**
     * What an account may do, or why it may not act: its profile is gone or inactive, its
     * security company is inactive or deleted, or (a supervisor) its supervisor record is.
     */
    async loadAccess(profileUuid: string): Promise<AccessOrRefusal> {
      const row = await db
        .selectFrom('user_profiles')
        .innerJoin('user_roles', 'user_roles.user_profile_uuid', 'user_profiles.uuid')
        .innerJoin('identities', 'identities.user_profile_uuid', 'user_profiles.uuid')
        .leftJoin(
          'security_companies',
          'security_companies.uuid',
          'user_roles.security_company_uuid',
        )
        .select([
          'user_profiles.uuid',
          'user_profiles.name',
          'user_profiles.email',
          'user_profiles.is_active',
          'user_roles.type',
          'user_roles.security_company_uuid',
          'security_companies.name as security_company_name',
          'security_companies.is_active as company_is_active',
          'security_companies.deleted_at as company_deleted_at',
          'identities.uuid as identity_uuid',
        ])
        .where('user_profiles.uuid', '=', profileUuid)
        .where('user_profiles.deleted_at', 'is', null)
        .executeTakeFirst();
      if (!row) return { refused: 'no-account' };
      if (row.is_active !== 1) return { refused: 'inactive-account' };
      const role: RoleType = row.type;
      if (role !== 'superadmin') {
        const companyLive =
          row.security_company_uuid !== null &&
          row.company_is_active === 1 &&
          row.company_deleted_at === null;
        if (!companyLive) return { refused: 'inactive-company' };
      }
      if (role === 'sitesupervisor' && !(await this.isLiveSupervisor(profileUuid))) {
        return { refused: 'inactive-account' };
      }
      const sites = role === 'sitesupervisor' ? await this.supervisorSites(profileUuid) : [];
      return {
        access: {
          profileUuid: row.uuid,
          identityUuid: row.identity_uuid,
          name: row.name,
          email: row.email,
          role,
          companyUuid: row.security_company_uuid,
          companyName: row.security_company_name,
          sites,
        },
      };
    },

    async isLiveSupervisor(profileUuid: string): Promise<boolean> {
      const row = await db
        .selectFrom('site_supervisors')
        .select('uuid')
        .where('kg_user_profile_uuid', '=', profileUuid)
        .where('deleted_at', 'is', null)
        .where('is_active', '=', 1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** A supervisor's sites live in one place: site_supervisor_residences. */
    async supervisorSites(profileUuid: string) {
      return db
        .selectFrom('site_supervisors')
        .innerJoin(
          'site_supervisor_residences',
          'site_supervisor_residences.supervisor_uuid',
          'site_supervisors.uuid',
        )
        .innerJoin('residences', 'residences.uuid', 'site_supervisor_residences.residence_uuid')
        .select(['residences.uuid', 'residences.name'])
        .where('site_supervisors.kg_user_profile_uuid', '=', profileUuid)
        .where('site_supervisors.deleted_at', 'is', null)
        .where('site_supervisors.is_active', '=', 1)
        .where('residences.deleted_at', 'is', null)
        .orderBy('residences.name')
        .execute();
    },

    /** A login: profile, email-and-password identity and role, written together. */
    async createAccount(input: NewAccount & { password: string }): Promise<string> {
      const challengeHash = await hashPassword(input.password);
      return db.transaction().execute((trx) => insertAccount(trx, { ...input, challengeHash }));
    },

    /** Deactivating an account ends its sessions: reactivating it does not bring them back. */
    async setActive(profileUuid: string, isActive: boolean, now = new Date()): Promise<void> {
      await db.transaction().execute((trx) => updateAccount(trx, profileUuid, { isActive }, now));
    },

    /** Soft-deletes an account and ends its sessions. */
    async remove(profileUuid: string, now = new Date()): Promise<void> {
      await db.transaction().execute((trx) => removeAccount(trx, profileUuid, now));
    },

    /** Live logins using an email (any case), with the company their role belongs to. */
    async findAdminsByEmail(email: string) {
      return db
        .selectFrom('user_profiles')
        .leftJoin('user_roles', 'user_roles.user_profile_uuid', 'user_profiles.uuid')
        .select(['user_profiles.uuid', 'user_profiles.email', 'user_roles.security_company_uuid'])
        .where((eb) => eb(eb.fn('lower', ['user_profiles.email']), '=', email.trim().toLowerCase()))
        .where('user_profiles.deleted_at', 'is', null)
        .execute();
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
