import type { BackupStatus } from '@contract/backups';
import type { DB } from '../../db/database';
import { timestampOf, toDbTime } from '../../db/time';

export function createBackupsRepository(db: DB) {
  return {
    /** Records an archive written, so every process knows the last backup. */
    async record(archive: string, bytes: number, takenAt: Date): Promise<void> {
      await db
        .insertInto('backups')
        .values({ archive, bytes, taken_at: toDbTime(takenAt) })
        .onConflict((oc) => oc.column('archive').doNothing())
        .execute();
    },

    /** The last backup, and whether it is older than twice the schedule's interval. */
    async status(everyHours: number, now: Date): Promise<BackupStatus> {
      const last = await db
        .selectFrom('backups')
        .select('taken_at')
        .orderBy('taken_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      const lastMs = timestampOf(last?.taken_at ?? null);
      const overdue =
        everyHours > 0 && (lastMs === null || now.getTime() - lastMs > 2 * everyHours * 3_600_000);
      return { last_backup_at: last?.taken_at ?? null, every_hours: everyHours, overdue };
    },
  };
}

export type BackupsRepository = ReturnType<typeof createBackupsRepository>;
