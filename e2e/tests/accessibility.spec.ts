import { expect, test, type Locator, type Page } from '@playwright/test';
import { checkBothSizes } from '../support/axe';
import { csrfHeaders, signIn } from '../support/auth';
import { createCompany, signInAs, type TestCompany } from '../support/company';
import { respondedApplicant } from '../support/demo-data';
import {
  applyAndAnswer,
  createInterview,
  makeTake,
  personalLink,
} from '../support/interviews';
import { waitForMail } from '../support/mail';

// Issue 30: axe finds no WCAG 2.0/2.1 A or AA violation on any page, at desktop and phone size.
// Animations are cut short so a page is never checked half faded in.
test.use({ reducedMotion: 'reduce' });

// The interviews, interviewees and colleagues these checks make go into a company of their own;
// the demo company's pages are only read.
let company: TestCompany;
test.beforeAll(async ({ browser }) => {
  company = await createCompany(browser, 'Brightwater');
});

type Person = { first_name: string; last_name: string; email: string };

function person(first: string): Person {
  return {
    first_name: first,
    last_name: 'Axe',
    email: `${first.toLowerCase()}.axe.${Date.now()}@example.com`,
  };
}

test('pages before signing in and the interviewee’s flow', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await signInAs(page, company.admin);
  const job = await createInterview(page, `Axe public ${Date.now()}`);
  // The voluntary survey on: the thank-you page shows its form (decision 181).
  const survey = await page.request.post('/api/settings', {
    headers: await csrfHeaders(page),
    data: {
      name: company.name,
      support_email: '',
      account_message: '',
      account_message_style: 0,
      survey_enabled: true,
      survey_categories: ['gender', 'ethnicity', 'age_band', 'disability'],
    },
  });
  expect(survey.status(), await survey.text()).toBe(200);

  const visitor = await browser.newContext({
    reducedMotion: 'reduce',
    permissions: ['camera', 'microphone'],
  });
  const me = await visitor.newPage();
  for (const [label, path] of [
    ['login', '/login'],
    ['signup', '/signup'],
    ['forgot password', '/forgot-password'],
    ['terms', '/terms'],
    ['privacy', '/privacy'],
    ['public marketplace', '/marketplace'],
    ['brand marketplace', '/marketplace/acme'],
    ['public job page', `/j/${job.shortcode}`],
    ['404', '/no-such-page'],
    ['job link without a code', '/j'],
    ['unknown interview link', '/i/no-such-link'],
    ['sso without a code', '/sso'],
    ['spent sign-up link', '/verify-email/no-such-token-0000'],
    ['spent address link', '/confirm-email/no-such-token-0000'],
    ['account conflict', '/account-conflict'],
  ] as const) {
    await me.goto(path);
    await checkBothSizes(me, label);
  }

  await me.goto(await personalLink(me.request, job.shortcode, person('Wendy')));
  await me.setViewportSize({ width: 1440, height: 900 });
  const start = me.getByRole('button', { name: 'Start the interview' });
  await checkBothSizes(me, 'interviewee welcome', {
    ready: () => expect(start).toBeVisible(),
  });
  await start.click();
  await expect(me.getByText('Your camera is working.')).toBeVisible();
  await checkBothSizes(me, 'interviewee device check', {
    ready: () => expect(me.getByText('Your camera is working.')).toBeVisible(),
  });
  await me.getByRole('button', { name: 'Continue' }).click();
  const skip = me.getByRole('button', { name: 'Skip practice' });
  await checkBothSizes(me, 'interviewee practice', {
    ready: () => expect(skip).toBeVisible(),
  });
  await skip.click();
  const startRecording = me.getByRole('button', {
    name: 'Start recording now',
  });
  await checkBothSizes(me, 'interviewee question', {
    ready: () => expect(startRecording).toBeVisible(),
  });
  await startRecording.click();
  const stop = me.getByRole('button', { name: 'Stop recording' });
  await checkBothSizes(me, 'interviewee recording', {
    ready: () => expect(stop).toBeVisible(),
  });
  await stop.click();
  const submit = me.getByRole('button', { name: 'Submit my last answer' });
  await checkBothSizes(me, 'interviewee take review', {
    ready: () => expect(me.getByTestId('take-playback')).toBeVisible(),
  });
  await submit.click();
  const thanks = me.getByRole('heading', { name: 'Thank you, Wendy!' });
  await expect(thanks).toBeVisible({ timeout: 30_000 });
  await checkBothSizes(me, 'interviewee finished, with the survey', {
    ready: () =>
      expect(
        me.getByRole('heading', {
          name: 'Equal-opportunity monitoring (optional)',
        }),
      ).toBeVisible(),
  });
  await visitor.close();
});

