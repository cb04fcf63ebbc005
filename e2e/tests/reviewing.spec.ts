import { expect, test } from '@playwright/test';
import { RATING_STYLES } from '@candor/domain';
import { csrfHeaders, signIn } from '../support/auth';
import {
  addReviewer,
  createCompany,
  signInAs,
  signUpCompany,
  type TestCompany,
} from '../support/company';
import { respondedApplicant, type ListedApplicant } from '../support/demo-data';
import { answeredApplicant, createInterview } from '../support/interviews';
import { waitForMail } from '../support/mail';
import { SHOTS } from '../support/screenshots';

// The interviews reviewed here are a company's of its own; the sorting reads the demo's ratings.
let company: TestCompany;
test.beforeAll(async ({ browser }) => {
  company = await createCompany(browser, 'Thornbury');
});

test('a reviewer invited by e-mail rates each answer, comments and completes; the company user shortlists', async ({
  page,
  browser,
}) => {
  const run = Date.now().toString(36);
  const email = `reviewer.${run}@example.com`;
  await signInAs(page, company.admin);
  const job = await createInterview(page, 'Customer service advisor', [
    'Why do you want to work in customer service?',
    'Describe how you handled an angry or upset customer.',
  ]);
  const jobId = job.id;
  const applicant = await answeredApplicant(page, job, {
    first_name: 'Riley',
    last_name: 'Answered',
    email: `riley.${run}@example.com`,
  });

  // The company user adds and invites the reviewer from the review panel.
  await page.goto(`/interviews/${jobId}/review-panel`);
  await expect(
    page.getByRole('heading', { name: 'Review panel' }),
  ).toBeVisible();
  await page.getByLabel('First name').fill('Rita');
  await page.getByLabel('Last name').fill(`Reviewer ${run}`);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Add reviewer' }).click();
  const card = page.getByTestId(`reviewer-${email}`);
  await expect(card).toBeVisible();
  // 'Rate, shortlist and reject' is only offered once all reviews are visible.
  await expect(card.getByText('Rate, shortlist and reject')).toHaveCount(0);
  // The radio is controlled by the saved settings: it shows checked once the change is under
  // way, a moment after the click, so wait for that rather than expecting it synchronously.
  await card.getByLabel('All reviews and comments').click();
  await expect(card.getByLabel('All reviews and comments')).toBeChecked();
  await expect(card.getByText('Rate, shortlist and reject')).toBeVisible();
  await card.getByRole('button', { name: 'Invite' }).click();
  await expect(
    page.getByText(`An invite has been sent to Rita Reviewer ${run}`),
  ).toBeVisible();
  await page.screenshot({
    path: `${SHOTS}/reviewing-review-panel.png`,
    fullPage: true,
  });

  const mail = await waitForMail((message) => message.to.includes(email));
  const link = /\/reviewer-invite\/[\w-]+/.exec(mail.text)?.[0];
  expect(link).toBeTruthy();

  // The reviewer sets a password from the invitation and is signed in.
  const reviewerContext = await browser.newContext();
  const reviewer = await reviewerContext.newPage();
  await reviewer.goto(link ?? '');
  await expect(
    reviewer.getByRole('heading', { name: 'Welcome, Rita' }),
  ).toBeVisible();
  await reviewer.screenshot({ path: `${SHOTS}/reviewing-invitation.png` });
  await reviewer
    .getByLabel('Choose a password')
    .fill('a-long-reviewer-password');
  await reviewer
    .getByRole('button', { name: 'Set password and start reviewing' })
    .click();
  // Accepted, the invitation opens its interview, on the answers waiting for review.
  await expect(reviewer).toHaveURL(new RegExp(`/interviews/${jobId}$`));
  await expect(
    reviewer.getByRole('tab', { name: /^Responded/ }),
  ).toHaveAttribute('aria-selected', 'true');
  await expect(reviewer.getByText(applicant.user.full_name)).toBeVisible();

  // Rates every answer on the slider (keyboard), writes a comment and completes the review.
  await reviewer.goto(
    `/interviews/${jobId}/interviewee/${applicant.id}/answer`,
  );
  await expect(
    reviewer.getByRole('heading', { name: applicant.user.full_name }),
  ).toBeVisible();
  const answers = reviewer
    .getByRole('navigation', { name: 'Answers' })
    .getByRole('link');
  // The list arrives after the heading; count only once every answer is listed.
  const count = applicant.answer_count;
  await expect(answers).toHaveCount(count);
  for (let index = 0; index < count; index++) {
    await answers.nth(index).click();
    // The slider saves each move; the last one (4) is what stays.
    const saved = reviewer.waitForResponse(
      (response) =>
        response.url().includes('/answerreviews') &&
        response.request().method() !== 'GET' &&
        (response.request().postDataJSON() as { rating?: number } | null)
          ?.rating === 4,
    );
    const slider = reviewer.getByRole('slider');
    await slider.focus();
    await slider.press('End');
    await slider.press('ArrowLeft');
    expect((await saved).ok()).toBe(true);
    await expect(reviewer.getByText('4 / 5').first()).toBeVisible();
  }
  // Every answer keeps its own rating: the list marks each one rated.
  await expect(answers.filter({ hasText: 'Rated' })).toHaveCount(count);
  await reviewer.getByRole('button', { name: 'View rating scale' }).click();
  await expect(
    reviewer.getByRole('dialog', { name: 'Rating scale' }),
  ).toBeVisible();
  await reviewer.keyboard.press('Escape');
  await reviewer.screenshot({
    path: `${SHOTS}/reviewing-answer.png`,
    fullPage: true,
  });

  await reviewer
    .getByPlaceholder('Share a thought with the team')
    .fill('Calm and clear with customers.');
  await reviewer.getByRole('button', { name: 'Post comment' }).click();
  await expect(reviewer.getByText('Comment posted successfully')).toBeVisible();
  await reviewer.getByRole('button', { name: 'Mark review complete' }).click();
  await expect(
    reviewer.getByText('Your review is complete', { exact: true }),
  ).toBeVisible();
  // A rate-only reviewer is never offered the decision.
  await expect(reviewer.getByRole('button', { name: 'Shortlist' })).toHaveCount(
    0,
  );
  await reviewerContext.close();

  // The company user sees the reviewer's average and shortlists.
  await page.goto(`/interviews/${jobId}/interviewee/${applicant.id}/overview`);
  await expect(page.getByText('From 1 reviewer')).toBeVisible();
  await expect(page.getByText('4 / 5').first()).toBeVisible();
  await expect(page.getByText('Calm and clear with customers.')).toBeVisible();
  await page.screenshot({
    path: `${SHOTS}/reviewing-overview.png`,
    fullPage: true,
  });
  await page.getByRole('button', { name: 'Shortlist' }).click();
  await expect(page.getByText('Interviewee shortlisted')).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Undo shortlist' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reject' })).toHaveCount(0);
});

