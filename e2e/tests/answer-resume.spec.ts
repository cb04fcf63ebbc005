import { mkdirSync } from 'node:fs';
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { createCompany, signInAs, type TestCompany } from '../support/company';
import { createInterview, personalLink } from '../support/interviews';
import { probeServedVideo } from '../support/served-video';
import { SHOTS } from '../support/screenshots';
import {
  LOG_TUS_REQUESTS,
  readTusLog,
  storedRecordingSizes,
  summariseUploads,
  type UploadSummary,
} from '../support/takes';

// The interviews this spec makes are a company's of its own (support/company.ts).
let company: TestCompany;
test.beforeAll(async ({ browser }) => {
  company = await createCompany(browser, 'Copperfield');
});

/**
 * Answers that are never lost (issue 28, decisions 136 and 164): each take is written to
 * IndexedDB slice by slice while it is recorded and sent with tus as it comes, complete on the
 * server at Stop and its answer at Submit; a reload, a dropped connection or a closed page
 * loses nothing, and nothing that arrived is sent again.
 */

const QUESTIONS = [
  'Tell us about a project you are proud of.',
  'Why do you want this job?',
] as const;
const ROBIN = { first_name: 'Robin', last_name: 'Lee' };

async function candidateContext(
  browser: Browser,
  viewport = { width: 1440, height: 900 },
): Promise<BrowserContext> {
  const phone = viewport.width < 600;
  const context = await browser.newContext({
    permissions: ['camera', 'microphone'],
    viewport,
    ...(phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
  });
  await context.addInitScript(LOG_TUS_REQUESTS);
  return context;
}

/**
 * Chromium's own throttling of the page's uplink: 16 kbit/s, far under what the fake camera
 * records even of its still pattern, so an answer is still on its way when the test moves on.
 * The same session takes the page offline and back (at full speed): going through Playwright's
 * setOffline would first need this session gone, and in that moment a lagging upload finishes.
 */
async function slowUplink(me: Page) {
  const cdp = await me.context().newCDPSession(me);
  await cdp.send('Network.enable');
  const conditions = (offline: boolean, uploadThroughput: number) =>
    cdp.send('Network.emulateNetworkConditions', {
      offline,
      latency: offline ? 0 : 40,
      downloadThroughput: -1,
      uploadThroughput,
    });
  await conditions(false, 16_000 / 8);
  return {
    offline: () => conditions(true, 16_000 / 8),
    online: async () => {
      await conditions(false, -1);
      await cdp.detach();
    },
  };
}

/** From the welcome screen to the first question (practice skipped). */
async function startAnswering(me: Page, resuming = false) {
  await me
    .getByRole('button', {
      name: resuming ? 'Continue the interview' : 'Start the interview',
    })
    .click();
  await expect(me.getByText('Your camera is working.')).toBeVisible();
  await me.getByRole('button', { name: 'Continue' }).click();
  if (!resuming)
    await me.getByRole('button', { name: 'Skip practice' }).click();
  await expect(me.getByTestId('question-text')).toBeVisible();
}

/** How long a take may have run by the test's clock, in seconds: the page's own start and stop
 * fall between the test's actions, and under load those take a while. */
type Took = { min: number; max: number };

/** Presses Start; the times just before the press and once the page shows it recording. */
async function startRecording(me: Page) {
  const pressed = Date.now();
  await me.getByRole('button', { name: 'Start recording now' }).click();
  await expect(me.getByTestId('recording-countdown')).toBeVisible();
  return { pressed, recording: Date.now() };
}

/** Records for about `seconds` (doing `beforeStop` last) and stops. */
async function record(
  me: Page,
  seconds: number,
  beforeStop?: () => Promise<void>,
): Promise<Took> {
  const started = await startRecording(me);
  await me.waitForTimeout(seconds * 1000);
  await beforeStop?.();
  const stopping = Date.now();
  await me.getByRole('button', { name: 'Stop recording' }).click();
  const stopped = Date.now();
  await expect(me.getByTestId('take-playback')).toBeVisible();
  return {
    min: (stopping - started.recording) / 1000,
    max: (stopped - started.pressed) / 1000,
  };
}

/** The served answer's duration may differ from the take's by the encoder's start and end. */
const near = (took: Took) => ({ min: took.min - 1.2, max: took.max + 1.2 });

/** Full-page screenshots at desktop and phone size (`<path>-1440x900.png`…), back at desktop. */
async function shotBothSizes(me: Page, path: string) {
  for (const [name, viewport] of [
    ['1440x900', { width: 1440, height: 900 }],
    ['390x844', { width: 390, height: 844 }],
  ] as const) {
    await me.setViewportSize(viewport);
    await me.screenshot({ path: `${path}-${name}.png`, fullPage: true });
  }
  await me.setViewportSize({ width: 1440, height: 900 });
}

const answerRow = (me: Page, position: number) =>
  me
    .getByRole('region', { name: 'Your answers' })
    .getByRole('listitem')
    .filter({ hasText: `Answer ${position}` });

/** The application's answers once all are processed: real MP4s near the durations recorded. */
async function expectPlayableAnswers(
  request: APIRequestContext,
  jobId: number,
  email: string,
  durations: Record<string, { min: number; max: number }>,
) {
  const list = await request.get(
    `/api/jobs/${jobId}/applications?status=Responded&q=${encodeURIComponent(email)}`,
  );
  const [application] = (await list.json()).results;
  expect(application, 'the application').toBeTruthy();
  let answers: {
    status: string;
    question_text: string;
    video: { url: string; duration: number | null } | null;
  }[] = [];
  await expect
    .poll(
      async () => {
        const reply = await request.get(
          `/api/jobs/${jobId}/answers?application=${application.id}`,
        );
        answers = (await reply.json()).results;
        return answers.filter((answer) => answer.status === 'ready').length;
      },
      { timeout: 90_000, intervals: [1000] },
    )
    .toBe(Object.keys(durations).length);
  for (const answer of answers) {
    const probe = await probeServedVideo(request, answer.video?.url ?? '');
    expect(probe.videoCodec).toBe('h264');
    const expected = durations[answer.question_text];
    expect(expected, answer.question_text).toBeDefined();
    expect(probe.duration).toBeGreaterThanOrEqual(expected?.min ?? 0);
    expect(probe.duration).toBeLessThanOrEqual(expected?.max ?? 0);
  }
}

/** Every finished upload sent each byte once, and its file is in the server's storage whole. */
async function expectEachByteOnce(
  me: Page,
  uploads: number,
): Promise<UploadSummary[]> {
  const summaries = summariseUploads(await readTusLog(me));
  expect(summaries).toHaveLength(uploads);
  const stored = storedRecordingSizes();
  for (const summary of summaries)
    expect(stored, `a stored recording of ${summary.length} bytes`).toContain(
      summary.length,
    );
  return summaries;
}

test('a reload while recording keeps the take: it opens for review and is sent from where it stopped', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signInAs(page, company.admin);
  const job = await createInterview(page, `Reload ${Date.now()}`, QUESTIONS);
  const email = `reload.${Date.now()}@example.com`;
  const link = await personalLink(page.request, job.shortcode, {
    ...ROBIN,
    email,
  });
  const context = await candidateContext(browser);
  const me = await context.newPage();
  await me.goto(link);
  await startAnswering(me);

  const started = await startRecording(me);
  await me.waitForTimeout(4000);
  // The recording is streamed as it is made: bytes reached the server before the reload.
  await expect
    .poll(async () =>
      (await readTusLog(me)).some(
        (request) => request.method === 'PATCH' && request.status === 204,
      ),
    )
    .toBe(true);
  const reloading = Date.now();
  await me.reload();
  const recorded = {
    min: (reloading - started.recording) / 1000,
    max: (Date.now() - started.pressed) / 1000,
  };

  // The take is on the device: the interviewee watches it and sends it, without recording it again.
  await expect(me.getByText(/Welcome back, Robin/)).toBeVisible();
  await startAnswering(me, true);
  await expect(me.getByTestId('question-text')).toHaveText(QUESTIONS[0]);
  await expect(me.getByTestId('take-playback')).toBeVisible();
  // The interrupted take ends where it stopped: its last bytes and length go at once.
  await expect(me.getByTestId('take-status')).toHaveText(
    /^(Saved on this device|Uploading \d+%|Saved)$/,
  );
  await me.getByRole('button', { name: 'Submit and continue' }).click();

  await expect(me.getByTestId('question-text')).toHaveText(QUESTIONS[1]);
  await expect(answerRow(me, 1)).toHaveAttribute('data-state', 'saved', {
    timeout: 20_000,
  });
  const second = await record(me, 2);
  await me.getByRole('button', { name: 'Submit my last answer' }).click();
  await expect(
    me.getByRole('heading', { name: 'Thank you, Robin!' }),
  ).toBeVisible({
    timeout: 30_000,
  });

  await expectEachByteOnce(me, 2);
  // The reload loses what the recorder had not handed over yet: the last timeslice (1 s) and
  // the encoder's delay.
  await expectPlayableAnswers(page.request, job.id, email, {
    [QUESTIONS[0]]: {
      min: Math.max(1, recorded.min - 3),
      max: recorded.max + 1.2,
    },
    [QUESTIONS[1]]: near(second),
  });
  await context.close();
});

