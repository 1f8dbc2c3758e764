import { expect, test as base, type Page } from '@playwright/test';

/**
 * The browser tests' `test`: Playwright's, with the Content-Security-Policy watched on every page
 * a test opens through its `page`. The server sends a strict policy (no inline script or style);
 * any violation Chromium reports, on any screen any test reaches, fails that test.
 */
export const test = base.extend<{ contentSecurityPolicy: string[] }>({
  contentSecurityPolicy: [
    async ({ page }, use) => {
      const violations = await watchPolicy(page);
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Collects CSP violations from every page the test opens, across navigations. */
async function watchPolicy(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void })
        .reportCspViolation;
      report(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} on ${location.pathname}`,
      );
    });
  });
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  return violations;
}
