import { type BrowserContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { CHROMIUM } from '../../playwright.config';
import {
  expectNoSeriousA11yViolations,
  figuresFor,
  queryDatabase,
  shownModal,
  signIn,
} from './support';

// The guardhouse kiosk against the real server (issue 18): Chromium's fake camera stands in for
// the webcam, and the browser reports a fixed position near the demo guard's site.

const COMPANY = 'company@example.com';
const GUARD_EMAIL = 'guard@example.com';
const GUARD_PIN = '135790';

test.use({
  launchOptions: {
    ...CHROMIUM,
    args: [
      ...CHROMIUM.args,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  },
  permissions: ['camera', 'geolocation'],
});

interface DemoGuard {
  uuid: string;
  name: string;
  site_uuid: string;
  site_name: string;
  company_uuid: string;
  lat: number;
  lng: number;
}

/** The demo's guard with app access, at its site that takes attendance, visitors and reports. */
async function demoGuard(): Promise<DemoGuard> {
  const [guard] = await queryDatabase<DemoGuard>(
    `select g.uuid, g.name, r.uuid as site_uuid, r.name as site_name,
            r.security_company_uuid as company_uuid, r.lat, r.lng
     from guards g
     join guard_residences gr on gr.guard_uuid = g.uuid
     join residences r on r.uuid = gr.residence_uuid
     where g.email = ? and r.kipleguard_attendance = 1 and r.kipleguard_visitors = 1
       and r.kipleguard_reporting = 1
     order by r.name limit 1`,
    GUARD_EMAIL,
  );
  if (!guard) throw new Error('The demo has no guard with app access.');
  return guard;
}

/** Picks the guard on the start screen and types the PIN on the keyboard. */
async function signInAtKiosk(page: Page, guard: DemoGuard) {
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your name' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search by name or guard ID' }).fill(guard.name);
  await page.getByRole('button', { name: new RegExp(`^${guard.name}`) }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your PIN' })).toBeVisible();
  await page.keyboard.type(GUARD_PIN);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: `Hello, ${guard.name}` })).toBeVisible();
}

/** Takes a selfie with the fake camera and confirms it with the step's own button. */
async function takeSelfie(page: Page, confirm: string) {
  await expect(page.getByRole('button', { name: 'Take photo' })).toBeEnabled();
  await page.getByRole('button', { name: 'Take photo' }).click();
  await expect(page.getByRole('img', { name: 'The photo taken' })).toBeVisible({ timeout: 10_000 });
  await page.getByRole('button', { name: confirm, exact: true }).click();
}

/** The console, in a browser context of its own (the kiosk's carries no console session). */
async function consolePage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await signIn(page, COMPANY);
  return page;
}