test('offline in the middle of an upload: the answers wait on the device and finish when back online', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signInAs(page, company.admin);
  const job = await createInterview(page, `Offline ${Date.now()}`, QUESTIONS);
  const email = `offline.${Date.now()}@example.com`;
  const link = await personalLink(page.request, job.shortcode, {
    ...ROBIN,
    email,
  });
  const context = await candidateContext(browser);
  const me = await context.newPage();
  await me.goto(link);
  await startAnswering(me);

  // The upload lags the recording.
  const uplink = await slowUplink(me);
  const first = await record(me, 5);
  await me.getByRole('button', { name: 'Submit and continue' }).click();
  await expect(me.getByTestId('question-text')).toHaveText(QUESTIONS[1]);
  await expect(answerRow(me, 1)).toContainText(/Uploading \d+%/);

  await uplink.offline();
  await expect(
    me.getByRole('status').filter({ hasText: 'You are offline.' }),
  ).toHaveText(
    'You are offline. Your answers are kept on this device and sent when the connection is back.',
  );
  await expect(answerRow(me, 1)).toContainText('Saved on this device', {
    timeout: 20_000,
  });
  // Recording goes on offline; the last answer waits on the device too.
  const second = await record(me, 3);
  await me.getByRole('button', { name: 'Submit my last answer' }).click();
  await expect(
    me.getByRole('heading', { name: 'Waiting for a connection' }),
  ).toBeVisible();
  await expect(answerRow(me, 2)).toContainText('Saved on this device');
  // Never finished while an answer is only on the device.
  await me.waitForTimeout(1500);
  await expect(
    me.getByRole('heading', { name: 'Thank you, Robin!' }),
  ).toHaveCount(0);

  await uplink.online();
  await expect(
    me.getByRole('heading', { name: 'Thank you, Robin!' }),
  ).toBeVisible({
    timeout: 60_000,
  });
  const summaries = await expectEachByteOnce(me, 2);
  const sent = summaries.reduce((sum, upload) => sum + upload.wire, 0);
  const size = summaries.reduce((sum, upload) => sum + upload.length, 0);
  test.info().annotations.push({
    type: 'bytes',
    description: `sent ${sent} for ${size} recorded (${(sent / size).toFixed(3)})`,
  });
  await expectPlayableAnswers(page.request, job.id, email, {
    [QUESTIONS[0]]: near(first),
    [QUESTIONS[1]]: near(second),
  });
  await context.close();
});

