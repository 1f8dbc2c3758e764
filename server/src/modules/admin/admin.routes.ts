import type { FastifyInstance } from 'fastify';
import type { AdminEmailMatch } from '@contract/admins';
import type { ListResponse } from '@contract/list';
import type { AccountsRepository } from '../../auth/accounts.repository';
import { principalOf } from '../../auth/authenticate';
import type { PasswordGate } from '../../auth/password-gate';
import type { PasswordThrottle } from '../../auth/password-throttle';
import type { Principal } from '../../auth/principal';
import type { VerificationStore } from '../../auth/verification';
import type { VerifyAnswer } from '@contract/logins';
import { ApiError } from '../../http/errors';
import type { DB } from '../../db/database';
import { recordAudit } from '../audit/audit.repository';
import { checkCredentials, loginEntry } from '../session/session.service';
import { credentialsSchema, type Credentials } from '../session/session.routes';

/** Whether the caller may learn which login an email belongs to: its own company's, or itself. */
function mayIdentify(
  principal: Principal,
  match: { uuid: string; security_company_uuid: string | null },
): boolean {
  switch (principal.role) {
    case 'superadmin':
      return true;
    case 'securitycompany':
      return match.security_company_uuid === principal.companyUuid;
    case 'sitesupervisor':
      return match.uuid === principal.profileUuid;
  }
}

export function adminRoutes(
  app: FastifyInstance,
  deps: {
    db: DB;
    accounts: AccountsRepository;
    throttle: PasswordThrottle;
    gate: PasswordGate;
    verifications: VerificationStore;
  },
): void {
  /** Re-verification before sensitive writes: the caller's own email and password, nobody else's. */
  app.post<{ Body: Credentials }>(
    '/admin/verify',
    { schema: { body: credentialsSchema } },
    async (request): Promise<VerifyAnswer> => {
      const caller = principalOf(request);
      // A wrong password here must not end the session, so this is a 403, not a 401.
      const failed = new ApiError(403, 'VERIFICATION_FAILED', 'Invalid email or password.');
      // Counted against this session: mistyping here never locks the caller's own sign-in.
      await deps.throttle.checkVerification(caller.sessionUuid);
      try {
        const account = await checkCredentials(
          deps,
          request,
          request.body.identifier,
          request.body.challenge,
        );
        if (account.profileUuid !== caller.profileUuid) throw failed;
      } catch (error) {
        if (error instanceof ApiError && error.statusCode >= 500) throw error;
        await deps.throttle.verificationFailed(caller.sessionUuid);
        await recordAudit(deps.db, { ...loginEntry(caller), action: 'verification-failed' });
        throw failed;
      }
      await deps.throttle.verificationSucceeded(caller.sessionUuid);
      return {
        success: true,
        verification_token: await deps.verifications.issue(caller.sessionUuid, {
          ...loginEntry(caller),
          action: 'verification',
        }),
      };
    },
  );

  /**
   * Whether an email is taken by any login: the duplicate check of every account form. It answers
   * the count, and the uuid only of matches within the caller's scope (so an edit form recognises
   * its own record), never another company's.
   */
  app.post<{ Body: { email: string } }>(
    '/admin/searchadmin',
    {
      schema: {
        body: {
          type: 'object',
          required: ['email'],
          properties: { email: { type: 'string', maxLength: 320 } },
        },
      },
    },
    async (request): Promise<ListResponse<AdminEmailMatch>> => {
      const caller = principalOf(request);
      const matches = await deps.accounts.findAdminsByEmail(request.body.email);
      return {
        resource: matches
          .filter((match) => mayIdentify(caller, match))
          .map((match) => ({ uuid: match.uuid })),
        meta: { count: matches.length },
      };
    },
  );
}