test('a matrix interview is reviewed through the STAR matrix and its feedback page opens', async ({
  page,
  browser,
}) => {
  await signInAs(page, company.admin);
  // Rated on the STAR matrix: each question against a competency of the question bank.
  const job = await createInterview(
    page,
    'Senior software engineer',
    [
      {
        text: 'Describe a technical system you built and the trade-offs you made.',
        competency: 8,
        review_competency: 8,
      },
      {
        text: 'Describe a disagreement with a colleague and how you resolved it.',
        competency: 2,
        review_competency: 2,
      },
    ],
    { ratingStyle: RATING_STYLES.matrix },
  );
  const jobId = job.id;
  const applicant = await answeredApplicant(page, job, {
    first_name: 'Sasha',
    last_name: 'Matrix',
    email: `sasha.${Date.now().toString(36)}@example.com`,
  });
  await page.goto(`/interviews/${jobId}/interviewee/${applicant.id}/matrix`);
  await expect(
    page.getByRole('heading', { name: 'STAR matrix' }),
  ).toBeVisible();

  // Completing too early is refused with what is missing.
  await page.getByRole('button', { name: 'Mark review complete' }).click();
  await expect(
    page.getByText(/The matrix review is not complete yet/),
  ).toBeVisible();

  const pills = page.getByRole('link', { name: /^Q\d/ });
  const pillCount = await pills.count();
  for (let index = 0; index < pillCount; index++) {
    await pills.nth(index).click();
    for (const [indicator, level] of [
      [0, 0],
      [1, 1],
      [2, 0],
    ] as const) {
      const cell = page
        .locator(
          `[data-testid^="matrix-cell-"][data-testid$="-${indicator}-${level}"]`,
        )
        .first();
      await cell.click();
      await expect(cell).toHaveAttribute('aria-pressed', 'true');
    }
  }
  // Choosing a selected cell again removes it; choosing it once more brings it back.
  const first = page.locator('[data-testid$="-0-0"]').first();
  await first.click();
  await expect(first).toHaveAttribute('aria-pressed', 'false');
  await first.click();
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  for (const [indicator, level] of [
    [0, 0],
    [1, 0],
    [3, 1],
  ] as const) {
    await page
      .getByTestId(`matrix-cell-communication-${indicator}-${level}`)
      .click();
    await expect(
      page.getByTestId(`matrix-cell-communication-${indicator}-${level}`),
    ).toHaveAttribute('aria-pressed', 'true');
  }
  await expect(page.getByText('Communication · 3/3')).toBeVisible();

  // A comment is required to save feedback.
  await page.getByRole('button', { name: 'Save feedback' }).click();
  await expect(
    page.getByText('A comment is required to save feedback.').first(),
  ).toBeVisible();
  await page
    .getByLabel('Feedback', { exact: true })
    .fill('Thank you: clear examples, keep adding results.');
  await page.getByRole('button', { name: 'Save feedback' }).click();
  await expect(page.getByText('Feedback submitted')).toBeVisible();
  await page.screenshot({
    path: `${SHOTS}/reviewing-matrix.png`,
    fullPage: true,
  });

  await page.getByRole('button', { name: 'Mark review complete' }).click();
  await expect(
    page.getByText('Your review is complete', { exact: true }),
  ).toBeVisible();

  // The link opens in a new tab; follow its address in a page of its own (no session needed).
  const href = await page
    .getByRole('link', { name: 'Open feedback link' })
    .getAttribute('href');
  expect(href).toMatch(new RegExp(`^/feedback/${jobId}/`));
  const feedback = await browser.newPage();
  await feedback.goto(new URL(href ?? '', page.url()).toString());
  await expect(feedback).toHaveURL(new RegExp(`/feedback/${jobId}/`));
  await expect(
    feedback.getByRole('heading', { name: /Your feedback/ }),
  ).toBeVisible();
  await expect(feedback.getByText('What went well').first()).toBeVisible();
  await expect(
    feedback.getByText('You set the scene well').first(),
  ).toBeVisible();
  await expect(
    feedback.getByText('Thank you: clear examples, keep adding results.'),
  ).toBeVisible();
  await feedback.screenshot({
    path: `${SHOTS}/reviewing-feedback.png`,
    fullPage: true,
  });
  await feedback.setViewportSize({ width: 390, height: 844 });
  await feedback.screenshot({
    path: `${SHOTS}/reviewing-feedback-phone.png`,
    fullPage: true,
  });

  // Anyone without the token gets nothing.
  const denied = await page.request.get(
    `/api/feedback/${jobId}/not-the-right-token-at-all`,
    { headers: await csrfHeaders(page) },
  );
  expect(denied.status()).toBe(404);
});

