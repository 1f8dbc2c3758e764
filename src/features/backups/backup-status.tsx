import { useEffect, useState } from 'react';
import type { BackupStatus } from '@contract/backups';
import { fetchBackupStatus } from '../../api/backups';
import { formatTimestamp } from '../../lib/dates';

/** The words of the superadmin's backup line, written once for it and its tests. */
export const BACKUP_TEXT = {
  last: (at: string) => `Last backup: ${at}`,
  none: 'No backup has been taken yet.',
  overdue: (hours: number) =>
    `The last backup is more than ${hours} hours old. Check that scheduled backups run (npm run backup).`,
  unscheduled: 'Scheduled backups are off (BACKUP_EVERY_HOURS=0).',
} as const;

/**
 * The superadmin's dashboard line about backups: when the last one was taken, with a warning when
 * there is none or it is older than twice the schedule's interval. Says nothing if the status
 * cannot be read: the dashboard's figures matter more than this line.
 */
export function BackupStatusLine() {
  const [status, setStatus] = useState<BackupStatus | null>(null);

  useEffect(() => {
    let current = true;
    fetchBackupStatus()
      .then((answer) => {
        if (current) setStatus(answer);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, []);

  if (status === null) return null;
  const last = status.last_backup_at
    ? BACKUP_TEXT.last(formatTimestamp(status.last_backup_at))
    : BACKUP_TEXT.none;
  if (status.overdue) {
    return (
      <div className="alert alert-warning" role="status">
        {last} {status.last_backup_at ? BACKUP_TEXT.overdue(2 * status.every_hours) : null}
      </div>
    );
  }
  return (
    <p className="text-muted small" role="status">
      {last}
      {status.every_hours === 0 ? ` ${BACKUP_TEXT.unscheduled}` : null}
    </p>
  );
}
