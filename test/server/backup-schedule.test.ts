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
  it('run once an interval, whichever process asks, keeping BACKUP_KEEP archives', async () => {
    const runs: string[][] = [];
    const runner = async (args: string[]) => {
      runs.push(args);
    };
    const now = new Date('2026-11-24T03:00:00Z');
    const schedule = { everyHours: 24, keep: 3, key: null };
    expect(await takeScheduledBackup(t.db, schedule, now, runner)).toBe(true);
    expect(
      await takeScheduledBackup(t.db, schedule, new Date(now.getTime() + HOUR_MS), runner),
    ).toBe(false);
    expect(
      await takeScheduledBackup(t.db, schedule, new Date(now.getTime() + 24 * HOUR_MS), runner),
    ).toBe(true);
    expect(runs).toEqual([
      ['--keep', '3'],
      ['--keep', '3'],
    ]);
    expect(
      await takeScheduledBackup(t.db, { everyHours: 0, keep: 3, key: null }, now, runner),
    ).toBe(false);
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
