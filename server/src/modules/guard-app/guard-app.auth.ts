import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken, checkAppKey } from '../../auth/authenticate';
import type { GuardPrincipal, GuardSite } from '../../auth/principal';
import { timestampOf } from '../../db/time';
import { ApiError, notFound, unauthorized } from '../../http/errors';
import type { KiosksRepository } from '../kiosks/kiosks.repository';
import { TOKEN_PREFIX, type GuardAppRepository } from './guard-app.repository';

/** An enrolled kiosk, calling with its device credential: it may only do kiosk things at its site. */
export interface KioskPrincipal {
  role: 'kiosk';
  kioskUuid: string;
  label: string;
  site: GuardSite;
}

/** The guard session behind a guard's call: what a PIN-guarded action is checked against. */
export interface GuardSessionState {
  pinVerifiedAt: number | null;
  pinVerifiedFor: string | null;
  /**
   * When the session ended by its time, for a late report ('guard-late'): only a report made
   * before then is taken. Null for a live session.
   */
  expiredAt: number | null;
}

/**
 * What a guard-door route asks of the caller: the application key alone (sign-in), a guard's
 * session (default), a kiosk's credential, either, a guard's session if it is still live
 * (sign-out: the app must be able to sign out of a session that already ended), or a guard's
 * session that may have run out of time within LATE_REPORT_MS (a report made before then, sent
 * late from a queue; never a revoked session).
 */
export type GuardDoorAccess =
  'app-key' | 'guard' | 'kiosk' | 'guard-or-kiosk' | 'guard-if-live' | 'guard-late';

/**
 * A guard's session at a kiosk lasts while the guard uses it: it ends this long after the last
 * call (or when the guard finishes). Reports made in it and queued offline still arrive late
 * ('guard-late').
 */
export const KIOSK_SESSION_IDLE_MS = 10 * 60_000;
/** A kiosk session's end is moved on at most this often: not a write on every call. */
const KIOSK_SESSION_EXTEND_EVERY_MS = 60_000;
/** How late a report made in a session may still arrive after the session ran out of time. */
export const LATE_REPORT_MS = 24 * 3_600_000;

declare module 'fastify' {
  interface FastifyRequest {
    guardCaller: GuardPrincipal | KioskPrincipal | null;
    guardSession: GuardSessionState | null;
  }
  interface FastifyContextConfig {
    guardAccess?: GuardDoorAccess;
  }
}

export const DOOR_MESSAGES = {
  signIn: 'Please sign in to continue.',
  ended: 'Your session has ended. Please sign in again.',
  superseded: 'You signed in on another device, so you were signed out here.',
  guardInactive: 'Your guard account is not active. Please contact your supervisor.',
  companyInactive: 'Your security company is inactive. Please contact your administrator.',
  kioskRevoked: 'This device is no longer a kiosk. Ask your company to set it up again.',
  kioskSiteOff: 'The guard service is off at this kiosk’s site.',
  guardRequired: 'Pick your name and type your PIN first.',
  kioskOnly: 'Only a kiosk can make this call.',
} as const;

const forbidden = (message: string, code: string) => new ApiError(403, code, message);

/**
 * The guard door's credentials. A guard token opens only /api/v1/guard (the console's sessions
 * are another table), a kiosk token only the kiosk's calls at its site. Everything is re-checked
 * on every call: a revoked access, a deactivated guard or company, or a revoked kiosk stops at once.
 */
