import type { FastifyInstance } from 'fastify';
import type { SessionAnswer } from '@contract/session';
import type { AccountsRepository } from '../../auth/accounts.repository';
import { principalOf } from '../../auth/authenticate';
import type { PasswordGate } from '../../auth/password-gate';
import type { PasswordThrottle } from '../../auth/password-throttle';
import { REFUSAL_MESSAGES, type Refusal } from '../../auth/principal';
import type { SessionsRepository } from '../../auth/sessions';
import type { DB } from '../../db/database';
import { ApiError, notFound } from '../../http/errors';
import { unknownSignInLabel } from '../../auth/server-keys';
import { accountActor } from '../audit/audit-context';
import { recordAudit } from '../audit/audit.repository';
import { changesBetween } from '../audit/changes';
import {
  checkCredentials,
  INVALID_CREDENTIALS,
  loginEntry,
  sessionProfile,
} from './session.service';

export const credentialsSchema = {
  type: 'object',
  required: ['identifier', 'challenge'],
  properties: {
    identifier: { type: 'string', minLength: 1, maxLength: 320 },
    challenge: { type: 'string', minLength: 1, maxLength: 1024 },
  },
} as const;

const REFUSAL_CODES: Record<Refusal, string> = {
  'no-account': 'NO_ROLE',
  'inactive-account': 'ACCOUNT_INACTIVE',
  'inactive-company': 'COMPANY_INACTIVE',
};

export interface Credentials {
  identifier: string;
  challenge: string;
}

export function sessionRoutes(
  app: FastifyInstance,
  deps: {
    db: DB;
    accounts: AccountsRepository;
    sessions: SessionsRepository;
    throttle: PasswordThrottle;
    gate: PasswordGate;
    auditKey: Buffer;
  },
): void {
  app.post<{ Body: Credentials }>(
    '/admin/session',
    { config: { access: 'app-key' }, schema: { body: credentialsSchema } },
    async (request): Promise<SessionAnswer> => {
      const { identifier, challenge } = request.body;
      await deps.throttle.checkSignIn(request.ip);
      const refusal = async (profileUuid: string) => {
        const loaded = await deps.accounts.loadAccess(profileUuid);
        return 'refused' in loaded
          ? new ApiError(403, REFUSAL_CODES[loaded.refused], REFUSAL_MESSAGES[loaded.refused])
          : loaded;
      };
      const account = await checkCredentials(deps, request, identifier, challenge).catch(
        async (error: unknown) => {
          if (error !== INVALID_CREDENTIALS) throw error;
          await deps.throttle.signInFailed(request.ip, identifier);
          // A refused account answers a wrong password as it answers the right one, so the
          // answer never confirms a password of an account that cannot sign in.
          const known = await deps.accounts.findIdentity(identifier.trim());
          const refused = known && (await refusal(known.profile_uuid));
          await recordAudit(deps.db, {
            action: 'sign-in-failed',
            entity: 'login',
            entityUuid: known ? known.profile_uuid : null,
            // Never the text typed for an account that does not exist: it may be a password.
            entityLabel: known ? known.identifier : unknownSignInLabel(deps.auditKey, identifier),
            companyUuid:
              refused && !(refused instanceof ApiError) ? refused.access.companyUuid : null,
          });
          throw refused instanceof ApiError ? refused : error;
        },
      );
      await deps.throttle.signInSucceeded(identifier);
      const loaded = await refusal(account.profileUuid);
      if (loaded instanceof ApiError) {
        await recordAudit(deps.db, {
          action: 'sign-in-failed',
          entity: 'login',
          entityUuid: account.profileUuid,
          entityLabel: identifier.trim(),
          companyUuid: null,
          changes: changesBetween(null, { reason: loaded.code }),
        });
        throw loaded;
      }
      const token = await deps.sessions.create(
        account.profileUuid,
        new Date(),
        { userAgent: request.headers['user-agent'] ?? null, address: request.ip },
        {
          ...loginEntry(loaded.access),
          action: 'sign-in',
          actor: accountActor(loaded.access),
        },
      );
      return {
        success: true,
        session_token: token,
        profile: sessionProfile(loaded.access),
        identities: [{ uuid: loaded.access.identityUuid }],
      };
    },
  );

  // Answered for any live session: the console calls it to stay signed in, which the
  // authentication hook records as use.
  app.get('/identity/session', async () => ({ success: true }));

  app.get('/identity/sessions', async (request) => {
    const principal = principalOf(request);
    const resource = await deps.sessions.liveOf(principal.profileUuid, principal.sessionUuid);
    return { resource, meta: { count: resource.length } };
  });

  app.delete<{ Params: { uuid: string } }>('/identity/sessions/:uuid', async (request) => {
    const principal = principalOf(request);
    const ended = await deps.sessions.revokeOwn(principal.profileUuid, request.params.uuid, {
      ...loginEntry(principal),
      action: 'session-end',
      changes: changesBetween({ session: request.params.uuid }, null),
    });
    if (!ended) throw notFound();
    return { success: true };
  });

  app.delete('/identity/session', async (request) => {
    const principal = principalOf(request);
    await deps.sessions.revoke(principal.sessionUuid, new Date(), {
      ...loginEntry(principal),
      action: 'sign-out',
    });
    return { success: true };
  });
}
