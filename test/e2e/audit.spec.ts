import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations, shownModal, signIn, signOut } from './support';

/**
 * The audit trail against the real server (issue 21): a change made in the console is the
 * newest entry of the Audit Log, with its field's before and after in the side panel, and on the
 * record's own History tab.
 */

/** The value under a label on the guard's Profile tab. */
function profileValue(page: Page, label: string): Locator {
  return page
    .getByRole('tabpanel')
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd');
}

/** A list's first page (or its empty row), so a scan sees the table, not the overlay. */
async function settledTable(scope: Page | Locator, name: string): Promise<Locator> {
  const table = scope.getByRole('table', { name });
  await expect(table).toHaveAttribute('aria-busy', 'false');
  await expect(table.locator('tbody tr').first()).toBeVisible();
  return table;
}

/** Renames the guard whose details page is open, through Edit Guard. */
async function renameGuard(page: Page, name: string) {
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const modal = await shownModal(page);
  await expect(modal.getByText('Edit Guard')).toBeVisible();
  await modal.getByLabel('Name').fill(name);
  await modal.getByRole('button', { name: 'Submit' }).click();
  await expect(page.locator('.modal')).toHaveCount(0);
  await expect(profileValue(page, 'Name')).toHaveText(name);
}

test('a guard renamed in the console shows in the Audit Log and on its History tab', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'superadmin@example.com');

  // The change: a guard's name, through the UI.
  await page.goto('/security-guards');
  await (await settledTable(page, 'Guards')).locator('tbody tr').first().click();
  await expect(page).toHaveURL(/\/guard-details\/[^/]+$/);
  const guardPath = new URL(page.url()).pathname;
  const before = (await profileValue(page, 'Name').textContent())?.trim() ?? '';
  expect(before).not.toBe('');
  const after = `${before} Audited`;
  await renameGuard(page, after);

  // The Audit Log, from the header menu: the newest entry is that update.
  await page.getByRole('button', { name: /^Hi, / }).click();
  await page.getByRole('menuitem', { name: 'Audit Log' }).click();
  await expect(page).toHaveURL(/\/audit-log$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();
  const log = await settledTable(page, 'Audit Log');
  const newest = log.locator('tbody tr').first();
  await expect(newest).toContainText(after);
  await expect(newest.getByRole('cell').nth(2)).toHaveText('Update');
  await expect(newest).toContainText('Sofia Superadmin');
  await expectNoSeriousA11yViolations(page, 'audit log');

  // Its side panel, opened by keyboard from the row's View button: the name before and after.
  const view = newest.getByRole('button', { name: /^View Update, Guard: / });
  await view.focus();
  await page.keyboard.press('Enter');
  const panel = await shownModal(page);
  await expect(panel.getByRole('heading', { name: `Update – Guard: ${after}` })).toBeVisible();
  const nameRow = panel
    .getByRole('table', { name: 'Changes' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'Name', exact: true }) });
  await expect(nameRow.getByRole('cell')).toHaveText([before, after]);
  await expectNoSeriousA11yViolations(page, 'audit entry side panel');
  await page.keyboard.press('Escape');
  await expect(page.locator('.modal')).toHaveCount(0);
  await expect(view).toBeFocused();

  // The filters and the export modal.
  await page.getByLabel('Record type').selectOption('Guard');
  await page.getByLabel('Action').selectOption('Update');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(log.locator('tbody tr').first()).toContainText(after);
  await expectNoSeriousA11yViolations(page, 'audit log, filtered');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await shownModal(page);
  await expectNoSeriousA11yViolations(page, 'audit log export');
  await page.locator('.modal.show').getByRole('button', { name: 'Close' }).first().click();
  await expect(page.locator('.modal')).toHaveCount(0);

  // The guard's History tab lists the same update.
  await page.goto(guardPath);
  await page.getByRole('tab', { name: 'History' }).click();
  const history = await settledTable(page.getByRole('tabpanel'), 'History');
  await expect(history.locator('tbody tr').first().getByRole('cell').nth(2)).toHaveText('Update');
  await expectNoSeriousA11yViolations(page, 'guard details, History tab');
  await history.locator('tbody tr').first().click();
  await shownModal(page);
  await expectNoSeriousA11yViolations(page, 'guard History side panel');
  await page.keyboard.press('Escape');
  await expect(page.locator('.modal')).toHaveCount(0);

  // The demo guard keeps its name for the specs after this one.
  await page.getByRole('tab', { name: 'Profile' }).click();
  await renameGuard(page, before);
  await signOut(page);
});

test('a site supervisor has no Audit Log and no History', async ({ page }) => {
  await signIn(page, 'supervisor@example.com');
  await page.getByRole('button', { name: /^Hi, / }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Audit Log' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.goto('/audit-log');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/security-guards');
  await (await settledTable(page, 'Guards')).locator('tbody tr').first().click();
  await expect(page.getByRole('tab', { name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'History' })).toHaveCount(0);
  await signOut(page);
});
