import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { csrfHeaders, signIn } from '../support/auth';
import { createCompany, signInAs, type TestCompany } from '../support/company';
import { SHOTS } from '../support/screenshots';

// The interviews authored here are a company's of its own; the answered one is the demo's, read.
let company: TestCompany;
test.beforeAll(async ({ browser }) => {
  company = await createCompany(browser, 'Marlow');
});

// Issue 30: authoring an interview — the wizard's steps, editing a published interview from
// its job page, and the e-mail step's preview of this interview (decisions 138 and 139).

const OUT = process.env.AUTHORING_SHOTS ?? SHOTS;
mkdirSync(OUT, { recursive: true });

async function shoot(page: Page, name: string) {
  for (const [width, height, suffix] of [
    [1440, 900, ''],
    [390, 844, '-phone'],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(150);
    await page.screenshot({
      path: `${OUT}/authoring-${name}${suffix}.png`,
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

type Api = { page: Page };

async function post(
  { page }: Api,
  url: string,
  data?: unknown,
): Promise<{ id: number; title: string }> {
  const reply = await page.request.post(url, {
    headers: await csrfHeaders(page),
    ...(data === undefined ? {} : { data }),
  });
  expect(reply.status(), await reply.text()).toBeLessThan(300);
  return (await reply.json()) as { id: number; title: string };
}

/** An interview of the signed-in user's company with the given questions, published or not. */
async function createInterview(
  page: Page,
  options: { title: string; questions: string[]; publish: boolean },
) {
  const user = await (await page.request.get('/api/user')).json();
  const job = await post({ page }, '/api/jobs', {
    title: options.title,
    description: 'Nights at the front desk of a busy city hotel.',
    company: user.current_company.shortname,
  });
  for (const text of options.questions)
    await post({ page }, `/api/jobs/${job.id}/questions`, {
      text,
      thinking_time: 30,
      time_limit: 120,
    });
  if (options.publish) await post({ page }, `/api/jobs/${job.id}/publish`);
  return job.id;
}

const STEPS = [
  ['details', 'Details'],
  ['add-questions', 'Questions'],
  ['videos', 'Introduction video'],
  ['edit-email', 'Invitation email'],
  ['emails', 'Follow-up emails'],
  ['review-panel', 'Review panel'],
  ['preview', 'Preview'],
  ['summary', 'Summary'],
] as const;

test('the wizard end to end: every step named for what it holds, with Previous and Next, publishing onto the new job', async ({
  page,
}) => {
  const title = `Night porter ${Date.now()}`;
  await signInAs(page, company.admin);
  await page.goto('/create/details');
  await page.getByPlaceholder('Give your interview a title').fill(title);
  await page.getByRole('button', { name: 'Add questions' }).click();
  await expect(page).toHaveURL(/\/create\/\d+\/add-questions$/);
  const jobId = Number(page.url().match(/create\/(\d+)/)?.[1]);

  // The steps navigation names each step for what it holds.
  const steps = page.getByRole('navigation', { name: 'Creation steps' });
  for (const [, label] of STEPS)
    await expect(steps.getByRole('link', { name: label })).toBeVisible();
  await expect(steps).not.toContainText('Interviewees');

  // One question: 30 s to think and 2 minutes to answer, "about 3 minutes" everywhere.
  await page.getByRole('button', { name: 'Add a question' }).click();
  await page
    .getByRole('textbox', { name: 'Question', exact: true })
    .fill('Tell us about a night when everything went wrong at once.');
  await page.getByLabel('Thinking time').selectOption({ label: '30 seconds' });
  await page.getByLabel('Time limit').selectOption({ label: '2 minutes' });
  await page.getByRole('button', { name: 'Add question' }).click();
  await expect(page.getByTestId('question-item')).toHaveCount(1);

  // Next through every step, then Previous back to the first.
  for (const [step] of STEPS.slice(2)) {
    await page.getByRole('link', { name: 'Next', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/create/${jobId}/${step}$`));
    await expect(
      steps.getByRole('link', { name: STEPS.find(([s]) => s === step)?.[1] }),
    ).toHaveAttribute('aria-current', 'step');
    if (step === 'edit-email' || step === 'emails') {
      // Each e-mail step shows its message as the interviewee will read it.
      await expect(page.getByTitle('Preview')).toBeVisible();
    }
    if (step === 'emails') {
      await expect(
        page.getByRole('heading', { name: 'Follow-up emails' }),
      ).toBeVisible();
      // The completion e-mail, not the invitation of the step before.
      await expect(
        page.getByRole('tab', { name: 'Completion email' }),
      ).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByLabel('Promote practice interview')).toHaveCount(
        0,
      );
      await shoot(page, 'step-follow-up-emails');
    }
    if (step === 'review-panel') await shoot(page, 'step-review-panel');
    if (step === 'preview') {
      await expect(page.getByText('About 3 minutes')).toBeVisible();
      await shoot(page, 'step-preview');
    }
  }
  await expect(
    page.getByRole('link', { name: 'Next', exact: true }),
  ).toHaveCount(0);
  for (const [step] of [...STEPS].reverse().slice(1)) {
    await page.getByRole('link', { name: 'Previous', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/create/${jobId}/${step}$`));
  }
  await expect(
    page.getByPlaceholder('Give your interview a title'),
  ).toHaveValue(title);

  // The summary says what each step holds and lists the reviewers.
  await steps.getByRole('link', { name: 'Summary' }).click();
  await expect(page).toHaveURL(new RegExp(`/create/${jobId}/summary$`));
  await expect(
    page.getByText(
      'The emails sent when an interviewee finishes, and when you reject one.',
    ),
  ).toBeVisible();
  await expect(page.getByText(/interviewees? added/)).toHaveCount(0);
  const reviewers = page.getByRole('list', { name: 'Reviewers' });
  await expect(reviewers).toContainText('Account holder');
  const me = await (await page.request.get('/api/user')).json();
  await expect(reviewers).toContainText(me.full_name);
  const publish = page.getByRole('button', { name: 'Publish' });
  const archive = page.getByRole('button', { name: 'Archive' });
  const [publishBox, archiveBox] = [
    await publish.boundingBox(),
    await archive.boundingBox(),
  ];
  expect(publishBox?.height).toBe(archiveBox?.height);
  await shoot(page, 'step-summary');

  // Publishing lands on the new job, where adding interviewees comes next.
  await publish.click();
  await expect(page).toHaveURL(
    new RegExp(`/interviews/${jobId}\\?status=ToInvite&filter=all$`),
  );
  await expect(
    page.getByRole('heading', { name: title, level: 1 }),
  ).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Add interviewees' }).first(),
  ).toBeVisible();
});

test("the invitation preview on an interview's e-mail step shows that interview", async ({
  page,
}) => {
  const title = `Pastry chef ${Date.now()}`;
  await signInAs(page, company.admin);
  const jobId = await createInterview(page, {
    title,
    questions: ['Why pastry?', 'Your proudest bake?'],
    publish: false,
  });
  const preview = page.waitForResponse(
    (response) =>
      response.url().endsWith('/email-preview') &&
      response.request().postDataJSON()?.job === jobId,
  );
  await page.goto(`/create/${jobId}/edit-email`);
  const reply = await (await preview).json();
  // Two questions of 30 s + 2 min: 5 minutes, the welcome page's rule too.
  expect(`${reply.subject} ${reply.html}`).toContain(title);
  expect(reply.html).not.toContain('Customer Service Advisor');
  const frame = page.frameLocator('iframe[title="Preview"]');
  await expect(frame.locator('body')).toContainText(title);
  await expect(frame.locator('body')).toContainText('Number of questions: 2');
  await expect(frame.locator('body')).toContainText('about 5 minutes');
  await shoot(page, 'step-edit-email');
  // Full-page shots leave an iframe below the fold unpainted: the phone's preview, in view.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.locator('iframe[title="Preview"]').scrollIntoViewIfNeeded();
  await page.screenshot({
    path: `${OUT}/authoring-step-edit-email-preview-phone.png`,
  });
  await page.setViewportSize({ width: 1440, height: 900 });

  // The company's own template editor, with no interview, keeps the spec's samples.
  await page.goto('/company-settings/edit-invitation-email');
  await expect(
    page.frameLocator('iframe[title="Preview"]').locator('body'),
  ).toContainText('Customer Service Advisor');
});

test('editing a published interview from its job page: details, questions, review panel, e-mails', async ({
  page,
}) => {
  const title = `Concierge ${Date.now()}`;
  await signInAs(page, company.admin);
  const jobId = await createInterview(page, {
    title,
    questions: ['Why hospitality?', 'A guest you will never forget?'],
    publish: true,
  });
  await page.goto(`/interviews/${jobId}?status=ToInvite&filter=all`);
  const editMenu = page.getByRole('button', { name: 'Edit interview' });
  await editMenu.click();
  const menu = page.getByRole('menu', { name: 'Edit interview' });
  for (const item of ['Details', 'Questions', 'Review panel', 'Emails'])
    await expect(menu.getByRole('menuitem', { name: item })).toBeVisible();
  await shoot(page, 'job-page-edit-menu');
  await menu.getByRole('menuitem', { name: 'Details' }).click();

  // /interviews/{job}/details: the spec's route, the details and questions of the interview.
  await expect(page).toHaveURL(new RegExp(`/interviews/${jobId}/details$`));
  await expect(
    page.getByRole('heading', { name: 'Edit interview', level: 1 }),
  ).toBeVisible();
  await shoot(page, 'job-details');
  const renamed = `${title} (weekends)`;
  await page.getByLabel('Title').fill(renamed);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Changes saved')).toBeVisible();
  await expect(page.getByRole('link', { name: renamed })).toBeVisible();

  // Questions: the wording changes, a question is added.
  await page.getByRole('button', { name: 'Edit question 1' }).click();
  await page
    .getByRole('textbox', { name: 'Question', exact: true })
    .fill('Why do you love hospitality?');
  await page.getByRole('button', { name: 'Save question' }).click();
  await expect(page.getByTestId('question-item').first()).toContainText(
    'Why do you love hospitality?',
  );
  await page.getByRole('button', { name: 'Add a question' }).click();
  await page
    .getByRole('textbox', { name: 'Question', exact: true })
    .fill('How do you handle a complaint at 3 am?');
  await page.getByRole('button', { name: 'Add question' }).click();
  await expect(page.getByTestId('question-item')).toHaveCount(3);
  const job = await (await page.request.get(`/api/jobs/${jobId}`)).json();
  expect(job).toMatchObject({
    title: renamed,
    status: 'Published',
    question_count: 3,
  });

  // When the server refuses (someone answered meanwhile), the page says why.
  const refusal =
    'Someone has already answered this interview, so questions can no longer be added, removed or reordered. You can still correct their wording.';
  await page.route(`**/api/jobs/${jobId}/questions/order`, (route) =>
    route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({ message: refusal, code: 'conflict' }),
    }),
  );
  await page.getByRole('button', { name: 'Move question 2 up' }).click();
  await expect(page.getByText(refusal)).toBeVisible();
  await page.unroute(`**/api/jobs/${jobId}/questions/order`);

  // The review panel and the e-mails are one click away, and lead back to the interview.
  await page.getByRole('link', { name: 'Review panel' }).click();
  await expect(page).toHaveURL(
    new RegExp(`/interviews/${jobId}/review-panel$`),
  );
  await page.goto(`/interviews/${jobId}/details`);
  await page.getByRole('link', { name: 'Emails', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/create/${jobId}/edit-email$`));
  await page.getByRole('link', { name: 'Back to the interview' }).click();
  await expect(page).toHaveURL(new RegExp(`/interviews/${jobId}\\?`));

  // The dashboard row's menu reaches the same places.
  await page.goto('/interviews');
  await page.getByRole('button', { name: `Actions for ${renamed}` }).click();
  await expect(
    page.getByRole('menuitem', { name: 'Edit questions' }),
  ).toBeVisible();
  await shoot(page, 'dashboard-row-menu');
  await page.getByRole('menuitem', { name: 'Edit details' }).click();
  await expect(page).toHaveURL(new RegExp(`/interviews/${jobId}/details$`));
});

test('an interview people answered keeps its questions, and says so', async ({
  page,
}) => {
  await signIn(page, 'admin@demo.test');
  // A demo interview with answers; only read here, so other tests' demo data stays as it is.
  const jobs = (
    await (
      await page.request.get('/api/jobs?status=Published&page_size=50')
    ).json()
  ).results as { id: number; title: string }[];
  let answered: { id: number; title: string } | undefined;
  for (const job of jobs) {
    const facts = await (
      await page.request.get(`/api/jobs/${job.id}/edit-facts`)
    ).json();
    if (facts.answered > 0 && facts.rated > 0) {
      answered = job;
      break;
    }
  }
  expect(answered, 'a demo interview with rated answers').toBeDefined();
  if (!answered) return;
  await page.goto(`/interviews/${answered.id}/details#questions`);
  await expect(
    page.getByText(/interviewees? (has|have) answered this interview/),
  ).toBeVisible();
  await expect(page.getByTestId('question-item').first()).toBeVisible();
  await expect(
    page.getByRole('button', { name: /^Move question/ }),
  ).toHaveCount(0);
  await expect(
    page.getByRole('button', { name: /^Delete question/ }),
  ).toHaveCount(0);
  await expect(
    page.getByRole('button', { name: 'Add a question' }),
  ).toHaveCount(0);
  await expect(page.getByLabel('Interview language')).toBeDisabled();
  await expect(page.getByLabel('Rating scale')).toBeDisabled();
  await page.getByRole('button', { name: 'Edit question 1' }).click();
  await expect(page.getByLabel('Time limit')).toBeDisabled();
  await expect(
    page.getByRole('textbox', { name: 'Question', exact: true }),
  ).toBeEditable();
  await shoot(page, 'job-details-locked');
  await page.goto(`/interviews/${answered.id}/details?lang=fr-fr`);
  await expect(
    page.getByRole('heading', { name: "Modifier l'entretien", level: 1 }),
  ).toBeVisible();
  await expect(
    page.getByText(/candidats? (a|ont) répondu à cet entretien/),
  ).toBeVisible();
  await shoot(page, 'job-details-locked-fr');
});
