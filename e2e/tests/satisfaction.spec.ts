import { expect, test } from '@playwright/test';
import { csrfHeaders } from '../support/auth';
import { createCompany, signInAs, type TestCompany } from '../support/company';
import { createInterview, personalLink } from '../support/interviews';
import { checkAndPhotograph } from '../support/screenshots';

// Issue 47 (decision 196): a candidate rates the interview on the thank-you page and the
// company reads the average, the distribution and the comment on its Reports page.
test.use({ reducedMotion: 'reduce' });

let company: TestCompany;
test.beforeAll(async ({ browser }) => {
  company = await createCompany(browser, 'Tidewater');
});

test('a candidate rates the interview 4 with a comment, and the Reports page shows it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, company.admin);
  const title = `Harbour pilot ${Date.now()}`;
  const job = await createInterview(page, title, [], { publish: false });
  const headers = await csrfHeaders(page);
  const question = await page.request.post(`/api/jobs/${job.id}/questions`, {
    headers,
    data: {
      text: 'What draws you to the sea?',
      answer_type: 'text',
      thinking_time: 0,
      time_limit: 0,
    },
  });
  expect(question.status(), await question.text()).toBe(201);
  const published = await page.request.post(`/api/jobs/${job.id}/publish`, {
    headers,
  });
  expect(published.status(), await published.text()).toBe(200);

  const candidate = await browser.newContext({
    viewport: { width: 390, height: 844 },
    reducedMotion: 'reduce',
  });
  const phone = await candidate.newPage();
  const link = await personalLink(phone.request, job.shortcode, {
    first_name: 'Rosa',
    last_name: 'Tide',
    email: `rosa.tide.${Date.now()}@example.com`,
  });
  await phone.goto(link);
  await phone.getByRole('button', { name: 'Start the interview' }).click();
  await phone.getByLabel('Your answer').fill('The light on the water at dawn.');
  await phone.getByRole('button', { name: 'Submit my last answer' }).click();
  await expect(
    phone.getByRole('heading', { name: /thank you, rosa/i }),
  ).toBeVisible();

  // Nothing is sent until a score is chosen.
  const send = phone.getByRole('button', { name: 'Send', exact: true });
  await expect(send).toBeDisabled();
  await phone
    .getByRole('group', { name: 'How was this interview?' })
    .getByRole('radio', { name: '4, good' })
    .check();
  await phone
    .getByLabel('Anything you would like to tell us? (optional)')
    .fill('Clear questions, and no camera needed.');
  await checkAndPhotograph(phone, 'satisfaction-thank-you');
  await phone.setViewportSize({ width: 390, height: 844 });
  await send.click();
  await expect(
    phone.getByText('Thank you for telling us how it went.'),
  ).toBeVisible();
  await candidate.close();

  await page.goto('/report');
  const section = page.getByRole('region', { name: 'Candidate experience' });
  await expect(section.getByText('4.0')).toBeVisible();
  await expect(section.getByText('from 1 candidate')).toBeVisible();
  await expect(
    section.getByText('Clear questions, and no camera needed.'),
  ).toBeVisible();
  await expect(section.getByText(`Scored 4 · ${title}`)).toBeVisible();
  await expect(
    page
      .getByRole('row', { name: new RegExp(title) })
      .getByRole('cell')
      .last(),
  ).toHaveText('4.0');
  await checkAndPhotograph(page, 'satisfaction-report');
});