test('pages of a company admin: interviews and an interviewee', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAs(page, company.admin);
  const job = await createInterview(page, `Axe admin ${Date.now()}`);
  await applyAndAnswer(
    page.request,
    job.shortcode,
    person('Ada'),
    makeTake({ size: '320x240', rate: 10, seconds: 2 }),
  );
  // The interview is new: its one interviewee is the one who just answered.
  const list = await page.request.get(`/api/jobs/${job.id}/applications`, {
    params: { status: 'Responded' },
  });
  const [application] = (await list.json()).results as { id: number }[];
  expect(application, 'the interviewee who answered').toBeTruthy();
  const interviewee = `/interviews/${job.id}/interviewee/${application?.id}`;
  for (const [label, path] of [
    ['interviews', '/interviews'],
    ['job page', `/interviews/${job.id}`],
    ['answer page', `${interviewee}/answer`],
    ['overview', `${interviewee}/overview`],
    ['comms', `${interviewee}/comms`],
  ] as const) {
    await page.goto(path);
    await checkBothSizes(page, label);
  }
});

test('pages of a company admin: creation steps', async ({ page }) => {
  // 16 axe checks: beside another spec on a busy machine they outlast 90 s, as the next test's do.
  test.setTimeout(150_000);
  await signInAs(page, company.admin);
  const { id: draft } = await createInterview(
    page,
    `Axe draft ${Date.now()}`,
    undefined,
    { publish: false },
  );
  for (const step of [
    'details',
    'add-questions',
    'videos',
    'edit-email',
    'emails',
    'review-panel',
    'preview',
    'summary',
  ]) {
    await page.goto(`/create/${draft}/${step}`);
    await checkBothSizes(page, `create ${step}`);
  }
});

test('pages of a company admin: content, report and settings', async ({
  page,
}) => {
  // 36 axe checks; with another spec running beside it, they take longer than 90 s.
  test.setTimeout(150_000);
  await signIn(page, 'admin@demo.test');
  for (const [label, path] of [
    ['content library', '/library'],
    ['content', '/content'],
    ['stock videos', '/content/stock-videos'],
    ['create start', '/create'],
    ['create new', '/create/details'],
    ['report', '/report'],
    ['company settings', '/company-settings'],
    ['team', '/company-settings/team'],
    ['API keys', '/company-settings/api-keys'],
    ['webhooks', '/company-settings/webhooks'],
    ['invitation e-mail', '/company-settings/edit-invitation-email'],
    ['completion e-mail', '/company-settings/edit-completion-email'],
    ['rejection e-mail', '/company-settings/edit-rejection-email'],
    ['reminder e-mail', '/company-settings/edit-reminder-email'],
    ['account settings', '/account'],
    ['marketplace manage', '/manage-marketplace'],
    ['marketplace settings', '/manage-marketplace/settings'],
    ['dev mail', '/dev/mail'],
  ] as const) {
    await page.goto(path);
    await checkBothSizes(page, label);
  }
});

test('pages of a reviewer', async ({ page }) => {
  await signIn(page, 'reviewer@demo.test');
  await checkBothSizes(page, 'reviewer landing');
  // An answer of an interview the demo reviewer was invited to.
  const jobs = await (
    await page.request.get('/api/jobs', { params: { page_size: 50 } })
  ).json();
  let answerPath = '';
  for (const row of jobs.results as { id: number }[]) {
    const list = await (
      await page.request.get(`/api/jobs/${row.id}/applications`, {
        params: { status: 'Responded', page_size: 50 },
      })
    ).json();
    const responded = (
      list.results as { id: number; answer_count: number }[] | undefined
    )?.find((applicant) => applicant.answer_count > 0);
    if (responded) {
      answerPath = `/interviews/${row.id}/interviewee/${responded.id}/answer`;
      break;
    }
  }
  expect(answerPath, 'an answer the demo reviewer may review').not.toBe('');
  await page.goto(answerPath);
  await checkBothSizes(page, 'reviewer answer page');
});

