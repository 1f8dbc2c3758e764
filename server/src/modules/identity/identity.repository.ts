import { randomUUID } from 'node:crypto';
import type { DB } from '../../db/database';
import { toDbTime } from '../../db/time';
import { revokeSessionsOf } from '../../auth/sessions';

/** Reset codes (stored as hashes) and password changes of sign-in identities. */
export function createIdentityRepository(db: DB) {
  return {
    /** Stores a new code for an identity and voids its earlier unused ones, together. */
    async storeResetCode(
      identityUuid: string,
      codeHash: string,
      expiresAt: Date,
      now: Date,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('password_reset_codes')
          .set({ used_at: toDbTime(now) })
          .where('identity_uuid', '=', identityUuid)
          .where('used_at', 'is', null)
          .execute();
        await trx
          .insertInto('password_reset_codes')
          .values({
            uuid: randomUUID(),
            identity_uuid: identityUuid,
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
        .innerJoin('identities', 'identities.uuid', 'password_reset_codes.identity_uuid')
        .select([
          'password_reset_codes.uuid',
          'password_reset_codes.expires_at',
          'password_reset_codes.used_at',
          'identities.uuid as identity_uuid',
          'identities.user_profile_uuid',
        ])
        .where('password_reset_codes.code_hash', '=', codeHash)
        .executeTakeFirst();
    },

    /**
     * Uses up a code and sets the new password in one transaction; false when another request
     * used the code first. Every session of the account ends.
     */
    async resetWithCode(
      code: { uuid: string; identity_uuid: string; user_profile_uuid: string },
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
