import { randomUUID } from 'node:crypto';
import type { DB } from '../../db/database';
import { toDbTime } from '../../db/time';
import { revokeSessionsOf } from '../../auth/sessions';
import { setGuardPassword } from '../guard-app/guard-app.repository';

/** Whose password a reset code sets: a console identity's, or a guard's guard-app password. */
export type ResetCodeOwner = { identityUuid: string } | { guardUuid: string };

/** Reset codes (stored as hashes) and password changes of sign-in identities and guards. */
export function createIdentityRepository(db: DB) {
  return {
    /** Stores a new code for its owner and voids the owner's earlier unused ones, together. */
    async storeResetCode(
      owner: ResetCodeOwner,
      codeHash: string,
      expiresAt: Date,
      now: Date,
    ): Promise<void> {
      const [column, ownerUuid] =
        'identityUuid' in owner
          ? (['identity_uuid', owner.identityUuid] as const)
          : (['guard_uuid', owner.guardUuid] as const);
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('password_reset_codes')
          .set({ used_at: toDbTime(now) })
          .where(column, '=', ownerUuid)
          .where('used_at', 'is', null)
          .execute();
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
      });
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
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const used = await trx
          .updateTable('password_reset_codes')
          .set({ used_at: toDbTime(now) })
          .where('uuid', '=', code.uuid)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        if (Number(used.numUpdatedRows) !== 1) return false;
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
    ) {
      await db.transaction().execute(async (trx) => {
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
