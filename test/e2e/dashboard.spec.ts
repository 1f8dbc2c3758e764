import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { companyNameOf, figuresFor, signIn, signOut } from './support';

type Figures = Awaited<ReturnType<typeof figuresFor>>;

function navLink(page: Page, name: string) {
  return page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name });
}

async function expectCard(page: Page, title: string, figures: Array<[string, number]>) {
  const card = page.getByRole('group', { name: title, exact: true });
  await expect(card).toBeVisible();
  for (const [label, value] of figures) {
    await expect(card.locator(`dd[data-figure="${label}"]`)).toHaveText(String(value));
  }
}

async function expectCommonCards(page: Page, f: Figures) {
  await expectCard(page, 'Sites', [['Total', f.activeSiteCount]]);
  await expectCard(page, 'Incidents', [
    ['New Today', f.incidentToday],
    ['Total', f.allIncidents],
  ]);
  await expectCard(page, 'Visitors', [
    ['Upcoming', f.upcomingVisitors],
    ['Checked-in', f.checkedinVisitors],
    ['Overstay', f.overstayVisitors],
  ]);
  await expectCard(page, 'Guards', [
    ['On duty', f.onDutyGuard],
    ['Total', f.totalGuard],
  ]);
}

test('the super administrator sees every card with the database figures', async ({ page }) => {
  const f = await figuresFor('superadmin@example.com');
  await signIn(page, 'superadmin@example.com');
  await expectCommonCards(page, f);
  await expectCard(page, 'Security Company', [
    ['Active', f.activeSecurityCompany],
    ['Inactive', f.inActiveSecurityCompany],
  ]);
  await expectCard(page, 'Site Supervisor', [
    ['Active', f.activeSupservisor],
    ['Inactive', f.inActiveSupservisor],
  ]);
  await expect(navLink(page, 'Security Company')).toBeVisible();

  await page.getByRole('link', { name: 'View All Security Company' }).click();
  await expect(page).toHaveURL(/\/security-company$/);
  await expect(navLink(page, 'Security Company')).toHaveClass(/active/);
  await signOut(page);
});

test('the security company sees its own figures and team row', async ({ page }) => {
  const f = await figuresFor('company@example.com');
  await signIn(page, 'company@example.com');
  await expect(page.locator('.app-title')).toHaveText(await companyNameOf('company@example.com'));
  await expectCommonCards(page, f);
  await expectCard(page, 'Site Supervisor', [
    ['Active', f.activeSupservisor],
    ['Inactive', f.inActiveSupservisor],
  ]);
  await expect(page.getByRole('group', { name: 'Security Company' })).toHaveCount(0);

  await page.getByRole('link', { name: 'View All Guards' }).click();
  await expect(page).toHaveURL(/\/security-guards$/);
  await signOut(page);
});

test('the site supervisor sees only guards in its team row, for its two sites', async ({
  page,
}) => {
  const f = await figuresFor('supervisor@example.com');
  await signIn(page, 'supervisor@example.com');
  await expectCommonCards(page, f);
  await expect(page.getByRole('group', { name: 'Site Supervisor' })).toHaveCount(0);
  await expect(navLink(page, 'Users')).toHaveCount(0);

  await page.getByRole('link', { name: 'View All Sites' }).click();
  await expect(page).toHaveURL(/\/sites$/);
  await signOut(page);
  // After logout the shell is closed to this browser.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});