test('the page closed after Stop: reopening the link finds the takes on the device and finishes them', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signInAs(page, company.admin);
  const job = await createInterview(page, `Closed ${Date.now()}`, QUESTIONS);
  const email = `closed.${Date.now()}@example.com`;
  const link = await personalLink(page.request, job.shortcode, {
    ...ROBIN,
    email,
  });
  const context = await candidateContext(browser);
  let me = await context.newPage();
  await me.goto(link);
  await startAnswering(me);

  // Question 1: stopped, then the page is closed before the answer is submitted.
  const first = await record(me, 3);
  await me.close();
  me = await context.newPage();
  await me.goto(link);
  await expect(me.getByText(/Welcome back, Robin/)).toBeVisible();
  await startAnswering(me, true);
  await expect(me.getByTestId('question-text')).toHaveText(QUESTIONS[0]);
  await expect(me.getByTestId('take-playback')).toBeVisible();
  await me.getByRole('button', { name: 'Submit and continue' }).click();

  // Question 2: stopped and submitted offline, then the page is closed with the answer only on
  // the device (online, Stop would have sent its last bytes at once).
  await expect(me.getByTestId('question-text')).toHaveText(QUESTIONS[1]);
  const second = await record(me, 2, () => context.setOffline(true));
  await expect(me.getByTestId('take-status')).toHaveText(
    'Saved on this device',
  );
  await me.getByRole('button', { name: 'Submit my last answer' }).click();
  await expect(answerRow(me, 2)).toContainText('Saved on this device');
  await me.close();
  await context.setOffline(false);

  // Opening the link again sends it on its own, from the server's offset.
  me = await context.newPage();
  await me.goto(link);
  await expect(
    me.getByRole('heading', { name: 'Thank you, Robin!' }),
  ).toBeVisible({
    timeout: 30_000,
  });

  await expectEachByteOnce(me, 2);
  await expectPlayableAnswers(page.request, job.id, email, {
    [QUESTIONS[0]]: near(first),
    [QUESTIONS[1]]: near(second),
  });
  await context.close();
});

