import moment from 'moment';
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DEMO_PASSWORD, queryDatabase } from './support';

// A keyboard-only walk through the console's main writes: no mouse at all, only keys (and the
// focus of the very first field on the sign-in page). After each step the test says where focus
// is, so a dialog that drops it on the page, or a field with one Tab stop too many, fails here.
const EMAIL = 'company@example.com';

// Every key is a round trip to the browser, on a machine that may be busy with other runs.
test.describe.configure({ timeout: 120_000 });

/** A page's own Tab stops may come and go (the sidebar, a toast): at most this many presses. */
const MAX_TABS = 40;

/** Presses Tab until `target` has focus, failing if it is not reached within MAX_TABS presses. */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < MAX_TABS; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expectFocused(page, target);
}

/** What has focus, as a failure message can show it. */
function focusedElement(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'the page itself (focus was lost)';
    const label = active.getAttribute('aria-label') ?? active.textContent?.trim().slice(0, 40);
    return `<${active.tagName.toLowerCase()} id="${active.id}" class="${active.className}"> ${label ?? ''}`;
  });
}

/** `target` has focus; failing, the message says what has it instead. */
async function expectFocused(page: Page, target: Locator, timeout?: number) {
  try {
    await expect(target).toBeFocused({ timeout });
  } catch (error) {
    throw new Error(`Focus is on ${await focusedElement(page)}`, { cause: error });
  }
}

/** Tab once, and the named control is the one that has focus. */
async function tab(page: Page, target: Locator) {
  await page.keyboard.press('Tab');
  await expectFocused(page, target);
}

/** Focus is in `container` (the element itself or anything in it), not dropped on the page. */
async function expectFocusInside(container: Locator) {
  await expect
    .poll(() => container.evaluate((element) => element.contains(document.activeElement)))
    .toBe(true);
}

/** The newest reactstrap modal holding a form of this name, once fully shown. */
async function shownDialogWithForm(page: Page, name: string): Promise<Locator> {
  const modal = page.locator('.modal.show', { has: page.getByRole('form', { name }) });
  await expect(modal).toBeVisible();
  await expect(modal).toHaveCSS('opacity', '1');
  return modal;
}

