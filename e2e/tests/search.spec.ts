import { expect, test } from '@playwright/test';
import { csrfHeaders } from '../support/auth';
import { createCompany, signInAs, type TestCompany } from '../support/company';
import { SHOTS } from '../support/screenshots';

// The interviewee searched for is in a company of its own; the marketplace is the demo's, read.
let company: TestCompany;
test.beforeAll(async ({ browser }) => {
  company = await createCompany(browser, 'Oakridge');
});

test('search for an interviewee by part of the e-mail address and open them', async ({
  page,
}) => {
  await signInAs(page, company.admin);
  const token = `zq${Date.now().toString(36)}`;
  const headers = await csrfHeaders(page);
  const job = await page.request.post('/api/jobs', {
    headers,
    data: { title: `Search test ${token}`, company: company.shortname },
  });
  expect(job.status()).toBe(201);
  const jobId = (await job.json()).id as number;
  const added = await page.request.post(`/api/jobs/${jobId}/applications`, {
    headers,
    data: {
      user: {
        first_name: 'Robin',
        last_name: 'Searchable',
        email: `robin.${token}@mailbox.example`,
      },
    },
  });
  expect(added.ok()).toBe(true);

  await page
    .getByRole('banner')
    .getByRole('button', { name: 'Search' })
    .click();
  const box = page.getByLabel('Search for interviewees and interviews');
  await expect(box).toHaveAttribute(
    'placeholder',
    'Enter a name, email address or interview title',
  );
  await box.fill(token.slice(0, 2));
  await expect(page.getByText('No results')).toHaveCount(0);
  // A pasted text longer than the API takes stops at its limit and is searched, not refused.
  await box.fill('z'.repeat(150));
  await expect(box).toHaveValue('z'.repeat(100));
  await expect(page.getByText('No results')).toBeVisible();
  await box.fill(`${token}@mail`);
  await expect(
    page.getByText('Searching…').or(page.getByText('Robin Searchable')),
  ).toBeVisible();
  const result = page.getByRole('link', { name: /Robin Searchable/ });
  await expect(result).toBeVisible();
  await expect(result).toContainText('Not yet invited');
  await page.screenshot({ path: `${SHOTS}/search-drawer-1440.png` });
  await result.click();
  // No answers yet: the job page on the person's stage and filter.
  await expect(page).toHaveURL(
    new RegExp(`/interviews/${jobId}\\?status=ToInvite&filter=All`),
  );

  await page
    .getByRole('banner')
    .getByRole('button', { name: 'Search' })
    .click();
  await page
    .getByLabel('Search for interviewees and interviews')
    .fill('nobody-matches-this-xyz');
  await expect(page.getByText('No results')).toBeVisible();
  await page.getByRole('tab', { name: 'Interviews' }).click();
  await page.getByLabel('Search for interviewees and interviews').fill(token);
  await page
    .getByRole('link', { name: new RegExp(`Search test ${token}`) })
    .click();
  // A Draft opens its summary step.
  await expect(page).toHaveURL(new RegExp(`/create/${jobId}/summary`));
});

test('visit the public marketplace and start an interview from it', async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
  });
  const page = await context.newPage();
  await page.goto('/marketplace/acme');
  await expect(
    page.getByRole('heading', { name: 'Open interviews at Acme Recruitment' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Featured' })).toBeVisible();
  await page.screenshot({
    path: `${SHOTS}/marketplace-1440.png`,
    fullPage: true,
  });
  const start = page.getByRole('link', { name: /^Start interview: / }).first();
  const label = (await start.getAttribute('aria-label')) ?? '';
  const title = label.replace('Start interview: ', '');
  await start.click();
  await expect(page).toHaveURL(/\/j\/[A-Za-z0-9]+$/);
  await expect(page.getByText(title).first()).toBeVisible();
  await context.close();
});
