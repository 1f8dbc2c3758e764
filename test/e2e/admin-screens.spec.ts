import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  apiSession,
  DEMO_PASSWORD,
  expectNoSeriousA11yViolations,
  queryDatabase,
  shownModal,
  signIn,
  signOut,
} from './support';

const APP_KEY = { 'X-Application-Key': 'guard-console-demo-key' };

/** Two new sites with the guard service and no company yet (every demo site has one). */
async function makeFreeSites(request: APIRequestContext, stamp: number): Promise<string[]> {
  const token = await apiSession(request, 'superadmin@example.com');
  const names = [`Yankee Court ${stamp}`, `Yankee Place ${stamp}`];
  for (const name of names) {
    const created = await request.post('/kgapi/data/residences', {
      headers: { ...APP_KEY, Authorization: `Bearer ${token}` },
      data: {
        name,
        address: 'Jalan Yankee, Kuala Lumpur',
        type: 'Residence',
        kipleguard_enabled: 1,
      },
    });
    expect(created.ok()).toBe(true);
  }
  return names;
}

/** A guard of the company working at the site, added as the superadmin. */
async function addGuard(
  request: APIRequestContext,
  companyUuid: string,
  siteUuid: string,
  stamp: number,
) {
  const token = await apiSession(request, 'superadmin@example.com');
  const created = await request.post('/kgapi/guards/add', {
    headers: { ...APP_KEY, Authorization: `Bearer ${token}` },
    data: {
      security_company_uuid: companyUuid,
      guard_id: `ZG-${stamp}`,
      name: 'Zulu Guard',
      address: '9 Jalan Sultan Ismail, Kuala Lumpur',
      contact_number: '60123456789',
      ic_passport_number: `ZP${stamp}`,
      nationality: 'Malaysian',
      birthdate: '1990-01-01',
      residence_uuids: [siteUuid],
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
}

const uuidOf = async (table: 'residences' | 'security_companies', name: string) => {
  const [row] = await queryDatabase<{ uuid: string }>(
    `select uuid from ${table} where name = ? and deleted_at is null`,
    name,
  );
  if (!row) throw new Error(`No ${table} row named ${name}`);
  return row.uuid;
};

async function search(page: Page, text: string) {
  await page.getByPlaceholder(/^Search by/).fill(text);
  await page.getByRole('button', { name: 'Search' }).click();
}

test('the super administrator adds a company with two sites, edits it and gives one up; its login signs in', async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  const sites = await makeFreeSites(request, stamp);
  const name = `Zulu Protection ${stamp}`;
  const email = `ops.${stamp}@zulu.example.com`;
  await signIn(page, 'superadmin@example.com');
  await page.goto('/security-company');
  await expect(page.getByRole('heading', { name: 'Security Companies' })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Security Companies' }).locator('tbody tr').first(),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Security Companies');

  await page.getByRole('button', { name: 'Add', exact: true }).click();
  let modal = await shownModal(page);
  await expectNoSeriousA11yViolations(page, 'Add Security Company');
  await modal.getByLabel('Name').fill(name);
  await modal.getByLabel('BRN').fill('202501019999');
  await modal.getByLabel('License No.').fill('KDN-PS-9999');
  await modal.getByLabel('Address').fill('9 Jalan Sultan Ismail, Kuala Lumpur');
  await modal.getByLabel('Latitude (optional)').fill('3.148123');
  await modal.getByLabel('Longitude (optional)').fill('101.707456');
  for (const site of sites) await modal.getByLabel(site, { exact: true }).check();
  await modal.getByLabel('Email').fill(email);
  await modal.getByLabel('Password').fill('Zulu@12345');
  await modal.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Success Added')).toBeVisible();

  await search(page, name);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText(email);
  await expect(row.getByRole('cell').nth(4)).toHaveText('2');
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  modal = await shownModal(page);
  await expectNoSeriousA11yViolations(page, 'Edit Security Company');
  await expect(modal.getByLabel('Email')).toBeDisabled();
  await modal.getByLabel('License No.').fill('KDN-PS-1000');
  // Giving up a site one of its guards works at shows what ends first.
  const givenUp = sites[1] ?? '';
  const givenUpUuid = await uuidOf('residences', givenUp);
  await addGuard(request, await uuidOf('security_companies', name), givenUpUuid, stamp);
  await modal.getByLabel(givenUp, { exact: true }).uncheck();
  const submit = modal.getByRole('button', { name: 'Submit' });
  await submit.click();
  let confirm = await shownModal(page);
  await expect(confirm.getByRole('heading', { name: `Give up ${givenUp}?` })).toBeVisible();
  await expect(confirm.getByRole('listitem')).toHaveText([`1 guard of ${name} loses this site`]);
  await expectNoSeriousA11yViolations(page, 'Give up sites confirmation');
  // By keyboard: Escape goes back to the form, as it was left, with nothing saved.
  await page.keyboard.press('Escape');
  await expect(page.locator('.modal')).toHaveCount(1);
  // Focus is back in the form: on Submit, or on its first field when Submit, disabled while the
  // previews loaded, let it go (the Dialog's rule). Enter submits from either.
  await expect(modal.locator(':focus')).toHaveCount(1);
  await expect(modal.getByLabel(givenUp, { exact: true })).not.toBeChecked();
  const siteCompany = async () =>
    (
      await queryDatabase<{ security_company_uuid: string | null }>(
        'select security_company_uuid from residences where uuid = ?',
        givenUpUuid,
      )
    )[0]?.security_company_uuid;
  expect(await siteCompany()).not.toBeNull();

  await page.keyboard.press('Enter');
  confirm = await shownModal(page);
  await confirm.getByRole('button', { name: 'Save and give up sites' }).click();
  await expect(page.getByText('Success Updated')).toBeVisible();
  expect(await siteCompany()).toBeNull();
  expect(
    await queryDatabase(
      'select guard_uuid from guard_residences where residence_uuid = ?',
      givenUpUuid,
    ),
  ).toEqual([]);
  await search(page, name);
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('KDN-PS-1000');

  await page
    .getByRole('row', { name: new RegExp(name) })
    .getByRole('button', { name: `Delete ${name}` })
    .click();
  modal = await shownModal(page);
  await expect(modal.getByText('Are you sure you want to delete this item?')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Delete Security Company');
  await modal.getByRole('button', { name: 'Cancel' }).click();
  await signOut(page);

  await signIn(page, email, 'Zulu@12345');
  await expect(page.getByRole('banner')).toContainText(name);
  await signOut(page);
});

test('the company user adds a supervisor with a photo, and a login after verification', async ({
  page,
}) => {
  const stamp = Date.now();
  await signIn(page, 'company@example.com');
  await page.goto('/site-super');
  await expect(
    page.getByRole('table', { name: 'Site Supervisors' }).locator('tbody tr').first(),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Site Supervisors');

  await page.getByRole('button', { name: 'Add', exact: true }).click();
  let modal = await shownModal(page);
  await expectNoSeriousA11yViolations(page, 'Add Site Supervisor');
  await modal.getByLabel('Photo').setInputFiles({
    name: 'aina.png',
    mimeType: 'image/png',
    buffer: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    ),
  });
  await modal.getByLabel('Name').fill(`Nur Aina ${stamp}`);
  await modal.getByLabel('Phone').fill('60198765432');
  await modal.getByLabel('Email').fill(`aina.${stamp}@example.com`);
  await modal.getByLabel('Password').fill('Aina@12345');
  await modal.getByRole('checkbox').first().check();
  await modal.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Success Added')).toBeVisible();
  const [stored] = await queryDatabase<{ photo_file_uuid: string | null; sites: number }>(
    `select p.photo_file_uuid, (select count(*) from site_supervisor_residences r where r.supervisor_uuid = s.uuid) as sites
     from site_supervisors s join user_profiles p on p.uuid = s.kg_user_profile_uuid where p.email = ?`,
    `aina.${stamp}@example.com`,
  );
  expect(stored?.photo_file_uuid).toBeTruthy();
  expect(stored?.sites).toBe(1);

  await page.goto('/users');
  await expect(page.getByRole('heading', { name: 'Logins' })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Logins' }).locator('tbody tr').first(),
  ).toBeVisible();
  await expect(page.getByRole('table', { name: 'Logins' })).toContainText('**********');
  await expectNoSeriousA11yViolations(page, 'Logins');
  const loginEmail = `desk.${stamp}@example.com`;
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  modal = await shownModal(page);
  await expectNoSeriousA11yViolations(page, 'Add Login');
  await modal.getByLabel('Email').fill(loginEmail);
  await modal.getByLabel('Password').fill('Desk@12345');
  await modal.getByRole('switch').check();
  await modal.getByRole('button', { name: 'Next' }).click();

  const step = page.getByRole('form', { name: 'Verification' });
  await expect(step).toBeVisible();
  await expect(page.locator('.modal.show')).toHaveCount(1);
  await expectNoSeriousA11yViolations(page, 'Verification');
  await step.getByLabel('Email').fill('company@example.com');
  await step.getByLabel('Password').fill('not-my-password');
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(step.getByText('Admin verification failed')).toBeVisible();
  expect(
    await queryDatabase('select 1 from user_profiles where email = ?', loginEmail),
  ).toHaveLength(0);

  await step.getByLabel('Password').fill(DEMO_PASSWORD);
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Success Added')).toBeVisible();
  expect(
    await queryDatabase('select 1 from user_profiles where email = ?', loginEmail),
  ).toHaveLength(1);
  await signOut(page);

  await signIn(page, loginEmail, 'Desk@12345');
  await signOut(page);
});
