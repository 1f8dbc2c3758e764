import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Attendance } from '@contract/attendances';
import type { ListResponse } from '@contract/list';
import type { VisitorRow } from '@contract/visitors';
import { applyRetention } from '../../server/src/jobs/scheduled-jobs';
import { addDays, localDate, toDbTime } from '../../server/src/db/time';
import { createFilesRepository } from '../../server/src/modules/files/files.repository';
import { diskStorage } from '../../server/src/storage/file-storage';
import {
  PASSWORD,
  createAttendance,
  createCompany,
  createGuard,
  createSite,
  createUser,
  createVisitor,
} from './factories';
import { authHeaders, makeTestApp, signIn, type TestApp } from './test-app';

// Personal data kept only as long as needed (docs/privacy.md): visitors' details go 180 days after
// the pass's window ends, shift selfies after 365 days, each with its files. A fixed clock puts
// records on each side of both limits.

const NOW = new Date('2026-06-30T04:00:00Z');
const TODAY = localDate(NOW);
const RETENTION = { visitorDataDays: 180, selfieDays: 365, auditDays: 730 };
const DAY_MS = 86_400_000;

let t: TestApp;
let token: string;
let site: string;
let guard: string;

beforeAll(async () => {
  t = await makeTestApp();
  const company = await createCompany(t.db);
  site = await createSite(t.db, company, { kipleguard_visitors: 1 });
  guard = await createGuard(t.db, company, {}, [site]);
  await createUser(t.db, {
    email: 'ops@example.com',
    role: 'securitycompany',
    companyUuid: company,
  });
  token = await signIn(t.app, 'ops@example.com', PASSWORD);
});
afterAll(() => t.close());

const files = () => createFilesRepository(t.db, diskStorage(t.dataDir));

/** A stored photo: its record and its bytes on disk. */
async function photo(): Promise<{ uuid: string; file: string }> {
  const uuid = randomUUID();
  const storage = `${uuid}.png`;
  await diskStorage(t.dataDir).put(storage, Buffer.from('89504e470d0a1a0a', 'hex'));
  await t.db
    .insertInto('files')
    .values({
      uuid,
      access_key: uuid,
      storage_name: storage,
      filename: 'photo.png',
      mime_type: 'image/png',
      size: 8,
      uploaded_by: null,
    })
    .execute();
  return { uuid, file: path.join(t.dataDir, 'files', storage) };
}

async function pass(date: string, repeat: boolean, photoUuid?: string) {
  return createVisitor(t.db, site, {
    name: `Visitor of ${date}`,
    car_plate_number: 'WXY 1234',
    ic_passport_number: '900101-14-5678',
    date,
    repeat_type: repeat ? 'REPEAT' : 'ONE_TIME',
    walkin_photo: JSON.stringify(photoUuid ? [photoUuid] : []),
  });
}

async function listed<T>(url: string): Promise<T[]> {
  const response = await t.app.inject({ url, headers: authHeaders(token) });
  expect(response.statusCode).toBe(200);
  return response.json<ListResponse<T>>().resource;
}

describe('the retention job', () => {
  it('removes visitors’ details and selfies just past their limits, keeps those just inside, and does nothing on a second run', async () => {
    const walkIn = await photo();
    // A one-day pass's window ends the day after its date; a repeating pass's 30 days after.
    const oneTimeKept = await pass(addDays(TODAY, -181), false);
    const oneTimeGone = await pass(addDays(TODAY, -182), false, walkIn.uuid);
    const repeatKept = await pass(addDays(TODAY, -210), true);
    const repeatGone = await pass(addDays(TODAY, -211), true);
    const oldSelfie = await photo();
    const newSelfie = await photo();
    const shiftGone = await createAttendance(t.db, guard, site, {
      created_at: toDbTime(new Date(NOW.getTime() - 365 * DAY_MS - 60_000)),
      checkin_photo_file_uuid: oldSelfie.uuid,
    });
    const shiftKept = await createAttendance(t.db, guard, site, {
      created_at: toDbTime(new Date(NOW.getTime() - 365 * DAY_MS + 60_000)),
      checkin_photo_file_uuid: newSelfie.uuid,
    });

    expect(await applyRetention(t.db, files(), RETENTION, NOW)).toEqual({
      passes: 2,
      shifts: 1,
      files: 2,
      auditEntries: 0,
    });

    const passes = await t.db
      .selectFrom('visitors')
      .select([
        'uuid',
        'name',
        'phone_number',
        'car_plate_number',
        'ic_passport_number',
        'walkin_photo',
        'date',
        'residence_uuid',
        'category',
        'personal_data_removed_at',
      ])
      .where('uuid', 'in', [oneTimeKept, oneTimeGone, repeatKept, repeatGone])
      .execute();
    const byUuid = new Map(passes.map((row) => [row.uuid, row]));
    for (const gone of [oneTimeGone, repeatGone]) {
      expect(byUuid.get(gone)).toMatchObject({
        name: '',
        phone_number: '',
        car_plate_number: '',
        ic_passport_number: '',
        walkin_photo: '[]',
        residence_uuid: site,
        category: 'Visitor',
        personal_data_removed_at: toDbTime(NOW),
      });
    }
    for (const kept of [oneTimeKept, repeatKept]) {
      expect(byUuid.get(kept)).toMatchObject({
        car_plate_number: 'WXY 1234',
        ic_passport_number: '900101-14-5678',
        personal_data_removed_at: null,
      });
    }
    expect(existsSync(walkIn.file)).toBe(false);
    expect(existsSync(oldSelfie.file)).toBe(false);
    expect(existsSync(newSelfie.file)).toBe(true);
    const remaining = await t.db.selectFrom('files').select('uuid').execute();
    expect(remaining.map((row) => row.uuid)).toEqual([newSelfie.uuid]);

    // The lists say what went, and keep the rest of each record.
    const shifts = await listed<Attendance>('/kgapi/attendances/list?limit=10');
    expect(shifts.find((row) => row.uuid === shiftGone)).toMatchObject({
      checkin_photo_url: null,
      selfies_removed_at: toDbTime(NOW),
      residence_uuid: site,
    });
    expect(shifts.find((row) => row.uuid === shiftKept)).toMatchObject({
      selfies_removed_at: null,
    });
    const rows = await listed<VisitorRow>('/kgapi/visitors/list?limit=10');
    expect(rows.find((row) => row.uuid === repeatGone)).toMatchObject({
      name: '',
      personal_data_removed_at: toDbTime(NOW),
    });

    // Another process the same day finds the job taken; run again, it finds nothing more.
    expect(await applyRetention(t.db, files(), RETENTION, NOW)).toBeNull();
    await t.db.deleteFrom('job_leases').execute();
    expect(await applyRetention(t.db, files(), RETENTION, NOW)).toEqual({
      passes: 0,
      shifts: 0,
      files: 0,
      auditEntries: 0,
    });
    // A day later, what was a day inside its limit goes.
    const nextDay = new Date(NOW.getTime() + DAY_MS);
    expect(await applyRetention(t.db, files(), RETENTION, nextDay)).toEqual({
      passes: 2,
      shifts: 1,
      files: 1,
      auditEntries: 0,
    });
  });
});
