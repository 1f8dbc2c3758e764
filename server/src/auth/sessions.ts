import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { DB } from '../db/database';
import { toDbTime } from '../db/time';

/** Only a hash of the token is stored, so a copy of the database does not hold usable sessions. */
function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
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
