import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { LIST_COLUMNS } from '../fixtures/list-columns';
import { expectNoSeriousA11yViolations, signIn } from './support';

/**
 * Issue 22: at 1440 and 1280 px every spec column of every list, and its Actions, lie within the
 * viewport without sideways scrolling, and no cell breaks a word (an email may break only after
 * its separators, which the table marks with <wbr>).
 */
const WIDTHS = [1440, 1280];

interface ListScreen {
  path: string;
  /** The tab to open first, when the list is not the page's first tab. */
  tab?: string;
  table: string;
  /** The spec's columns shown by default, in order. */
  columns: readonly string[];
}

const LISTS: ListScreen[] = [
  { path: '/security-company', table: 'Security Companies', columns: LIST_COLUMNS.companies },
  { path: '/site-super', table: 'Site Supervisors', columns: LIST_COLUMNS.supervisors },
  { path: '/users', table: 'Logins', columns: LIST_COLUMNS.logins },
  { path: '/sites', table: 'Sites', columns: LIST_COLUMNS.sites },
  { path: '/security-guards', table: 'Guards', columns: LIST_COLUMNS.guards },
  {
    path: '/security-guards',
    tab: 'Attendance',
    table: 'Attendance',
    columns: LIST_COLUMNS.attendance,
  },
  { path: '/incidents', table: 'Incidents', columns: LIST_COLUMNS.incidents },
  { path: '/visitors', table: 'Visitors', columns: LIST_COLUMNS.visitorsShown },
  { path: '/audit-log', table: 'Audit Log', columns: LIST_COLUMNS.audit },
];

/** Words of the table's cells that the browser laid out over more than one line. */
function brokenWords(page: Page, table: string) {
  return page.getByRole('table', { name: table }).evaluate((element) => {
    const broken: string[] = [];
    const body = element.querySelector('tbody');
    if (!body) return ['(no table body)'];
    const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const word of text.matchAll(/\S+/g)) {
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (lines.size > 1) broken.push(word[0]);
      }
    }
    return broken;
  });
}

for (const width of WIDTHS) {
  test(`every list shows its columns and Actions within ${width} px, words whole`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, 'superadmin@example.com');
    for (const list of LISTS) {
      await page.goto(list.path);
      if (list.tab) await page.getByRole('tab', { name: list.tab }).click();
      const table = page.getByRole('table', { name: list.table });
      await expect(table.locator('tbody tr').first()).toBeVisible();
      await expect(table).toHaveAttribute('aria-busy', 'false');
      const where = `${list.table} at ${width} px`;

      const headers = table.getByRole('columnheader');
      await expect(headers, where).toHaveText(list.columns);
      for (const header of await headers.all()) {
        const box = await header.boundingBox();
        const label = `${where}: ${await header.innerText()}`;
        expect(box, label).not.toBeNull();
        if (box) expect(box.x + box.width, label).toBeLessThanOrEqual(width);
      }
      const scroll = table.locator('xpath=ancestor::div[contains(@class,"data-table-scroll")]');
      const sideways = await scroll.evaluate((box) => box.scrollWidth - box.clientWidth);
      expect(sideways, `${where} scrolls sideways`).toBeLessThanOrEqual(0);
      expect(await brokenWords(page, list.table), `${where}: words broken`).toEqual([]);
    }

    // The Columns menu of the last list, open, passes the same accessibility gate as the screens.
    const menuButton = page.getByRole('button', { name: /^Columns/ });
    await menuButton.click();
    const menu = page.getByRole('group', { name: 'Columns shown' });
    await expect(menu.getByRole('checkbox').first()).toBeFocused();
    await expectNoSeriousA11yViolations(page, `the Columns menu at ${width} px`);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(menuButton).toBeFocused();
  });
}
