import {
  expect,
  test,
  type APIRequestContext,
  type Page,
} from '@playwright/test';
import { createCompany, signInAs, type TestCompany } from '../support/company';
import { createInterview } from '../support/interviews';
import { waitForMail } from '../support/mail';
import { probeServedVideo } from '../support/served-video';
import { SHOTS } from '../support/screenshots';

// The interviews answered here are a company's of its own (support/company.ts).
let company: TestCompany;
test.beforeAll(async ({ browser }) => {
  company = await createCompany(browser, 'Netherby');
});

const QUESTIONS = [
  'Tell us about a project you are proud of.',
  'Why do you want this job?',
  'What do you do outside work?',
] as const;

/** A published interview of this spec's company with three quick questions (no thinking time). */
async function createCompanyInterview(
  page: Page,
  title: string,
  language: 'en-gb' | 'fr-fr' = 'en-gb',
) {
  await signInAs(page, company.admin);
  return createInterview(page, title, QUESTIONS, { language });
}

/**
 * Applying through the public link e-mails the interview link (never returned, decision 120):
 * the page says to check the inbox, and the interviewee opens the link from the e-mail.
 */
async function openEmailedLink(page: Page, email: string, inboxTitle: string) {
  await expect(page.getByRole('heading', { name: inboxTitle })).toBeVisible();
  const mail = await waitForMail((message) => message.to.includes(email));
  const link = /\/i\/\w+/.exec(mail.text)?.[0];
  expect(link, 'the e-mail carries the interview link').toBeTruthy();
  await page.goto(link ?? '');
  await expect(page).toHaveURL(/\/i\/\w+$/);
}

/** Records a take of about `seconds` and returns how long it really ran. */
async function recordTake(page: Page, seconds: number): Promise<number> {
  await page.getByRole('button', { name: 'Start recording now' }).click();
  await expect(page.getByTestId('recording-countdown')).toBeVisible();
  const started = Date.now();
  await page.waitForTimeout(seconds * 1000);
  await page.getByRole('button', { name: 'Stop recording' }).click();
  const elapsed = (Date.now() - started) / 1000;
  await expect(page.getByTestId('take-playback')).toBeVisible();
  return elapsed;
}

async function waitForAnswers(
  request: APIRequestContext,
  jobId: number,
  applicationId: number,
  count: number,
) {
  let answers: {
    status: string;
    video: { url: string; duration: number } | null;
    question_text: string;
  }[] = [];
  await expect
    .poll(
      async () => {
        const reply = await request.get(
          `/api/jobs/${jobId}/answers?application=${applicationId}`,
        );
        answers = (await reply.json()).results;
        return answers.filter((answer) => answer.status === 'ready').length;
      },
      { timeout: 60_000, intervals: [1000] },
    )
    .toBe(count);
  return answers;
}

