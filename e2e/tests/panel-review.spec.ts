import { expect, test, type Browser, type Page } from '@playwright/test';
import { createCompany, signInAs, type TestCompany } from '../support/company';
import {
  applyAndAnswer,
  createInterview,
  makeTake,
} from '../support/interviews';
import { waitForMail } from '../support/mail';
import { SHOTS } from '../support/screenshots';

// The interviews this spec makes are a company's of its own (support/company.ts).
let company: TestCompany;
test.beforeAll(async ({ browser }) => {
  company = await createCompany(browser, 'Kestrel');
});

/**
 * The company user adds a reviewer on the review panel page and invites them; the reviewer
 * sets a password from the e-mail in a browser of their own and lands on the interview.
 */
async function inviteReviewer(
  admin: Page,
  browser: Browser,
  options: {
    jobId: number;
    first: string;
    last: string;
    email: string;
    allReviews: boolean;
  },
): Promise<Page> {
  await admin.goto(`/interviews/${options.jobId}/review-panel`);
  await admin.getByLabel('First name').fill(options.first);
  await admin.getByLabel('Last name').fill(options.last);
  await admin.getByLabel('Email address').fill(options.email);
  await admin.getByRole('button', { name: 'Add reviewer' }).click();
  const card = admin.getByTestId(`reviewer-${options.email}`);
  await expect(card).toBeVisible();
  const reviews = options.allReviews
    ? 'All reviews and comments'
    : 'Their own reviews and comments only';
  if (options.allReviews) await card.getByLabel(reviews).click();
  await expect(card.getByLabel(reviews)).toBeChecked();
  await card.getByRole('button', { name: 'Invite' }).click();
  await expect(card.getByText('Invited', { exact: true })).toBeVisible();

  const mail = await waitForMail((message) =>
    message.to.includes(options.email),
  );
  const link = /\/reviewer-invite\/[\w-]+/.exec(mail.text)?.[0] ?? '';
  expect(link).toBeTruthy();
  const reviewer = await (await browser.newContext()).newPage();
  await reviewer.goto(link);
  await reviewer
    .getByLabel('Choose a password')
    .fill('a-long-reviewer-password');
  await reviewer
    .getByRole('button', { name: 'Set password and start reviewing' })
    .click();
  await expect(reviewer).toHaveURL(new RegExp(`/interviews/${options.jobId}$`));
  return reviewer;
}

