import { type Page } from '@playwright/test';
import { LIST_COLUMNS } from '../fixtures/list-columns';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations, queryDatabase, shownModal, signIn } from './support';

// The visitor screens on a tablet held upright (768 × 1024): below Bootstrap's lg breakpoint
// (992 px) the sidebar is collapsed, nothing may push the page sideways (only the data table
// scrolls, inside its own box), and the search boxes show their whole placeholder. The visitors
// table itself fits its box there (issue 34): Host and Car Plate Number wait behind the Columns
// menu, and each time sits under its date.
const EMAIL = 'company@example.com';
const TABLET = { width: 768, height: 1024 };

test.use({ viewport: TABLET });

/**
 * The elements reaching past either side of the viewport, outside the data table's own scroll
 * box, described for the failure message. Screen-reader-only text (clipped to 1 px) is left out.
 */
function overflowingElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      if (element.closest('.data-table-scroll, .visually-hidden')) continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.left < -1 || box.right > width + 1) {
        const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${[
          ...element.classList,
        ].join('.')}`;
        found.push(`${name} spans ${Math.round(box.left)}..${Math.round(box.right)} px`);
      }
    }
    if (document.documentElement.scrollWidth > width) {
      found.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} px wide`);
    }
    return found;
  });
}

/** A date line, a time line, or the dash of no time: the spec's DD/MM/YYYY hh:mm:ss a, split. */
const WHEN_LINE = /^(\d\d\/\d\d\/\d{4}|\d\d:\d\d:\d\d [ap]m|-+)$/;

/**
 * The visitors table shows its columns whole inside its scroll box: no sideways scrolling, every
 * header within the box, and no time or status cut, across or down.
 */
async function expectVisitorsTableWhole(page: Page) {
  const table = page.getByRole('table', { name: 'Visitors' });
  await expect(table).toHaveAttribute('aria-busy', 'false');
  await expect(table.getByRole('columnheader')).toHaveText(LIST_COLUMNS.visitorsShownBelowLg);
  const measured = await table.evaluate((element) => {
    const box = element.closest('.data-table-scroll');
    if (!box) throw new Error('The Visitors table has no scroll box');
    const right = box.getBoundingClientRect().right;
    const cut = (selector: string) =>
      [...element.querySelectorAll<HTMLElement>(selector)]
        .filter(
          (cell) =>
            cell.scrollWidth > cell.clientWidth || cell.scrollHeight > cell.clientHeight + 1,
        )
        .map((cell) => cell.innerText);
    return {
      box: box.clientWidth,
      table: box.scrollWidth,
      headersPastTheBox: [...element.querySelectorAll('th')]
        .filter((header) => header.getBoundingClientRect().right > right + 1)
        .map((header) => header.textContent),
      cutTimes: cut('td.cell-kind-when .cell-content'),
      cutStatuses: cut('td:last-child .cell-content'),
      timeLines: [...element.querySelectorAll<HTMLElement>('td.cell-kind-when .cell-content')]
        .flatMap((cell) => cell.innerText.split('\n'))
        .filter((line) => line.trim() !== ''),
    };
  });
  expect(
    measured.table,
    `the table is ${measured.table} px wide in its ${measured.box} px box`,
  ).toBeLessThanOrEqual(measured.box);
  expect(measured.headersPastTheBox, 'headers past the box').toEqual([]);
  for (const name of ['Act. Arrival/Exit', 'Status']) {
    await expect(table.getByRole('columnheader', { name })).toBeInViewport({ ratio: 1 });
  }
  expect(measured.cutTimes, 'time cells cut').toEqual([]);
  expect(measured.cutStatuses, 'status cells cut').toEqual([]);
  // Each time under its date, both in the spec's format.
  expect(measured.timeLines.length).toBeGreaterThan(0);
  for (const line of measured.timeLines) expect(line).toMatch(WHEN_LINE);
}

