import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { queryDatabase, shownModal, signIn, signOut } from './support';

async function supervisedSiteNames(email: string): Promise<string[]> {
  const rows = await queryDatabase<{ name: string }>(
    `select r.name from residences r
     join site_supervisor_residences sr on sr.residence_uuid = r.uuid
     join site_supervisors s on s.uuid = sr.supervisor_uuid
     join user_profiles p on p.uuid = s.kg_user_profile_uuid
     where p.email = ? and r.deleted_at is null order by r.name`,
    email,
  );
  return rows.map((row) => row.name);
}

async function storedFlags(name: string) {
  return queryDatabase<Record<string, number>>(
    `select kipleguard_enabled, kipleguard_visitors, kipleguard_reporting, kipleguard_attendance
     from residences where name = ? and deleted_at is null`,
    name,
  );
}

const sitesTable = (page: Page) => page.getByRole('table', { name: 'Sites' });

/** The Site column of the rows on screen. */
async function listedSiteNames(page: Page): Promise<string[]> {
  return sitesTable(page).locator('tbody tr td:first-child').allTextContents();
}

async function searchSites(page: Page, text: string) {
  await page.getByPlaceholder('Search by ID, Name...').fill(text);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(sitesTable(page).locator('tbody tr')).toHaveCount(1);
}

test('the super administrator adds a site, then switches its attendance on', async ({ page }) => {
  const name = `E2E Lodge ${Date.now()}`;
  await signIn(page, 'superadmin@example.com');
  await page.goto('/sites');
  await expect(sitesTable(page).locator('tbody tr').first()).toBeVisible();

  await page.getByRole('button', { name: 'Add', exact: true }).click();
  let modal = await shownModal(page);
  await expect(modal.getByRole('heading', { name: 'Add Site' })).toBeVisible();
  await modal.getByLabel('Name').fill(name);
  await modal.getByLabel('Address').fill('1 Jalan Tun Razak, Kuala Lumpur');
  await modal.getByLabel('Type').selectOption('Condominium');
  await modal.getByLabel('Latitude').fill('3.1579');
  await modal.getByLabel('Longitude').fill('101.7123');
  await expect(modal.getByRole('switch', { name: 'Guard service' })).toBeChecked();
  await expect(modal.getByRole('switch', { name: 'Attendance' })).not.toBeChecked();
  await modal.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Success Added')).toBeVisible();
  await expect(page.locator('.modal.show')).toHaveCount(0);
  expect(await storedFlags(name)).toEqual([
    {
      kipleguard_enabled: 1,
      kipleguard_visitors: 0,
      kipleguard_reporting: 0,
      kipleguard_attendance: 0,
    },
  ]);

  await searchSites(page, name);
  await sitesTable(page).getByText(name).click();
  await expect(page).toHaveURL(/\/site-details\/[\w-]+\/null$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText(['Guards', 'History']);

  await page.goto('/sites');
  await searchSites(page, name);
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  modal = await shownModal(page);
  await expect(modal.getByLabel('Name')).toHaveValue(name);
  await modal.getByRole('switch', { name: 'Attendance' }).check();
  await modal.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Success Updated')).toBeVisible();
  expect((await storedFlags(name))[0]?.kipleguard_attendance).toBe(1);

  await sitesTable(page).getByText(name).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText(['Guards', 'Attendance', 'History']);
  await page.getByRole('tab', { name: 'Attendance' }).click();
  await expect(page.getByRole('table', { name: 'Attendance' })).toBeVisible();
  await signOut(page);
});

test('the site supervisor sees only its two sites, without Add', async ({ page }) => {
  const expected = await supervisedSiteNames('supervisor@example.com');
  expect(expected).toHaveLength(2);

  await signIn(page, 'supervisor@example.com');
  await page.goto('/sites');
  await expect(sitesTable(page).locator('tbody tr')).toHaveCount(2);
  expect((await listedSiteNames(page)).sort()).toEqual(expected);
  await expect(page.getByRole('button', { name: 'Add', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
  await signOut(page);
});