test('pages of a company admin: reviewing, compare, STAR matrix and feedback', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, company.admin);
  const job = await createInterview(page, `Axe compare ${Date.now()}`);
  const take = makeTake({ size: '320x240', rate: 10, seconds: 2 });
  for (const first of ['Cleo', 'Dev'])
    await applyAndAnswer(page.request, job.shortcode, person(first), take);
  const list = await page.request.get(`/api/jobs/${job.id}/applications`, {
    params: { status: 'Responded' },
  });
  const ids = ((await list.json()).results as { id: number }[]).map(
    (row) => row.id,
  );
  expect(ids, 'both interviewees who answered').toHaveLength(2);

  for (const [label, path] of [
    ['compare', `/interviews/${job.id}/compare?applications=${ids.join(',')}`],
    ['review panel', `/interviews/${job.id}/review-panel`],
    // Below the minimum of rated candidates: the reason and the empty lines.
    ['calibration', `/interviews/${job.id}/calibration`],
    ['job details', `/interviews/${job.id}/details`],
    ['interviewee, none chosen', `/interviews/${job.id}/interviewee`],
    ['marketplace listing', `/manage-marketplace/interview/${job.id}`],
  ] as const) {
    await page.goto(path);
    await checkBothSizes(page, label);
  }

  // The STAR matrix and the feedback page need a matrix interview with reviewed interviewees:
  // the demo's, only read here.
  await signIn(page, 'admin@demo.test');
  const matrix = await respondedApplicant(page, 'Senior software engineer');
  const decided: { _token: string | null; actions: string[] }[] = [];
  for (const status of ['Reviewed', 'Outcomes']) {
    const reply = await page.request.get(
      `/api/jobs/${matrix.jobId}/applications`,
      { params: { status, page_size: 50 } },
    );
    decided.push(...(await reply.json()).results);
  }
  const withFeedback = decided.find(
    (row) => row.actions.includes('feedback_link') && row._token,
  );
  expect(withFeedback, 'a demo interviewee with a feedback page').toBeTruthy();

  for (const [label, path] of [
    [
      'STAR matrix',
      `/interviews/${matrix.jobId}/interviewee/${matrix.applicant.id}/matrix`,
    ],
    ['feedback', `/feedback/${matrix.jobId}/${withFeedback?._token}`],
  ] as const) {
    await page.goto(path);
    await checkBothSizes(page, label);
  }
});

test('pages opened from e-mails: team invitation, password reset, reviewer invitation', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signInAs(page, company.admin);
  const headers = await csrfHeaders(page);
  const user = await (await page.request.get('/api/user')).json();
  const colleague = person('Noor');
  const invited = await page.request.post(
    `/api/companies/${user.current_company.shortname}/members`,
    { headers, data: { ...colleague, role: 'member' } },
  );
  expect(invited.status(), await invited.text()).toBeLessThan(300);
  const job = await createInterview(page, `Axe reviewer ${Date.now()}`);
  const reviewer = person('Rey');
  const added = await page.request.post(`/api/jobs/${job.id}/reviewers`, {
    headers,
    data: reviewer,
  });
  expect(added.status(), await added.text()).toBe(201);
  const sent = await page.request.post(
    `/api/jobs/${job.id}/reviewers/${(await added.json()).id}/invite`,
    { headers },
  );
  expect(sent.status(), await sent.text()).toBe(200);

  const linkTo = async (email: string, path: string) => {
    const mail = await waitForMail(
      (message) =>
        message.to.includes(email) && message.text.includes(`/${path}/`),
    );
    const link = new RegExp(`/${path}/[\\w-]+`).exec(mail.text)?.[0];
    expect(link, `a ${path} link in the e-mail to ${email}`).toBeTruthy();
    return link ?? '';
  };

  const visitor = await browser.newContext({ reducedMotion: 'reduce' });
  const me = await visitor.newPage();
  const joinLink = await linkTo(colleague.email, 'join');
  await me.goto(joinLink);
  await checkBothSizes(me, 'team invitation');
  await me.goto(await linkTo(reviewer.email, 'reviewer-invite'));
  await checkBothSizes(me, 'reviewer invitation');

  // A password reset needs an account: the colleague joins first, then signs out of it.
  const joined = await me.request.post(`/api${joinLink}`, {
    headers: await csrfHeaders(me),
    data: {
      first_name: colleague.first_name,
      last_name: colleague.last_name,
      password: 'quiet-harbour-lantern-58',
    },
  });
  expect(joined.status(), await joined.text()).toBe(200);
  await visitor.clearCookies();
  await me.goto('/forgot-password');
  await me.getByLabel('E-mail address').fill(colleague.email);
  await me.getByRole('button', { name: 'Send the link' }).click();
  const linkSent = me.getByText(/If an account uses .* we have sent a link/);
  await checkBothSizes(me, 'forgot password, link sent', {
    ready: () => expect(linkSent).toBeVisible(),
  });
  await me.goto(await linkTo(colleague.email, 'reset-password'));
  await checkBothSizes(me, 'reset password');
  await visitor.close();
});

/** Presses Tab until `target` has focus, and checks the focus ring shows on it. */
async function tabTo(page: Page, target: Locator, limit = 60) {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement))
      break;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
  await expectFocusVisible(target);
}

