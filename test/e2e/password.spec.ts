import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  backend,
  DEMO_PASSWORD,
  expectNoSeriousA11yViolations,
  signInWith,
  signOut,
} from './support';

// The whole password flow against the real server, with no mail server: the server writes each
// mail to DATA_DIR/outbox, where this test reads the reset link as the user would in their inbox.
const EMAIL = 'company@example.com';
const NEW_PASSWORD = 'Fresh@2468';

/** The reset link of the newest mail to `email` in the outbox, as a path of the console. */
async function latestResetLink(email: string): Promise<string> {
  const outbox = path.join(backend().dataDir, 'outbox');
  const mails = await Promise.all(
    (await readdir(outbox))
      .sort()
      .reverse()
      .map(async (file) =>
        // Quoted-printable: soft line breaks and an encoded '=' undone.
        (await readFile(path.join(outbox, file), 'utf8'))
          .replace(/=\r?\n/g, '')
          .replace(/=3D/g, '='),
      ),
  );
  const mail = mails.find((text) => new RegExp(`^To: ${email}$`, 'm').test(text));
  const link = mail && /https?:\/\/[^/\s]+(\/resetpassword\?code=[\w-]+&iuuid=[\w-]+)/.exec(mail);
  if (!link?.[1]) throw new Error(`No reset link mailed to ${email}`);
  return link[1];
}

async function fillNewPassword(page: Page, password: string, confirmation = password) {
  await page.getByLabel('New Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm New Password').fill(confirmation);
  await page.getByRole('button', { name: 'Submit New Password' }).click();
}

test('forgot password: a mailed link sets a new password, and the old one stops working', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot Password' }).click();
  await expect(page).toHaveURL(/\/forgetpassword$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Forgot your Password?' }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'forgot password');

  // By keyboard alone: the email, then Enter.
  await page.getByLabel('Email').focus();
  await page.keyboard.type('nobody@example.com');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Account not found.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'forgot password, account not found');

  await page.getByLabel('Email').fill(EMAIL);
  await page.getByRole('button', { name: 'Request Reset Link' }).click();
  await expect(page.getByText('Password reset successful.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'forgot password, link sent');

  await page.goto(await latestResetLink(EMAIL));
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your Password' })).toBeVisible();
  await expect(page.getByLabel('Current Password')).toHaveCount(0);
  await fillNewPassword(page, 'short');
  await expect(
    page.getByText('Please use a password that is at least 6 characters long.').first(),
  ).toBeVisible();
  await fillNewPassword(page, NEW_PASSWORD, `${NEW_PASSWORD}!`);
  await expect(page.getByText('You password does not match.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'reset password with its messages');
  await fillNewPassword(page, NEW_PASSWORD);
  await expect(page.getByText("You've successfully changed your password")).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'reset password, changed');
  await page.getByRole('button', { name: 'Sign in with new password' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // The link works once.
  const used = await latestResetLink(EMAIL);
  await page.goto(used);
  await fillNewPassword(page, 'Another@135');
  await expect(
    page.getByText('This reset link has already been used. Please request a new one.'),
  ).toBeVisible();

  await signInWith(page, EMAIL, DEMO_PASSWORD);
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  await signInWith(page, EMAIL, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);

  // Change Password from the header menu: a wrong current password, then the right one (which
  // also puts the demo password back for the other browser tests).
  await page.getByRole('button', { name: /^Hi, / }).click();
  await page.getByRole('menuitem', { name: 'Change Password' }).click();
  await expect(page).toHaveURL(/\/resetpassword\?iuuid=[\w-]+$/);
  await expect(page.getByLabel('Current Password')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'change password');
  await page.getByLabel('Current Password').fill(DEMO_PASSWORD);
  await fillNewPassword(page, DEMO_PASSWORD);
  await expect(page.getByText('Your current password is not correct.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'change password, refused');
  await page.getByLabel('Current Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Submit New Password' }).click();
  await expect(page.getByText("You've successfully changed your password")).toBeVisible();

  // 'Sign in with new password' ends the session that is still open.
  await page.getByRole('button', { name: 'Sign in with new password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await signInWith(page, EMAIL, NEW_PASSWORD);
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  await signInWith(page, EMAIL, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await signOut(page);
});
