import { expect, test } from './fixtures';
import { WATCHLIST_MESSAGES } from '@rules/watchlist';
import {
  apiSession,
  expectNoSeriousA11yViolations,
  queryDatabase,
  shownModal,
  signIn,
} from './support';

// The watchlist against the real server (issue 23): a company lists a car plate on /watchlist,
// a pass for that plate is refused with the reason, issued only on the company's explicit
// override, and the desk shows the reason in red when the pass is scanned.

const EMAIL = 'company@example.com';
const APP_KEY = { 'X-Application-Key': 'guard-console-demo-key' };
const REASON = 'Drove through the barrier';

const localDay = (now: Date) =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

/** A site of the demo company that takes visitors, with one of its units. */
async function siteAndUnit(): Promise<{ site: string; unit: string }> {
  const [row] = await queryDatabase<{ site: string; unit: string }>(
    `select r.uuid as site, u.uuid as unit
     from residences r
     join units u on u.residence_uuid = r.uuid
     join user_roles ur on ur.security_company_uuid = r.security_company_uuid
     join user_profiles p on p.uuid = ur.user_profile_uuid
     where p.email = ? and r.deleted_at is null and r.kipleguard_enabled = 1
       and r.kipleguard_visitors = 1
     order by r.name, u.name limit 1`,
    EMAIL,
  );
  if (!row) throw new Error('The demo company has no site that takes visitors.');
  return row;
}

test('a company lists a plate; a pass for it is refused with the reason, overridden, and warned at the desk', async ({
  page,
  request,
}) => {
  const plate = `QWL ${String(Date.now()).slice(-4)}`;
  await signIn(page, EMAIL);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Watchlist' })
    .click();
  await expect(page.getByRole('heading', { name: 'Watchlist' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Watchlist');

  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const modal = await shownModal(page);
  await expectNoSeriousA11yViolations(page, 'Add Watchlist Entry');
  await modal.getByRole('button', { name: 'Submit' }).click();
  await expect(modal.getByText(WATCHLIST_MESSAGES.somethingRequired)).toBeVisible();
  await modal.getByLabel('Car Plate Number').fill(plate);
  await modal.getByLabel('Reason').fill(REASON);
  await modal.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Success Added')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(plate) });
  await expect(row).toContainText(REASON);
  await expect(row).toContainText('All sites');
  await expectNoSeriousA11yViolations(page, 'Watchlist with the new entry');

  // Issuing a pass for that plate, written another way: refused with the reason.
  const token = await apiSession(request, EMAIL);
  const headers = { ...APP_KEY, Authorization: `Bearer ${token}` };
  const { site, unit } = await siteAndUnit();
  const pass = {
    residence_uuid: site,
    unit_uuid: unit,
    host_name: 'Tan Mei Ling',
    name: 'Watched Visitor',
    phone_number: '60123456789',
    email: '',
    car_plate_number: plate.toLowerCase().replace(' ', '-'),
    category: 'Visitor',
    repeat_type: 'ONE_TIME',
    date: localDay(new Date()),
    start_time: '00:00',
    end_time: '23:59',
    remarks: '',
  };
  const refused = await request.post('/kgapi/visitors/add', { headers, data: pass });
  expect(refused.status(), await refused.text()).toBe(409);
  expect(((await refused.json()) as { error: { code: string; message: string } }).error).toEqual({
    code: 'WATCHLISTED',
    message: WATCHLIST_MESSAGES.refused(REASON),
  });

  // The company overrides it explicitly; the desk still warns with the reason.
  const issued = await request.post('/kgapi/visitors/add', {
    headers,
    data: { ...pass, override_watchlist: true },
  });
  expect(issued.status(), await issued.text()).toBe(200);
  const {
    resource: [visitor],
  } = (await issued.json()) as { resource: Array<{ qr_code: string }> };
  if (!visitor) throw new Error('No pass was issued.');

  await page.goto('/visitors');
  await page.getByRole('button', { name: 'Scan Pass' }).click();
  const desk = await shownModal(page);
  await desk.getByLabel('Pass code').fill(visitor.qr_code);
  await desk.getByLabel('Pass code').press('Enter');
  const warning = desk.getByRole('alert').filter({ hasText: 'On the watchlist' });
  await expect(warning).toContainText(WATCHLIST_MESSAGES.refused(REASON));
  await expectNoSeriousA11yViolations(page, 'Scan Pass with a watchlist warning');
});
