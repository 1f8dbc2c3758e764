import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { ActiveSession } from '@contract/session';
import type { DB } from '../db/database';
import type { Database } from '../db/schema';
import { timestampOf, toDbTime } from '../db/time';
import { SYSTEM } from '../modules/audit/audit-context';
import { loginSubject, withAudit, type AuditEvent } from '../modules/audit/audit.repository';
import { changesBetween } from '../modules/audit/changes';

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

/**
 * How stale a session's recorded last use may get before a request writes it again: one write a
 * quarter minute per session at most, however many calls a screen makes.
 */
export const SESSION_ACTIVITY_STEP_MS = 15_000;

export function createSessionsRepository(
  db: DB,
  { ttlHours, idleMinutes }: { ttlHours: number; idleMinutes: number },
) {
  return {
    async create(
      userProfileUuid: string,
      now = new Date(),
      from: { userAgent?: string | null; address?: string | null } = {},
      audit: AuditEvent | null = null,
    ): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      return withAudit(
        db,
        async (trx) => {
          await trx
            .insertInto('sessions')
            .values({
              uuid: randomUUID(),
              token_hash: hashToken(token),
              user_profile_uuid: userProfileUuid,
              created_at: toDbTime(now),
              expires_at: toDbTime(new Date(now.getTime() + ttlHours * 3_600_000)),
              user_agent: from.userAgent?.slice(0, 300) ?? null,
              client_address: from.address ?? null,
            })
            .execute();
          return token;
        },
        () => audit,
      );
    },

    /** An account's live sessions, the most recently used first (`current` marks the caller's). */
    async liveOf(
      userProfileUuid: string,
      currentUuid: string,
      now = new Date(),
    ): Promise<ActiveSession[]> {
      const lastUsed = sql<string>`coalesce(sessions.last_seen_at, sessions.created_at)`;
      const rows = await db
        .selectFrom('sessions')
        .select(['uuid', 'user_agent', 'client_address', 'created_at', lastUsed.as('last_used_at')])
        .where('user_profile_uuid', '=', userProfileUuid)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', toDbTime(now))
        .where(lastUsed, '>', toDbTime(new Date(now.getTime() - idleMinutes * 60_000)))
        .orderBy(lastUsed, 'desc')
        .orderBy('uuid')
        .execute();
      return rows.map((row) => ({
        uuid: row.uuid,
        user_agent: row.user_agent,
        client_address: row.client_address,
        signed_in_at: row.created_at,
        last_used_at: row.last_used_at,
        current: row.uuid === currentUuid,
      }));
    },

    /** Ends one of an account's sessions: false when it has no such live session. */
    async revokeOwn(
      userProfileUuid: string,
      sessionUuid: string,
      audit: AuditEvent | null = null,
      now = new Date(),
    ) {
      return withAudit(
        db,
        async (trx) => {
          const ended = await trx
            .updateTable('sessions')
            .set({ revoked_at: toDbTime(now) })
            .where('uuid', '=', sessionUuid)
            .where('user_profile_uuid', '=', userProfileUuid)
            .where('revoked_at', 'is', null)
            .executeTakeFirst();
          return Number(ended.numUpdatedRows) === 1;
        },
        (ended) => (ended ? audit : null),
      );
    },

    /**
     * The session of a token, used now: 'unknown' when there is none, it was revoked or its
     * lifetime is over; 'idle' when it went unused for the idle timeout (it is then revoked).
     */
    async use(
      token: string,
      now = new Date(),
    ): Promise<{ uuid: string; user_profile_uuid: string } | 'unknown' | 'idle'> {
      const session = await db
        .selectFrom('sessions')
        .select(['uuid', 'user_profile_uuid', 'created_at', 'last_seen_at'])
        .where('token_hash', '=', hashToken(token))
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', toDbTime(now))
        .executeTakeFirst();
      if (!session) return 'unknown';
      const lastSeen = timestampOf(session.last_seen_at ?? session.created_at) ?? 0;
      if (now.getTime() - lastSeen >= idleMinutes * 60_000) {
        // Ended by the server, not by its user: the entry says so, in its login's History.
        await this.revoke(session.uuid, now, {
          ...(await loginSubject(db, session.user_profile_uuid)),
          action: 'session-end',
          actor: SYSTEM,
          at: now,
          changes: changesBetween({ session: session.uuid }, { reason: 'idle' }),
        });
        return 'idle';
      }
      if (now.getTime() - lastSeen >= SESSION_ACTIVITY_STEP_MS) {
        await db
          .updateTable('sessions')
          .set({ last_seen_at: toDbTime(now) })
          .where('uuid', '=', session.uuid)
          .execute();
      }
      return { uuid: session.uuid, user_profile_uuid: session.user_profile_uuid };
    },

    async revoke(
      sessionUuid: string,
      now = new Date(),
      audit: AuditEvent | null = null,
    ): Promise<void> {
      await withAudit(
        db,
        (trx) =>
          trx
            .updateTable('sessions')
            .set({ revoked_at: toDbTime(now) })
            .where('uuid', '=', sessionUuid)
            .execute(),
        () => audit,
      );
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
