import { expect, test, type Page } from '@playwright/test';
import { queryDatabase, signIn, signOut } from './support';

// The server sends a strict Content-Security-Policy (no inline script or style). This walks every
// built screen and modal as each role and fails on any violation Chromium reports.

async function firstRow<Row>(text: string, ...params: unknown[]): Promise<Row> {
  const [row] = await queryDatabase<Row>(text, ...params);
  if (!row) throw new Error(`Nothing found for: ${text}`);
  return row;
}

/** A site the account sees, with every tab switched on where the demo has one. */
async function siteFor(email: string): Promise<{ uuid: string; company: string }> {
  return firstRow(
    `select r.uuid, r.security_company_uuid as company from residences r
     join user_roles ur on ur.security_company_uuid = r.security_company_uuid
     join user_profiles p on p.uuid = ur.user_profile_uuid
     left join site_supervisors s on s.kg_user_profile_uuid = p.uuid
     left join site_supervisor_residences sr on sr.supervisor_uuid = s.uuid
     where p.email = ? and r.deleted_at is null and r.kipleguard_enabled = 1
       and (s.uuid is null or sr.residence_uuid = r.uuid)
     order by r.kipleguard_attendance + r.kipleguard_reporting + r.kipleguard_visitors desc`,
    email,
  );
}

/** A guard with a photo posted at the site, so every role that sees the site sees the guard. */
async function guardAt(siteUuid: string): Promise<string> {
  const guard = await firstRow<{ uuid: string }>(
    `select g.uuid from guards g join guard_residences gr on gr.guard_uuid = g.uuid
     where gr.residence_uuid = ? and g.deleted_at is null and g.photo_file_uuid is not null`,
    siteUuid,
  );
  return guard.uuid;
}

/** An incident at the site, one with files where the demo has one. */
async function incidentAt(siteUuid: string): Promise<string> {
  const incident = await firstRow<{ uuid: string }>(
    `select i.uuid from incidents i where i.residence_uuid = ? and i.deleted_at is null
     order by (select count(*) from incident_files f where f.incident_uuid = i.uuid) desc`,
    siteUuid,
  );
  return incident.uuid;
}

/** The start of an MP4 (a 'ftyp' box): enough for the console, which judges the declared type. */
const MP4_HEADER = Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex');

/** Collects CSP violations from every page the test opens, across navigations. */
async function watchPolicy(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void })
        .reportCspViolation;
      report(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} on ${location.pathname}`,
      );
    });
  });
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  return violations;
}

async function visit(page: Page, url: string) {
  const response = await page.goto(url);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByText('Loading your content...')).toHaveCount(0);
}

async function clickTabs(page: Page) {
  const tabs = page.getByRole('tab');
  for (let i = 0; i < (await tabs.count()); i += 1) {
    await tabs.nth(i).click();
    await expect(page.getByRole('tabpanel')).toBeVisible();
  }
}

async function openAndClose(page: Page, openButton: RegExp, closeButton: string) {
  await page.getByRole('button', { name: openButton }).first().click();
  const modal = page.locator('.modal.show');
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: closeButton, exact: true }).click();
  await expect(modal).toHaveCount(0);
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

for (const email of ['superadmin@example.com', 'company@example.com', 'supervisor@example.com']) {
  test(`every screen keeps to the Content-Security-Policy for ${email}`, async ({ page }) => {
    // About 40 s on an idle machine (every screen and tab); room for a loaded one.
    test.setTimeout(180_000);
    const violations = await watchPolicy(page);
    await signIn(page, email);
    const site = await siteFor(email === 'superadmin@example.com' ? 'company@example.com' : email);

    await visit(page, '/dashboard');
    await visit(page, '/sites');
    await openAndClose(page, /^View\b/, 'Ok');
    await visit(page, `/site-details/${site.uuid}/${site.company}`);
    await clickTabs(page);

    await visit(page, '/security-guards');
    await clickTabs(page);
    await visit(page, '/security-guards');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const modal = page.locator('.modal.show');
    await expect(modal).toBeVisible();
    // The photo picker previews the chosen file through a blob: URL.
    await modal
      .getByLabel('Photo')
      .setInputFiles({ name: 'p.png', mimeType: 'image/png', buffer: PNG });
    await expect(modal.locator('img[src^="blob:"]')).toBeVisible();
    await modal.getByRole('button', { name: 'Cancel', exact: true }).click();

    await visit(page, `/guard-details/${await guardAt(site.uuid)}`);
    await expect(page.locator('img[src*="/kgapi/files/view/"]').first()).toBeVisible();
    await clickTabs(page);

    // Visitors: the list, its export, the desk (a code typed in), and a pass's QR code.
    await visit(page, '/visitors');
    const visitors = page.getByRole('table', { name: 'Visitors' });
    await expect(visitors).toHaveAttribute('aria-busy', 'false');
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await modal.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect(modal).toHaveCount(0);
    await page.getByRole('button', { name: 'Scan Pass' }).click();
    await expect(modal.getByLabel('Pass code')).toBeFocused();
    await page.keyboard.type('NO-SUCH-PASS');
    await page.keyboard.press('Enter');
    await expect(modal.getByRole('alert')).toContainText('No pass has the code NO-SUCH-PASS.');
    await modal.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect(modal).toHaveCount(0);
    const visitorRow = visitors.locator('tbody tr[tabindex="0"]');
    if ((await visitorRow.count()) > 0) {
      await visitorRow.first().click();
      await expect(page.getByRole('img', { name: /^QR code of the pass of / })).toBeVisible();
    }

    // Incidents: chosen files preview through blob: URLs (a photo and a video), an incident's
    // files come from the server, and its Word export builds in the page.
    await visit(page, '/incidents');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(modal).toBeVisible();
    await modal.getByLabel('Photos and videos').setInputFiles([
      { name: 'p.png', mimeType: 'image/png', buffer: PNG },
      { name: 'v.mp4', mimeType: 'video/mp4', buffer: MP4_HEADER },
    ]);
    await expect(modal.locator('img[src^="blob:"]')).toBeVisible();
    await expect(modal.locator('video[src^="blob:"]')).toBeAttached();
    await modal.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(modal).toHaveCount(0);
    await visit(page, `/incidents-view/${await incidentAt(site.uuid)}`);
    await expect(page.getByLabel('Remarks', { exact: true })).toBeVisible();
    const attached = page.getByRole('list', { name: 'Attached files' }).getByRole('button');
    if ((await attached.count()) > 0) {
      await attached.first().click();
      await expect(modal.locator('img, video')).toBeVisible();
      await modal.getByRole('button', { name: 'Close', exact: true }).click();
      await expect(modal).toHaveCount(0);
    }
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export to Word' }).click();
    await downloading;

    // Change Password, in the public layout.
    await visit(page, '/resetpassword?iuuid=own');
    await expect(page.getByLabel('Current Password')).toBeVisible();

    for (const later of ['/users', '/site-super', '/security-company']) {
      await visit(page, later);
    }
    await signOut(page);
    expect(violations).toEqual([]);
  });
}
