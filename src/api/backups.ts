import type { BackupStatus } from '@contract/backups';
import { apiGet } from './client';

/** The last backup and whether it is overdue (superadmin only). */
export async function fetchBackupStatus(): Promise<BackupStatus> {
  const answer = await apiGet<{ resource: BackupStatus }>('/backups/latest');
  return answer.resource;
}
