import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeAbandonedUploads, removeStaleSpool } from '../../server/src/jobs/scheduled-jobs';
import { claimJob } from '../../server/src/jobs/job-leases';
import { createFilesRepository } from '../../server/src/modules/files/files.repository';
import { diskStorage } from '../../server/src/storage/file-storage';
import {
  PASSWORD,
  createAttendance,
  createCompany,
  createGuard,
  createIncident,
  createSite,
  createUser,
  createVisitor,
} from './factories';
import { authHeaders, makeTestApp, signIn, type TestApp } from './test-app';

// Uploads that no record takes are removed after ABANDONED_UPLOAD_HOURS by a job that one process
// runs at a time, and an uploader's unattached bytes are capped (UPLOAD_QUOTA_MB). Triggers on
// every column that holds a file mark the uploads records take.

let t: TestApp;
let token: string;
let company: string;
let profile: string;

beforeAll(async () => {
  t = await makeTestApp({ env: { UPLOAD_QUOTA_MB: '1' } });
  company = await createCompany(t.db);
  profile = await createUser(t.db, {
    email: 'company@example.com',
    role: 'securitycompany',
    companyUuid: company,
  });
  token = await signIn(t.app, 'company@example.com', PASSWORD);
});
afterAll(() => t.close());

/** A PNG signature followed by filler: PNG by its bytes, of any size. */
function pngOfSize(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return bytes;
}

/** Uploads a photo through the console's call, as the file `uuid`; answers the response. */
function upload(size = 1000, uuid: string = randomUUID()) {
  const boundary = `----guard-console-${uuid}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    pngOfSize(size),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/kgapi/files/Kgguards/${uuid}-original?uuid=${uuid}`,
    payload,
    headers: {
      ...authHeaders(token),
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  });
}

async function uploaded(size = 1000): Promise<string> {
  const uuid = randomUUID();
  const response = await upload(size, uuid);
  expect(response.statusCode).toBe(200);
  expect(await attachedOf(uuid)).toBe(0);
  return uuid;
}

async function attachedOf(uuid: string): Promise<number | undefined> {
  const row = await t.db
    .selectFrom('files')
    .select('attached')
    .where('uuid', '=', uuid)
    .executeTakeFirst();
  return row?.attached;
}

async function storedPath(uuid: string): Promise<string> {
  const { storage_name } = await t.db
    .selectFrom('files')
    .select('storage_name')
    .where('uuid', '=', uuid)
    .executeTakeFirstOrThrow();
  return path.join(t.dataDir, 'files', storage_name);
}

describe('uploads taken by a record', () => {
  it('are marked attached by every column that holds a file, and only they', async () => {
    const site = await createSite(t.db, company);
    const guard = await createGuard(t.db, company);
    const attendance = await createAttendance(t.db, guard, site);
    const visitor = await createVisitor(t.db, site);
    const incident = await createIncident(t.db, site);

    const take = async (attach: (file: string) => Promise<unknown>) => {
      const file = await uploaded();
      expect(await attachedOf(file)).toBe(0);
      await attach(file);
      return file;
    };
    // Each one alone, so a file one column took cannot be taken for another's.
    const taken = [
      await take((file) =>
        t.db
          .updateTable('residences')
          .set({ cover_file_uuid: file })
          .where('uuid', '=', site)
          .execute(),
      ),
      await take((file) =>
        t.db
          .updateTable('user_profiles')
          .set({ photo_file_uuid: file })
          .where('uuid', '=', profile)
          .execute(),
      ),
      await take((file) =>
        t.db
          .updateTable('guards')
          .set({ photo_file_uuid: file })
          .where('uuid', '=', guard)
          .execute(),
      ),
      await take((file) =>
        t.db
          .updateTable('attendances')
          .set({ checkin_photo_file_uuid: file })
          .where('uuid', '=', attendance)
          .execute(),
      ),
      await take((file) =>
        t.db
          .updateTable('attendances')
          .set({ checkout_photo_file_uuid: file })
          .where('uuid', '=', attendance)
          .execute(),
      ),
      await take((file) =>
        t.db
          .insertInto('incident_files')
          .values({ incident_uuid: incident, file_uuid: file })
          .execute(),
      ),
      await take((file) => createVisitor(t.db, site, { walkin_photo: JSON.stringify([file]) })),
      await take((file) =>
        t.db
          .updateTable('visitors')
          .set({ walkin_photo: JSON.stringify([file]) })
          .where('uuid', '=', visitor)
          .execute(),
      ),
    ];
    const left = await uploaded();
    for (const file of taken) expect(await attachedOf(file)).toBe(1);
    expect(await attachedOf(left)).toBe(0);
  });
});