test('a reviewer who already has an account signs in and accepts another company’s invitation', async ({
  page,
  browser,
}) => {
  const run = Date.now().toString(36);
  const title = `Night manager ${run}`;
  // The reviewer reviews for the spec's company; another company adds and invites the same account.
  await signInAs(page, company.admin);
  const own = await createInterview(page, `Day manager ${run}`);
  const account = await addReviewer(page.request, own.id, {
    first: 'Sam',
    last: 'Reviewer',
  });
  const northwind = await signUpCompany(page.request, 'Northwind');
  const created = await page.request.post('/api/jobs', {
    headers: await csrfHeaders(page),
    data: { title, company: northwind.shortname },
  });
  expect(created.status(), await created.text()).toBe(201);
  const jobId = ((await created.json()) as { id: number }).id;

  await page.goto(`/interviews/${jobId}/review-panel`);
  await page.getByLabel('First name').fill('Sam');
  await page.getByLabel('Last name').fill('Northwind');
  await page.getByLabel('Email address').fill(account.email);
  await page.getByRole('button', { name: 'Add reviewer' }).click();
  const card = page.getByTestId(`reviewer-${account.email}`);
  // The names Northwind typed, and nothing about the account it already is.
  await expect(card.getByText('Sam Northwind')).toBeVisible();
  await expect(card.getByText('Not invited')).toBeVisible();
  await card.getByRole('button', { name: 'Invite' }).click();
  await expect(card.getByText('Invited', { exact: true })).toBeVisible();

  const mail = await waitForMail(
    (message) =>
      message.to.includes(account.email) && message.subject.includes(title),
  );
  const link = /\/reviewer-invite\/[\w-]+/.exec(mail.text)?.[0] ?? '';
  expect(link).toBeTruthy();

  // Not signed in: the page asks for that very account, and comes back after signing in.
  const context = await browser.newContext();
  const reviewer = await context.newPage();
  await reviewer.goto(link);
  await expect(
    reviewer.getByRole('heading', { name: 'Welcome, Sam' }),
  ).toBeVisible();
  await expect(
    reviewer.getByText(`This invitation is for the account ${account.email}.`, {
      exact: false,
    }),
  ).toBeVisible();
  await reviewer.screenshot({
    path: `${SHOTS}/reviewing-invitation-sign-in.png`,
  });
  await reviewer
    .getByRole('link', { name: `Sign in as ${account.email}` })
    .click();
  await expect(reviewer).toHaveURL(/\/login\?next=/);
  await reviewer.getByLabel('E-mail address').fill(account.email);
  await reviewer.getByLabel('Password').fill(account.password);
  await reviewer.getByRole('button', { name: 'Sign in' }).click();
  await expect(reviewer).toHaveURL(new RegExp(`${link}$`));

  // Signed in, the account still sees nothing of Northwind until it accepts.
  expect((await reviewer.request.get(`/api/jobs/${jobId}`)).status()).toBe(404);
  await expect(
    reviewer.getByRole('button', { name: 'Accept the invitation' }),
  ).toBeVisible();
  await reviewer.screenshot({
    path: `${SHOTS}/reviewing-invitation-accept.png`,
  });
  // One click accepts, and the interview opens.
  await reviewer.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(reviewer).toHaveURL(new RegExp(`/interviews/${jobId}$`));
  await expect(reviewer.getByText(title).first()).toBeVisible();
  await context.close();
});

