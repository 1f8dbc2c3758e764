import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations, queryDatabase, shownModal, signIn } from './support';

// The roster against the real server (issue 36): a company plans a week for one of its sites:
// Day and Night patterns, the shifts made from them, a guard put on a shift by keyboard alone.

const EMAIL = 'company@example.com';
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const pad2 = (value: number) => String(value).padStart(2, '0');

/** The Monday of next week, as the grid names a day: 'Monday 07/12/2026' (the tests' zone). */
function nextMonday(): string {
  const now = new Date();
  const monday = new Date(
    now.getFullYear(),
    now.getMonth(),
    now.getDate() - ((now.getDay() + 6) % 7) + 7,
  );
  return `${WEEKDAYS[monday.getDay()]} ${pad2(monday.getDate())}/${pad2(monday.getMonth() + 1)}/${monday.getFullYear()}`;
}

/** A site of the demo company with the guard service and guards, and no patterns yet. */
async function siteWithGuards(): Promise<{ uuid: string; name: string }> {
  const [row] = await queryDatabase<{ uuid: string; name: string }>(
    `select r.uuid, r.name
     from residences r
     join user_roles ur on ur.security_company_uuid = r.security_company_uuid
     join user_profiles p on p.uuid = ur.user_profile_uuid
     where p.email = ? and r.deleted_at is null and r.kipleguard_enabled = 1
       and exists (select 1 from guard_residences g
                   where g.residence_uuid = r.uuid and g.guard_live = 1)
       and not exists (select 1 from shift_patterns s where s.residence_uuid = r.uuid)
     order by r.name limit 1`,
    EMAIL,
  );
  if (!row) throw new Error('The demo company has no site with guards and no roster yet.');
  return row;
}

test('a company plans a week: Day and Night patterns, their shifts, a guard put on one by keyboard; the week prints alone', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const site = await siteWithGuards();
  await signIn(page, EMAIL);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Roster' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Roster' })).toBeVisible();
  await page.getByLabel('Site', { exact: true }).selectOption(site.uuid);
  const grid = page.getByRole('table', { name: `Roster of ${site.name}` });
  await expect(grid).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByText('No shift patterns yet')).toBeVisible();

  for (const pattern of [
    { name: 'Day', start: '07:00', end: '19:00' },
    { name: 'Night', start: '19:00', end: '07:00' },
  ]) {
    await page.getByRole('button', { name: 'Add pattern' }).click();
    const modal = await shownModal(page);
    await modal.getByLabel('Name').fill(pattern.name);
    await modal.getByLabel('Start').fill(pattern.start);
    await modal.getByLabel('End').fill(pattern.end);
    await modal.getByLabel('Guards needed').fill('2');
    await modal.getByRole('button', { name: 'Submit' }).click();
    await expect(page.locator('.modal')).toHaveCount(0);
    await expect(
      page.getByRole('table', { name: 'Shift patterns' }).getByRole('cell', {
        name: `${pattern.start}–${pattern.end}`,
      }),
    ).toBeVisible();
  }

  await page.getByRole('button', { name: 'Make shifts' }).click();
  const make = await shownModal(page);
  await make.getByRole('button', { name: 'Make shifts' }).click();
  await expect(page.getByText(/^Made \d+ shifts\.$/)).toBeVisible();

  // Next week's shifts are all made, whatever the hour now.
  await page.getByRole('button', { name: 'Next week' }).click();
  const monday = nextMonday();
  const dayCell = grid.getByRole('button', { name: new RegExp(`^Day, ${monday}:`) });
  await expect(dayCell).toContainText('0 / 2 filled');
  await expect(dayCell).toContainText('2 open');
  await expect(grid.getByRole('button', { name: new RegExp(`^Night, ${monday}:`) })).toContainText(
    '0 / 2 filled',
  );
  await expectNoSeriousA11yViolations(page, 'roster with a planned week');

  // By keyboard alone: the cell, the guard, Save.
  await dayCell.focus();
  await page.keyboard.press('Enter');
  const assign = await shownModal(page);
  await expect(assign.getByRole('heading', { name: `Day, ${monday}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'assign guards');
  const place = assign.getByLabel('Place 1');
  await place.focus();
  await page.keyboard.press('ArrowDown');
  await expect(place).not.toHaveValue('');
  const guard = (await place.evaluate((select: HTMLSelectElement) =>
    select.selectedOptions[0]?.textContent?.trim(),
  )) as string;
  await assign.getByRole('button', { name: 'Save' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('.modal')).toHaveCount(0);
  await expect(dayCell).toContainText(guard);
  await expect(dayCell).toContainText('1 / 2 filled');
  await expect(dayCell).toContainText('1 open');
  await expect(dayCell).toBeFocused();

  // The dialogs that change the week, scanned with shifts in it.
  await page.getByRole('button', { name: 'Swap guards' }).click();
  await shownModal(page);
  await expectNoSeriousA11yViolations(page, 'Swap Guards with shifts');
  await page.locator('.modal.show').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.locator('.modal')).toHaveCount(0);
  await page.getByRole('button', { name: /^Delete pattern Night$/ }).click();
  await shownModal(page);
  await expectNoSeriousA11yViolations(page, 'Delete Shift Pattern');
  await page.locator('.modal.show').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.locator('.modal')).toHaveCount(0);

  // On paper: the week alone, without the shell, its buttons or the patterns.
  await page.emulateMedia({ media: 'print' });
  await expect(grid).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Next week' })).toBeHidden();
  await expect(page.getByRole('table', { name: 'Shift patterns' })).toBeHidden();
  await expect(page.getByText(`Roster of ${site.name}, week`)).toBeVisible();
  // One sheet: the PDF the browser would print has a single page.
  const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
  expect(pdf.match(/\/Type\s*\/Page\b(?!s)/g)).toHaveLength(1);
  await page.emulateMedia({ media: 'screen' });

  // The site's Roster tab shows the same week, and prints it alone, without the site's page.
  await page.goto(`/site-details/${site.uuid}/company`);
  await page.getByRole('tab', { name: 'Roster', exact: true }).click();
  const tabGrid = page.getByRole('table', { name: `Roster of ${site.name}` });
  await expect(tabGrid).toHaveAttribute('aria-busy', 'false');
  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(tabGrid.getByRole('button', { name: new RegExp(`^Day, ${monday}:`) })).toContainText(
    guard,
  );
  await page.emulateMedia({ media: 'print' });
  await expect(tabGrid).toBeVisible();
  await expect(page.getByRole('tablist')).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: site.name })).toBeHidden();
  const tabPdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
  expect(tabPdf.match(/\/Type\s*\/Page\b(?!s)/g)).toHaveLength(1);
  await page.emulateMedia({ media: 'screen' });
});
