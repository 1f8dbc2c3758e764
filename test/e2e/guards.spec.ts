import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DEFAULT_GEOFENCE_RADIUS_METRES } from '../../server/src/config';
import { formatDistance, formatLocation, totalHours } from '../../src/lib/attendance';
import { formatTimestamp } from '../../src/lib/dates';
import { queryDatabase, shownModal, signIn, signOut } from './support';

// playwright.config.ts puts the browser, the server and this process in one time zone,
// so the CSV's local times can be compared with the database's UTC ones.
const EMAIL = 'company@example.com';

/** A real 1×1 PNG: the server checks a photo's bytes, not its name. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function companyOf(email: string): Promise<string> {
  const [row] = await queryDatabase<{ uuid: string }>(
    `select r.security_company_uuid as uuid from user_roles r
     join user_profiles p on p.uuid = r.user_profile_uuid where p.email = ?`,
    email,
  );
  if (!row) throw new Error(`No company for ${email}`);
  return row.uuid;
}

interface StoredGuard {
  name: string;
  pin: string | null;
  photo_file_uuid: string | null;
  deleted_at: string | null;
  security_company_uuid: string;
}

async function storedGuard(uuid: string): Promise<StoredGuard> {
  const [row] = await queryDatabase<StoredGuard>(
    `select name, pin, photo_file_uuid, deleted_at, security_company_uuid from guards where uuid = ?`,
    uuid,
  );
  if (!row) throw new Error(`No guard ${uuid}`);
  return row;
}

async function storedSiteNames(guardUuid: string): Promise<string[]> {
  const rows = await queryDatabase<{ name: string }>(
    `select r.name from guard_residences gr join residences r on r.uuid = gr.residence_uuid
     where gr.guard_uuid = ? order by r.name`,
    guardUuid,
  );
  return rows.map((row) => row.name);
}

interface StoredAttendance {
  guard_id: string;
  company: string | null;
  guard_name: string;
  site: string;
  checkin_at: string | null;
  checkin_lat: number | null;
  checkin_lng: number | null;
  checkout_at: string | null;
  checkout_lat: number | null;
  checkout_lng: number | null;
  checkin_distance_m: number | null;
  checkout_distance_m: number | null;
}

/** The company's attendance as the export should write it, newest first (uuid breaks ties). */
async function expectedAttendanceCsvRows(companyUuid: string): Promise<string[][]> {
  const rows = await queryDatabase<StoredAttendance>(
    `select g.guard_id, c.name as company, g.name as guard_name, r.name as site,
            a.checkin_at, a.checkin_lat, a.checkin_lng, a.checkout_at, a.checkout_lat, a.checkout_lng,
            a.checkin_distance_m, a.checkout_distance_m
     from attendances a
     join guards g on g.uuid = a.guard_uuid
     join residences r on r.uuid = a.residence_uuid
     left join security_companies c on c.uuid = r.security_company_uuid
     where r.security_company_uuid = ?
     order by a.created_at desc, a.uuid desc`,
    companyUuid,
  );
  return rows.map((row) => [
    row.guard_id,
    row.company ?? '',
    row.guard_name,
    row.site,
    formatTimestamp(row.checkin_at),
    formatLocation(row.checkin_lat, row.checkin_lng),
    formatTimestamp(row.checkout_at),
    formatLocation(row.checkout_lat, row.checkout_lng),
    totalHours(row.checkin_at, row.checkout_at),
    formatDistance(row.checkin_distance_m),
    formatDistance(row.checkout_distance_m),
    [row.checkin_distance_m, row.checkout_distance_m].some(
      (distance) => distance !== null && distance > DEFAULT_GEOFENCE_RADIUS_METRES,
    )
      ? 'Yes'
      : 'No',
  ]);
}

async function noModal(page: Page) {
  await expect(page.locator('.modal')).toHaveCount(0);
}

/** The value under a label on the guard's Profile tab. */
function profileValue(page: Page, label: string): Locator {
  return page
    .getByRole('tabpanel')
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd');
}

