import { execFile } from 'node:child_process';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { uploadSpoolDir } from '../http/uploads';
import type { Retention, ServerConfig } from '../config';
import type { DB } from '../db/database';
import { localDate, timestampOf } from '../db/time';
import { createAuditRepository, recordAudit } from '../modules/audit/audit.repository';
import { createBackupsRepository } from '../modules/backups/backups.repository';
import { createAttendancesRepository } from '../modules/attendances/attendances.repository';
import { createVisitorsRepository } from '../modules/visitors/visitors.repository';
import {
  ABANDONED_UPLOAD_HOURS,
  createFilesRepository,
  type FilesRepository,
} from '../modules/files/files.repository';
import type { Mailer } from '../mail/mailer';
import { runShiftWatch } from '../modules/shifts/shift-watch';
import { diskStorage } from '../storage/file-storage';
import { claimJob } from './job-leases';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

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

/**
 * Removes spooled uploads (DATA_DIR/incoming) older than a day: a request removes its own when it
 * ends, so only a process that died mid-upload leaves any. Answers how many went.
 */
export async function removeStaleSpool(spoolDir: string, now = new Date()): Promise<number> {
  let names: string[];
  try {
    names = await readdir(spoolDir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const file = path.join(spoolDir, name);
    const info = await stat(file).catch(() => null);
    if (info && now.getTime() - info.mtimeMs > DAY_MS) {
      await rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}

/** Runs `npm run backup` with these arguments in a process of its own; resolves when done. */
export type BackupRunner = (args: string[]) => Promise<void>;

/**
 * The backup command in a child process: copying a large database takes seconds to minutes, which
 * the server's own event loop must not wait on. It reads the same settings from the environment.
 */
const runBackupCommand: BackupRunner = (args) =>
  new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.resolve(import.meta.dirname, '../cli/backup.ts'), ...args],
      { env: process.env },
      (error, _stdout, stderr) => (error ? reject(new Error(stderr || String(error))) : resolve()),
    );
  });

/**
 * Takes the scheduled backup (BACKUP_EVERY_HOURS, keeping BACKUP_KEEP archives) once it is due:
 * one interval after the last backup, or, with none yet, one interval after this process started
 * (at once with BACKUP_ON_START), so a first start on a large data directory does not begin a full
 * backup beside its first users. The job's lease keeps it to one backup an interval however many
 * processes run. Answers whether it ran.
 */
export async function takeScheduledBackup(
  db: DB,
  backups: ServerConfig['backups'],
  now = new Date(),
  runBackup: BackupRunner = runBackupCommand,
  startedAt: Date = now,
): Promise<boolean> {
  if (backups.everyHours === 0) return false;
  const interval = backups.everyHours * HOUR_MS;
  const last = timestampOf((await createBackupsRepository(db).last())?.taken_at ?? null);
  const due =
    last !== null ? last + interval : startedAt.getTime() + (backups.onStart ? 0 : interval);
  if (now.getTime() < due) return false;
  if (!(await claimJob(db, 'backup', now, interval))) return false;
  await runBackup(['--keep', String(backups.keep)]);
  return true;
}

/** What one run of the retention job removed. */
export interface RetentionRun {
  passes: number;
  shifts: number;
  files: number;
  auditEntries: number;
}

/**
 * Removes personal data past its retention (docs/privacy.md), once a day in whichever process
 * holds the job's lease: visitors' details from passes whose window ended more than
 * `visitorDataDays` ago, and selfies from shifts older than `selfieDays`, with their files, in
 * batches, and audit entries older than `auditDays`. Each run is logged in the audit trail.
 * Running it again removes nothing more. Answers what went, or null when another
 * process holds the lease.
 */
export async function applyRetention(
  db: DB,
  files: FilesRepository,
  retention: Retention,
  now = new Date(),
): Promise<RetentionRun | null> {
  if (!(await claimJob(db, 'apply-retention', now, DAY_MS))) return null;
  const visitors = createVisitorsRepository(db);
  const attendances = createAttendancesRepository(db, { geofenceRadiusMetres: 0 });
  const run: RetentionRun = { passes: 0, shifts: 0, files: 0, auditEntries: 0 };
  for (;;) {
    const batch = await visitors.removePersonalData({
      today: localDate(now),
      retentionDays: retention.visitorDataDays,
      now,
    });
    await files.removeFiles(batch.photos);
    run.passes += batch.passes;
    run.files += batch.photos.length;
    if (batch.passes === 0) break;
  }
  const before = new Date(now.getTime() - retention.selfieDays * DAY_MS);
  for (;;) {
    const batch = await attendances.removeSelfies({ before, now });
    await files.removeFiles(batch.photos);
    run.shifts += batch.shifts;
    run.files += batch.photos.length;
    if (batch.shifts === 0) break;
  }
  run.auditEntries = await createAuditRepository(db).removeOlderThan(
    new Date(now.getTime() - retention.auditDays * DAY_MS),
  );
  await recordAudit(db, {
    action: 'retention',
    entity: 'retention',
    entityUuid: null,
    companyUuid: null,
    changes: Object.fromEntries(
      Object.entries(run).map(([removed, count]) => [removed, { before: null, after: count }]),
    ),
    at: now,
  });
  return run;
}

/**
 * Runs the scheduled work in this process (the leases keep each run to one process): the hourly
 * clean-ups, backups and retention, and the roster watch every WATCH_EVERY_SECONDS.
 */
export function startScheduledJobs(
  db: DB,
  config: ServerConfig,
  log: (error: unknown) => void,
  info: (message: string, details: object) => void,
  mailer: Mailer | null = null,
): () => void {
  const files = createFilesRepository(db, diskStorage(config.dataDir));
  const startedAt = new Date();
  const run = () => {
    void removeAbandonedUploads(db, files).catch(log);
    void removeStaleSpool(uploadSpoolDir(config.dataDir)).catch(log);
    void takeScheduledBackup(db, config.backups, new Date(), runBackupCommand, startedAt)
      .then((taken) => {
        if (taken) info('Scheduled backup taken', { keep: config.backups.keep });
      })
      .catch(log);
    void applyRetention(db, files, config.retention)
      .then((removed) => {
        if (removed) info('Retention applied', removed);
      })
      .catch(log);
  };
  const timer = setInterval(run, HOUR_MS);
  timer.unref();
  const watch = setInterval(() => {
    void runShiftWatch(db, new Date(), {
      everySeconds: config.watchEverySeconds,
      mailer,
      publicUrl: config.publicUrl,
      productName: config.mail.productName,
    })
      .then((ran) => {
        if (ran && (ran.noShows > 0 || ran.alerts > 0)) info('Roster watch', ran);
      })
      .catch(log);
  }, config.watchEverySeconds * 1000);
  watch.unref();
  // Once soon after a start too, so a server restarted often still cleans up.
  const first = setTimeout(run, 60_000);
  first.unref();
  return () => {
    clearInterval(timer);
    clearInterval(watch);
    clearTimeout(first);
  };
}
