import type { FastifyRequest } from 'fastify';
import type { AccountsRepository } from '../../auth/accounts.repository';
import { randomUUID } from 'node:crypto';
import { hashPassword, verifyPassword } from '../../auth/password';
import type { PasswordGate } from '../../auth/password-gate';
import { addressKey } from '../../auth/password-throttle';
import type { Access } from '../../auth/principal';
import { ApiError } from '../../http/errors';
import type { SessionProfile, SessionRole } from '@contract/session';

export const INVALID_CREDENTIALS = new ApiError(
  401,
  'INVALID_CREDENTIALS',
  'Invalid email or password.',
);

// Spends the same scrypt time whether or not the email exists, so timing does not reveal accounts.
const UNKNOWN_ACCOUNT_HASH =
  'scrypt$32768$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA==';

/** True once the client of a request has disconnected: its password check is not worth doing. */
export function clientGone(request: FastifyRequest): () => boolean {
  return () => request.raw.socket?.destroyed === true;
}

/**
 * Checks a password through the password gate against the hash of whatever `find` looks up (the
 * look-up runs inside the gate too, so a refused caller costs no database work); answers what was
 * found or throws INVALID_CREDENTIALS. An unknown account spends the same scrypt time.
 */
export async function checkPasswordOf<Found extends { passwordHash: string }>(
  gate: PasswordGate,
  request: FastifyRequest,
  account: string,
  password: string,
  find: () => Promise<Found | undefined>,
): Promise<Found> {
  const { found, valid } = await gate.run(
    { account: account.toLowerCase(), address: addressKey(request.ip) },
    clientGone(request),
    async () => {
      const subject = await find();
      const matches = await verifyPassword(password, subject?.passwordHash ?? UNKNOWN_ACCOUNT_HASH);
      return { found: subject, valid: matches };
    },
  );
  if (!found || !valid) throw INVALID_CREDENTIALS;
  return found;
}

/**
 * Checks a console login's email and password; answers the account or throws
 * INVALID_CREDENTIALS. Whether the account may act (active, company live) is decided afterwards.
 */
export async function checkCredentials(
  deps: { accounts: AccountsRepository; gate: PasswordGate },
  request: FastifyRequest,
  identifier: string,
  password: string,
): Promise<{ profileUuid: string; identityUuid: string }> {
  const email = identifier.trim();
  const identity = await checkPasswordOf(deps.gate, request, email, password, async () => {
    const found = await deps.accounts.findIdentity(email);
    return found && { ...found, passwordHash: found.challenge_hash };
  });
  return { profileUuid: identity.profile_uuid, identityUuid: identity.identity_uuid };
}

/** Hashes a new password through the password gate, as every scrypt use goes. */
export function gatedHash(
  gate: PasswordGate,
  request: FastifyRequest,
  password: string,
): Promise<string> {
  return gate.run(
    { account: `new-password:${randomUUID()}`, address: addressKey(request.ip) },
    clientGone(request),
    () => hashPassword(password),
  );
}

/** The profile as the session answer carries it: one role per site for a supervisor. */
export function sessionProfile(principal: Access): SessionProfile {
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

/** What an audit entry about an account's own doings names: the account, by its email. */
export function loginEntry(access: Access) {
  return {
    entity: 'login' as const,
    entityUuid: access.profileUuid,
    entityLabel: access.email,
    companyUuid: access.companyUuid,
  };
}
