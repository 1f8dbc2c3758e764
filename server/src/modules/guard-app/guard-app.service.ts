import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { GuardAppAccess } from '@contract/guards';
import { newPasswordProblem, PASSWORD_MESSAGES } from '@rules/passwords';
import type { PasswordGate } from '../../auth/password-gate';
import { addressKey, pinDeviceKey, type PasswordThrottle } from '../../auth/password-throttle';
import type { GuardPrincipal, GuardSite, Principal } from '../../auth/principal';
import type { MailConfig } from '../../config';
import type { DB } from '../../db/database';
import { toDbTime } from '../../db/time';
import { ApiError, badRequest, conflict, notFound } from '../../http/errors';
import type { Mailer } from '../../mail/mailer';
import type { AuditActor } from '../audit/audit-context';
import { recordAudit } from '../audit/audit.repository';
import { changesBetween, secretChanged } from '../audit/changes';
import { guardEntry, type GuardsService } from '../guards/guards.service';
import type { IdentityService } from '../identity/identity.service';
import { linkLifetime } from '../identity/identity.service';
import { LIVE_RESET_CODES } from '../identity/identity.repository';
import {
  KIOSK_SESSION_IDLE_MS,
  LATE_REPORT_MS,
  type GuardSessionState,
  type KioskPrincipal,
  DOOR_MESSAGES,
} from './guard-app.auth';
import { unknownSignInLabel } from '../../auth/server-keys';
import { SIGN_IN_NAME_MESSAGES, type SignInNames } from './sign-in-names';
import { checkPasswordOf, gatedHash, INVALID_CREDENTIALS } from '../session/session.service';
import { newToken, type GuardAppRepository, type GuardStanding } from './guard-app.repository';

/** How long a verified PIN opens a shift or a report, in the session it was typed in. */
export const PIN_FRESH_MS = 5 * 60_000;
export { LATE_REPORT_MS } from './guard-app.auth';

export const GUARD_APP_MESSAGES = {
  invalidCredentials: 'Invalid email, phone number or password.',
  switchDevice: (device: string) =>
    `You are signed in on ${device}. Continue here to sign out there.`,
  wrongPin: 'Wrong PIN. Please try again.',
  noPin: 'You have no PIN yet. Ask your supervisor for one.',
  pinRequired: 'Type your PIN again to continue.',
  guardUnknown: 'Guard does not exist.',
  noSignInName: 'Add an email or a contact number to the guard’s profile first.',
  noEmail: 'Add an email to the guard’s profile to mail a link, or set a password here.',
  signInTaken: SIGN_IN_NAME_MESSAGES.taken,
  accountBusy:
    'Too many failed sign-ins to this account. Sign in on your own phone, or try again later.',
  linksLive: `This guard already has ${LIVE_RESET_CODES} set-password links that still work. Ask the guard to use one of them, or set a password here.`,
  kioskSession: 'Change your password in the guard app on your own phone, not at a kiosk.',
  passwordsDiffer: PASSWORD_MESSAGES.mismatch,
  wrongPassword: 'Your current password is not correct.',
} as const;

/** The throttle's key for a guard's sign-in name, apart from the console's account keys. */
const signInName = (emailOrPhone: string) => `guard:${emailOrPhone.trim().toLowerCase()}`;

/** PIN comparison in constant time, so timing does not tell how many digits were right. */
function samePin(typed: string, stored: string | null): boolean {
  if (stored === null) return false;
  const a = Buffer.from(typed.padEnd(16, ' ').slice(0, 16));
  const b = Buffer.from(stored.padEnd(16, ' ').slice(0, 16));
  return timingSafeEqual(a, b) && typed === stored;
}

function guardSetLinkMail(config: MailConfig, guardName: string, link: string, ttlMinutes: number) {
  const product = config.productName;
  const lifetime = linkLifetime(ttlMinutes);
  return {
    subject: `${product}: set your guard app password`,
    text: [
      `Hello ${guardName},`,
      '',
      `Your security company has given you access to the ${product} guard app.`,
      `Open this link to choose your password (it works once, within ${lifetime}):`,
      link,
      '',
      'Then sign in to the guard app with your email or phone number and that password.',
    ].join('\n'),
    html: `<p>Hello ${guardName},</p><p>Your security company has given you access to the ${product} guard app.</p><p><a href="${link}">Choose your password</a> (the link works once, within ${lifetime}).</p><p>Then sign in to the guard app with your email or phone number and that password.</p>`,
  };
}

