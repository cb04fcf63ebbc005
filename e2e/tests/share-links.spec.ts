import { expect, test, type Page } from '@playwright/test';
import { csrfHeaders } from '../support/auth';
import AxeBuilder from '@axe-core/playwright';
import { AXE_TAGS, expectNoViolations, waitForContent } from '../support/axe';
import { createCompany, signInAs, type TestCompany } from '../support/company';
import { answeredApplicant, createInterview } from '../support/interviews';
import { waitForMail } from '../support/mail';
import { SHOTS } from '../support/screenshots';

// The candidates shared are a company's of its own, who answered two questions.
const TITLE = 'Customer service advisor';
let company: TestCompany;
test.beforeAll(async ({ browser }) => {
  company = await createCompany(browser, 'Saltash');
});

/** A published interview of the spec's company and an interviewee who answered it. */
async function sharedCandidate(page: Page, first: string) {
  await signInAs(page, company.admin);
  const job = await createInterview(page, TITLE, [
    'Why do you want to work in customer service?',
    'Describe how you handled an angry or upset customer.',
  ]);
  const applicant = await answeredApplicant(page, job, {
    first_name: first,
    last_name: 'Candidate',
    email: `${first.toLowerCase()}.${Date.now().toString(36)}@example.test`,
  });
  return { jobId: job.id, applicant };
}

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

async function shootBoth(page: Page, name: string) {
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: `${SHOTS}/share-${name}-1440x900.png` });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${SHOTS}/share-${name}-390x844.png` });
  await page.setViewportSize(DESKTOP);
}

test('a recruiter shares a candidate with ratings; the link opens in a fresh browser until it is revoked', async ({
  page,
  browser,
  baseURL,
}) => {
  const { jobId, applicant } = await sharedCandidate(page, 'Casey');
  const rated = await page.request.post(`/api/jobs/${jobId}/reviews`, {
    headers: await csrfHeaders(page),
    data: { application: applicant.id, rating: 4 },
  });
  expect(rated.ok(), await rated.text()).toBe(true);

  await page.goto(`/interviews/${jobId}/interviewee/${applicant.id}/overview`);
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', {
    name: `Share ${applicant.user.full_name}`,
  });
  await expect(dialog.getByText('No links yet.')).toBeVisible();
  await dialog.getByLabel('Include ratings').check();
  // The dialog alone: the page behind it is the review page's own business.
  const { violations } = await new AxeBuilder({ page })
    .include('[role="dialog"]')
    .withTags(AXE_TAGS)
    .analyze();
  expect(violations.map((violation) => violation.id)).toEqual([]);
  await shootBoth(page, 'dialog');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const url = await dialog
    .getByRole('textbox', { name: 'Share link' })
    .inputValue();
  expect(url).toMatch(/\/shared\/[\w-]{43}$/);
  await expect(
    dialog.getByRole('row').filter({ hasText: 'Active' }),
  ).toHaveCount(1);
  await shootBoth(page, 'dialog-created');

  // The hiring manager: no session, no cookies of the recruiter.
  const context = await browser.newContext({ baseURL });
  const manager = await context.newPage();
  await manager.goto(url);
  await expect(
    manager.getByRole('heading', { level: 1, name: applicant.user.full_name }),
  ).toBeVisible();
  await expect(manager.getByText(TITLE)).toBeVisible();
  await expect(manager.getByRole('heading', { name: 'Ratings' })).toBeVisible();
  await expect(
    manager.locator('dl').first().getByText('Reviewer 1'),
  ).toBeVisible();
  await expect(manager.locator('dl').first()).toContainText('4 / 5');
  expect(await manager.locator('video').count()).toBe(applicant.answer_count);
  // Nobody's name but the candidate's.
  await expect(manager.getByText(company.admin.email)).toHaveCount(0);
  await waitForContent(manager);
  await expectNoViolations(manager, 'the shared page');
  await manager.screenshot({
    path: `${SHOTS}/share-page-1440x900.png`,
    fullPage: true,
  });
  await manager.setViewportSize(PHONE);
  await manager.screenshot({
    path: `${SHOTS}/share-page-390x844.png`,
    fullPage: true,
  });
  await expectNoViolations(manager, 'the shared page on a phone');

  // The recruiter sees the view and revokes the link.
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const row = dialog.getByRole('row').filter({ hasText: 'Active' });
  await expect(row.getByRole('cell', { name: '1', exact: true })).toBeVisible();
  await row.getByRole('button', { name: /Revoke/ }).click();
  await page
    .getByRole('alertdialog')
    .or(page.getByRole('dialog', { name: 'Revoke this link?' }))
    .getByRole('button', { name: 'Revoke' })
    .click();
  await expect(page.getByText('Link revoked')).toBeVisible();
  await expect(
    dialog.getByRole('row').filter({ hasText: 'Revoked' }),
  ).toHaveCount(1);

  await manager.reload();
  await expect(
    manager.getByRole('heading', { name: 'This link is not available' }),
  ).toBeVisible();
  await manager.screenshot({ path: `${SHOTS}/share-page-revoked-390x844.png` });
  await context.close();
});

test('a link limited to one address opens once the code e-mailed there is entered', async ({
  page,
  browser,
  baseURL,
}) => {
  const email = `manager.${Date.now().toString(36)}@example.test`;
  const { jobId, applicant } = await sharedCandidate(page, 'Morgan');
  const created = await page.request.post(
    `/api/jobs/${jobId}/applications/${applicant.id}/share-links`,
    { headers: await csrfHeaders(page), data: { days: 3, email } },
  );
  expect(created.ok(), await created.text()).toBe(true);
  const { url } = (await created.json()) as { url: string };

  const context = await browser.newContext({ baseURL, viewport: PHONE });
  const manager = await context.newPage();
  await manager.goto(url);
  await expect(
    manager.getByRole('heading', { name: 'Confirm your e-mail address' }),
  ).toBeVisible();
  await expect(manager.getByText(applicant.user.full_name)).toHaveCount(0);
  await expectNoViolations(manager, 'the locked shared page');
  await manager.screenshot({ path: `${SHOTS}/share-locked-390x844.png` });
  await manager.getByLabel('Your e-mail address').fill(email);
  await manager.getByRole('button', { name: 'Send me a code' }).click();
  const mail = await waitForMail((message) => message.to.includes(email));
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';
  expect(code).toMatch(/^\d{6}$/);

  await manager
    .getByLabel('Code')
    .fill(code === '000000' ? '111111' : '000000');
  await manager.getByRole('button', { name: 'View the candidate' }).click();
  await expect(manager.getByText('That code is not right.')).toBeVisible();
  await manager.screenshot({ path: `${SHOTS}/share-code-390x844.png` });
  await manager.getByLabel('Code').fill(code);
  await manager.getByRole('button', { name: 'View the candidate' }).click();
  await expect(
    manager.getByRole('heading', { level: 1, name: applicant.user.full_name }),
  ).toBeVisible();
  // The answers, and nothing the sharer did not include.
  await expect(manager.locator('video')).toHaveCount(applicant.answer_count);
  await expect(manager.getByRole('heading', { name: 'Ratings' })).toHaveCount(
    0,
  );
  await context.close();
});
