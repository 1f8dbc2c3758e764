import { expect, test } from './fixtures';
import { CHECKPOINT_MESSAGES } from '@rules/checkpoints';
import { queryDatabase, shownModal, signIn } from './support';

// Patrol checkpoints against the real server (issue 38): a company adds one at a demo site, is
// refused a name already in use there, prints the site's sheet of stickers with it, gives it a
// new sticker (a new code), and retires it, after which it is listed only among the retired.

const EMAIL = 'company@example.com';
const SITE = 'Arcoris Residences Mont Kiara';

async function codeOf(name: string): Promise<string> {
  const [row] = await queryDatabase<{ code: string }>(
    `select c.code from checkpoints c join residences r on r.uuid = c.residence_uuid
     where r.name = ? and c.name = ? and c.retired_at is null`,
    SITE,
    name,
  );
  if (!row) throw new Error(`No checkpoint ${name} in use at ${SITE}.`);
  return row.code;
}

test('a company adds a checkpoint, prints its sticker, replaces the sticker and retires it', async ({
  page,
}) => {
  const name = `Loading bay ${Date.now().toString(36)}`;
  await signIn(page, EMAIL);
  await page.goto('/patrols');
  await page.getByLabel('Site', { exact: true }).selectOption({ label: SITE });
  const table = page.getByRole('table', { name: 'Checkpoints' });
  await expect(table.getByText('Main gate', { exact: true })).toBeVisible();

  // A name in use at the site is refused at its field; a new one is added.
  await page.getByRole('button', { name: 'Add Checkpoint' }).click();
  const dialog = await shownModal(page);
  await dialog.getByLabel('Name').fill('main GATE');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText(CHECKPOINT_MESSAGES.nameTaken)).toBeVisible();
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('What to check').fill('Roller door down, no pallets on the ramp');
  await dialog.getByLabel('Latitude').fill('3.1712345');
  await dialog.getByLabel('Longitude').fill('101.6523456');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Success Added')).toBeVisible();
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('3.1712345, 101.6523456');
  const firstCode = await codeOf(name);
  expect(firstCode).toMatch(/^[A-Za-z0-9_-]{22}$/);

  // The sheet of stickers has it, with its QR code.
  await page.getByRole('link', { name: 'Print stickers' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Checkpoint stickers: ${SITE}` }),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: `QR code of checkpoint ${name}` })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Patrols' }).click();
  await expect(page.getByLabel('Site', { exact: true })).toHaveValue(
    (await queryDatabase<{ uuid: string }>(`select uuid from residences where name = ?`, SITE))[0]
      ?.uuid ?? '',
  );

  // A new sticker is a new code.
  await page.getByRole('button', { name: `New sticker checkpoint ${name}` }).click();
  await (await shownModal(page)).getByRole('button', { name: 'Make new sticker' }).click();
  await expect(page.getByText('New sticker made: print it and replace the old one')).toBeVisible();
  expect(await codeOf(name)).not.toBe(firstCode);

  // Retired: off the list in use, on the list of all as Retired, with no actions.
  await page.getByRole('button', { name: `Retire checkpoint ${name}` }).click();
  await (await shownModal(page)).getByRole('button', { name: 'Retire', exact: true }).click();
  await expect(page.getByText('Checkpoint retired')).toBeVisible();
  await expect(table.getByText(name)).toHaveCount(0);
  await page.getByRole('switch', { name: 'Show retired', exact: true }).check();
  const retired = table.getByRole('row').filter({ hasText: name });
  await expect(retired).toContainText('Retired');
  await expect(retired.getByRole('button')).toHaveCount(0);
});

test('a supervisor follows a partly missed round from its alert to its scans', async ({ page }) => {
  await signIn(page, 'supervisor@example.com');
  // The demo's last night: the 03:00 Night round skipped its last two checkpoints, and the minute
  // watch raised its alert.
  await page.goto('/alerts');
  const alert = page
    .getByRole('row')
    .filter({ hasText: 'Refuse room' })
    .filter({ hasText: '2 of 5 checkpoints missed: Back fence, Refuse room' })
    .first();
  await expect(alert).toBeVisible();
  await alert.getByRole('link', { name: 'The round' }).click();
  const dialog = await shownModal(page);
  await expect(dialog.getByRole('heading', { name: /^Night round 03:00 at / })).toBeVisible();
  await expect(dialog.getByText('Partly done')).toBeVisible();
  await expect(dialog.getByText('Not scanned')).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(page.locator('.modal.show')).toHaveCount(0);
  // The day of that round, with its state in the list and the completion over the day.
  const table = page.getByRole('table', { name: /^Patrols of / });
  await expect(
    table.getByRole('row').filter({ hasText: '03:00–03:30' }).filter({ hasText: 'Night round' }),
  ).toContainText('Partly done');
  await expect(page.getByText(/% of checkpoints scanned \(\d+ of \d+\)/)).toBeVisible();
});
