import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { chromium, type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { prepareZXingModule, writeBarcode } from 'zxing-wasm/writer';
import { E2E_TIME_ZONE } from '../../playwright.config';
import { DOUBLE_READ_MS } from '../../src/lib/pass-reads';
import { formatTimestamp } from '../../src/lib/dates';
import { judgeScan, REPEAT_SCAN_MS } from '@rules/visitor-pass';
import { expectNoSeriousA11yViolations, queryDatabase, shownModal, signIn } from './support';

// The desk against the real server: a demo pass is scanned in and out as a USB scanner types it,
// and read from a QR code on Chromium's fake camera. playwright.config.ts puts the browser, the
// server and this process in one time zone, so "today" is the same day for all three.

const EMAIL = 'company@example.com';

interface DemoPass {
  uuid: string;
  code: string;
  name: string;
  residence_uuid: string;
  date: string;
  start_time: string;
  repeat_type: string;
  repeatType: string;
  status: string;
  checkpoint_times: number;
  siteCheckpointLimit: number;
}

const localDay = (now: Date) =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

/** Today's valid, unused one-time passes at the sites the demo company sees. */
async function todaysUnusedPasses(): Promise<DemoPass[]> {
  return queryDatabase<DemoPass>(
    `select v.uuid, v.qr_code as code, v.name, v.residence_uuid, v.date, v.start_time,
            v.repeat_type, v.repeat_days as "repeatType", v.status, v.checkpoint_times,
            r.visitor_pass_checkpoint_times as "siteCheckpointLimit"
     from visitors v
     join residences r on r.uuid = v.residence_uuid
     join user_roles ur on ur.security_company_uuid = r.security_company_uuid
     join user_profiles p on p.uuid = ur.user_profile_uuid
     where p.email = ? and v.deleted_at is null and r.deleted_at is null
       and v.status = 'VALID' and v.repeat_type = 'ONE_TIME' and v.checkpoint_times = 0
       and r.visitor_pass_checkpoint_times = 2 and v.date = ?
     order by v.start_time, v.uuid`,
    EMAIL,
    localDay(new Date()),
  );
}

/**
 * A demo pass that may be checked in now, by the shared rules. The demo's passes for today start
 * between 08:00 and 21:00; before a pass's start nothing may be scanned, so a run in the small
 * hours moves one pass's start to midnight first (the e2e database is this run's own).
 */
async function scannablePass(): Promise<DemoPass> {
  const candidates = await todaysUnusedPasses();
  const now = new Date();
  const ready = candidates.find((pass) => judgeScan({ ...pass, lastScanMs: null }, now).allowed);
  if (ready) return ready;
  const [early] = candidates;
  if (!early) throw new Error(`The demo data has no unused one-time pass today for ${EMAIL}.`);
  await queryDatabase(`update visitors set start_time = '00:00:00' where uuid = ?`, early.uuid);
  return { ...early, start_time: '00:00:00' };
}

interface StoredScans {
  checkpoint_times: number;
  latest_scan_type: string | null;
  scans: Array<{ scan_type: string; created_at: string; scanned_by: string | null }>;
}

async function storedScans(uuid: string): Promise<StoredScans> {
  const [pass] = await queryDatabase<Omit<StoredScans, 'scans'>>(
    'select checkpoint_times, latest_scan_type from visitors where uuid = ?',
    uuid,
  );
  if (!pass) throw new Error(`No pass ${uuid}`);
  const scans = await queryDatabase<StoredScans['scans'][number]>(
    `select s.scan_type, s.created_at, p.name as scanned_by from visitor_pass_scans s
     left join user_profiles p on p.uuid = s.scanned_by
     where s.visitor_uuid = ? order by s.created_at`,
    uuid,
  );
  return { ...pass, scans };
}

async function nameOf(email: string): Promise<string> {
  const [profile] = await queryDatabase<{ name: string }>(
    'select name from user_profiles where email = ?',
    email,
  );
  if (!profile) throw new Error(`No profile for ${email}`);
  return profile.name;
}

/** Opens the desk from /visitors; its field is focused, as a scanner needs. */
async function openDesk(page: Page): Promise<{ desk: Locator; field: Locator }> {
  await page.goto('/visitors');
  await expect(page.getByRole('table', { name: 'Visitors' })).toHaveAttribute('aria-busy', 'false');
  await page.getByRole('button', { name: 'Scan Pass' }).click();
  const desk = await shownModal(page);
  const field = desk.getByLabel('Pass code');
  await expect(field).toBeFocused();
  return { desk, field };
}

/** What a USB scanner does: the code's characters one by one, then Enter. */
async function scanLikeAScanner(page: Page, code: string) {
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
}

test('the desk checks a pass in and out as a scanner types it, then refuses it as used', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const pass = await scannablePass();
  await signIn(page, EMAIL);

  let { desk, field } = await openDesk(page);
  await expectNoSeriousA11yViolations(page, 'the desk, waiting');
  await scanLikeAScanner(page, pass.code);
  await expect(desk.getByText(pass.name, { exact: true })).toBeVisible();
  await expect(desk.getByText('Check-in allowed')).toBeVisible();
  await expect(field).toHaveValue('');
  await expectNoSeriousA11yViolations(page, 'the desk with a pass to check in');

  await page.keyboard.press('Enter');
  await expect(desk.getByText('Checked in', { exact: true })).toBeVisible();
  await expect(desk.getByText(`${pass.name} checked in.`)).toBeVisible();
  const checkedInAt = Date.now();
  await expect(field).toBeFocused();
  await expect(field).toHaveValue('');
  await expectNoSeriousA11yViolations(page, 'the desk after a check-in');
  const afterIn = await storedScans(pass.uuid);
  expect(afterIn).toMatchObject({ checkpoint_times: 1, latest_scan_type: 'IN' });
  expect(afterIn.scans).toHaveLength(1);
  const [inScan] = afterIn.scans;
  const scanner = await nameOf(EMAIL);
  expect(inScan?.scanned_by).toBe(scanner);

  // Its details show the visitor inside and the scan.
  await desk.getByRole('button', { name: 'Close' }).last().click();
  await expect(page.locator('.modal')).toHaveCount(0);
  await page.goto(`/visitor-details/${pass.uuid}`);
  const other = page.getByRole('region', { name: 'Other Details' });
  await expect(other.getByText('IN', { exact: true })).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Actual Time of Arrival' })
      .getByRole('listitem')
      .filter({ hasText: `IN ${formatTimestamp(inScan?.created_at)} by ${scanner}` }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Check-out' })).toBeVisible();
  await expect(
    page.getByRole('img', { name: `QR code of the pass of ${pass.name}` }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'visitor details');

  // The server takes two scans of one pass within 10 s for one read twice: wait that out.
  ({ desk, field } = await openDesk(page));
  await page.waitForTimeout(Math.max(0, checkedInAt + REPEAT_SCAN_MS + 500 - Date.now()));
  await scanLikeAScanner(page, pass.code);
  await expect(desk.getByText('Check-out allowed')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(desk.getByText('Checked out', { exact: true })).toBeVisible();
  await expect(desk.getByText(`${pass.name} checked out.`)).toBeVisible();
  expect(await storedScans(pass.uuid)).toMatchObject({
    checkpoint_times: 2,
    latest_scan_type: 'OUT',
  });

  // A third scan of the one-time pass, once the desk no longer takes it for the same read.
  await page.waitForTimeout(DOUBLE_READ_MS + 500);
  await scanLikeAScanner(page, pass.code);
  const refusal = desk.getByRole('alert');
  await expect(refusal).toContainText('Not allowed');
  await expect(refusal).toContainText('This pass has been used.');
  await expectNoSeriousA11yViolations(page, 'the desk refusing a used pass');
  await page.keyboard.press('Enter');
  await expect(field).toBeFocused();
  expect((await storedScans(pass.uuid)).scans).toHaveLength(2);
});

// A video of a QR code for Chromium's fake camera, made here: ZXing's own encoder (the writer
// half of the library whose reader the console uses) gives the code's modules, drawn as frames.
const VIDEO = { width: 640, height: 480, frames: 10 };
const QUIET_ZONE_MODULES = 4;

async function qrModules(
  text: string,
): Promise<{ size: number; dark: (x: number, y: number) => boolean }> {
  const wasmFile = createRequire(import.meta.url).resolve('zxing-wasm/writer/zxing_writer.wasm');
  const wasm = await readFile(wasmFile);
  prepareZXingModule({
    overrides: {
      wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength),
    },
  });
  // As the console draws a pass: type (version) 4, error correction L.
  const { symbol, error } = await writeBarcode(text, {
    format: 'QRCode',
    options: 'ecLevel=L,version=4',
  });
  if (error) throw new Error(`Could not encode ${text}: ${error}`);
  // One byte a module, 0 for dark.
  return { size: symbol.width, dark: (x, y) => symbol.data[y * symbol.width + x] === 0 };
}

/** A raw YUV4MPEG2 video: the QR code centred on white, the same frame over and over. */
async function qrVideo(text: string): Promise<Buffer> {
  const { width, height, frames } = VIDEO;
  const qr = await qrModules(text);
  const modules = qr.size + 2 * QUIET_ZONE_MODULES;
  const scale = Math.floor((Math.min(width, height) * 0.8) / modules);
  const left = Math.floor((width - qr.size * scale) / 2);
  const top = Math.floor((height - qr.size * scale) / 2);
  const luma = Buffer.alloc(width * height, 255);
  for (let y = 0; y < qr.size; y += 1) {
    for (let x = 0; x < qr.size; x += 1) {
      if (!qr.dark(x, y)) continue;
      for (let row = 0; row < scale; row += 1) {
        luma.fill(
          0,
          (top + y * scale + row) * width + left + x * scale,
          (top + y * scale + row) * width + left + (x + 1) * scale,
        );
      }
    }
  }
  // Grey: both chroma planes at their middle value, a quarter of the luma's size each (4:2:0).
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F5:1 Ip A1:1 C420jpeg\n`);
  return Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]);
}

test('the desk’s camera reads a pass from the fake camera and checks it in', async ({
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const pass = await scannablePass();
  const video = testInfo.outputPath('pass.y4m');
  await writeFile(video, await qrVideo(pass.code));

  // A browser of its own: the fake camera's video is a launch flag.
  const { launchOptions } = testInfo.project.use;
  const browser = await chromium.launch({
    ...launchOptions,
    args: [
      ...(launchOptions?.args ?? []),
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await browser.newContext({
      baseURL,
      timezoneId: E2E_TIME_ZONE,
      permissions: ['camera'],
    });
    const page = await context.newPage();
    const wasmRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('.wasm')) wasmRequests.push(request.url());
    });
    const policyViolations: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) policyViolations.push(message.text());
    });

    await signIn(page, EMAIL);
    const { desk, field } = await openDesk(page);
    await desk.getByRole('button', { name: 'Use camera' }).click();
    await expect(field).toBeFocused();
    await expect(desk.getByText(pass.name, { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(desk.getByText('Check-in allowed')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the desk with the camera on');

    await page.keyboard.press('Enter');
    await expect(desk.getByText('Checked in', { exact: true })).toBeVisible();
    // The code stays in view: the camera keeps reading it, and the desk keeps it one read.
    await page.waitForTimeout(DOUBLE_READ_MS);
    await expect(desk.getByText('Checked in', { exact: true })).toBeVisible();
    expect(await storedScans(pass.uuid)).toMatchObject({
      checkpoint_times: 1,
      latest_scan_type: 'IN',
    });
    expect((await storedScans(pass.uuid)).scans).toHaveLength(1);

    // ZXing's WebAssembly came from our own server, under its CSP.
    expect(wasmRequests.length).toBeGreaterThan(0);
    for (const url of wasmRequests) expect(url.startsWith(`${baseURL}/assets/`)).toBe(true);
    expect(policyViolations).toEqual([]);
    await context.close();
  } finally {
    await browser.close();
  }
});