test('a guard works a shift, reports an incident offline and registers a walk-in at a kiosk', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(240_000);
  const guard = await demoGuard();
  // About 50 m from the site: within the geofence.
  await context.setGeolocation({ latitude: guard.lat + 0.00045, longitude: guard.lng });
  const stamp = Date.now();

  // The kiosk, before it is set up.
  await page.goto('/kiosk');
  await expect(
    page.getByRole('heading', { level: 1, name: 'This device is not set up as a kiosk' }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'kiosk not set up');

  // The company enrols this browser for the guard's site.
  await signIn(page, COMPANY);
  await page.goto(`/site-details/${guard.site_uuid}/${guard.company_uuid}`);
  const kiosks = page.getByRole('region', { name: 'Kiosks' });
  await kiosks.getByRole('button', { name: 'Set up this device as a kiosk' }).click();
  const enrol = await shownModal(page);
  await expectNoSeriousA11yViolations(page, 'Set Up This Device as a Kiosk');
  await enrol.getByLabel('Label').fill(`Main gate ${stamp}`);
  await enrol.getByRole('button', { name: 'Set up' }).click();
  await expect(page).toHaveURL(/\/kiosk$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your name' })).toBeVisible();
  await expect(page.getByText(guard.site_name).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'kiosk start screen');
  // The kiosk survives a reload.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your name' })).toBeVisible();

  // Start a shift with the PIN and a selfie.
  await page.getByRole('searchbox', { name: 'Search by name or guard ID' }).fill(guard.name);
  await page.getByRole('button', { name: new RegExp(`^${guard.name}`) }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your PIN' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'kiosk PIN');
  // The whole PIN screen, Confirm included, fits a monitor and a tablet in portrait (issue 34).
  const viewport = page.viewportSize();
  for (const size of [
    { width: 1440, height: 900 },
    { width: 768, height: 1024 },
  ]) {
    await page.setViewportSize(size);
    await expect(page.getByRole('button', { name: 'Confirm' })).toBeInViewport({ ratio: 1 });
    const scrolls = await page.evaluate(
      () => document.documentElement.scrollHeight > window.innerHeight,
    );
    expect(scrolls, `the PIN screen scrolls at ${size.width} × ${size.height}`).toBe(false);
  }
  if (viewport) await page.setViewportSize(viewport);
  await page.keyboard.type(GUARD_PIN);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: `Hello, ${guard.name}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'kiosk menu');
  await page.getByRole('button', { name: 'Start shift' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Start shift' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'kiosk selfie');
  await takeSelfie(page, 'Start shift');
  await expect(page.getByRole('heading', { level: 1, name: 'Shift started' })).toBeVisible();
  await expect(page.getByText('IN', { exact: true })).toBeVisible();
  await expect(page.getByText(guard.name).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'kiosk shift result');
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your name' })).toBeVisible({
    timeout: 15_000,
  });

  const [open] = await queryDatabase<{
    uuid: string;
    checkin_lat: number;
    checkin_photo_file_uuid: string;
  }>(
    `select a.uuid, a.checkin_lat, a.checkin_photo_file_uuid from open_shifts o
     join attendances a on a.uuid = o.attendance_uuid where o.guard_uuid = ?`,
    guard.uuid,
  );
  expect(open?.checkin_photo_file_uuid).toBeTruthy();
  expect(open?.checkin_lat).toBeCloseTo(guard.lat + 0.00045, 6);

  // The console sees the row, with selfie and location, and the guard on duty.
  const consoleContext = await browser.newContext();
  const console = await consolePage(consoleContext);
  const [onDuty] = await queryDatabase<{ n: number }>(
    `select count(*) as n from attendances where guard_uuid = ? and checkout_at is null
       and checkin_at is not null`,
    guard.uuid,
  );
  expect(onDuty?.n).toBeGreaterThan(0);
  const figures = await figuresFor(COMPANY);
  await expect(
    console
      .getByRole('group', { name: 'Guards', exact: true })
      .locator('dd[data-figure="On duty"]'),
  ).toHaveText(String(figures.onDutyGuard));
  await console.goto(`/site-details/${guard.site_uuid}/${guard.company_uuid}`);
  await console.getByRole('tab', { name: 'Attendance' }).click();
  const attendance = console.getByRole('tabpanel').getByRole('table', { name: 'Attendance' });
  await expect(attendance).toHaveAttribute('aria-busy', 'false');
  const row = attendance.locator('tbody tr').first();
  await expect(row).toContainText(guard.name);
  await expect(row).toContainText('Not checked out.');
  await expect(
    row.getByRole('button', { name: `View Check-in selfie of ${guard.name}` }),
  ).toBeVisible();
  await expect(row).toContainText(`${(guard.lat + 0.00045).toFixed(7)}, ${guard.lng.toFixed(7)}`);
  await expect(row).toContainText('m from site');

  // End the shift.
  await signInAtKiosk(page, guard);
  await page.getByRole('button', { name: 'End shift' }).click();
  await takeSelfie(page, 'End shift');
  await expect(page.getByRole('heading', { level: 1, name: 'Shift ended' })).toBeVisible();
  await expect(page.getByText('OUT', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your name' })).toBeVisible();
  const [ended] = await queryDatabase<{ checkout_at: string | null }>(
    'select checkout_at from attendances where uuid = ?',
    open?.uuid,
  );
  expect(ended?.checkout_at).not.toBeNull();

  // Report an incident with no connection to the server, then see it sent once it returns.
  const description = `Gate barrier stuck open ${stamp}`;
  await signInAtKiosk(page, guard);
  await page.getByRole('button', { name: 'Report incident' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Report incident' })).toBeVisible();
  await expect(page.getByLabel('Type of incident').locator('option').nth(1)).toBeAttached();
  await expectNoSeriousA11yViolations(page, 'kiosk incident report');
  await page.getByLabel('Type of incident').selectOption({ index: 1 });
  await page.getByLabel('What happened?').fill(description);
  await page.route('**/api/v1/guard/residences/*/incidents', (route) => route.abort());
  await page.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByRole('heading', { name: 'Report kept on this kiosk' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'kiosk report kept');
  const stored = async () => {
    const [incidents] = await queryDatabase<{ n: number }>(
      'select count(*) as n from incidents where description = ?',
      description,
    );
    return incidents?.n;
  };
  expect(await stored()).toBe(0);
  await page.getByRole('button', { name: 'Back to menu' }).click();
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByText('Incident reports waiting to be sent: 1')).toBeVisible();
  await page.unroute('**/api/v1/guard/residences/*/incidents');
  await context.setOffline(true);
  await context.setOffline(false);
  await expect(page.getByText('Incident reports waiting to be sent: 0')).toBeVisible({
    timeout: 40_000,
  });
  await expect.poll(stored).toBe(1);
  await console.goto('/incidents');
  const incidents = console.getByRole('table', { name: 'Incidents' });
  await expect(incidents).toHaveAttribute('aria-busy', 'false');
  await expect(incidents.locator('tbody tr').first()).toContainText(description);

  // Register a walk-in at the gate, and see them checked in on /visitors.
  const visitor = `Walk-in Visitor ${stamp}`;
  await signInAtKiosk(page, guard);
  await page.getByRole('button', { name: 'Gate' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gate' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Upcoming/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'kiosk gate');
  await page.getByRole('button', { name: 'Register a walk-in' }).click();
  await expect(page.getByRole('heading', { name: 'Register a walk-in visitor' })).toBeVisible();
  await expect(page.getByLabel('Visitor type').locator('option').nth(1)).toBeAttached();
  await expectNoSeriousA11yViolations(page, 'kiosk walk-in');
  await page.getByLabel('Visitor type').selectOption({ label: 'Contractor' });
  await expect(page.getByLabel('Block').locator('option').nth(1)).toBeAttached();
  await page.getByLabel('Block').selectOption({ index: 1 });
  await expect(page.getByLabel('Floor').locator('option').nth(1)).toBeAttached();
  await page.getByLabel('Floor').selectOption({ index: 1 });
  await expect(page.getByLabel('Unit', { exact: true }).locator('option').nth(1)).toBeAttached();
  await page.getByLabel('Unit', { exact: true }).selectOption({ index: 1 });
  await page.getByLabel("Visitor's name").fill(visitor);
  await page.getByLabel('Phone number').fill('60129876543');
  await page.getByLabel('IC or passport number').fill('900101-14-5678');
  await page.getByLabel('Car plate number').fill('WXY 1234');
  await page.getByLabel('Temperature (°C)').fill('36.6');
  await page.getByRole('button', { name: 'Register and check in' }).click();
  await expect(page.getByText(`${visitor} is registered and checked in.`)).toBeVisible();
  await console.goto('/visitors');
  await console.getByRole('searchbox', { name: 'Search' }).fill(visitor);
  await console.getByRole('searchbox', { name: 'Search' }).press('Enter');
  const visitors = console.getByRole('table', { name: 'Visitors' });
  await expect(visitors.locator('tbody tr')).toHaveCount(1);
  await expect(visitors.locator('tbody tr').first()).toContainText(visitor);
  // Created By waits behind the Columns menu until shown.
  await console.getByRole('button', { name: /^Columns/ }).click();
  await console.getByRole('checkbox', { name: 'Created By' }).check();
  await console.keyboard.press('Escape');
  await expect(visitors.locator('tbody tr').first()).toContainText(guard.name);
  const [pass] = await queryDatabase<{ latest_scan_type: string; created_by_guard_uuid: string }>(
    'select latest_scan_type, created_by_guard_uuid from visitors where name = ?',
    visitor,
  );
  expect(pass).toEqual({ latest_scan_type: 'IN', created_by_guard_uuid: guard.uuid });
  await page.getByRole('button', { name: 'Finish' }).click();

  // Bahasa Melayu, remembered by the device.
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your name' })).toBeVisible();
  await page
    .getByRole('group', { name: 'Language' })
    .getByRole('button', { name: 'Bahasa Melayu' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pilih nama anda' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'kiosk start screen in Malay');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Pilih nama anda' })).toBeVisible();

  // The company revokes the kiosk from the site's page; the device says so.
  await console.goto(`/site-details/${guard.site_uuid}/${guard.company_uuid}`);
  await console
    .getByRole('region', { name: 'Kiosks' })
    .getByRole('button', { name: `Revoke Main gate ${stamp}` })
    .click();
  const revoke = await shownModal(console);
  await revoke.getByRole('button', { name: 'Revoke' }).click();
  await expect(console.getByRole('button', { name: `Revoke Main gate ${stamp}` })).toHaveCount(0);
  await page.getByRole('searchbox').fill('x');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/kiosk/i);
  await consoleContext.close();
});
