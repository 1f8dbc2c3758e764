import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  apiSession,
  expectNoSeriousA11yViolations,
  queryDatabase,
  shownModal,
  signIn,
  signOut,
} from './support';

const APP_KEY = { 'X-Application-Key': 'guard-console-demo-key' };

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

interface Company {
  uuid: string;
  name: string;
}

/** A new site of `company`, one of whose guards works there; its uuid. */
async function siteWithGuard(
  request: APIRequestContext,
  name: string,
  company: Company,
): Promise<string> {
  const token = await apiSession(request, 'superadmin@example.com');
  const created = await request.post('/kgapi/data/residences', {
    headers: { ...APP_KEY, Authorization: `Bearer ${token}` },
    data: {
      name,
      address: 'Jalan Tower, Kuala Lumpur',
      type: 'Residence',
      kipleguard_enabled: 1,
      security_company_uuid: company.uuid,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { resource } = (await created.json()) as { resource: Array<{ uuid: string }> };
  const siteUuid = resource[0]?.uuid ?? '';
  const [guard] = await queryDatabase<{ uuid: string }>(
    `select uuid from guards where security_company_uuid = ? and deleted_at is null
     order by uuid limit 1`,
    company.uuid,
  );
  if (!guard) throw new Error(`No guard of ${company.name}`);
  await queryDatabase(
    'insert into guard_residences (guard_uuid, residence_uuid) values (?, ?)',
    guard.uuid,
    siteUuid,
  );
  return siteUuid;
}

const storedCompanyOf = async (siteUuid: string) =>
  (
    await queryDatabase<{ security_company_uuid: string | null }>(
      'select security_company_uuid from residences where uuid = ?',
      siteUuid,
    )
  )[0]?.security_company_uuid;

test('the super administrator sees what moving a site ends, goes back, then moves it', async ({
  page,
  request,
}) => {
  const [from, to] = await queryDatabase<Company>(
    `select uuid, name from security_companies where deleted_at is null and is_active = 1
     and exists (select 1 from guards g where g.security_company_uuid = security_companies.uuid
                 and g.deleted_at is null)
     order by name limit 2`,
  );
  if (!from || !to) throw new Error('The demo data has fewer than two companies with guards.');
  const name = `E2E Tower ${Date.now()}`;
  const siteUuid = await siteWithGuard(request, name, from);

  await signIn(page, 'superadmin@example.com');
  await page.goto('/sites');
  await searchSites(page, name);
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const form = await shownModal(page);
  const company = form.getByLabel('Security Company');
  await expect(company).toHaveValue(from.uuid);
  await company.selectOption({ label: to.name });
  const submit = form.getByRole('button', { name: 'Submit' });
  await submit.click();

  let confirm = await shownModal(page);
  await expect(confirm.getByRole('heading', { name: `Move ${name} to ${to.name}?` })).toBeVisible();
  await expect(confirm.getByRole('listitem')).toHaveText([
    `1 guard of ${from.name} loses this site`,
  ]);
  await expectNoSeriousA11yViolations(page, 'Move Site confirmation');
  // By keyboard: Escape goes back to the form, as it was left, with nothing saved.
  await page.keyboard.press('Escape');
  await expect(page.locator('.modal')).toHaveCount(1);
  await expect(submit).toBeFocused();
  await expect(company).toHaveValue(to.uuid);
  expect(await storedCompanyOf(siteUuid)).toBe(from.uuid);

  await page.keyboard.press('Enter');
  confirm = await shownModal(page);
  await confirm.getByRole('button', { name: 'Move site' }).click();
  await expect(page.getByText('Success Updated')).toBeVisible();
  await expect(page.locator('.modal')).toHaveCount(0);
  expect(await storedCompanyOf(siteUuid)).toBe(to.uuid);
  expect(
    await queryDatabase(
      'select guard_uuid from guard_residences where residence_uuid = ?',
      siteUuid,
    ),
  ).toEqual([]);
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
