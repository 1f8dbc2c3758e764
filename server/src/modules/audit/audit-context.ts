import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuditActorRole } from '@contract/audit';
import type { Access } from '../../auth/principal';

/** Who an audit entry names as having acted. */
export interface AuditActor {
  uuid: string | null;
  name: string | null;
  role: AuditActorRole;
  companyUuid: string | null;
}

/** Where a write came from: its actor, and the client's address and browser or app. */
export interface AuditOrigin {
  actor: AuditActor;
  clientAddress: string | null;
  userAgent: string | null;
}

/** The server itself: its jobs, and what it ends on its own (an idle session). */
export const SYSTEM: AuditActor = { uuid: null, name: 'System', role: 'system', companyUuid: null };
const USER_AGENT_MAX_LENGTH = 500;

/**
 * The request each piece of work serves, so a repository writing an audit entry inside its
 * transaction knows who asked without every service passing it down. Entered after the body is
 * read and the caller authenticated (preHandler), so the handler and all it awaits run inside.
 */
const currentRequest = new AsyncLocalStorage<FastifyRequest>();

export function registerAuditContext(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => currentRequest.run(request, done));
}

/** A console account as an actor: at sign-in, before its request has a signed-in caller. */
export function accountActor(access: Access): AuditActor {
  return {
    uuid: access.profileUuid,
    name: access.name || access.email,
    role: access.role,
    companyUuid: access.companyUuid,
  };
}

/** The signed-in caller of a request on either door, or an anonymous one (sign-in, reset). */
function actorOf(request: FastifyRequest): AuditActor {
  const { principal, guardCaller } = request;
  if (principal) return accountActor(principal);
  if (guardCaller?.role === 'guard') {
    return {
      uuid: guardCaller.guardUuid,
      name: guardCaller.name,
      role: 'guard',
      companyUuid: guardCaller.companyUuid,
    };
  }
  if (guardCaller?.role === 'kiosk') {
    return {
      uuid: guardCaller.kioskUuid,
      name: guardCaller.label,
      role: 'kiosk',
      companyUuid: guardCaller.site.companyUuid,
    };
  }
  return { uuid: null, name: null, role: 'anonymous', companyUuid: null };
}

/** The origin of the work in progress: its request's caller, or the server's own jobs. */
export function currentOrigin(): AuditOrigin {
  const request = currentRequest.getStore();
  if (!request) return { actor: SYSTEM, clientAddress: null, userAgent: null };
  const userAgent = request.headers['user-agent'];
  return {
    actor: actorOf(request),
    clientAddress: request.ip || null,
    userAgent: userAgent ? userAgent.slice(0, USER_AGENT_MAX_LENGTH) : null,
  };
}
