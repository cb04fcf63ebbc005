import { expect, test } from '@playwright/test';
import { signIn } from '../support/auth';
import { respondedApplicant } from '../support/demo-data';

// The server sends a strict CSP (apps/server/src/platform/http/security-headers.ts): the app
// must work under it, so no page may trip a violation.
test('the main pages load under the Content Security Policy without a violation', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text()))
      violations.push(message.text());
  });
  await page.exposeFunction('reportCspViolation', (text: string) =>
    violations.push(text),
  );
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (
        window as unknown as { reportCspViolation: (text: string) => void }
      ).reportCspViolation(
        `${event.violatedDirective} ${event.blockedURI} ${location.pathname} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      );
    });
  });

  const response = await page.goto('/login');
  expect(response?.headers()['content-security-policy']).toContain(
    "script-src 'self'",
  );
  await signIn(page, 'admin@demo.test');
  for (const path of [
    '/interviews',
    '/create',
    '/content',
    '/report',
    '/company-settings',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  // A job page and an interviewee's answers play media from signed URLs.
  const { jobId, applicant } = await respondedApplicant(
    page,
    'Customer service advisor',
  );
  await page.goto(`/interviews/${jobId}?status=Responded&filter=All`);
  await expect(
    page.getByRole('link', { name: applicant.user.full_name }),
  ).toBeVisible();
  await page.goto(`/interviews/${jobId}/interviewee/${applicant.id}/answer`);
  await expect(
    page.getByRole('heading', { name: applicant.user.full_name }),
  ).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.goto('/marketplace/acme');
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});
