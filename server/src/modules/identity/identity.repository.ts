import { loginSubject, recordAudit, type AuditEvent } from '../audit/audit.repository';
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { DB } from '../../db/database';
import { toDbTime } from '../../db/time';
import { revokeSessionsOf } from '../../auth/sessions';
import { setGuardPassword } from '../guard-app/guard-app.repository';

/** Whose password a reset code sets: a console identity's, or a guard's guard-app password. */
export type ResetCodeOwner = { identityUuid: string } | { guardUuid: string };

/**
 * How many of an owner's reset links may be live (unused, unexpired) at once. A new request never
 * voids a link already mailed (anyone may ask for a reset of any email): past this many, no new
 * link is made until one is used or expires.
 */
export const LIVE_RESET_CODES = 5;

/** An owner's codes not yet used (or voided). */
function liveCodesOf(db: Kysely<Database> | Transaction<Database>, owner: ResetCodeOwner) {
  const query = db.selectFrom('password_reset_codes').where('used_at', 'is', null);
  return 'identityUuid' in owner
    ? query.where('identity_uuid', '=', owner.identityUuid)
    : query.where('guard_uuid', '=', owner.guardUuid);
}

/** Reset codes (stored as hashes) and password changes of sign-in identities and guards. */
export function createIdentityRepository(db: DB) {
  return {
    /**
     * Stores a new code for its owner, unless the owner already has LIVE_RESET_CODES live ones:
     * answers whether it was stored. Earlier links stay as they are.
     */
    async storeResetCode(
      owner: ResetCodeOwner,
      codeHash: string,
      expiresAt: Date,
      now: Date,
      audit: AuditEvent,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const live = await liveCodesOf(trx, owner)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('expires_at', '>', toDbTime(now))
          .executeTakeFirstOrThrow();
        if (Number(live.n) >= LIVE_RESET_CODES) return false;
        await recordAudit(trx, audit);
        await trx
          .insertInto('password_reset_codes')
          .values({
            uuid: randomUUID(),
            identity_uuid: 'identityUuid' in owner ? owner.identityUuid : null,
            guard_uuid: 'guardUuid' in owner ? owner.guardUuid : null,
            code_hash: codeHash,
            expires_at: toDbTime(expiresAt),
            created_at: toDbTime(now),
          })
          .execute();
        return true;
      });
    },

    /** Whose password a reset code sets, as the audit trail names it: a login or a guard. */
    async ownerOf(code: { user_profile_uuid: string | null; guard_uuid: string | null }) {
      if (code.guard_uuid !== null) {
        const guard = await db
          .selectFrom('guards')
          .select(['name', 'security_company_uuid'])
          .where('uuid', '=', code.guard_uuid)
          .executeTakeFirst();
        return {
          entity: 'guard' as const,
          entityUuid: code.guard_uuid,
          entityLabel: guard?.name ?? null,
          companyUuid: guard?.security_company_uuid ?? null,
        };
      }
      return loginSubject(db, code.user_profile_uuid);
    },

    async findResetCode(codeHash: string) {
      return db
        .selectFrom('password_reset_codes')
        .leftJoin('identities', 'identities.uuid', 'password_reset_codes.identity_uuid')
        .select([
          'password_reset_codes.uuid',
          'password_reset_codes.expires_at',
          'password_reset_codes.used_at',
          'password_reset_codes.guard_uuid',
          'identities.uuid as identity_uuid',
          'identities.user_profile_uuid',
        ])
        .where('password_reset_codes.code_hash', '=', codeHash)
        .executeTakeFirst();
    },

    /**
     * Uses up a code and sets the new password in one transaction; false when another request
     * used the code first. Every session of the account (or of the guard) ends.
     */
    async resetWithCode(
      code: {
        uuid: string;
        identity_uuid: string | null;
        user_profile_uuid: string | null;
        guard_uuid: string | null;
      },
      challengeHash: string,
      now: Date,
      audit: AuditEvent,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const used = await trx
          .updateTable('password_reset_codes')
          .set({ used_at: toDbTime(now) })
          .where('uuid', '=', code.uuid)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        if (Number(used.numUpdatedRows) !== 1) return false;
        await recordAudit(trx, audit);
        // The owner's other links end with the password they would have replaced.
        const owner: ResetCodeOwner =
          code.guard_uuid !== null
            ? { guardUuid: code.guard_uuid }
            : { identityUuid: code.identity_uuid ?? '' };
        await trx
          .updateTable('password_reset_codes')
          .set({ used_at: toDbTime(now) })
          .where('uuid', 'in', liveCodesOf(trx, owner).select('uuid'))
          .execute();
        if (code.guard_uuid !== null) {
          await setGuardPassword(trx, code.guard_uuid, challengeHash, now);
          return true;
        }
        if (code.identity_uuid === null || code.user_profile_uuid === null) return false;
        await trx
          .updateTable('identities')
          .set({ challenge_hash: challengeHash, updated_at: toDbTime(now) })
          .where('uuid', '=', code.identity_uuid)
          .execute();
        await revokeSessionsOf(trx, code.user_profile_uuid, now);
        return true;
      });
    },

    /** Sets a signed-in user's new password and ends every session but the one that changed it. */
    async changePassword(
      identityUuid: string,
      profileUuid: string,
      keepSession: string,
      challengeHash: string,
      now: Date,
      audit: AuditEvent,
    ) {
      await db.transaction().execute(async (trx) => {
        await recordAudit(trx, audit);
        await trx
          .updateTable('identities')
          .set({ challenge_hash: challengeHash, updated_at: toDbTime(now) })
          .where('uuid', '=', identityUuid)
          .execute();
        await trx
          .updateTable('sessions')
          .set({ revoked_at: toDbTime(now) })
          .where('user_profile_uuid', '=', profileUuid)
          .where('uuid', '!=', keepSession)
          .where('revoked_at', 'is', null)
          .execute();
      });
    },
  };
}

export type IdentityRepository = ReturnType<typeof createIdentityRepository>;
