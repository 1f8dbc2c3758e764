import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import {
  backend,
  expectNoSeriousA11yViolations,
  queryDatabase,
  shownModal,
  signIn,
} from './support';

// Issue 23 end to end against the real server: a company user issues a one-time pass for today,
// the visitor opens the e-pass link mailed to them with no sign-in, the QR code on that page is
// read back from its pixels and checked in at the desk, and the pass's badge prints on A6.
// playwright.config.ts puts the browser, the server and this process in one time zone.

const EMAIL = 'company@example.com';

const pad = (value: number) => String(value).padStart(2, '0');
const formDay = (now: Date) =>
  `${pad(now.getDate())}/${pad(now.getMonth() + 1)}/${now.getFullYear()}`;

/** The e-pass link of the newest mail to `email` in the outbox, as a path of the console. */
async function latestEPassLink(email: string): Promise<string> {
  const outbox = path.join(backend().dataDir, 'outbox');
  const files = (await readdir(outbox)).sort().reverse();
  for (const file of files) {
    // Quoted-printable: soft line breaks and an encoded '=' undone.
    const text = (await readFile(path.join(outbox, file), 'utf8'))
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    if (!new RegExp(`^To: ${email}$`, 'm').test(text)) continue;
    const link = /https?:\/\/[^/\s]+(\/pass\/[\w-]+)/.exec(text);
    if (link?.[1]) return link[1];
  }
  throw new Error(`No e-pass link mailed to ${email}`);
}

/** The QR code's text, read by ZXing from a screenshot of the element that draws it. */
async function decodeQr(page: Page, name: string): Promise<string> {
  const wasmFile = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
  const wasm = await readFile(wasmFile);
  prepareZXingModule({
    overrides: {
      wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength),
    },
  });
  const png = await page.getByRole('img', { name: `QR code of the pass of ${name}` }).screenshot();
  const [result] = await readBarcodes(new Uint8Array(png), { formats: ['QRCode'] });
  if (!result?.isValid) throw new Error('The e-pass QR code could not be read.');
  return result.text;
}