describe('the clean-up of abandoned uploads', () => {
  it('removes uploads no record took after 24 hours, record and bytes, once across processes', async () => {
    const files = createFilesRepository(t.db, diskStorage(t.dataDir));
    const abandoned = await uploaded();
    const kept = await uploaded();
    await t.db
      .updateTable('guards')
      .set({ photo_file_uuid: kept })
      .where('uuid', '=', await createGuard(t.db, company))
      .execute();
    const abandonedPath = await storedPath(abandoned);
    const keptPath = await storedPath(kept);
    const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000);

    // Within the grace period: nothing goes.
    expect(await removeAbandonedUploads(t.db, files, inHours(23))).toBe(0);
    expect(await attachedOf(abandoned)).toBe(0);
    // The next hour's run, past the grace period.
    const removed = await removeAbandonedUploads(t.db, files, inHours(25));
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await attachedOf(abandoned)).toBeUndefined();
    expect(existsSync(abandonedPath)).toBe(false);
    expect(await attachedOf(kept)).toBe(1);
    expect(existsSync(keptPath)).toBe(true);
    // Another process in the same hour finds the lease taken.
    expect(await removeAbandonedUploads(t.db, files, inHours(25.5))).toBeNull();
  });

  it('is run by one process at a time: the lease goes to one claimer', async () => {
    const now = new Date(Date.now() + 100 * 3_600_000);
    const claims = await Promise.all(
      Array.from({ length: 5 }, () => claimJob(t.db, 'a-test-job', now, 60_000)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimJob(t.db, 'a-test-job', new Date(now.getTime() + 59_000), 60_000)).toBe(
      false,
    );
    expect(await claimJob(t.db, 'a-test-job', new Date(now.getTime() + 60_000), 60_000)).toBe(true);
  });
});

describe('the quota of unattached uploads', () => {
  it('refuses an upload past UPLOAD_QUOTA_MB waiting for a record, and takes it once one is saved', async () => {
    // Start from nothing waiting.
    await t.db
      .deleteFrom('files')
      .where('uploaded_by', '=', profile)
      .where('attached', '=', 0)
      .execute();
    const first = await uploaded(600_000);
    const refused = await upload(600_000);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({
      code: 'UPLOAD_QUOTA',
      message:
        'Too many of your uploads are waiting to be saved with a record. Save or close the forms you have open, then try again.',
    });
    await t.db
      .updateTable('guards')
      .set({ photo_file_uuid: first })
      .where('uuid', '=', await createGuard(t.db, company))
      .execute();
    expect((await upload(600_000)).statusCode).toBe(200);
  });
});

describe('the upload spool', () => {
  it('removes files a dead process left in DATA_DIR/incoming after a day, and none younger', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'guard-console-spool-'));
    try {
      writeFileSync(path.join(dir, 'old.part'), 'left by a process that died');
      writeFileSync(path.join(dir, 'new.part'), 'an upload in flight');
      const dayAndMore = new Date(Date.now() - 25 * 3_600_000);
      utimesSync(path.join(dir, 'old.part'), dayAndMore, dayAndMore);
      expect(await removeStaleSpool(dir)).toBe(1);
      expect(readdirSync(dir)).toEqual(['new.part']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