test('an interviewee answers with the camera, leaves half-way, resumes and finishes', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const email = `sam.e2e.${Date.now()}@example.com`;
  const job = await createCompanyInterview(
    page,
    `Support advisor ${Date.now()}`,
  );

  const candidate = await browser.newContext({
    permissions: ['camera', 'microphone'],
  });
  const me = await candidate.newPage();
  const durations: Record<string, number> = {};

  // The public link: name and e-mail start the interview.
  await me.goto(`/j/${job.shortcode}`);
  await me.getByLabel('First name').fill('Sam');
  await me.getByLabel('Last name').fill('Taylor');
  await me.getByLabel('E-mail address').fill(email);
  await me.getByRole('checkbox').check();
  await me.getByRole('button', { name: 'Continue' }).click();
  await openEmailedLink(me, email, 'Check your inbox');
  const inviteUrl = me.url();

  // Welcome, then the device check with a live preview and the microphone meter.
  await expect(me.getByText('3 questions')).toBeVisible();
  await me.getByRole('button', { name: 'Start the interview' }).click();
  await expect(me.getByText('Your camera is working.')).toBeVisible();
  await expect(me.getByRole('meter', { name: 'Microphone' })).toBeVisible();
  await me.getByRole('button', { name: 'Continue' }).click();

  // The practice question is recorded and played back but never sent.
  await expect(me.getByText('Practice question').first()).toBeVisible();
  await recordTake(me, 1.5);
  await me.getByRole('button', { name: /start the interview/ }).click();

  // Question 1: record, re-record once, submit.
  await expect(me.getByTestId('question-text')).toHaveText(QUESTIONS[0]);
  await expect(me.getByText('Question 1 of 3').first()).toBeVisible();
  await recordTake(me, 1.5);
  await me.getByRole('button', { name: 'Record again (2 left)' }).click();
  durations[QUESTIONS[0]] = await recordTake(me, 3);
  await expect(
    me.getByRole('button', { name: 'Record again (1 left)' }),
  ).toBeVisible();
  await me.getByRole('button', { name: 'Submit and continue' }).click();

  // Question 2 starts while answer 1 uploads.
  await expect(me.getByTestId('question-text')).toHaveText(QUESTIONS[1]);
  durations[QUESTIONS[1]] = await recordTake(me, 3);
  await me.getByRole('button', { name: 'Submit and continue' }).click();
  await expect(me.getByTestId('question-text')).toHaveText(QUESTIONS[2]);
  await expect(
    me
      .getByRole('region', { name: 'Your answers' })
      .getByText('Saved', { exact: true }),
  ).toHaveCount(2, { timeout: 30_000 });

  // Leave half-way and come back with the same link: it resumes at question 3.
  await me.goto('about:blank');
  await me.goto(inviteUrl);
  await expect(me.getByText(/Welcome back, Sam/)).toBeVisible();
  await me.getByRole('button', { name: 'Continue the interview' }).click();
  await expect(me.getByText('Your camera is working.')).toBeVisible();
  await me.getByRole('button', { name: 'Continue' }).click();
  await expect(me.getByTestId('question-text')).toHaveText(QUESTIONS[2]);
  await expect(me.getByText('Question 3 of 3').first()).toBeVisible();
  durations[QUESTIONS[2]] = await recordTake(me, 3);
  await me.getByRole('button', { name: 'Submit my last answer' }).click();
  await expect(
    me.getByRole('heading', { name: 'Thank you, Sam!' }),
  ).toBeVisible({ timeout: 30_000 });
  await candidate.close();

  // The company sees the applicant under Responded…
  const list = await page.request.get(
    `/api/jobs/${job.id}/applications?status=Responded&q=${encodeURIComponent(email)}`,
  );
  const [application] = (await list.json()).results;
  expect(application).toMatchObject({ stage: 'Responded', answer_count: 3 });
  expect(application.responded_at).not.toBeNull();

  // …with three playable answers (the practice take was never stored): real MP4s whose
  // duration is close to what was recorded.
  const answers = await waitForAnswers(page.request, job.id, application.id, 3);
  expect(answers).toHaveLength(3);
  for (const answer of answers) {
    const probe = await probeServedVideo(page.request, answer.video?.url ?? '');
    expect(probe.videoCodec).toBe('h264');
    const recorded = durations[answer.question_text] ?? Number.NaN;
    expect(Math.abs(probe.duration - recorded)).toBeLessThan(1.2);
    expect(Math.abs((answer.video?.duration ?? 0) - recorded)).toBeLessThan(
      1.2,
    );
  }
});