test('Stop saves the take before Submit; after a reload the draft is back and Submit completes it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const folder = process.env.SHOTS_DIR ?? SHOTS;
  mkdirSync(folder, { recursive: true });
  await signInAs(page, company.admin);
  const job = await createInterview(page, `Saved ${Date.now()}`, QUESTIONS);
  const email = `saved.${Date.now()}@example.com`;
  const link = await personalLink(page.request, job.shortcode, {
    ...ROBIN,
    email,
  });
  const responded = async () =>
    (
      await (
        await page.request.get(
          `/api/jobs/${job.id}/applications?status=Responded&q=${encodeURIComponent(email)}`,
        )
      ).json()
    ).results.length;
  const context = await candidateContext(browser);
  const me = await context.newPage();
  await me.goto(link);
  await startAnswering(me);

  // Stop: the last bytes and the length go in one request; the take is saved on the server
  // while the interviewee still reviews it (decision 164).
  const first = await record(me, 3);
  await expect(me.getByTestId('take-status')).toHaveText('Saved', {
    timeout: 5000,
  });
  await expect(me.getByRole('button', { name: /Record again/ })).toBeVisible();
  const [upload] = summariseUploads(await readTusLog(me));
  const patches = (await readTusLog(me)).filter(
    (request) => request.method === 'PATCH',
  );
  expect(patches.at(-1)).toMatchObject({
    length: upload?.length,
    status: 204,
  });
  expect(
    patches.at(-1)?.size,
    'the last bytes go with the length',
  ).toBeGreaterThan(0);
  await shotBothSizes(me, `${folder}/answer-review-saved-after-stop`);
  // Not submitted, so not an answer yet.
  expect(await responded()).toBe(0);

  // A reload before Submit: the draft comes back from the device, saved.
  await me.reload();
  await expect(me.getByText(/Welcome back, Robin/)).toBeVisible();
  await startAnswering(me, true);
  await expect(me.getByTestId('question-text')).toHaveText(QUESTIONS[0]);
  await expect(me.getByTestId('take-playback')).toBeVisible();
  await expect(me.getByTestId('take-status')).toHaveText('Saved');
  await expect(me.getByRole('button', { name: /Record again/ })).toBeVisible();
  await me.getByRole('button', { name: 'Submit and continue' }).click();

  await expect(me.getByTestId('question-text')).toHaveText(QUESTIONS[1]);
  await expect(answerRow(me, 1)).toHaveAttribute('data-state', 'saved');
  const second = await record(me, 2);
  await expect(me.getByTestId('take-status')).toHaveText('Saved', {
    timeout: 5000,
  });
  // Submitted offline: the server has the take, and the screen says the Submit waits for the
  // connection rather than that answers are still being sent.
  await context.setOffline(true);
  await me.getByRole('button', { name: 'Submit my last answer' }).click();
  await expect(
    me.getByRole('heading', { name: 'Waiting for a connection' }),
  ).toBeVisible();
  await expect(answerRow(me, 2)).toHaveAttribute('data-state', 'saved');
  await shotBothSizes(me, `${folder}/answer-submit-waiting-for-connection`);
  await context.setOffline(false);
  await expect(
    me.getByRole('heading', { name: 'Thank you, Robin!' }),
  ).toBeVisible({ timeout: 30_000 });
  expect(await responded()).toBe(1);

  // Submit sent no byte: each went once, before it.
  const summaries = await expectEachByteOnce(me, 2);
  for (const summary of summaries) expect(summary.failedBytes).toBe(0);
  await expectPlayableAnswers(page.request, job.id, email, {
    [QUESTIONS[0]]: near(first),
    [QUESTIONS[1]]: near(second),
  });
  await context.close();
});

