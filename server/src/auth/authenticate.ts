import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSION_IDLE_HEADER, SESSION_IDLE_MESSAGE } from '@contract/session';
import { ApiError, unauthorized } from '../http/errors';
import type { AccountsRepository } from './accounts.repository';
import { REFUSAL_MESSAGES, type Principal } from './principal';
import type { SessionsRepository } from './sessions';

/**
 * How much a route asks of the caller:
 * - 'session' (default): a known application key and a live bearer token;
 * - 'app-key': the application key only (sign-in, password reset);
 * - 'none': nothing (file URLs, whose unguessable key is the credential, since <img> cannot send headers).
 */
export type RouteAccess = 'session' | 'app-key' | 'none';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

/** The token of an `Authorization: Bearer …` header, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** Refuses (401) a request without one of the accepted application keys. */
export function checkAppKey(request: FastifyRequest, appKeys: ReadonlySet<string>): void {
  const appKey = request.headers['x-application-key'];
  if (typeof appKey !== 'string' || !appKeys.has(appKey)) {
    throw unauthorized('A valid application key is required.');
  }
}

export function registerAuthentication(
  app: FastifyInstance,
  deps: {
    appKeys: string[];
    sessions: SessionsRepository;
    accounts: AccountsRepository;
    idleMinutes: number;
  },
): void {
  const appKeys = new Set(deps.appKeys);
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config.access ?? 'session';
    if (access === 'none') return;
    checkAppKey(request, appKeys);
    if (access === 'app-key') return;
    const token = bearerToken(request);
    if (!token) throw unauthorized('Please sign in to continue.');
    const session = await deps.sessions.use(token);
    if (session === 'idle') throw new ApiError(401, 'SESSION_IDLE', SESSION_IDLE_MESSAGE);
    if (session === 'unknown') throw unauthorized();
    reply.header(SESSION_IDLE_HEADER, String(deps.idleMinutes));
    // Re-checked on every request, so deactivating an account or its company takes effect at once.
    const loaded = await deps.accounts.loadAccess(session.user_profile_uuid);
    if ('refused' in loaded) throw unauthorized(REFUSAL_MESSAGES[loaded.refused]);
    request.principal = { ...loaded.access, sessionUuid: session.uuid };
  });
}

/** The caller of a 'session' route; the hook above has already refused anyone else. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}
