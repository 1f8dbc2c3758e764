import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/database';
import type { Database } from '../db/schema';
import { toDbTime } from '../db/time';

/** Only a hash of the token is stored, so a copy of the database does not hold usable sessions. */
function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Ends every live session of an account, for good: a deactivated, deleted or re-passworded account
 * must sign in again. Takes a transaction when the caller is writing the account in one.
 */
export async function revokeSessionsOf(
  db: Kysely<Database> | Transaction<Database>,
  userProfileUuid: string,
  now = new Date(),
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: toDbTime(now) })
    .where('user_profile_uuid', '=', userProfileUuid)
    .where('revoked_at', 'is', null)
    .execute();
}

export function createSessionsRepository(db: DB, ttlHours: number) {
  return {
    async create(userProfileUuid: string, now = new Date()): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await db
        .insertInto('sessions')
        .values({
          uuid: randomUUID(),
          token_hash: hashToken(token),
          user_profile_uuid: userProfileUuid,
          created_at: toDbTime(now),
          expires_at: toDbTime(new Date(now.getTime() + ttlHours * 3_600_000)),
        })
        .execute();
      return token;
    },

    /** The live session for a token, or undefined when unknown, revoked or expired. */
    async findLive(token: string, now = new Date()) {
      return db
        .selectFrom('sessions')
        .select(['uuid', 'user_profile_uuid'])
        .where('token_hash', '=', hashToken(token))
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', toDbTime(now))
        .executeTakeFirst();
    },

    async revoke(sessionUuid: string, now = new Date()): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ revoked_at: toDbTime(now) })
        .where('uuid', '=', sessionUuid)
        .execute();
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