/** The focused element shows a ring: an outline or a box shadow, under :focus-visible. */
async function expectFocusVisible(target: Locator) {
  const ring = await target.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      matches: element.matches(':focus-visible'),
      outline: style.outlineStyle !== 'none' && style.outlineWidth !== '0px',
      shadow: style.boxShadow !== 'none',
    };
  });
  expect(ring.matches, 'focus-visible applies').toBe(true);
  expect(ring.outline || ring.shadow, 'a focus ring is drawn').toBe(true);
}

test('an interviewee answers with the keyboard alone and hears each change', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, company.admin);
  const job = await createInterview(page, `Keyboard ${Date.now()}`, [
    'Tell us about your last project.',
    'Why this role?',
  ]);
  const visitor = await browser.newContext({
    reducedMotion: 'reduce',
    permissions: ['camera', 'microphone'],
  });
  const me = await visitor.newPage();
  await me.goto(await personalLink(me.request, job.shortcode, person('Kim')));

  const start = me.getByRole('button', { name: 'Start the interview' });
  await expect(start).toBeVisible();
  await tabTo(me, start);
  await me.keyboard.press('Enter');
  await expect(me.getByText('Your camera is working.')).toBeVisible();
  await tabTo(me, me.getByRole('button', { name: 'Continue' }));
  await me.keyboard.press('Enter');
  await tabTo(me, me.getByRole('button', { name: 'Skip practice' }));
  await me.keyboard.press(' ');

  // Each question starts on its text, so a screen reader reads it; the next Tab reaches the
  // button that starts recording.
  const announcer = (text: string) =>
    me.locator('[aria-live="assertive"]').filter({ hasText: text });
  for (const [index, last] of [
    [1, false],
    [2, true],
  ] as const) {
    const question = me.getByTestId('question-text');
    await expect(me.getByText(`Question ${index} of 2`).first()).toBeVisible();
    await expect(question).toBeFocused();
    const record = me.getByRole('button', { name: 'Start recording now' });
    await tabTo(me, record);
    await me.keyboard.press('Enter');
    // The pressed button goes away with its phase: focus moves to the next thing to do.
    const stop = me.getByRole('button', { name: 'Stop recording' });
    await expect(stop).toBeFocused();
    await expectFocusVisible(stop);
    await expect(announcer('Recording has started.')).toHaveCount(1);
    await me.waitForTimeout(1500);
    await me.keyboard.press('Enter');
    const submit = me.getByRole('button', {
      name: last ? 'Submit my last answer' : 'Submit and continue',
    });
    await expect(submit).toBeFocused();
    await expectFocusVisible(submit);
    await expect(
      announcer('Recording stopped. You can watch your answer now.'),
    ).toHaveCount(1);
    if (!last) {
      await me.keyboard.press('Enter');
      // The first answer's upload is announced politely, without every percent.
      await expect(
        me
          .getByRole('region', { name: 'Your answers' })
          .locator('[aria-live="polite"]'),
      ).toHaveText(/^Answer 1: (Uploading|Saved)\.$/);
    }
  }
  await me.keyboard.press('Enter');
  await expect(
    me.getByRole('heading', { name: 'Thank you, Kim!' }),
  ).toBeVisible({ timeout: 30_000 });
  await visitor.close();
});

test('a reviewer rates an answer and comments with the keyboard alone', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAs(page, company.admin);
  const job = await createInterview(page, `Keyboard review ${Date.now()}`);
  await applyAndAnswer(
    page.request,
    job.shortcode,
    person('Lee'),
    makeTake({ size: '320x240', rate: 10, seconds: 2 }),
  );
  const list = await page.request.get(`/api/jobs/${job.id}/applications`, {
    params: { status: 'Responded' },
  });
  const [application] = (await list.json()).results as { id: number }[];
  await page.goto(
    `/interviews/${job.id}/interviewee/${application?.id}/answer`,
  );
  await expect(page.getByRole('heading', { name: 'Lee Axe' })).toBeVisible();

  // The slider: End picks the top level, ArrowLeft one down, Enter saves, and the save is
  // announced.
  const slider = page.getByRole('slider');
  await tabTo(page, slider);
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  await expect(slider).toHaveAttribute('aria-valuetext', '4 / 5');
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('status').filter({ hasText: 'Rating saved' }),
  ).toHaveCount(1);

  // The comment: typed in the box the next Tabs reach, posted with Enter on its button.
  const box = page.getByPlaceholder('Share a thought with the team');
  await tabTo(page, box);
  await page.keyboard.type('Clear and calm.');
  const post = page.getByRole('button', { name: 'Post comment' });
  await tabTo(page, post);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Comment posted successfully')).toBeVisible();
  await expect(page.getByText('Clear and calm.')).toBeVisible();
});
