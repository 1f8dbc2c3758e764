import type { BackupStatus } from '@contract/backups';
import type { DB } from '../../db/database';
import { timestampOf, toDbTime } from '../../db/time';
import { withAudit } from '../audit/audit.repository';
import { changesBetween } from '../audit/changes';

export function createBackupsRepository(db: DB) {
  /** The last backup taken, by any process. */
  const last = () =>
    db
      .selectFrom('backups')
      .select('taken_at')
      .orderBy('taken_at', 'desc')
      .limit(1)
      .executeTakeFirst();

  return {
    last,

    /** Records an archive written, and logs it in the audit trail, together. */
    async record(archive: string, bytes: number, takenAt: Date): Promise<void> {
      await withAudit(
        db,
        (trx) =>
          trx
            .insertInto('backups')
            .values({ archive, bytes, taken_at: toDbTime(takenAt) })
            .onConflict((oc) => oc.column('archive').doNothing())
            .execute(),
        () => ({
          action: 'backup',
          entity: 'backup',
          entityUuid: null,
          entityLabel: archive,
          companyUuid: null,
          changes: changesBetween(null, { archive, bytes }),
          at: takenAt,
        }),
      );
    },

    /** The last backup, and whether it is older than twice the schedule's interval. */
    async status(everyHours: number, now: Date): Promise<BackupStatus> {
      const newest = await last();
      const lastMs = timestampOf(newest?.taken_at ?? null);
      const overdue =
        everyHours > 0 && (lastMs === null || now.getTime() - lastMs > 2 * everyHours * 3_600_000);
      return { last_backup_at: newest?.taken_at ?? null, every_hours: everyHours, overdue };
    },
  };
}

export type BackupsRepository = ReturnType<typeof createBackupsRepository>;
