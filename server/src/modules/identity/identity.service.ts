import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { newPasswordProblem } from '@rules/passwords';
import type { AccountsRepository } from '../../auth/accounts.repository';
import type { PasswordGate } from '../../auth/password-gate';
import { accountKey, addressKey, type PasswordThrottle } from '../../auth/password-throttle';
import type { Principal } from '../../auth/principal';
import type { MailConfig } from '../../config';
import { timestampOf } from '../../db/time';
import { ApiError, badRequest, conflict, forbidden } from '../../http/errors';
import type { Mailer } from '../../mail/mailer';
import type { AuditEvent } from '../audit/audit.repository';
import { secretChanged } from '../audit/changes';
import {
  checkCredentials,
  gatedHash,
  INVALID_CREDENTIALS,
  loginEntry,
} from '../session/session.service';
import { SignInTaken } from '../guard-app/guard-app.repository';
import { SIGN_IN_NAME_MESSAGES } from '../guard-app/sign-in-names';
import type { IdentityRepository, ResetCodeOwner } from './identity.repository';

const hash = (code: string) => createHash('sha256').update(code).digest('hex');

/**
 * Reset requests a client address may make in the throttle's 15-minute window, and for one
 * email from one address.
 */
export const RESET_LIMITS = { perAddress: 10, perEmail: 3 } as const;

export const RESET_MESSAGES = {
  notFound: 'Account not found.',
  tooMany: 'Too many password reset requests.',
  invalid: 'This reset link is not valid. Please request a new one.',
  used: 'This reset link has already been used. Please request a new one.',
  expired: 'This reset link has expired. Please request a new one.',
  wrongCurrent: 'Your current password is not correct.',
  notYours: 'You can only change your own password.',
} as const;

/** How long a link works, in words: '1 hour', '2 hours', '90 minutes'. */
export function linkLifetime(ttlMinutes: number): string {
  return ttlMinutes % 60 === 0
    ? `${ttlMinutes / 60} hour${ttlMinutes === 60 ? '' : 's'}`
    : `${ttlMinutes} minutes`;
}

function resetMail(config: MailConfig, link: string, ttlMinutes: number) {
  const product = config.productName;
  const hours = linkLifetime(ttlMinutes);
  return {
    subject: `${product}: reset your password`,
    text: [
      'Someone asked to reset the password of your account.',
      '',
      `Open this link to choose a new password (it works once, within ${hours}):`,
      link,
      '',
      'If it was not you, ignore this message: your password stays as it is.',
    ].join('\n'),
    html: `<p>Someone asked to reset the password of your ${product} account.</p><p><a href="${link}">Choose a new password</a> (the link works once, within ${hours}).</p><p>If it was not you, ignore this message: your password stays as it is.</p>`,
  };
}

