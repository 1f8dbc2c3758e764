import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { companyNameOf, figuresFor, signIn, signOut } from './support';

type Figures = Awaited<ReturnType<typeof figuresFor>>;

function navLink(page: Page, name: string) {
  return page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name });
}

type Cards = Array<[string, Array<[string, number]>]>;

function commonCards(f: Figures): Cards {
  return [
    ['Sites', [['Total', f.activeSiteCount]]],
    [
      'Incidents',
      [
        ['New Today', f.incidentToday],
        ['Total', f.allIncidents],
      ],
    ],
    [
      'Visitors',
      [
        ['Upcoming', f.upcomingVisitors],
        ['Checked-in', f.checkedinVisitors],
        ['Overstay', f.overstayVisitors],
      ],
    ],
    [
      'Guards',
      [
        ['On duty', f.onDutyGuard],
        ['Total', f.totalGuard],
      ],
    ],
  ];
}

/**
 * The dashboard shows the database's figures for `email`. Time moves some of them (a pass's window
 * ends, a shift becomes a no-show), so when one differs the page is reloaded and the database read
 * again, until both were read at the same moment.
 */
async function expectFigures(page: Page, email: string, more: (f: Figures) => Cards = () => []) {
  let reload = false;
  await expect(async () => {
    if (reload) await page.reload();
    reload = true;
    const f = await figuresFor(email);
    for (const [title, figures] of [...commonCards(f), ...more(f)]) {
      const card = page.getByRole('group', { name: title, exact: true });
      await expect(card).toBeVisible();
      for (const [label, value] of figures) {
        await expect(card.locator(`dd[data-figure="${label}"]`)).toHaveText(String(value), {
          timeout: 5_000,
        });
      }
    }
  }).toPass({ timeout: 60_000 });
}

test('the super administrator sees every card with the database figures', async ({ page }) => {
  await signIn(page, 'superadmin@example.com');
  await expectFigures(page, 'superadmin@example.com', (f) => [
    [
      'Security Company',
      [
        ['Active', f.activeSecurityCompany],
        ['Inactive', f.inActiveSecurityCompany],
      ],
    ],
    [
      'Site Supervisor',
      [
        ['Active', f.activeSupservisor],
        ['Inactive', f.inActiveSupservisor],
      ],
    ],
  ]);
  await expect(navLink(page, 'Security Company')).toBeVisible();

  await page.getByRole('link', { name: 'View All Security Company' }).click();
  await expect(page).toHaveURL(/\/security-company$/);
  await expect(navLink(page, 'Security Company')).toHaveClass(/active/);
  await signOut(page);
});

test('the security company sees its own figures and team row', async ({ page }) => {
  await signIn(page, 'company@example.com');
  await expect(page.locator('.app-title')).toHaveText(await companyNameOf('company@example.com'));
  await expectFigures(page, 'company@example.com', (f) => [
    [
      'Site Supervisor',
      [
        ['Active', f.activeSupservisor],
        ['Inactive', f.inActiveSupservisor],
      ],
    ],
  ]);
  await expect(page.getByRole('group', { name: 'Security Company' })).toHaveCount(0);

  await page.getByRole('link', { name: 'View All Guards' }).click();
  await expect(page).toHaveURL(/\/security-guards$/);
  await signOut(page);
});

test('the site supervisor sees only guards in its team row, for its two sites', async ({
  page,
}) => {
  await signIn(page, 'supervisor@example.com');
  await expectFigures(page, 'supervisor@example.com');
  await expect(page.getByRole('group', { name: 'Site Supervisor' })).toHaveCount(0);
  await expect(navLink(page, 'Users')).toHaveCount(0);

  await page.getByRole('link', { name: 'View All Sites' }).click();
  await expect(page).toHaveURL(/\/sites$/);
  await signOut(page);
  // After logout the shell is closed to this browser.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});
