/** GET /backups/latest (superadmin): the last backup and whether it is overdue. */
export interface BackupStatus {
  /** When the last backup was taken (UTC), null when none has been. */
  last_backup_at: string | null;
  /** BACKUP_EVERY_HOURS; 0 when the server takes no scheduled backups. */
  every_hours: number;
  /** No backup, or the last one older than twice the interval, while backups are scheduled. */
  overdue: boolean;
}
