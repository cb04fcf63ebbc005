import { expect, test } from '@playwright/test';
import { checkBothSizes, waitForContent } from '../support/axe';
import { csrfHeaders } from '../support/auth';
import { createCompany, signInAs, type TestCompany } from '../support/company';
import { createInterview, personalLink } from '../support/interviews';
import { checkAndPhotograph } from '../support/screenshots';

// Issue 41 (decision 192): a recruiter writes a multiple-choice question with a knockout option
// and a typed one, a candidate answers both on a phone without a camera, and the panel reads
// the answers and sees who did not meet a requirement.
test.use({ reducedMotion: 'reduce' });

let company: TestCompany;
test.beforeAll(async ({ browser }) => {
  company = await createCompany(browser, 'Harbourline');
});

const RIGHT_TO_WORK = 'Do you have the right to work in the UK?';
const MOTIVATION = 'Why would you like to work in our warehouse?';

test('a recruiter adds typed and multiple-choice questions, a candidate answers them, and the panel sees the knockout', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signInAs(page, company.admin);
  const job = await createInterview(page, `Warehouse ${Date.now()}`, [], {
    publish: false,
  });

  // The recruiter writes both questions in the creation steps.
  await page.goto(`/create/${job.id}/add-questions`);
  await page.getByRole('button', { name: 'Add a question' }).first().click();
  await page
    .getByRole('textbox', { name: 'Question', exact: true })
    .fill(RIGHT_TO_WORK);
  await page.getByRole('radio', { name: 'Multiple choice' }).check();
  for (const [index, text] of ['Yes', 'No'].entries()) {
    await page.getByRole('button', { name: 'Add an option' }).click();
    await page
      .getByRole('textbox', { name: `Option ${index + 1}`, exact: true })
      .fill(text);
  }
  await page
    .getByRole('listitem')
    .filter({
      has: page.getByRole('textbox', { name: 'Option 2', exact: true }),
    })
    .getByLabel('Does not meet a requirement')
    .check();
  await checkAndPhotograph(page, 'answer-types-editor');
  await page.getByRole('button', { name: 'Add question' }).click();
  await expect(page.getByText('Multiple choice · 2 options')).toBeVisible();

  await page.getByRole('button', { name: 'Add a question' }).first().click();
  await page
    .getByRole('textbox', { name: 'Question', exact: true })
    .fill(MOTIVATION);
  await page.getByRole('radio', { name: 'Typed text' }).check();
  await page.getByLabel('Character limit').fill('300');
  await page.getByRole('button', { name: 'Add question' }).click();
  await expect(
    page.getByText('Typed answer · up to 300 characters'),
  ).toBeVisible();

  // Where the interview says what follows a knockout answer.
  await page.goto(`/create/${job.id}/details`);
  await expect(
    page.getByLabel('When an answer does not meet a requirement'),
  ).toHaveValue('flag');
  await waitForContent(page);
  await checkAndPhotograph(page, 'answer-types-details');

  const headers = await csrfHeaders(page);
  const published = await page.request.post(`/api/jobs/${job.id}/publish`, {
    headers,
  });
  expect(published.status(), await published.text()).toBe(200);
  const changed = await page.request.patch(`/api/jobs/${job.id}`, {
    headers,
    data: { knockout_action: 'flag' },
  });
  expect(changed.status(), await changed.text()).toBe(200);

  // The candidate, on a phone with no camera asked for.
  const email = `sam.knockout.${Date.now()}@example.com`;
  const candidate = await browser.newContext({
    viewport: { width: 390, height: 844 },
    reducedMotion: 'reduce',
  });
  const phone = await candidate.newPage();
  const link = await personalLink(phone.request, job.shortcode, {
    first_name: 'Sam',
    last_name: 'Knockout',
    email,
  });
  await phone.goto(link);
  // A welcome without a camera: nothing here is recorded.
  await expect(
    phone.getByText('no camera is needed', { exact: false }),
  ).toBeVisible();
  await checkAndPhotograph(phone, 'answer-types-welcome');
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.getByRole('button', { name: 'Start the interview' }).click();
  await expect(phone.getByTestId('question-text')).toHaveText(RIGHT_TO_WORK);
  // The camera was never asked for: no device check on the way.
  await expect(phone.getByText(/camera/i)).toHaveCount(0);
  await phone.getByRole('button', { name: 'Submit and continue' }).click();
  await expect(phone.getByText('Choose an answer first.')).toBeVisible();
  await phone.getByRole('radio', { name: 'No', exact: true }).check();
  await checkBothSizes(phone, 'a choice question');
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.screenshot({
    path: 'screenshots/answer-types-choice-390x844.png',
    fullPage: true,
  });
  await phone.getByRole('button', { name: 'Submit and continue' }).click();

  // A typed answer survives a reload before it is sent.
  await expect(phone.getByTestId('question-text')).toHaveText(MOTIVATION);
  const answer = phone.getByLabel('Your answer');
  await answer.fill('I enjoy early starts');
  await expect(phone.getByText('20 of 300 characters')).toBeVisible();
  await phone.reload();
  await phone.getByRole('button', { name: 'Continue the interview' }).click();
  await expect(phone.getByLabel('Your answer')).toHaveValue(
    'I enjoy early starts',
  );
  await phone
    .getByLabel('Your answer')
    .fill('I enjoy early starts and a team that keeps its promises.');
  await checkAndPhotograph(phone, 'answer-types-typed');
  await phone.getByRole('button', { name: 'Submit my last answer' }).click();
  await expect(
    phone.getByRole('heading', { name: /thank you, sam/i }),
  ).toBeVisible();
  await candidate.close();

  // The panel: the job page flags the knockout, the answers read as written and chosen.
  const list = await page.request.get(`/api/jobs/${job.id}/applications`, {
    params: { status: 'Responded', q: email },
  });
  const [applicant] = (await list.json()).results as {
    id: number;
    knockout: boolean;
  }[];
  expect(applicant?.knockout).toBe(true);
  await page.goto(`/interviews/${job.id}?status=Responded`);
  // The table at desktop size (the phone layout's cards hold the same flag, hidden here).
  const flag = page
    .getByText('Did not meet a requirement')
    .filter({ visible: true });
  await expect(flag).toBeVisible();
  await expect(flag).toHaveAttribute('title', RIGHT_TO_WORK);
  await page.goto(`/interviews/${job.id}/interviewee/${applicant?.id}/answer`);
  await expect(page.getByTestId('written-answer').first()).toContainText(
    'NoDoes not meet a requirement',
  );
  // The loading bar of the page's last fetches sits outside every landmark while it shows.
  await waitForContent(page);
  await checkAndPhotograph(page, 'answer-types-review');
});