async function expectNothingOverflows(page: Page, label: string) {
  expect(await overflowingElements(page), `Sideways overflow on ${label}`).toEqual([]);
}

/** Each search box on the page shows its whole placeholder, by the box's own width and by the text's. */
async function expectPlaceholdersWhole(page: Page, label: string) {
  const boxes = page.getByRole('searchbox');
  await expect(boxes.first()).toBeVisible();
  const measured = await boxes.evaluateAll((inputs) =>
    (inputs as HTMLInputElement[]).map((input) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d');
      if (context) context.font = style.font;
      const text = context?.measureText(input.placeholder).width ?? 0;
      const room =
        input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return {
        placeholder: input.placeholder,
        cut: input.scrollWidth > input.clientWidth || text > room,
        text: Math.ceil(text),
        room: Math.floor(room),
      };
    }),
  );
  for (const box of measured) {
    expect(
      box.cut,
      `"${box.placeholder}" on ${label} needs ${box.text} px and has ${box.room} px`,
    ).toBe(false);
  }
}

test('the visitor screens fit a tablet held upright', async ({ page }) => {
  const [visitor] = await queryDatabase<{ uuid: string }>(
    `select v.uuid from visitors v
     join residences r on r.uuid = v.residence_uuid
     join user_roles ur on ur.security_company_uuid = r.security_company_uuid
     join user_profiles p on p.uuid = ur.user_profile_uuid
     where p.email = ? and v.deleted_at is null and r.deleted_at is null
     order by v.date desc, v.uuid`,
    EMAIL,
  );
  if (!visitor) throw new Error(`${EMAIL} sees no visitor`);
  await signIn(page, EMAIL);

  // The list, its toolbar and the collapsed sidebar.
  await page.goto('/visitors');
  const table = page.getByRole('table', { name: 'Visitors' });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(navigation).toHaveClass(/\bcollapsed\b/);
  expect((await navigation.boundingBox())?.width).toBeLessThanOrEqual(80);
  await expect(page.getByRole('button', { name: 'Scan Pass' })).toBeInViewport({ ratio: 1 });
  await expectNothingOverflows(page, 'the visitors list');
  await expectPlaceholdersWhole(page, 'the visitors list');
  await expectVisitorsTableWhole(page);
  await expectNoSeriousA11yViolations(page, 'the visitors list at 768 px');

  // Host and Car Plate Number are a tick away in the Columns menu; the user's choice holds.
  await page.getByRole('button', { name: 'Columns (8 hidden)' }).click();
  const menu = page.getByRole('group', { name: 'Columns shown' });
  await expect(menu.getByRole('checkbox', { name: 'Car Plate Number' })).not.toBeChecked();
  await menu.getByRole('checkbox', { name: 'Host' }).check();
  await page.keyboard.press('Escape');
  await expect(table.getByRole('columnheader', { name: 'Host' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Columns (7 hidden)' })).toBeFocused();
  await page.getByRole('button', { name: 'Columns (7 hidden)' }).click();
  await menu.getByRole('button', { name: 'Show the usual columns' }).click();
  await page.keyboard.press('Escape');
  await expect(table.getByRole('columnheader')).toHaveText(LIST_COLUMNS.visitorsShownBelowLg);

  // The desk.
  await page.getByRole('button', { name: 'Scan Pass' }).click();
  const desk = await shownModal(page);
  await expect(desk).toContainText('Scan Pass');
  await expectNothingOverflows(page, 'the Scan Pass desk');
  await expectNoSeriousA11yViolations(page, 'the Scan Pass desk at 768 px');
  await page.keyboard.press('Escape');
  await expect(page.locator('.modal')).toHaveCount(0);

  // One visitor's page.
  await page.goto(`/visitor-details/${visitor.uuid}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Back to/ })).toBeVisible();
  await expect(navigation).toHaveClass(/\bcollapsed\b/);
  await expectNothingOverflows(page, 'the visitor details');
  await expectNoSeriousA11yViolations(page, 'the visitor details at 768 px');
});