test('a security company adds, edits, re-PINs, exports and deletes a guard', async ({ page }) => {
  test.setTimeout(120_000);
  const companyUuid = await companyOf(EMAIL);
  const guardId = `E2E-${Date.now()}`;
  await signIn(page, EMAIL);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Guard' })
    .click();
  await expect(page).toHaveURL(/\/security-guards$/);
  await expect(
    page.getByRole('table', { name: 'Guards' }).locator('tbody tr').first(),
  ).toBeVisible();

  // Add, with a photo and two sites.
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  let modal = await shownModal(page);
  await modal.getByLabel('Photo').setInputFiles({
    name: 'guard.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await expect(modal.getByLabel('Company')).toBeDisabled();
  await expect(modal.getByLabel('Company')).toHaveValue(companyUuid);
  await expect(modal.getByRole('checkbox').nth(1)).toBeVisible();
  const siteNames = (await modal.locator('.guard-site-options label').allTextContents()).slice(
    0,
    2,
  );
  for (const name of siteNames) await modal.getByLabel(name, { exact: true }).check();
  await modal.getByLabel('Guard ID').fill(guardId);
  await modal.getByLabel('Name').fill('Emma Tester');
  await modal.getByLabel('Nationality').fill('Malaysian');
  await modal.getByLabel('Contact No.').fill('0123456789');
  await modal.getByLabel('IC/Passport No.').fill('A9876543');
  await modal.getByLabel('Birthdate').fill('07/03/1990');
  await modal.getByLabel('Address').fill('1 Jalan Duta, Kuala Lumpur');
  await modal.getByRole('button', { name: 'Submit' }).click();

  await expect(modal.getByText('Success', { exact: true })).toBeVisible();
  const firstPin = (await modal.locator('dd').textContent())?.trim() ?? '';
  expect(firstPin).toMatch(/^[1-9]\d{5}$/);

  await modal.getByRole('button', { name: 'View Profile' }).click();
  await expect(page).toHaveURL(/\/guard-details\/[^/]+$/);
  const guardUuid = page.url().split('/').at(-1) ?? '';
  const stored = await storedGuard(guardUuid);
  expect(stored).toMatchObject({ name: 'Emma Tester', pin: firstPin, deleted_at: null });
  expect(stored.security_company_uuid).toBe(companyUuid);
  expect(stored.photo_file_uuid).not.toBeNull();
  expect(await storedSiteNames(guardUuid)).toEqual([...siteNames].sort());

  // The profile.
  await expect(profileValue(page, 'Guard ID')).toHaveText(guardId);
  await expect(profileValue(page, 'Birthdate')).toHaveText('07/03/1990');
  await expect(profileValue(page, 'PIN status')).toHaveText('Enabled');
  for (const name of siteNames) await expect(profileValue(page, 'Sites')).toContainText(name);
  await expect(page.getByRole('img', { name: 'Photo of Emma Tester' })).toBeVisible();

  // Edit.
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  modal = await shownModal(page);
  await expect(modal.getByText('Edit Guard')).toBeVisible();
  await modal.getByLabel('Name').fill('Emma Tester-Edited');
  await modal.getByRole('button', { name: 'Submit' }).click();
  await noModal(page);
  await expect(profileValue(page, 'Name')).toHaveText('Emma Tester-Edited');
  expect((await storedGuard(guardUuid)).name).toBe('Emma Tester-Edited');
  expect(await storedSiteNames(guardUuid)).toEqual([...siteNames].sort());

  // A new PIN.
  await page.getByRole('button', { name: 'Generate new user PIN' }).click();
  modal = await shownModal(page);
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal.getByText('Success', { exact: true })).toBeVisible();
  const newPin = (await modal.locator('dd').textContent())?.trim() ?? '';
  expect(newPin).toMatch(/^[1-9]\d{5}$/);
  expect((await storedGuard(guardUuid)).pin).toBe(newPin);
  await modal.getByRole('button', { name: 'Okay' }).click();
  await noModal(page);

  // The entire attendance list, as a file.
  await page.getByRole('link', { name: 'Back to Guards' }).click();
  await page.getByRole('tab', { name: 'Attendance' }).click();
  await expect(
    page.getByRole('table', { name: 'Attendance' }).locator('tbody tr').first(),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  modal = await shownModal(page);
  const download = page.waitForEvent('download');
  await modal.getByRole('button', { name: 'Export Entire List' }).click();
  const file = await download;
  await expect(modal.getByText('Export done.')).toBeVisible();
  expect(file.suggestedFilename()).toBe('Guard_Attendance.csv');
  const csv = await readFile(await file.path(), 'utf8');
  const [header, ...rows] = Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;
  expect(header).toEqual([
    'Guard ID',
    'Security Co.',
    'Name',
    'Site',
    'Check In Date/Time',
    'Check In Location',
    'Check Out Date/Time',
    'Check Out Location',
    'Total Hours',
    'Check In Distance From Site',
    'Check Out Distance From Site',
    'Away From Site',
  ]);
  const expected = await expectedAttendanceCsvRows(companyUuid);
  expect(expected.length).toBeGreaterThan(500);
  expect(rows).toEqual(expected);
  await modal.getByRole('button', { name: 'Close' }).last().click();
  await noModal(page);

  // Delete.
  await page.goto(`/guard-details/${guardUuid}`);
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  modal = await shownModal(page);
  await expect(modal).toContainText('Are you sure you want to delete Emma Tester-Edited?');
  await modal.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/security-guards$/);
  await expect(page.getByText('Record has been deleted.')).toBeVisible();
  expect((await storedGuard(guardUuid)).deleted_at).not.toBeNull();
  await page.getByRole('searchbox', { name: 'Search' }).fill(guardId);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('cell', { name: 'No Records Found.' })).toBeVisible();
  await signOut(page);
});