test('the job page links answered names to the interviewee and sorts the page by rating', async ({
  page,
}) => {
  type Row = ListedApplicant & {
    average_review: { review_average: number | null; hidden?: boolean };
  };
  await signIn(page, 'admin@demo.test');
  const { jobId } = await respondedApplicant(page, 'Customer service advisor');
  // The answered stage with the most rated interviewees, as its first page lists them.
  let best: { stage: string; rows: Row[]; rated: number } | null = null;
  for (const stage of ['Responded', 'Reviewed', 'Outcomes']) {
    const list = await (
      await page.request.get(`/api/jobs/${jobId}/applications`, {
        params: { status: stage, page_size: 25 },
      })
    ).json();
    const rows = list.results as Row[];
    const rated = rows.filter(
      (row) =>
        !row.average_review.hidden &&
        row.average_review.review_average !== null,
    ).length;
    if (!best || rated > best.rated) best = { stage, rows, rated };
  }
  expect(best?.rated ?? 0, 'rated demo interviewees').toBeGreaterThan(1);
  const { stage, rows } = best as { stage: string; rows: Row[] };

  await page.goto(`/interviews/${jobId}?status=${stage}&filter=All`);
  const table = page.getByRole('table');
  await expect(page.getByTestId('applicant-row')).toHaveCount(rows.length);

  // Highest first, no rating last; ties keep the server's order.
  const value = (row: Row) =>
    row.average_review.hidden ? null : row.average_review.review_average;
  const expected = rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => {
      const x = value(a.row);
      const y = value(b.row);
      if (x === null || y === null)
        return x === y ? a.index - b.index : x === null ? 1 : -1;
      return y - x || a.index - b.index;
    })
    .map(({ row }) => row.user.full_name);
  await table.getByRole('button', { name: 'Rating' }).click();
  await expect(page).toHaveURL(/sort=-rating/);
  await expect(
    table.getByRole('columnheader', { name: 'Rating' }),
  ).toHaveAttribute('aria-sort', 'descending');
  const names = page
    .getByTestId('applicant-row')
    .locator('td:nth-child(2) > div:first-child');
  await expect(names).toHaveText(expected);
  await page.screenshot({ path: `${SHOTS}/job-page-by-rating.png` });

  // The top name opens the interviewee's answers.
  const top = rows.find((row) => row.user.full_name === expected[0]);
  await table.getByRole('link', { name: expected[0] ?? '' }).click();
  await expect(page).toHaveURL(
    new RegExp(`/interviews/${jobId}/interviewee/${top?.id}`),
  );

  // Someone who has not answered has no page to open: their name is plain text.
  await page.goto(`/interviews/${jobId}?status=AwaitingResponse&filter=All`);
  const waiting = page.getByTestId('applicant-row').first();
  await expect(waiting).toBeVisible();
  await expect(waiting.locator('td:nth-child(2) a')).toHaveCount(0);
});
