import type { ServerConfig } from '../config';
import type { DB } from '../db/database';
import {
  ABANDONED_UPLOAD_HOURS,
  createFilesRepository,
  type FilesRepository,
} from '../modules/files/files.repository';
import { diskStorage } from '../storage/file-storage';
import { claimJob } from './job-leases';

const HOUR_MS = 3_600_000;

/**
 * Removes the uploads no record took within ABANDONED_UPLOAD_HOURS, in batches, when this process
 * holds the job's lease for the hour: however many processes run, one does it. Answers how many
 * went, or null when another process holds the lease.
 */
export async function removeAbandonedUploads(
  db: DB,
  files: FilesRepository,
  now = new Date(),
): Promise<number | null> {
  if (!(await claimJob(db, 'remove-abandoned-uploads', now, HOUR_MS))) return null;
  const before = new Date(now.getTime() - ABANDONED_UPLOAD_HOURS * HOUR_MS);
  let removed = 0;
  for (;;) {
    const batch = await files.removeUnattached(before);
    removed += batch;
    if (batch === 0) return removed;
  }
}

/** Runs the scheduled work every hour in this process (the leases keep it to one process). */
export function startScheduledJobs(
  db: DB,
  config: ServerConfig,
  log: (error: unknown) => void,
): () => void {
  const files = createFilesRepository(db, diskStorage(config.dataDir));
  const run = () => void removeAbandonedUploads(db, files).catch(log);
  const timer = setInterval(run, HOUR_MS);
  timer.unref();
  // Once soon after a start too, so a server restarted often still cleans up.
  const first = setTimeout(run, 60_000);
  first.unref();
  return () => {
    clearInterval(timer);
    clearTimeout(first);
  };
}