test('a pass issued in the console: e-pass by mail, its QR checked in at the desk, its badge', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const visitorName = `Nur Aina ${Date.now().toString(36)}`;
  const visitorEmail = `aina-${Date.now().toString(36)}@example.com`;
  await signIn(page, EMAIL);

  // Add, from the keyboard: the toolbar's button opens the form with focus inside it.
  await page.goto('/visitors');
  await expect(page.getByRole('table', { name: 'Visitors' })).toHaveAttribute('aria-busy', 'false');
  await page.getByRole('button', { name: 'Add', exact: true }).focus();
  await page.keyboard.press('Enter');
  const modal = await shownModal(page);
  await expect(modal.getByRole('form', { name: 'Add Visitor Pass' })).toBeVisible();
  const site = modal.getByLabel('Site');
  await expect(site.locator('option')).not.toHaveCount(1);
  await expectNoSeriousA11yViolations(page, 'the Add Visitor Pass form');

  // Submitted empty, it names the fields (the shared rules' words; component tests hold each).
  await modal.getByRole('button', { name: 'Submit' }).click();
  await expect(modal.getByText('Choose the site.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the Add Visitor Pass form with its messages');

  await site.selectOption({ index: 1 });
  const unit = modal.getByLabel('Unit');
  await expect(unit.locator('option')).not.toHaveCount(1);
  await unit.selectOption({ index: 1 });
  await expect(modal.getByLabel('Host')).not.toHaveValue('');
  await modal.getByLabel('Visitor name').fill(visitorName);
  await modal.getByLabel('Phone').fill('60123456789');
  await modal.getByLabel('Email (optional)').fill(visitorEmail);
  await modal.getByLabel('Car plate').fill('WXY 2323');
  await modal.getByLabel('Category').selectOption('Visitor');
  await expect(modal.getByRole('radio', { name: 'One-time' })).toBeChecked();
  await modal.getByLabel('Date').fill(formDay(new Date()));
  // From midnight to the day's last minute: the visit is on, whenever the run is.
  await modal.getByLabel('Start time').fill('00:00');
  await modal.getByLabel('End time').fill('23:59');
  await modal.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Success Added')).toBeVisible();
  await expect(page.locator('.modal')).toHaveCount(0);

  const [stored] = await queryDatabase<{ uuid: string; qr_code: string; status: string }>(
    'select uuid, qr_code, status from visitors where name = ?',
    visitorName,
  );
  if (!stored) throw new Error('The pass was not stored.');
  expect(stored.status).toBe('VALID');

  // The e-pass: from the mail, in a browser with no session.
  const link = await latestEPassLink(visitorEmail);
  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const phone = await visitor.newPage();
    await phone.goto(link);
    await expect(
      phone.getByRole('img', { name: `QR code of the pass of ${visitorName}` }),
    ).toBeVisible();
    await expect(phone).toHaveURL(new RegExp(`${link}$`));
    await expectNoSeriousA11yViolations(phone, 'the e-pass page');
    const code = await decodeQr(phone, visitorName);
    expect(code).toBe(stored.qr_code);

    // The desk checks the visitor in with the code read from the e-pass.
    await page.getByRole('button', { name: 'Scan Pass' }).click();
    const desk = await shownModal(page);
    await expect(desk.getByLabel('Pass code')).toBeFocused();
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
    await expect(desk.getByText('Check-in allowed')).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(desk.getByText(`${visitorName} checked in.`)).toBeVisible();
    const [scanned] = await queryDatabase<{ checkpoint_times: number }>(
      'select checkpoint_times from visitors where uuid = ?',
      stored.uuid,
    );
    expect(scanned?.checkpoint_times).toBe(1);
    await desk.getByRole('button', { name: 'Close' }).last().click();
    await expect(page.locator('.modal')).toHaveCount(0);

    // Its details: scanned, so no Edit; Cancel, Share and Print are there.
    await page.goto(`/visitor-details/${stored.uuid}`);
    const actions = page.getByRole('group', { name: 'Pass actions' });
    await expect(actions.getByRole('button', { name: 'Cancel pass' })).toBeVisible();
    await expect(actions.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expect(actions.getByRole('link', { name: /Share on WhatsApp/ })).toHaveAttribute(
      'href',
      new RegExp(`^https://wa\\.me/\\?text=.*${encodeURIComponent(link)}`),
    );
    await expectNoSeriousA11yViolations(page, 'visitor details of an issued pass');

    // The Cancel pass confirmation, by keyboard, kept.
    await actions.getByRole('button', { name: 'Cancel pass' }).focus();
    await page.keyboard.press('Enter');
    const confirm = await shownModal(page);
    await expect(confirm.getByRole('button', { name: 'Keep pass' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the Cancel pass confirmation');
    await page.keyboard.press('Escape');
    await expect(page.locator('.modal')).toHaveCount(0);
    await expect(actions.getByRole('button', { name: 'Cancel pass' })).toBeFocused();

    // The badge.
    await actions.getByRole('link', { name: 'Print' }).click();
    const badge = page.getByRole('article', { name: `Visitor badge of ${visitorName}` });
    await expect(
      badge.getByRole('img', { name: `QR code of the pass of ${visitorName}` }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the visitor badge print view');
    const box = await badge.boundingBox();
    // 105 × 148 mm at 96 dpi: about 397 × 559 px.
    expect(box?.width).toBeGreaterThan(380);
    expect(box?.width).toBeLessThan(420);
    expect(box?.height).toBeGreaterThan(540);
    expect(box?.height).toBeLessThan(900);
    const shot = await badge.screenshot();
    expect(shot.byteLength).toBeGreaterThan(5_000);
    // On paper only the badge: the shell's header and navigation stay on screen.
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('.app-header')).toBeHidden();
    await expect(badge).toBeVisible();
    await page.emulateMedia({ media: 'screen' });

    // Cancelled, the e-pass is gone.
    await page.goto(`/visitor-details/${stored.uuid}`);
    await page.getByRole('button', { name: 'Cancel pass' }).click();
    await (await shownModal(page)).getByRole('button', { name: 'Cancel pass' }).click();
    await expect(page.getByText('Pass cancelled.')).toBeVisible();
    await phone.reload();
    await expect(phone.getByRole('alert')).toHaveText('This pass is no longer valid.');
  } finally {
    await visitor.close();
  }
});
