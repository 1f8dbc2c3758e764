import { verifyPassword } from '../../auth/password';
import type { AccountsRepository } from '../../auth/accounts.repository';
import type { Principal } from '../../auth/principal';
import { ApiError } from '../../http/errors';
import type { SessionProfile, SessionRole } from '../../../../src/lib/contract/session';

export const INVALID_CREDENTIALS = new ApiError(
  401,
  'INVALID_CREDENTIALS',
  'Invalid email or password.',
);

// Spends the same scrypt time whether or not the email exists, so timing does not reveal accounts.
const UNKNOWN_ACCOUNT_HASH =
  'scrypt$32768$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA==';

/** Checks an email and password; answers the profile uuid or throws INVALID_CREDENTIALS. */
export async function checkCredentials(
  accounts: AccountsRepository,
  identifier: string,
  password: string,
): Promise<{ profileUuid: string; identityUuid: string; isActive: boolean }> {
  const identity = await accounts.findIdentity(identifier.trim());
  const valid = await verifyPassword(password, identity?.challenge_hash ?? UNKNOWN_ACCOUNT_HASH);
  if (!identity || !valid) throw INVALID_CREDENTIALS;
  return {
    profileUuid: identity.profile_uuid,
    identityUuid: identity.identity_uuid,
    isActive: identity.is_active === 1,
  };
}

/** The profile as the session answer carries it: one role per site for a supervisor. */
export function sessionProfile(principal: Principal): SessionProfile {
  const base = {
    type: principal.role,
    security_company_uuid: principal.companyUuid,
    security_company_name: principal.companyName,
  };
  const roles: SessionRole[] =
    principal.role === 'sitesupervisor'
      ? principal.sites.map((site) => ({
          ...base,
          residence_uuid: site.uuid,
          residence_name: site.name,
        }))
      : [{ ...base, residence_uuid: null, residence_name: null }];
  return { name: principal.name, email: principal.email, roles };
}
