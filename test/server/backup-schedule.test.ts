import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupStatus } from '@contract/backups';
import { takeScheduledBackup } from '../../server/src/jobs/scheduled-jobs';
import { createBackupsRepository } from '../../server/src/modules/backups/backups.repository';
import { toDbTime } from '../../server/src/db/time';
import { PASSWORD, createCompany, createUser } from './factories';
import { authHeaders, makeTestApp, signIn, type TestApp } from './test-app';

// Scheduled backups run once an interval across processes, and the superadmin's dashboard reads
// the last one's time, overdue past twice the interval.

const HOUR_MS = 3_600_000;
let t: TestApp;
const token: Record<string, string> = {};

beforeAll(async () => {
  t = await makeTestApp({ env: { BACKUP_EVERY_HOURS: '24' } });
  const company = await createCompany(t.db);
  await createUser(t.db, { email: 'root@example.com', role: 'superadmin' });
  await createUser(t.db, {
    email: 'ops@example.com',
    role: 'securitycompany',
    companyUuid: company,
  });
  for (const email of ['root@example.com', 'ops@example.com']) {
    token[email] = await signIn(t.app, email, PASSWORD);
  }
});
afterAll(() => t.close());

async function latest(email: string) {
  return t.app.inject({ url: '/kgapi/backups/latest', headers: authHeaders(token[email] ?? '') });
}

describe('scheduled backups', () => {
  it('run one interval after the last backup, and after the start when there is none, once across processes', async () => {
    const own = await makeTestApp();
    try {
      const backups = createBackupsRepository(own.db);
      const runs: Date[] = [];
      // As the backup command does, each run records its archive.
      const runnerAt = (at: Date) => async (args: string[]) => {
        expect(args).toEqual(['--keep', '3']);
        runs.push(at);
        await backups.record(`guard-console-backup-${runs.length}.gcbackup`, 1000, at);
      };
      const schedule = { everyHours: 24, keep: 3, key: null };
      const started = new Date('2026-11-24T03:00:00Z');
      const at = (hours: number) => new Date(started.getTime() + hours * HOUR_MS);
      const take = (hours: number, startedAt = started) =>
        takeScheduledBackup(own.db, schedule, at(hours), runnerAt(at(hours)), startedAt);
      // A first start on a data directory with no backup waits one interval.
      expect(await take(0)).toBe(false);
      expect(await take(23)).toBe(false);
      expect(await take(24)).toBe(true);
      // Then one interval after the last, whichever process (started when) asks.
      expect(await take(25, at(25))).toBe(false);
      expect(await take(47)).toBe(false);
      expect(await take(48, at(30))).toBe(true);
      // Two processes asking in the same hour take one backup.
      expect(await Promise.all([take(72), take(72, at(60))])).toContain(false);
      expect(runs.map((run) => run.toISOString())).toEqual([
        at(24).toISOString(),
        at(48).toISOString(),
        at(72).toISOString(),
      ]);
      expect(
        await takeScheduledBackup(
          own.db,
          { ...schedule, everyHours: 0 },
          at(200),
          runnerAt(at(200)),
        ),
      ).toBe(false);
    } finally {
      await own.close();
    }
  });

  it('take the first backup soon after a start when the operator asks (BACKUP_ON_START) and none exists', async () => {
    const own = await makeTestApp();
    try {
      const runs: string[][] = [];
      const runner = async (args: string[]) => {
        runs.push(args);
      };
      const now = new Date('2026-11-24T03:01:00Z');
      const schedule = { everyHours: 24, keep: 3, key: null, onStart: true };
      expect(await takeScheduledBackup(own.db, schedule, now, runner, now)).toBe(true);
      expect(runs).toHaveLength(1);
      // With a backup on record, the setting changes nothing: the next is an interval after it.
      await createBackupsRepository(own.db).record('guard-console-backup-a.gcbackup', 1, now);
      const restarted = new Date(now.getTime() + 2 * HOUR_MS);
      expect(await takeScheduledBackup(own.db, schedule, restarted, runner, restarted)).toBe(false);
    } finally {
      await own.close();
    }
  });

  it('show the last backup to the superadmin alone, overdue past twice the interval', async () => {
    expect((await latest('ops@example.com')).statusCode).toBe(403);
    const none = await latest('root@example.com');
    expect(none.json<{ resource: BackupStatus }>().resource).toEqual({
      last_backup_at: null,
      every_hours: 24,
      overdue: true,
    });
    const backups = createBackupsRepository(t.db);
    const lately = new Date(Date.now() - 47 * HOUR_MS);
    await backups.record('guard-console-backup-lately.tar.gz', 1000, lately);
    expect((await latest('root@example.com')).json<{ resource: BackupStatus }>().resource).toEqual({
      last_backup_at: toDbTime(lately),
      every_hours: 24,
      overdue: false,
    });
    const later = new Date(Date.now() + 2 * HOUR_MS);
    expect((await backups.status(24, later)).overdue).toBe(true);
  });
});