test('a French interview speaks French to the interviewee', async ({
  page,
  browser,
}) => {
  const job = await createCompanyInterview(
    page,
    `Conseiller clientèle ${Date.now()}`,
    'fr-fr',
  );
  const context = await browser.newContext({
    permissions: ['camera', 'microphone'],
  });
  const me = await context.newPage();
  await me.goto(`/j/${job.shortcode}`);
  await expect(
    me.getByRole('heading', { name: "Passer l'entretien" }),
  ).toBeVisible();
  const email = `camille.${Date.now()}@example.com`;
  await me.getByLabel('Prénom').fill('Camille');
  await me.getByRole('textbox', { name: /^Nom/ }).fill('Durand');
  await me.getByLabel('Adresse e-mail').fill(email);
  await me.getByRole('checkbox').check();
  await me.getByRole('button', { name: 'Continuer' }).click();
  await openEmailedLink(me, email, 'Consultez votre boîte de réception');
  await expect(me.getByText('3 questions')).toBeVisible();
  await expect(
    me.getByRole('button', { name: "Commencer l'entretien" }),
  ).toBeVisible();
  await me.setViewportSize({ width: 390, height: 844 });
  await me.screenshot({
    path: `${SHOTS}/interviewee-02-welcome-fr-390x844.png`,
    fullPage: true,
  });
  await context.close();
});

test('an unknown link says the interview cannot be found', async ({ page }) => {
  await page.goto('/sso/not-a-real-code');
  await expect(
    page.getByRole('heading', {
      name: 'There was an error retrieving this interview',
    }),
  ).toBeVisible();
  await page.goto('/i/not-a-real-code');
  await expect(
    page.getByRole('heading', {
      name: 'There was an error retrieving this interview',
    }),
  ).toBeVisible();
});

test('screens of the interviewee at phone and desktop sizes', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const job = await createCompanyInterview(page, `Screens ${Date.now()}`);
  for (const [name, viewport] of [
    ['390x844', { width: 390, height: 844 }],
    ['1440x900', { width: 1440, height: 900 }],
  ] as const) {
    const context = await browser.newContext({
      viewport,
      permissions: ['camera', 'microphone'],
    });
    const me = await context.newPage();
    const shot = (step: string) =>
      me.screenshot({
        path: `${SHOTS}/interviewee-${step}-${name}.png`,
        fullPage: true,
      });
    await me.goto(`/j/${job.shortcode}`);
    await expect(me.getByLabel('First name')).toBeVisible();
    await shot('01-public-link');
    const email = `alex.${name}.${Date.now()}@example.com`;
    await me.getByLabel('First name').fill('Alex');
    await me.getByLabel('Last name').fill('Morgan');
    await me.getByLabel('E-mail address').fill(email);
    await me.getByRole('checkbox').check();
    await me.getByRole('button', { name: 'Continue' }).click();
    await openEmailedLink(me, email, 'Check your inbox');
    await expect(
      me.getByRole('button', { name: 'Start the interview' }),
    ).toBeVisible();
    await shot('02-welcome');
    await me.getByRole('button', { name: 'Start the interview' }).click();
    await expect(me.getByText('Your camera is working.')).toBeVisible();
    await shot('03-device-check');
    await me.getByRole('button', { name: 'Continue' }).click();
    await expect(me.getByText('Practice question').first()).toBeVisible();
    await shot('04-practice');
    await me.getByRole('button', { name: 'Skip practice' }).click();
    await expect(me.getByTestId('question-text')).toBeVisible();
    await shot('05-question');
    await me.getByRole('button', { name: 'Start recording now' }).click();
    await me.waitForTimeout(1500);
    await shot('06-recording');
    await me.getByRole('button', { name: 'Stop recording' }).click();
    await expect(me.getByTestId('take-playback')).toBeVisible();
    await shot('07-review');
    await me.getByRole('button', { name: 'Submit and continue' }).click();
    await expect(me.getByText('Question 2 of 3').first()).toBeVisible();
    await shot('08-next-question-uploading');
    await me
      .getByRole('button', { name: "I don't want to take this interview" })
      .click();
    await me
      .getByLabel('Reason (optional)')
      .fill('I have accepted another offer.');
    await shot('09-decline');
    await me.getByRole('button', { name: 'Decline the interview' }).click();
    await expect(
      me.getByRole('heading', { name: 'You have declined this interview' }),
    ).toBeVisible();
    await shot('10-declined');
    await context.close();
  }
});
