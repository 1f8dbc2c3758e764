import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import Database from 'better-sqlite3';
import { expect, type Locator, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from '../../playwright.config';
import { expectedFigures, scopeOf } from '../support/expected-figures';

export const DEMO_PASSWORD = 'Demo@12345';

/** Reads the e2e server's own database file (WAL lets a reader in beside the server). */
function openDatabase() {
  return new Database(path.join(E2E_DATA_DIR, 'guard-console.sqlite'), { readonly: true });
}

/** Rows of a query on the e2e server's own database, read beside the running server. */
export function queryDatabase<Row>(text: string, ...params: unknown[]): Row[] {
  const db = openDatabase();
  try {
    return db.prepare<unknown[], Row>(text).all(...params);
  } finally {
    db.close();
  }
}

export async function figuresFor(email: string) {
  const db = openDatabase();
  try {
    const all = async (text: string, params: unknown[]) =>
      db.prepare(text).all(...params) as Array<Record<string, unknown>>;
    const run = async (text: string, params: unknown[]) =>
      Number((db.prepare(text).get(...params) as { n: number }).n);
    return await expectedFigures(run, await scopeOf(all, email));
  } finally {
    db.close();
  }
}

/** The company name a login's role carries, as the header should show it. */
export function companyNameOf(email: string): string {
  const db = openDatabase();
  try {
    const row = db
      .prepare(
        `select c.name from user_roles r join user_profiles p on p.uuid = r.user_profile_uuid
         join security_companies c on c.uuid = r.security_company_uuid where p.email = ?`,
      )
      .get(email) as { name: string } | undefined;
    if (!row) throw new Error(`No company for ${email}`);
    return row.name;
  } finally {
    db.close();
  }
}

export async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

export async function signOut(page: Page) {
  await page.getByRole('button', { name: /^Hi, / }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** reactstrap fades a modal in for 300 ms: act on it, or scan it, only once it is fully shown. */
export async function shownModal(page: Page): Promise<Locator> {
  const modal = page.locator('.modal.show');
  await expect(modal).toBeVisible();
  await expect(modal).toHaveCSS('opacity', '1');
  return modal;
}

/** The WCAG levels every screen and modal must meet (issue 8): A and AA up to WCAG 2.2. */
const A11Y_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

/**
 * Scans the page as it stands with axe-core and fails on any serious or critical violation,
 * listing each rule with the elements that break it, so the failure reads without a trace viewer.
 */
export async function expectNoSeriousA11yViolations(page: Page, label: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(A11Y_TAGS).analyze();
  const serious = violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  const report = serious.map((violation) =>
    [
      `${violation.impact} ${violation.id}: ${violation.help} (${violation.helpUrl})`,
      ...violation.nodes.map(
        (node) =>
          `    ${node.target.join(' ')}\n      ${node.failureSummary?.replace(/\n/g, ' ') ?? ''}`,
      ),
    ].join('\n'),
  );
  // Soft, so one run lists the violations of every screen it scans; the test still fails.
  expect.soft(report.length, `Accessibility violations on ${label}:\n${report.join('\n')}`).toBe(0);
}