test('screens of every answering step, phone (front camera, portrait) and desktop', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const folder = process.env.SHOTS_DIR ?? SHOTS;
  mkdirSync(folder, { recursive: true });
  await signInAs(page, company.admin);
  const job = await createInterview(
    page,
    `Answer screens ${Date.now()}`,
    QUESTIONS,
  );
  for (const [name, viewport] of [
    ['390x844', { width: 390, height: 844 }],
    ['1440x900', { width: 1440, height: 900 }],
  ] as const) {
    const email = `screens.${name}.${Date.now()}@example.com`;
    const link = await personalLink(page.request, job.shortcode, {
      ...ROBIN,
      email,
    });
    const context = await candidateContext(browser, viewport);
    let me = await context.newPage();
    const shot = (step: string) =>
      me.screenshot({
        path: `${folder}/answer-${step}-${name}.png`,
        fullPage: true,
      });
    await me.goto(link);
    await expect(
      me.getByRole('button', { name: 'Start the interview' }),
    ).toBeVisible();
    await shot('01-welcome');
    await me.getByRole('button', { name: 'Start the interview' }).click();
    await expect(me.getByText('Your camera is working.')).toBeVisible();
    await shot('02-device-check');
    await me.getByRole('button', { name: 'Continue' }).click();
    await expect(me.getByText('Practice question').first()).toBeVisible();
    await shot('03-practice');
    await me.getByRole('button', { name: 'Skip practice' }).click();
    await expect(me.getByTestId('question-text')).toBeVisible();
    await shot('04-question');
    // A slow uplink from here on, so the states of the upload can be seen.
    await slowUplink(me);
    await me.getByRole('button', { name: 'Start recording now' }).click();
    await me.waitForTimeout(2500);
    await shot('05-recording');
    await me.getByRole('button', { name: 'Stop recording' }).click();
    await expect(me.getByTestId('take-playback')).toBeVisible();
    // On a quiet machine a short take may already have gone up, even at this speed.
    await expect(me.getByTestId('take-status')).toHaveText(
      /^(Uploading \d+%|Saved on this device|Saved)$/,
    );
    await shot('06-review');

    // Closed and reopened: the take comes back for review, still on its way up.
    await me.close();
    me = await context.newPage();
    const uplink = await slowUplink(me);
    await me.goto(link);
    await expect(me.getByText(/Welcome back/)).toBeVisible();
    await shot('07-welcome-back');
    await startAnswering(me, true);
    await expect(me.getByTestId('take-playback')).toBeVisible();
    await shot('08-review-after-reopening');
    await me.getByRole('button', { name: 'Submit and continue' }).click();
    await expect(me.getByTestId('question-text')).toHaveText(QUESTIONS[1]);
    await me.getByRole('button', { name: 'Start recording now' }).click();
    await me.waitForTimeout(2500);
    await shot('09-recording-while-answer-1-uploads');
    await me.getByRole('button', { name: 'Stop recording' }).click();
    await expect(me.getByTestId('take-playback')).toBeVisible();
    await me.getByRole('button', { name: 'Submit my last answer' }).click();
    await expect(answerRow(me, 2)).toBeVisible();
    await shot('10-sending');
    await uplink.offline();
    await expect(answerRow(me, 2)).toContainText('Saved on this device', {
      timeout: 20_000,
    });
    await shot('11-offline-saved-on-device');
    await uplink.online();
    await expect(
      me.getByRole('heading', { name: 'Thank you, Robin!' }),
    ).toBeVisible({
      timeout: 60_000,
    });
    await shot('12-thank-you');
    await context.close();
  }
});