/** Sign in: the email field is the one focus the test gives; the rest is typed. */
async function signInWithKeyboard(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').focus();
  await page.keyboard.type(EMAIL);
  await tab(page, page.getByLabel('Password'));
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('by keyboard: sign in, add a guard, read its PIN and go on to its profile', async ({
  page,
}) => {
  const stamp = Date.now();
  await signInWithKeyboard(page);

  // Add by Tab, the form by Tab, one stop per field (the Birthdate too).
  await page.goto('/security-guards');
  const guards = page.getByRole('table', { name: 'Guards' });
  await expect(guards.locator('tbody tr').first()).toBeVisible();
  const addGuard = page.getByRole('button', { name: 'Add', exact: true });
  await tabTo(page, addGuard);
  await page.keyboard.press('Enter');
  let modal = await shownDialogWithForm(page, 'Add Guard');
  await expectFocusInside(modal);
  await tabTo(page, modal.getByRole('button', { name: 'Close' }));
  await tab(page, modal.getByRole('button', { name: 'Choose file' }));
  // The company is locked for a company user, so the sites come next.
  await expect(modal.getByLabel('Company')).toBeDisabled();
  const firstSite = modal.locator('.guard-site-options input[type="checkbox"]').first();
  await tab(page, firstSite);
  await page.keyboard.press('Space');
  await expect(firstSite).toBeChecked();
  await tabTo(page, modal.getByLabel('Guard ID'));
  const guardId = `KB-${stamp}`;
  await page.keyboard.type(guardId);
  await tab(page, modal.getByLabel('Name'));
  await page.keyboard.type('Kamal Keyboard');
  await tab(page, modal.getByLabel('Nationality'));
  await page.keyboard.type('Malaysian');
  await tab(page, modal.getByLabel('Contact No.'));
  await page.keyboard.type('0123456789');
  await tab(page, modal.getByLabel('IC/Passport No.'));
  await page.keyboard.type('K1234567');
  const birthdate = modal.getByLabel('Birthdate');
  await tab(page, birthdate);
  await page.keyboard.type('7-3-1990');
  // The calendar button beside it is no Tab stop: the next stop is Email.
  await tab(page, modal.getByLabel('Email'));
  await expect(birthdate).toHaveValue('07/03/1990');
  await tab(page, modal.getByLabel('Address'));
  await page.keyboard.type('2 Jalan Kekunci, Kuala Lumpur');
  await tab(page, modal.getByRole('button', { name: 'Cancel' }));
  await tab(page, modal.getByRole('button', { name: 'Submit' }));
  await page.keyboard.press('Enter');

  // The PIN view takes focus on its heading, then View Profile is the next stop.
  modal = page.locator('.modal.show');
  const success = modal.getByRole('heading', { name: 'Success' });
  await expectFocused(page, success, 15_000);
  await expect(modal.locator('dd')).toHaveText(/^[1-9]\d{5}$/);
  await tab(page, modal.getByRole('button', { name: 'View Profile' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/guard-details\/[^/]+$/);
  await expect(page.locator('.modal')).toHaveCount(0);
  await expect(page.getByRole('tabpanel')).toContainText(guardId);
  // The modal's opener went with the list: focus is on the page's main region, not lost.
  await expectFocused(page, page.getByRole('main'));
  const [guard] = await queryDatabase<{ name: string }>(
    'select name from guards where guard_id = ?',
    guardId,
  );
  expect(guard?.name).toBe('Kamal Keyboard');
});

test('by keyboard: add a login through its Verification step', async ({ page }) => {
  const stamp = Date.now();
  await signInWithKeyboard(page);

  // Add Login → Next → Verification → Verify, focus inside each dialog in turn.
  await page.goto('/users');
  await expect(
    page.getByRole('table', { name: 'Logins' }).locator('tbody tr').first(),
  ).toBeVisible();
  const addLogin = page.getByRole('button', { name: 'Add', exact: true });
  await tabTo(page, addLogin);
  await page.keyboard.press('Enter');
  const modal = await shownDialogWithForm(page, 'Add Login');
  await expectFocusInside(modal);
  await tabTo(page, modal.getByRole('button', { name: 'Close' }));
  await expect(modal.getByLabel('Security Company')).toBeDisabled();
  await tab(page, modal.getByLabel('Email'));
  const loginEmail = `keys.${stamp}@example.com`;
  await page.keyboard.type(loginEmail);
  await tab(page, modal.getByLabel('Password'));
  await page.keyboard.type('Keys@12345');
  const status = modal.getByRole('switch');
  await tab(page, status);
  await page.keyboard.press('Space');
  await expect(status).toBeChecked();
  await tab(page, modal.getByRole('button', { name: 'Cancel' }));
  await tab(page, modal.getByRole('button', { name: 'Next' }));
  await page.keyboard.press('Enter');

  const verification = await shownDialogWithForm(page, 'Verification');
  await expectFocusInside(verification);
  await tabTo(page, verification.getByRole('button', { name: 'Close' }));
  const ownEmail = verification.getByLabel('Email');
  await tab(page, ownEmail);
  await expect(ownEmail).toHaveValue(EMAIL);
  await tab(page, verification.getByLabel('Password'));
  await page.keyboard.type(DEMO_PASSWORD);
  await tab(page, verification.getByRole('button', { name: 'Cancel' }));
  await tab(page, verification.getByRole('button', { name: 'Verify' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Success Added')).toBeVisible();
  await expect(page.locator('.modal')).toHaveCount(0);
  await expectFocused(page, addLogin);
  expect(
    await queryDatabase('select 1 from user_profiles where email = ?', loginEmail),
  ).toHaveLength(1);
});

test('by keyboard: add an incident with a typed date, trying its calendar', async ({ page }) => {
  const stamp = Date.now();
  await signInWithKeyboard(page);

  // A typed date, the calendar by Alt+Down and arrows, Escape back to the field.
  await page.goto('/incidents');
  const incidents = page.getByRole('table', { name: 'Incidents' });
  await expect(incidents).toHaveAttribute('aria-busy', 'false');
  const addIncident = page.getByRole('button', { name: 'Add', exact: true });
  await tabTo(page, addIncident);
  await page.keyboard.press('Enter');
  const modal = await shownDialogWithForm(page, 'Add Incident');
  await expectFocusInside(modal);
  await expect(modal.getByLabel('Site').locator('option').nth(1)).toBeAttached();
  await tabTo(page, modal.getByRole('button', { name: 'Close' }));
  const date = modal.getByLabel('Incident Date');
  await tab(page, date);
  const yesterday = moment().subtract(1, 'day').startOf('day');
  await page.keyboard.type(yesterday.format('DD/MM/YYYY'));

  await page.keyboard.press('Alt+ArrowDown');
  const calendar = modal.getByRole('dialog', { name: yesterday.format('MMMM YYYY') });
  await expect(calendar).toBeVisible();
  await expectFocused(
    page,
    calendar.getByRole('button', { name: yesterday.format('dddd, D MMMM YYYY') }),
  );
  await page.keyboard.press('ArrowLeft');
  const dayBefore = yesterday.clone().subtract(1, 'day');
  await expectFocused(
    page,
    modal.getByRole('button', { name: dayBefore.format('dddd, D MMMM YYYY') }),
  );
  await page.keyboard.press('ArrowRight');
  await expectFocused(
    page,
    modal.getByRole('button', { name: yesterday.format('dddd, D MMMM YYYY') }),
  );
  await page.keyboard.press('Escape');
  await expect(modal.locator('.date-calendar')).toHaveCount(0);
  await expectFocused(page, date);
  await expect(modal).toBeVisible();
  await expect(date).toHaveValue(yesterday.format('DD/MM/YYYY'));

  // The time input's parts (hour, minute, AM/PM) are stops of their own in Chromium.
  const time = modal.getByLabel('Incident Time');
  await tab(page, time);
  await page.keyboard.type('0930');
  await page.keyboard.type('A');
  await tabTo(page, modal.getByLabel('Site'));
  await expect(time).toHaveValue('09:30');
  await page.keyboard.press('ArrowDown');
  await expect(modal.getByLabel('Site')).not.toHaveValue('');
  await tab(page, modal.getByLabel('Category'));
  await page.keyboard.type('Theft');
  await expect(modal.getByLabel('Category').locator('option:checked')).toHaveText('Theft');
  await tab(page, modal.getByLabel('Lat'));
  await page.keyboard.type('3.1390031');
  await tab(page, modal.getByLabel('Long'));
  await page.keyboard.type('101.6868554');
  const description = `Side gate left open (keyboard e2e ${stamp})`;
  await tab(page, modal.getByLabel('Description'));
  await page.keyboard.type(description);
  await tab(page, modal.getByLabel('Remarks'));
  await page.keyboard.type('Gate closed and locked.');
  await tabTo(page, modal.getByRole('button', { name: 'Submit' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Success Added')).toBeVisible();
  await expect(page.locator('.modal')).toHaveCount(0);
  await expectFocused(page, addIncident);
  await expect(incidents.locator('tbody tr', { hasText: description })).toContainText('PENDING');
  const [incident] = await queryDatabase<{ actions_taken: string }>(
    'select actions_taken from incidents where description = ?',
    description,
  );
  expect(incident?.actions_taken).toBe('Gate closed and locked.');
});