/** Failed sign-ins to one guard account, from any address, per throttle window (15 minutes). */
export const GUARD_SIGN_IN_BUDGET = 10;

/** The guard who may sign in, or the refusal of one who may not (inactive, or its company). */
function refuseStanding(guard: GuardStanding | undefined): GuardStanding {
  if (!guard) throw new ApiError(403, 'GUARD_INACTIVE', DOOR_MESSAGES.guardInactive);
  if (!guard.company_active) {
    throw new ApiError(403, 'COMPANY_INACTIVE', DOOR_MESSAGES.companyInactive);
  }
  return guard;
}

/** A guard as the actor of its own sign-in, before its request has a signed-in caller. */
function guardActor(guard: GuardStanding): AuditActor {
  return {
    uuid: guard.uuid,
    name: guard.name,
    role: 'guard',
    companyUuid: guard.security_company_uuid,
  };
}

export function createGuardAppService(deps: {
  db: DB;
  guardApp: GuardAppRepository;
  guards: GuardsService;
  identity: IdentityService;
  throttle: PasswordThrottle;
  gate: PasswordGate;
  mailer: Mailer;
  mail: MailConfig;
  publicUrl: string;
  resetCodeTtlMinutes: number;
  guardSessionTtlDays: number;
  auditKey: Buffer;
  signInNames: SignInNames;
}) {
  const { guardApp, throttle } = deps;

  /** Checks a typed PIN against the guard's, through the PIN throttle; throws when wrong. */
  async function checkPin(guard: GuardStanding, pin: string, deviceKeys: string[]): Promise<void> {
    await throttle.checkPin(guard.uuid, deviceKeys);
    if (guard.pin === null) throw new ApiError(422, 'NO_PIN', GUARD_APP_MESSAGES.noPin);
    if (!samePin(pin, guard.pin)) {
      if (await throttle.pinFailed(guard.uuid, deviceKeys)) {
        await recordAudit(deps.db, {
          ...guardEntry(guard.uuid, guard),
          action: 'pin-lockout',
          actor: guardActor(guard),
        });
      }
      throw new ApiError(422, 'WRONG_PIN', GUARD_APP_MESSAGES.wrongPin);
    }
    await throttle.pinSucceeded(guard.uuid);
  }

  /** A session that ran out of time (a late report's) takes only a report made before it did. */
  function requireMadeInTime(session: GuardSessionState | null, madeAt: number | null): void {
    const expiredAt = session?.expiredAt ?? null;
    if (expiredAt !== null && (madeAt === null || madeAt > expiredAt)) {
      throw new ApiError(401, 'SESSION_ENDED', DOOR_MESSAGES.ended);
    }
  }

  /**
   * Refuses (403) a PIN-guarded action (a shift, a report) unless a PIN was verified for this
   * site in this session within PIN_FRESH_MS. A report that says when it was made (`madeAt`,
   * sent later from a queue) counts from then, up to LATE_REPORT_MS after the PIN.
   */
  function requireFreshPin(
    session: GuardSessionState | null,
    site: GuardSite,
    now: Date,
    madeAt: number | null = null,
  ): void {
    requireMadeInTime(session, madeAt);
    const verified = session?.pinVerifiedAt ?? null;
    const fresh =
      verified !== null &&
      session?.pinVerifiedFor === site.uuid &&
      verified <= now.getTime() &&
      (now.getTime() - verified <= PIN_FRESH_MS ||
        (madeAt !== null &&
          madeAt >= verified &&
          madeAt - verified <= PIN_FRESH_MS &&
          madeAt <= now.getTime() &&
          now.getTime() - verified <= LATE_REPORT_MS));
    if (!fresh) throw new ApiError(403, 'PIN_REQUIRED', GUARD_APP_MESSAGES.pinRequired);
  }

  /** The guard as its company's staff may manage it (scope), with the fields app access needs. */
  async function managedGuard(principal: Principal, guardUuid: string) {
    const guard = await deps.guards.find(principal, guardUuid);
    if (!guard.email && !guard.contact_number) throw badRequest(GUARD_APP_MESSAGES.noSignInName);
    await deps.signInNames.check(principal, guard, { withAccessOnly: false });
    return guard;
  }

  return {
    /**
     * Signs a guard in to the app on one device. When the guard is signed in on another device,
     * the answer asks first (switch_device, and a token that opens nothing); `is_proceed` then
     * signs the other device out, and it is told why on its next call.
     */
    async login(
      request: FastifyRequest,
      body: {
        email_or_phone: string;
        password: string;
        device_unique_id: string;
        device_model?: string;
        brand?: string;
        is_proceed?: number | string | boolean;
      },
      now: Date,
    ) {
      await throttle.checkSignIn(request.ip);
      const name = signInName(body.email_or_phone);
      const device = body.device_unique_id.trim();
      // The account's budget across addresses; the guard's own phone is spared it.
      const named = await guardApp.findSignIn(body.email_or_phone);
      if (!named || !(await guardApp.knownDevice(named.guardUuid, device))) {
        await throttle.checkAccountBudget(
          name,
          GUARD_SIGN_IN_BUDGET,
          GUARD_APP_MESSAGES.accountBusy,
        );
      }
      const found = await checkPasswordOf(deps.gate, request, name, body.password, async () =>
        named ? { ...named } : undefined,
      ).catch(async (error: unknown) => {
        if (error !== INVALID_CREDENTIALS) throw error;
        await throttle.signInFailed(request.ip, name);
        const standing = named && (await guardApp.standingOf(named.guardUuid));
        await recordAudit(deps.db, {
          action: 'sign-in-failed',
          entity: 'guard',
          entityUuid: named?.guardUuid ?? null,
          entityLabel: named
            ? (standing?.name ?? named.name)
            : unknownSignInLabel(deps.auditKey, body.email_or_phone),
          companyUuid: named?.companyUuid ?? null,
        });
        // An inactive guard (or company) answers a wrong password as it answers the right one,
        // so the answer never confirms a password of a guard that cannot sign in.
        if (named) refuseStanding(standing);
        throw new ApiError(401, 'INVALID_CREDENTIALS', GUARD_APP_MESSAGES.invalidCredentials);
      });
      await throttle.signInSucceeded(name);
      const guard = refuseStanding(await guardApp.standingOf(found.guardUuid));
      const sites = await guardApp.sitesOf(guard.uuid);
      const proceed = [1, '1', true, 'true'].includes(body.is_proceed ?? 0);
      const elsewhere = await guardApp.liveAppSession(guard.uuid, now, device);
      if (elsewhere && !proceed) {
        const label = elsewhere.device_label || 'another device';
        return {
          // The app rejects an empty token before it reads switch_device (guard_repository.dart),
          // so it gets one that no session has: it opens nothing, and the app's next step is the
          // same sign-in with is_proceed (or, on Cancel, forgetting it).
          token: newToken('guard'),
          guard,
          sites,
          switchDevice: {
            is_switch_device: true as const,
            previous_device_label: label,
            message: GUARD_APP_MESSAGES.switchDevice(label),
          },
        };
      }
      await guardApp.endAppSessions(guard.uuid, device, now);
      const token = await guardApp.createSession({
        guardUuid: guard.uuid,
        kioskUuid: null,
        deviceUniqueId: device,
        deviceLabel: [body.brand, body.device_model].filter(Boolean).join(' ').trim().slice(0, 100),
        ttlMs: deps.guardSessionTtlDays * 24 * 3_600_000,
        now,
        audit: { ...guardEntry(guard.uuid, guard), action: 'sign-in', actor: guardActor(guard) },
      });
      return { token, guard, sites, switchDevice: undefined };
    },

    /** The kiosk site's guards to pick from, by name; a search by name or guard ID narrows them. */
    kioskGuards(kiosk: KioskPrincipal, search: string) {
      return guardApp.kioskGuards(kiosk.site.uuid, search);
    },

    async logout(guard: GuardPrincipal, now: Date): Promise<void> {
      await guardApp.endSession(guard.sessionUuid, 'signed-out', now, {
        ...guardEntry(guard.guardUuid, {
          name: guard.name,
          security_company_uuid: guard.companyUuid,
        }),
        action: 'sign-out',
      });
    },

    async me(guard: GuardPrincipal) {
      const standing = await guardApp.standingOf(guard.guardUuid);
      if (!standing) throw notFound();
      return { guard: standing, sites: guard.sites };
    },

    /** The app's PIN check: a right PIN opens PIN-guarded actions at the site, in this session. */
    async verifyPin(
      request: FastifyRequest,
      guard: GuardPrincipal,
      site: GuardSite,
      pin: string,
      now: Date,
    ) {
      const standing = await guardApp.standingOf(guard.guardUuid);
      if (!standing) throw notFound();
      await checkPin(standing, pin, [
        pinDeviceKey(`session:${guard.sessionUuid}`),
        pinDeviceKey(addressKey(request.ip)),
      ]);
      await guardApp.markPinVerified(guard.sessionUuid, site.uuid, now);
      return standing;
    },

    /**
     * A kiosk's PIN check for one of its site's guards: a right PIN opens a session of that
     * guard at this kiosk, with the PIN verified. Answers the token and the guard.
     */
    async verifyPinAtKiosk(
      request: FastifyRequest,
      kiosk: KioskPrincipal,
      guardUuid: string,
      pin: string,
      now: Date,
    ) {
      const standing = await guardApp.standingOf(guardUuid);
      const posted =
        standing && (await guardApp.sitesOf(standing.uuid)).some((s) => s.uuid === kiosk.site.uuid);
      if (!standing || !posted || !standing.company_active) {
        throw notFound(GUARD_APP_MESSAGES.guardUnknown, 'GUARD_NOT_FOUND');
      }
      await checkPin(standing, pin, [
        pinDeviceKey(`kiosk:${kiosk.kioskUuid}`),
        pinDeviceKey(addressKey(request.ip)),
      ]);
      const token = await guardApp.createSession({
        guardUuid: standing.uuid,
        kioskUuid: kiosk.kioskUuid,
        deviceUniqueId: '',
        deviceLabel: kiosk.label,
        ttlMs: KIOSK_SESSION_IDLE_MS,
        pinVerifiedFor: kiosk.site.uuid,
        now,
        audit: {
          ...guardEntry(standing.uuid, standing),
          action: 'sign-in',
          changes: changesBetween(null, { kiosk: kiosk.label }),
          actor: guardActor(standing),
        },
      });
      return { token, guard: standing };
    },

    requireFreshPin,

    /**
     * A PIN-guarded action as the app sends it: the PIN verified in this session (requireFreshPin),
     * or the guard's PIN in the request itself. The app sends its PIN with every shift and
     * report, and re-sends queued reports with the PIN typed when each was made, in whatever
     * session it has then (reporting_sync_service.dart): such a report needs no fresh PIN, and a
     * token alone, without the PIN, still files nothing. A wrong PIN counts toward the PIN lock
     * like one typed at verify-pin.
     */
    async requirePin(
      request: FastifyRequest,
      guard: GuardPrincipal,
      site: GuardSite,
      pin: string | undefined,
      now: Date,
      madeAt: number | null = null,
    ): Promise<void> {
      const typed = pin?.trim() ?? '';
      requireMadeInTime(request.guardSession, madeAt);
      if (!typed) {
        requireFreshPin(request.guardSession, site, now, madeAt);
        return;
      }
      const standing = await guardApp.standingOf(guard.guardUuid);
      if (!standing) throw notFound();
      await checkPin(standing, typed, [
        pinDeviceKey(`session:${guard.sessionUuid}`),
        pinDeviceKey(addressKey(request.ip)),
      ]);
    },

    /** The guard's own password change in the app: its other sessions end. */
    async changePassword(
      request: FastifyRequest,
      guard: GuardPrincipal,
      body: { current_password: string; new_password: string; new_password_confirmation: string },
      now: Date,
    ): Promise<void> {
      // A kiosk session does what the kiosk shows (shifts, reports, the gate), never this.
      if (guard.kioskUuid !== null) {
        throw new ApiError(403, 'KIOSK_SESSION', GUARD_APP_MESSAGES.kioskSession);
      }
      const problem = newPasswordProblem(body.new_password);
      if (problem) throw badRequest(problem);
      if (body.new_password !== body.new_password_confirmation) {
        throw badRequest(GUARD_APP_MESSAGES.passwordsDiffer);
      }
      await throttle.checkVerification(guard.sessionUuid);
      try {
        await checkPasswordOf(
          deps.gate,
          request,
          `guard-session:${guard.sessionUuid}`,
          body.current_password,
          async () => {
            const credential = await guardApp.credentialOf(guard.guardUuid);
            return credential && { passwordHash: credential.password_hash };
          },
        );
      } catch (error) {
        if (error !== INVALID_CREDENTIALS) throw error;
        await throttle.verificationFailed(guard.sessionUuid);
        throw new ApiError(403, 'WRONG_PASSWORD', GUARD_APP_MESSAGES.wrongPassword);
      }
      await throttle.verificationSucceeded(guard.sessionUuid);
      const hash = await gatedHash(deps.gate, request, body.new_password);
      await guardApp.changePassword(guard.guardUuid, guard.sessionUuid, hash, now, {
        ...guardEntry(guard.guardUuid, {
          name: guard.name,
          security_company_uuid: guard.companyUuid,
        }),
        action: 'password-change',
        changes: secretChanged('password'),
      });
    },

    /** Whether a guard can use the app, and its PIN lock-out, as the guard's company sees it. */
    async accessOf(principal: Principal, guardUuid: string, now: Date): Promise<GuardAppAccess> {
      await deps.guards.find(principal, guardUuid);
      const [credential, device, pin] = await Promise.all([
        guardApp.credentialOf(guardUuid),
        guardApp.liveAppSession(guardUuid, now),
        throttle.pinStateOf(guardUuid),
      ]);
      return {
        has_password: credential !== undefined,
        password_set_at: credential?.updated_at ?? null,
        signed_in_device: credential ? (device?.device_label ?? null) : null,
        pin_locked_until: pin.lockedUntil === null ? null : toDbTime(new Date(pin.lockedUntil)),
        pin_failures: pin.failures,
      };
    },

    /** Gives app access with a password the company chose; a guard signed in must sign in again. */
    async setPassword(
      request: FastifyRequest,
      principal: Principal,
      guardUuid: string,
      password: string,
      now: Date,
    ) {
      const problem = newPasswordProblem(password);
      if (problem) throw badRequest(problem);
      const guard = await managedGuard(principal, guardUuid);
      const hash = await gatedHash(deps.gate, request, password);
      await guardApp
        .setPassword(guard.uuid, hash, now, {
          ...guardEntry(guard.uuid, guard),
          action: 'app-access',
          changes: secretChanged('password'),
        })
        .catch(async (error: unknown) => {
          throw await deps.signInNames.answer(principal, error);
        });
    },

    /** Mails the guard a single-use link to choose its own password, through the outbox. */
    async sendSetPasswordLink(principal: Principal, guardUuid: string, now: Date): Promise<void> {
      const guard = await managedGuard(principal, guardUuid);
      if (!guard.email) throw badRequest(GUARD_APP_MESSAGES.noEmail);
      const code = await deps.identity.issueResetCode({ guardUuid: guard.uuid }, now, {
        ...guardEntry(guard.uuid, guard),
        action: 'app-access',
        changes: changesBetween(null, { set_password_link_sent_to: guard.email }),
      });
      if (code === null) throw conflict(GUARD_APP_MESSAGES.linksLive, 'LINKS_LIVE');
      const link = `${deps.publicUrl}/resetpassword?code=${code}`;
      await deps.mailer.send(
        {
          to: guard.email,
          ...guardSetLinkMail(deps.mail, guard.name, link, deps.resetCodeTtlMinutes),
        },
        `Guard app password link for ${guard.name}: ${link}`,
      );
    },

    /** Takes app access away: the password goes and every session of the guard ends. */
    async revokeAccess(principal: Principal, guardUuid: string, now: Date): Promise<void> {
      const guard = await deps.guards.find(principal, guardUuid);
      await guardApp.removeAccess(guardUuid, now, {
        ...guardEntry(guard.uuid, guard),
        action: 'app-access-revoke',
      });
    },
  };
}

export type GuardAppService = ReturnType<typeof createGuardAppService>;
