import type { SignInThrottle } from '../../auth/sign-in-throttle';
import type { FastifyInstance } from 'fastify';
import type { SessionAnswer } from '../../../../src/lib/contract/session';
import type { AccountsRepository } from '../../auth/accounts.repository';
import { principalOf } from '../../auth/authenticate';
import type { SessionsRepository } from '../../auth/sessions';
import { ApiError } from '../../http/errors';
import { checkCredentials, INVALID_CREDENTIALS, sessionProfile } from './session.service';

const credentialsSchema = {
  type: 'object',
  required: ['identifier', 'challenge'],
  properties: {
    identifier: { type: 'string', minLength: 1, maxLength: 320 },
    challenge: { type: 'string', minLength: 1, maxLength: 1024 },
  },
} as const;

export interface Credentials {
  identifier: string;
  challenge: string;
}

export function sessionRoutes(
  app: FastifyInstance,
  deps: { accounts: AccountsRepository; sessions: SessionsRepository; throttle: SignInThrottle },
): void {
  app.post<{ Body: Credentials }>(
    '/admin/session',
    { config: { access: 'app-key' }, schema: { body: credentialsSchema } },
    async (request): Promise<SessionAnswer> => {
      const { identifier, challenge } = request.body;
      deps.throttle.check(identifier);
      const account = await checkCredentials(deps.accounts, identifier, challenge).catch(
        (error: unknown) => {
          if (error === INVALID_CREDENTIALS) deps.throttle.failed(identifier);
          throw error;
        },
      );
      deps.throttle.succeeded(identifier);
      if (!account.isActive) {
        throw new ApiError(
          403,
          'ACCOUNT_INACTIVE',
          'This account is inactive. Please contact your administrator.',
        );
      }
      const token = await deps.sessions.create(account.profileUuid);
      const session = await deps.sessions.findLive(token);
      const principal =
        session && (await deps.accounts.loadPrincipal(account.profileUuid, session.uuid));
      if (!principal) {
        throw new ApiError(403, 'NO_ROLE', 'This account has no access to the console.');
      }
      return {
        success: true,
        session_token: token,
        profile: sessionProfile(principal),
        identities: [{ uuid: principal.identityUuid }],
      };
    },
  );

  app.delete('/identity/session', async (request) => {
    await deps.sessions.revoke(principalOf(request).sessionUuid);
    return { success: true };
  });
}