export function registerGuardDoorAuthentication(
  door: FastifyInstance,
  deps: { appKeys: string[]; guardApp: GuardAppRepository; kiosks: KiosksRepository },
): void {
  const appKeys = new Set(deps.appKeys);
  door.decorateRequest('guardCaller', null);
  door.decorateRequest('guardSession', null);

  async function kioskCaller(token: string, now: Date): Promise<KioskPrincipal> {
    const kiosk = await deps.kiosks.findByToken(token);
    if (!kiosk) throw new ApiError(401, 'KIOSK_REVOKED', DOOR_MESSAGES.kioskRevoked);
    // Suspending the company revokes its kiosks; a kiosk of a company that is not active (or a
    // site that has none) opens nothing meanwhile either.
    if (!(await deps.kiosks.companyActiveAt(kiosk.residence_uuid))) {
      throw new ApiError(401, 'KIOSK_REVOKED', DOOR_MESSAGES.kioskRevoked);
    }
    const site = await deps.guardApp.siteOf(kiosk.residence_uuid);
    if (!site) throw forbidden(DOOR_MESSAGES.kioskSiteOff, 'SITE_UNAVAILABLE');
    await deps.kiosks.touch(kiosk.uuid, now);
    return { role: 'kiosk', kioskUuid: kiosk.uuid, label: kiosk.label, site };
  }

  async function guardCaller(
    request: FastifyRequest,
    token: string,
    now: Date,
    late: boolean,
  ): Promise<GuardPrincipal> {
    const session = await deps.guardApp.findSession(token);
    if (!session) throw unauthorized(DOOR_MESSAGES.ended, 'SESSION_ENDED');
    if (session.revoked_at !== null) {
      if (session.revoked_reason === 'superseded') {
        throw new ApiError(401, 'SESSION_SUPERSEDED', DOOR_MESSAGES.superseded);
      }
      throw unauthorized(DOOR_MESSAGES.ended, 'SESSION_ENDED');
    }
    const expiresAt = timestampOf(session.expires_at) ?? 0;
    const expired = expiresAt <= now.getTime();
    if (expired && !(late && now.getTime() - expiresAt <= LATE_REPORT_MS)) {
      throw unauthorized(DOOR_MESSAGES.ended, 'SESSION_ENDED');
    }
    const guard = await deps.guardApp.standingOf(session.guard_uuid);
    if (!guard) throw unauthorized(DOOR_MESSAGES.guardInactive, 'GUARD_INACTIVE');
    if (!guard.company_active)
      throw unauthorized(DOOR_MESSAGES.companyInactive, 'COMPANY_INACTIVE');
    let sites: GuardSite[];
    if (session.kiosk_uuid === null) {
      // An app session lasts only while the guard has app access.
      if (!guard.has_password) throw unauthorized(DOOR_MESSAGES.ended, 'SESSION_ENDED');
      sites = await deps.guardApp.sitesOf(guard.uuid);
    } else {
      const kioskSite = await deps.kiosks.siteOf(session.kiosk_uuid);
      if (!kioskSite) throw new ApiError(401, 'KIOSK_REVOKED', DOOR_MESSAGES.kioskRevoked);
      sites = (await deps.guardApp.sitesOf(guard.uuid)).filter((site) => site.uuid === kioskSite);
      if (
        !expired &&
        expiresAt - now.getTime() < KIOSK_SESSION_IDLE_MS - KIOSK_SESSION_EXTEND_EVERY_MS
      ) {
        await deps.guardApp.extendSession(
          session.uuid,
          new Date(now.getTime() + KIOSK_SESSION_IDLE_MS),
        );
      }
    }
    request.guardSession = {
      pinVerifiedAt: timestampOf(session.pin_verified_at),
      pinVerifiedFor: session.pin_verified_residence_uuid,
      expiredAt: expired ? expiresAt : null,
    };
    return {
      role: 'guard',
      sessionUuid: session.uuid,
      guardUuid: guard.uuid,
      name: guard.name,
      companyUuid: guard.security_company_uuid,
      sites,
      kioskUuid: session.kiosk_uuid,
    };
  }

  door.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.guardAccess ?? 'guard';
    checkAppKey(request, appKeys);
    if (access === 'app-key') return;
    const token = bearerToken(request);
    if (!token && access === 'guard-if-live') return;
    if (!token) throw unauthorized(DOOR_MESSAGES.signIn);
    const now = new Date();
    if (token.startsWith(TOKEN_PREFIX.kiosk)) {
      if (access === 'guard' || access === 'guard-late') {
        throw forbidden(DOOR_MESSAGES.guardRequired, 'GUARD_REQUIRED');
      }
      request.guardCaller = await kioskCaller(token, now);
      return;
    }
    if (access === 'kiosk') throw forbidden(DOOR_MESSAGES.kioskOnly, 'KIOSK_REQUIRED');
    if (access === 'guard-if-live') {
      request.guardCaller = await guardCaller(request, token, now, false).catch(
        (error: unknown) => {
          if (error instanceof ApiError && error.statusCode === 401) return null;
          throw error;
        },
      );
      return;
    }
    request.guardCaller = await guardCaller(request, token, now, access === 'guard-late');
  });
}

/** The guard behind a 'guard' route; the hook has already refused anyone else. */
export function guardOf(request: FastifyRequest): GuardPrincipal {
  const caller = request.guardCaller;
  if (caller?.role !== 'guard') throw unauthorized(DOOR_MESSAGES.signIn);
  return caller;
}

/** The kiosk behind a 'kiosk' route. */
export function kioskOf(request: FastifyRequest): KioskPrincipal {
  const caller = request.guardCaller;
  if (caller?.role !== 'kiosk') throw unauthorized(DOOR_MESSAGES.signIn);
  return caller;
}

/** The site in a route's path, if the guard may act there; any other answers 404, as foreign records do. */
export function siteOfGuard(guard: GuardPrincipal, residenceUuid: string): GuardSite {
  const site = guard.sites.find((candidate) => candidate.uuid === residenceUuid);
  if (!site) throw notFound('Site does not exist.', 'SITE_NOT_FOUND');
  return site;
}