export function createIdentityService(deps: {
  identity: IdentityRepository;
  accounts: AccountsRepository;
  throttle: PasswordThrottle;
  gate: PasswordGate;
  mailer: Mailer;
  mail: MailConfig;
  publicUrl: string;
  resetCodeTtlMinutes: number;
}) {
  const { identity, accounts, throttle } = deps;

  /**
   * A new single-use code for its owner, good for RESET_CODE_TTL_MINUTES; the owner's newest
   * LIVE_RESET_CODES work. Only its hash is stored.
   */
  async function issueResetCode(
    owner: ResetCodeOwner,
    now: Date,
    audit: AuditEvent,
  ): Promise<string | null> {
    const code = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + deps.resetCodeTtlMinutes * 60_000);
    return (await identity.storeResetCode(owner, hash(code), expiresAt, now, audit)) ? code : null;
  }

  return {
    issueResetCode,

    /**
     * Mails a single-use reset link. An unknown email answers IDENTITY_NOT_FOUND, as the spec's
     * screen expects; the per-address and per-email limits keep that from serving as a way to
     * test many emails.
     */
    async requestReset(request: FastifyRequest, identifier: string, now: Date): Promise<void> {
      const email = identifier.trim();
      await throttle.limitRequests(`reset-${addressKey(request.ip)}`, {
        max: RESET_LIMITS.perAddress,
        message: RESET_MESSAGES.tooMany,
      });
      // Per email only from the same address: requests from elsewhere never refuse the owner's.
      await throttle.limitRequests(`reset-${accountKey(email)}-${addressKey(request.ip)}`, {
        max: RESET_LIMITS.perEmail,
        message: RESET_MESSAGES.tooMany,
      });
      const account = await accounts.findIdentity(email);
      if (!account) throw new ApiError(404, 'IDENTITY_NOT_FOUND', RESET_MESSAGES.notFound);
      const code = await issueResetCode({ identityUuid: account.identity_uuid }, now, {
        ...(await identity.ownerOf({ user_profile_uuid: account.profile_uuid, guard_uuid: null })),
        action: 'password-reset-request',
      });
      // The owner already holds LIVE_RESET_CODES live links: none is voided, none added, and the
      // answer is the same (it tells nothing of the mailbox).
      if (code === null) return;
      const link = `${deps.publicUrl}/resetpassword?code=${code}&iuuid=${account.identity_uuid}`;
      const profile = await accounts.findAdminsByEmail(email);
      await deps.mailer.send(
        { to: profile[0]?.email ?? email, ...resetMail(deps.mail, link, deps.resetCodeTtlMinutes) },
        `Password reset link: ${link}`,
      );
    },

    /** Sets a new password with a mailed code: once, before it expires. */
    async resetWithCode(
      request: FastifyRequest,
      code: string,
      password: string,
      now: Date,
    ): Promise<void> {
      const problem = newPasswordProblem(password);
      if (problem) throw badRequest(problem);
      const found = await identity.findResetCode(hash(code));
      if (!found) throw badRequest(RESET_MESSAGES.invalid, 'RESET_CODE_INVALID');
      if (found.used_at !== null) throw badRequest(RESET_MESSAGES.used, 'RESET_CODE_USED');
      if ((timestampOf(found.expires_at) ?? 0) <= now.getTime()) {
        throw badRequest(RESET_MESSAGES.expired, 'RESET_CODE_EXPIRED');
      }
      const challengeHash = await gatedHash(deps.gate, request, password);
      const audit = {
        ...(await identity.ownerOf(found)),
        action: 'password-reset' as const,
        changes: secretChanged('password'),
      };
      const done = await identity
        .resetWithCode(found, challengeHash, now, audit)
        .catch((error: unknown) => {
          // A guard's link: another guard with app access took its sign-in name meanwhile.
          if (error instanceof SignInTaken) {
            throw conflict(SIGN_IN_NAME_MESSAGES.taken, 'SIGN_IN_TAKEN', error.field);
          }
          throw error;
        });
      if (!done) throw badRequest(RESET_MESSAGES.used, 'RESET_CODE_USED');
    },

    /**
     * The signed-in user's own password change: the current password is checked (a wrong one
     * counts against this session, as a failed re-verification does), every other session ends.
     */
    async changePassword(
      request: FastifyRequest,
      principal: Principal,
      identityId: string,
      body: { old_challenge: string; challenge: string },
      now: Date,
    ): Promise<void> {
      if (identityId !== principal.identityUuid) throw forbidden(RESET_MESSAGES.notYours);
      const problem = newPasswordProblem(body.challenge);
      if (problem) throw badRequest(problem);
      await throttle.checkVerification(principal.sessionUuid);
      try {
        await checkCredentials(deps, request, principal.email, body.old_challenge);
      } catch (error) {
        if (error !== INVALID_CREDENTIALS) throw error;
        await throttle.verificationFailed(principal.sessionUuid);
        throw new ApiError(403, 'WRONG_PASSWORD', RESET_MESSAGES.wrongCurrent);
      }
      await throttle.verificationSucceeded(principal.sessionUuid);
      const challengeHash = await gatedHash(deps.gate, request, body.challenge);
      await identity.changePassword(
        principal.identityUuid,
        principal.profileUuid,
        principal.sessionUuid,
        challengeHash,
        now,
        { ...loginEntry(principal), action: 'password-change', changes: secretChanged('password') },
      );
    },
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
