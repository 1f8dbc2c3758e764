import type { FastifyInstance } from 'fastify';
import type { AdminEmailMatch } from '../../../../src/lib/contract/admins';
import type { ListResponse } from '../../../../src/lib/contract/list';
import type { AccountsRepository } from '../../auth/accounts.repository';
import { principalOf } from '../../auth/authenticate';
import type { SignInThrottle } from '../../auth/sign-in-throttle';
import { ApiError } from '../../http/errors';
import { checkCredentials } from '../session/session.service';
import type { Credentials } from '../session/session.routes';

export function adminRoutes(
  app: FastifyInstance,
  deps: { accounts: AccountsRepository; throttle: SignInThrottle },
): void {
  /** Re-verification before sensitive writes: the caller's own email and password, nobody else's. */
  app.post<{ Body: Credentials }>(
    '/admin/verify',
    {
      schema: {
        body: {
          type: 'object',
          required: ['identifier', 'challenge'],
          properties: {
            identifier: { type: 'string', maxLength: 320 },
            challenge: { type: 'string', maxLength: 1024 },
          },
        },
      },
    },
    async (request) => {
      const caller = principalOf(request);
      // A wrong password here must not end the session, so this is a 403, not a 401.
      const failed = new ApiError(403, 'VERIFICATION_FAILED', 'Invalid email or password.');
      // Throttled by the caller's own email: a stolen session must not become a password oracle.
      deps.throttle.check(caller.email);
      try {
        const account = await checkCredentials(
          deps.accounts,
          request.body.identifier,
          request.body.challenge,
        );
        if (account.profileUuid !== caller.profileUuid) throw failed;
      } catch {
        deps.throttle.failed(caller.email);
        throw failed;
      }
      deps.throttle.succeeded(caller.email);
      return { success: true };
    },
  );

  /** Whether an email is taken by any login: the duplicate check of every account form. */
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
      const matches = await deps.accounts.findAdminsByEmail(request.body.email);
      return {
        resource: matches.map((m) => ({ uuid: m.uuid, email: m.email })),
        meta: { count: matches.length },
      };
    },
  );
}
