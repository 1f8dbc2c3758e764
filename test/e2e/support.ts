import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { Backend } from '../../playwright.config';
import type { DB } from '../../server/src/db/database';
import { openPostgres } from '../../server/src/db/engine/postgres';
import { DATABASE_FILE } from '../../server/src/db/open-data-dir';
import type { Database } from '../../server/src/db/schema';
import { expectedFigures, scopeOf } from '../support/expected-figures';
import { sqlCount, sqlRows } from '../support/sql';

export const DEMO_PASSWORD = 'Demo@12345';

/** The server the running test's project drives (playwright.config.ts: its `metadata`). */
export function backend(): Backend {
  return test.info().project.metadata as Backend;
}

/**
 * The e2e server's own database, opened beside the running server for one use: PostgreSQL when
 * the test's server runs on it, or else its SQLite file (WAL lets a second connection in).
 */
async function withDatabase<Result>(use: (db: DB) => Promise<Result>): Promise<Result> {
  const { databaseUrl, dataDir } = backend();
  const db =
    databaseUrl === undefined
      ? new Kysely<Database>({
          dialect: new SqliteDialect({
            database: new SQLite(path.join(dataDir, DATABASE_FILE)),
          }),
        })
      : openPostgres(databaseUrl, { poolSize: 1 });
  try {
    return await use(db);
  } finally {
    await db.destroy();
  }
}

/**
 * Rows of a statement on the e2e server's own database, written once for both engines: `?` for
 * parameters, and SQL both engines speak. A test may also set up its case with it (the database
 * is this run's own).
 */
export async function queryDatabase<Row>(text: string, ...params: unknown[]): Promise<Row[]> {
  return withDatabase((db) => sqlRows<Row>(db, text, params));
}

export async function figuresFor(email: string) {
  return withDatabase(async (db) =>
    expectedFigures(
      (text, params) => sqlCount(db, text, params),
      await scopeOf((text, params) => sqlRows(db, text, params), email),
    ),
  );
}

/** The company name a login's role carries, as the header should show it. */
export async function companyNameOf(email: string): Promise<string> {
  const [row] = await queryDatabase<{ name: string }>(
    `select c.name from user_roles r join user_profiles p on p.uuid = r.user_profile_uuid
     join security_companies c on c.uuid = r.security_company_uuid where p.email = ?`,
    email,
  );
  if (!row) throw new Error(`No company for ${email}`);
  return row.name;
}

/**
 * The server checks one password per account at a time (and a few per address): a sign-in that
 * meets another test's check of the same account is answered 503, "try again in a moment", and is
 * tried again at once, as a person would. Tests that run side by side share the demo accounts.
 */
const BUSY_ATTEMPTS = 50;

/** Clicks Sign In on the form as filled until the server answers other than busy. */
export async function submitSignIn(page: Page): Promise<void> {
  // A busy answer clears the password, as every failed sign-in does: typed again for the retry.
  const password = page.getByLabel('Password');
  const typed = await password.inputValue();
  for (let attempt = 1; ; attempt += 1) {
    if (attempt > 1) await password.fill(typed);
    const answer = page.waitForResponse(
      (response) =>
        response.url().endsWith('/kgapi/admin/session') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Sign In' }).click();
    if ((await answer).status() !== 503 || attempt === BUSY_ATTEMPTS) return;
  }
}

/** Fills the sign-in form and submits it (the password, by default, every demo login's). */
export async function signInWith(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await submitSignIn(page);
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await signInWith(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** A console session through the API (retried while the server is busy, as above). */
export async function apiSession(
  request: APIRequestContext,
  email: string,
  headers: Record<string, string> = {},
): Promise<string> {
  for (let attempt = 1; ; attempt += 1) {
    const answer = await request.post('/kgapi/admin/session', {
      headers: { 'X-Application-Key': 'guard-console-demo-key', ...headers },
      data: { identifier: email, challenge: DEMO_PASSWORD },
    });
    if (answer.status() !== 503 || attempt === BUSY_ATTEMPTS) {
      expect(answer.status(), await answer.text()).toBe(200);
      return ((await answer.json()) as { session_token: string }).session_token;
    }
  }
}

export async function signOut(page: Page) {
  await page.getByRole('button', { name: /^Hi, / }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/**
 * reactstrap fades a modal in for 300 ms: act on it, or scan it, only once it is fully shown.
 * With one opened over another (a confirmation over its form), the newest, last in the page.
 */
export async function shownModal(page: Page): Promise<Locator> {
  const modal = page.locator('.modal.show').last();
  await expect(modal).toBeVisible();
  await expect(modal).toHaveCSS('opacity', '1');
  return modal;
}

/**
 * The WCAG levels every screen and modal must meet (issue 8): A and AA up to WCAG 2.2; and axe's
 * best practices (issue 34: a dialog's name, landmarks, heading order), which WCAG does not tag.
 */
const A11Y_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * Scans the page as it stands with axe-core and fails on any violation of A11Y_TAGS, whatever its
 * impact (issue 34: best practices such as heading order and regions are moderate), listing each
 * rule with the elements that break it, so the failure reads without a trace viewer. (Named for
 * the serious-only gate it was, as every spec calls it.)
 */
export async function expectNoSeriousA11yViolations(page: Page, label: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page })
    // axe.run() in the page itself. The default runs axe in each frame and then merges the
    // results in a new blank page: a new renderer and axe loaded into it twice more, each scan.
    // The console has no frames (only cross-origin frames would go unscanned this way).
    .setLegacyMode()
    // Only violations are read: axe then skips building the details of every passing check.
    // (Before withTags, which adds to these options; options() replaces them.)
    .options({ resultTypes: ['violations'] })
    .withTags(A11Y_TAGS)
    .analyze();
  const report = violations.map((violation) =>
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
