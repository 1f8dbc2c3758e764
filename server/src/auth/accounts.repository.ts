import { randomUUID } from 'node:crypto';
import type { DB } from '../db/database';
import type { RoleType } from '../db/schema';
import { hashPassword } from './password';
import type { Principal } from './principal';

/** Sign-in identities, their profiles and roles: what a session is made of. */
export function createAccountsRepository(db: DB) {
  return {
    async findIdentity(identifier: string) {
      return db
        .selectFrom('identities')
        .innerJoin('user_profiles', 'user_profiles.uuid', 'identities.user_profile_uuid')
        .select([
          'identities.uuid as identity_uuid',
          'identities.challenge_hash',
          'user_profiles.uuid as profile_uuid',
          'user_profiles.is_active',
        ])
        .where((eb) => eb(eb.fn('lower', ['identities.identifier']), '=', identifier.toLowerCase()))
        .where('user_profiles.deleted_at', 'is', null)
        .executeTakeFirst();
    },

    /** The caller behind a session, or undefined when the profile is gone, inactive or has no role. */
    async loadPrincipal(profileUuid: string, sessionUuid: string): Promise<Principal | undefined> {
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
          'user_roles.type',
          'user_roles.security_company_uuid',
          'security_companies.name as security_company_name',
          'identities.uuid as identity_uuid',
        ])
        .where('user_profiles.uuid', '=', profileUuid)
        .where('user_profiles.deleted_at', 'is', null)
        .where('user_profiles.is_active', '=', 1)
        .executeTakeFirst();
      if (!row) return undefined;
      const role: RoleType = row.type;
      const sites = role === 'sitesupervisor' ? await this.supervisorSites(profileUuid) : [];
      return {
        sessionUuid,
        profileUuid: row.uuid,
        identityUuid: row.identity_uuid,
        name: row.name,
        email: row.email,
        role,
        companyUuid: row.security_company_uuid,
        companyName: row.security_company_name,
        sites,
      };
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
    async createAccount(input: {
      name: string;
      email: string;
      password: string;
      role: RoleType;
      companyUuid?: string | null;
    }): Promise<string> {
      const profileUuid = randomUUID();
      const challengeHash = await hashPassword(input.password);
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('user_profiles')
          .values({ uuid: profileUuid, name: input.name, email: input.email })
          .execute();
        await trx
          .insertInto('identities')
          .values({
            uuid: randomUUID(),
            user_profile_uuid: profileUuid,
            identifier: input.email,
            challenge_hash: challengeHash,
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
      });
      return profileUuid;
    },

    async findAdminsByEmail(email: string) {
      return db
        .selectFrom('user_profiles')
        .select(['uuid', 'email', 'name'])
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
        .where('deleted_at', 'is', null)
        .execute();
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
