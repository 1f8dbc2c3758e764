import { expect, test } from './fixtures';
import { apiSession, expectNoSeriousA11yViolations, queryDatabase, signIn } from './support';

// The guard's phone in the browser (issue 38), against the real server on a 390 × 844 phone: the
// demo guard signs in with the app's access, picks a site and types the PIN, walks a round due
// now, scans one checkpoint online and two with no network, and sees the two arrive, once each,
// when the network returns. The checkpoints' codes are typed as a scanner would write them.

const SITE = 'Arcoris Residences Mont Kiara';
const GUARD_EMAIL = 'guard@example.com';
const GUARD_PIN = '135790';

test.use({
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  geolocation: { latitude: 3.1712345, longitude: 101.6523456 },
  permissions: ['geolocation'],
});

const pad = (n: number) => String(n).padStart(2, '0');

test('a guard walks a round on the phone; scans kept offline arrive once', async ({
  page,
  context,
  request,
}) => {
  // A round due this minute at the site, past three of its checkpoints.
  const [site] = await queryDatabase<{ uuid: string }>(
    `select uuid from residences where name = ?`,
    SITE,
  );
  if (!site) throw new Error(`No site ${SITE}`);
  const points = await queryDatabase<{ uuid: string; code: string; name: string }>(
    `select uuid, code, name from checkpoints where residence_uuid = ? and retired_at is null
     order by name`,
    site.uuid,
  );
  const walked = points.slice(0, 3);
  expect(walked).toHaveLength(3);
  const now = new Date();
  const name = `Phone round ${Date.now().toString(36)}`;
  const token = await apiSession(request, 'company@example.com');
  const made = await request.post('/kgapi/rounds', {
    headers: { 'X-Application-Key': 'guard-console-demo-key', Authorization: `Bearer ${token}` },
    data: {
      residence_uuid: site.uuid,
      name,
      in_order: false,
      allowed_minutes: 60,
      schedule_kind: 'times',
      times: [`${pad(now.getHours())}:${pad(now.getMinutes())}`],
      every_hours: null,
      pattern_uuid: null,
      checkpoint_uuids: walked.map((point) => point.uuid),
    },
  });
  expect(made.status(), await made.text()).toBe(200);

  // Sign in with the guard app's access, on this browser as the guard's device.
  await page.goto('/guard');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'phone sign-in');
  await page.getByLabel('Email or phone number').fill(GUARD_EMAIL);
  await page.getByLabel('Password').fill('Demo@12345');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const choose = page.getByRole('heading', { level: 1, name: 'Choose your site' });
  const switchHere = page.getByRole('button', { name: 'Sign in on this phone' });
  await expect(choose.or(switchHere)).toBeVisible();
  if (await switchHere.isVisible()) await switchHere.click();
  await expect(choose).toBeVisible();
  await page.getByRole('button', { name: SITE }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your PIN' })).toBeVisible();
  await page.keyboard.type(GUARD_PIN);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('button', { name: 'Walk a round' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Rounds' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'phone rounds');

  // The round due now: one scan online.
  await page.getByRole('button', { name: new RegExp(name) }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: new RegExp(`^${name} `) }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'phone round');
  const code = page.getByLabel('Checkpoint code');
  const [first, second, third] = walked;
  await code.fill(`KGCP:${first?.code ?? ''}`);
  await page.getByRole('button', { name: 'Record scan' }).click();
  await expect(page.getByText('Checkpoint scanned.')).toBeVisible();
  await expect(page.getByText(`${first?.name ?? ''}: scanned at`)).toBeVisible();

  const scans = async () =>
    Number(
      (
        await queryDatabase<{ n: number }>(
          `select count(*) as n from patrol_scans s join patrols p on p.uuid = s.patrol_uuid
           join rounds r on r.uuid = p.round_uuid where r.name = ?`,
          name,
        )
      )[0]?.n ?? 0,
    );
  expect(await scans()).toBe(1);

  // No network: two scans kept on the phone, with their times.
  await context.setOffline(true);
  for (const point of [second, third]) {
    await code.fill(`KGCP:${point?.code ?? ''}`);
    await page.getByRole('button', { name: 'Record scan' }).click();
    await expect(page.getByText(/^No connection: kept on this phone/)).toBeVisible();
  }
  await expect(page.getByText('Kept on this phone, waiting to be sent: 2')).toBeVisible();
  expect(await scans()).toBe(1);

  // The network returns: both arrive, in order and once, and the round is done (today's; the
  // round is planned two days ahead).
  await context.setOffline(false);
  await expect.poll(scans).toBe(3);
  await expect(page.getByText(/waiting to be sent/)).toHaveCount(0);
  await expect(page.getByText(/^Done · 3 of 3 checkpoints/)).toBeVisible();
  const [patrol] = await queryDatabase<{ state: string }>(
    `select p.state from patrols p join rounds r on r.uuid = p.round_uuid where r.name = ?
     order by p.due_at limit 1`,
    name,
  );
  expect(patrol?.state).toBe('done');

  // SOS: held for two seconds, it reaches the site's supervisor as a banner until acknowledged.
  const sos = page.getByRole('button', { name: 'SOS', exact: true });
  await sos.focus();
  await page.keyboard.down('Space');
  await expect(page.getByText(/^SOS sent: your supervisors/)).toBeVisible();
  await page.keyboard.up('Space');
  const desk = await context.newPage();
  await signIn(desk, 'supervisor@example.com');
  const banner = desk.getByRole('alert', { name: 'SOS' });
  await expect(banner).toContainText(`at ${SITE}`);
  await expect(banner.getByRole('link', { name: 'Open the map' })).toHaveAttribute(
    'href',
    'https://maps.google.com/?q=3.171235,101.652346',
  );
  await expectNoSeriousA11yViolations(desk, 'SOS banner');
  await banner.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(banner).toHaveCount(0);
});
