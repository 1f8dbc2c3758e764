import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { LOGIN_MESSAGES, VERIFICATION_TTL_MS } from '@rules/logins';
import type { DB } from '../db/database';
import { toDbTime } from '../db/time';
import { ApiError } from '../http/errors';
import { withAudit, type AuditEvent } from '../modules/audit/audit.repository';
import { principalOf } from './authenticate';

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Proof that the administrator re-typed their own credentials moments ago (POST /admin/verify).
 * A login write must carry one: it lasts VERIFICATION_TTL_MS, serves one write, and only for the
 * session that verified, so neither a hidden client step nor a copied token stands in for it.
 */
export function createVerificationStore(db: DB) {
  return {
    async issue(sessionUuid: string, audit: AuditEvent, now = new Date()): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await withAudit(
        db,
        (trx) =>
          trx
            .insertInto('verification_tokens')
            .values({
              token_hash: hash(token),
              session_uuid: sessionUuid,
              expires_at: toDbTime(new Date(now.getTime() + VERIFICATION_TTL_MS)),
            })
            .execute(),
        () => audit,
      );
      await db.deleteFrom('verification_tokens').where('expires_at', '<', toDbTime(now)).execute();
      return token;
    },

    /** Uses up the request's proof; throws 403 when it is missing, stale, used or another session's. */
    async consume(request: FastifyRequest, now = new Date()): Promise<void> {
      const header = request.headers['x-verification-token'];
      const token = typeof header === 'string' ? header : '';
      const used = token
        ? await db
            .updateTable('verification_tokens')
            .set({ used_at: toDbTime(now) })
            .where('token_hash', '=', hash(token))
            .where('session_uuid', '=', principalOf(request).sessionUuid)
            .where('used_at', 'is', null)
            .where('expires_at', '>', toDbTime(now))
            .executeTakeFirst()
        : null;
      if (!used || Number(used.numUpdatedRows) !== 1) {
        throw new ApiError(403, 'VERIFICATION_REQUIRED', LOGIN_MESSAGES.verificationRequired);
      }
    },
  };
}

export type VerificationStore = ReturnType<typeof createVerificationStore>;