test('each person on the panel completes their own review and sees only their own figures change', async ({
  page: admin,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const run = Date.now().toString(36);
  const title = `Panel review ${run}`;
  const candidate = `Cara Candidate ${run}`;
  await signInAs(admin, company.admin);
  const job = await createInterview(admin, title);
  // A two-second take, small enough to upload and process in a moment.
  await applyAndAnswer(
    request,
    job.shortcode,
    {
      first_name: 'Cara',
      last_name: `Candidate ${run}`,
      email: `cara.${run}@example.com`,
    },
    makeTake({ size: '320x240', rate: 15, seconds: 2 }),
  );
  const listed = await (
    await admin.request.get(`/api/jobs/${job.id}/applications`, {
      params: { status: 'Responded', filter: 'All' },
    })
  ).json();
  const applicationId = (listed.results as { id: number }[])[0]?.id ?? 0;
  expect(applicationId, 'the interviewee responded').toBeTruthy();

  const rita = `Rita Allreviews${run}`;
  const bob = `Bob Ownonly${run}`;
  const allReviewer = await inviteReviewer(admin, browser, {
    jobId: job.id,
    first: 'Rita',
    last: `Allreviews${run}`,
    email: `rita.${run}@example.com`,
    allReviews: true,
  });
  const ownReviewer = await inviteReviewer(admin, browser, {
    jobId: job.id,
    first: 'Bob',
    last: `Ownonly${run}`,
    email: `bob.${run}@example.com`,
    allReviews: false,
  });

  const intervieweePath = `/interviews/${job.id}/interviewee/${applicationId}/overview`;
  const panelCard = (page: Page) =>
    page.getByRole('region', { name: 'Review panel' });
  const member = (page: Page, name: string) =>
    panelCard(page).getByRole('listitem').filter({ hasText: name });

  /** The interviewee page as this person sees it: their own completion state. */
  async function expectOwnReview(page: Page, completed: boolean) {
    await page.goto(intervieweePath);
    await expect(page.getByRole('heading', { name: candidate })).toBeVisible();
    if (completed) {
      await expect(
        page.getByText('Your review is complete', { exact: true }),
      ).toBeVisible();
      await expect(
        page.getByRole('button', { name: 'Mark review complete' }),
      ).toHaveCount(0);
    } else {
      await expect(
        page.getByRole('button', { name: 'Mark review complete' }),
      ).toBeVisible();
      await expect(
        page.getByText('Your review is complete', { exact: true }),
      ).toHaveCount(0);
    }
  }

  /** The panel card on the interviewee page: who has completed, who has not. */
  async function expectPanel(page: Page, completedBy: Record<string, boolean>) {
    await expect(panelCard(page)).toBeVisible();
    for (const [name, completed] of Object.entries(completedBy)) {
      const row = member(page, name);
      if (completed) await expect(row).toContainText(/Completed · /);
      else await expect(row).toContainText('Not completed yet');
    }
  }

  /** The blind reviewer never gets the card (the server answers 403; nothing is shown). */
  async function expectNoPanel(page: Page) {
    const refused = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/applications/${applicationId}/panel`) &&
        response.status() === 403,
    );
    await page.goto(intervieweePath);
    await refused;
    await expect(page.getByRole('heading', { name: candidate })).toBeVisible();
    await expect(page.getByText('Your rating')).toBeVisible();
    await expect(panelCard(page)).toHaveCount(0);
  }

  /** The reviewer's dashboard: the 'To review' total over their interviews (only this one). */
  async function expectReviewerToReview(page: Page, count: number) {
    await page.goto('/interviews');
    const total = page
      .locator('p[aria-live="polite"]')
      .filter({ hasText: 'To review' })
      .locator('strong');
    await expect(total).toHaveText(String(count));
  }

  /** The company user's dashboard row of this interview. */
  async function expectAdminToReview(count: number) {
    await admin.goto('/interviews');
    const row = admin.getByRole('row').filter({ hasText: title });
    await expect(row).toBeVisible();
    if (count > 0)
      await expect(
        row.getByRole('link', {
          name: `${count} interviewee${count === 1 ? '' : 's'} to review`,
        }),
      ).toBeVisible();
    else {
      await expect(row.getByRole('link', { name: /to review/ })).toHaveCount(0);
      await expect(row.getByRole('cell').nth(3)).toHaveText('0');
    }
  }

  async function complete(page: Page) {
    await page.goto(intervieweePath);
    await page.getByRole('button', { name: 'Mark review complete' }).click();
    await expect(
      page.getByText('Your review is marked complete'),
    ).toBeVisible();
    await expect(
      page.getByText('Your review is complete', { exact: true }),
    ).toBeVisible();
  }

  // Nobody has completed: everyone may, and each has the candidate to review.
  await expectOwnReview(admin, false);
  await expectPanel(admin, { [rita]: false, [bob]: false });
  await expectOwnReview(allReviewer, false);
  await expectPanel(allReviewer, { [rita]: false, [bob]: false });
  await expect(member(allReviewer, rita)).toContainText('(you)');
  await expectOwnReview(ownReviewer, false);
  await expectNoPanel(ownReviewer);
  await expectAdminToReview(1);
  await expectReviewerToReview(allReviewer, 1);
  await expectReviewerToReview(ownReviewer, 1);

  // The job page: the company user and the all-reviews reviewer see the panel's progress.
  await admin.goto(`/interviews/${job.id}`);
  const jobPanel = (page: Page) =>
    page.getByRole('region', { name: 'Review panel' });
  await expect(
    jobPanel(admin).getByRole('listitem').filter({ hasText: rita }),
  ).toContainText('0 completed · 1 to review');
  await admin.screenshot({ path: `${SHOTS}/panel-review-job-in-progress.png` });
  await allReviewer.goto(`/interviews/${job.id}`);
  await expect(
    jobPanel(allReviewer).getByRole('listitem').filter({ hasText: bob }),
  ).toContainText('0 completed · 1 to review');
  const refused = ownReviewer.waitForResponse(
    (response) =>
      response.url().endsWith(`/api/jobs/${job.id}/panel`) &&
      response.status() === 403,
  );
  await ownReviewer.goto(`/interviews/${job.id}`);
  await refused;
  await expect(ownReviewer.getByRole('heading', { name: title })).toBeVisible();
  await expect(jobPanel(ownReviewer)).toHaveCount(0);

  // 1. The blind reviewer completes: only their own state and figure change.
  await complete(ownReviewer);
  await expectReviewerToReview(ownReviewer, 0);
  await expectNoPanel(ownReviewer);
  await expectOwnReview(allReviewer, false);
  await expectPanel(allReviewer, { [rita]: false, [bob]: true });
  await expectReviewerToReview(allReviewer, 1);
  await expectOwnReview(admin, false);
  await expectPanel(admin, { [rita]: false, [bob]: true });
  await admin.screenshot({
    path: `${SHOTS}/panel-review-interviewee-in-progress.png`,
    fullPage: true,
  });
  await expectAdminToReview(1);

  // 2. The all-reviews reviewer completes; the company user still has theirs to do.
  await complete(allReviewer);
  await expectPanel(allReviewer, { [rita]: true, [bob]: true });
  await expectReviewerToReview(allReviewer, 0);
  await expectOwnReview(ownReviewer, true);
  await expectReviewerToReview(ownReviewer, 0);
  await expectOwnReview(admin, false);
  await expectPanel(admin, { [rita]: true, [bob]: true });
  await expectAdminToReview(1);
  await admin.goto(`/interviews/${job.id}`);
  await expect(
    jobPanel(admin).getByRole('listitem').filter({ hasText: rita }),
  ).toContainText('1 completed · 0 to review');

  // 3. The company user completes their own review.
  await complete(admin);
  await expectPanel(admin, {
    [company.admin.full_name]: true,
    [rita]: true,
    [bob]: true,
  });
  await expect(member(admin, company.admin.full_name)).toContainText('(you)');
  await expectAdminToReview(0);
  await expectOwnReview(allReviewer, true);
  await expectPanel(allReviewer, {
    [company.admin.full_name]: true,
    [rita]: true,
    [bob]: true,
  });
  await expectReviewerToReview(allReviewer, 0);
  await expectReviewerToReview(ownReviewer, 0);

  // What a recruiter looks at: the interviewee page and the job page with the panel.
  for (const [lang, heading] of [
    ['en-gb', 'Review panel'],
    ['fr-fr', "Panel d'évaluation"],
  ] as const) {
    for (const [size, width, height] of [
      ['desktop', 1440, 900],
      ['phone', 390, 844],
    ] as const) {
      await admin.setViewportSize({ width, height });
      await admin.goto(`${intervieweePath}?lang=${lang}`);
      await expect(
        admin.getByRole('region', { name: heading }).getByRole('listitem'),
      ).toHaveCount(3);
      await admin.screenshot({
        path: `${SHOTS}/panel-review-interviewee-${lang}-${size}.png`,
        fullPage: true,
      });
      await admin.goto(
        `/interviews/${job.id}?status=Reviewed&filter=all&lang=${lang}`,
      );
      await expect(
        admin.getByRole('region', { name: heading }).getByRole('listitem'),
      ).toHaveCount(3);
      await admin.screenshot({
        path: `${SHOTS}/panel-review-job-${lang}-${size}.png`,
        fullPage: true,
      });
    }
  }
  await allReviewer.context().close();
  await ownReviewer.context().close();
});
