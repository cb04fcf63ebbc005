import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type Page,
} from '@playwright/test';
import { csrfHeadersOf } from '../support/auth';
import { signUpCompany, testPerson } from '../support/company';
import { personalLink } from '../support/interviews';
import { startOwnServer, type OwnServer } from '../support/own-server';
import { E2E_PORT } from '../support/ports';
import { SHOTS } from '../support/screenshots';

// Issue 49, decision 175: a server of this spec's own whose speech engine waits 20 s before
// every render, as one busy with other work would. The shared server's renders stay fast.
const PORT = E2E_PORT + 7;
const RENDER_DELAY_MS = 20_000;
const THINKING_TIME = 15;

let server: OwnServer;
test.beforeAll(async () => {
  // Its migrations run while the shared server and the other specs keep both cores busy.
  test.setTimeout(180_000);
  server = await startOwnServer({
    name: 'slow-speech',
    port: PORT,
    env: { SPEECH_TEST_DELAY_MS: String(RENDER_DELAY_MS) },
  });
});
test.afterAll(async () => {
  await server?.stop();
});

const QUESTIONS = [
  'Tell us about a customer you won back.',
  'What would you change in your last team?',
  'How do you keep calm on a busy day?',
] as const;

/**
 * What the page did when, on its own clock: each question shown (and whether its media was
 * already in the page's memory), each question's media starting to play, each recording
 * starting, with the question on screen at that moment.
 */
const RECORD_THE_CLOCK = `(() => {
  const log = { shown: [], played: [], recorded: [] };
  window.__questionClock = log;
  const current = () =>
    document.querySelector('[data-testid="question-text"]')?.textContent ?? null;
  let last = null;
  new MutationObserver(() => {
    const text = current();
    if (!text || text === last) return;
    last = text;
    const media = document.querySelector('[data-testid="question-media"]');
    log.shown.push({
      text,
      at: performance.now(),
      inMemory: !!media && media.getAttribute('src')?.startsWith('blob:'),
    });
  }).observe(document, { subtree: true, childList: true, characterData: true });
  document.addEventListener('playing', (event) => {
    if (event.target?.dataset?.testid === 'question-media')
      log.played.push({ text: current(), at: performance.now() });
  }, true);
  const start = MediaRecorder.prototype.start;
  MediaRecorder.prototype.start = function (...args) {
    log.recorded.push({ text: current(), at: performance.now() });
    return start.apply(this, args);
  };
})()`;

type Moment = { text: string; at: number; inMemory?: boolean };
type ClockLog = { shown: Moment[]; played: Moment[]; recorded: Moment[] };

/** When `text` was shown, played or recorded. */
function momentOf(list: Moment[], text: string): Moment {
  const moment = list.find((item) => item.text === text);
  if (!moment) throw new Error(`Nothing logged for "${text}"`);
  return moment;
}

const clockOf = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __questionClock: ClockLog }).__questionClock,
  );

/** A published interview of three spoken questions with 15 s of thinking time each. */
async function publishSpokenInterview(request: APIRequestContext) {
  const headers = await csrfHeadersOf(request);
  const user = await (await request.get('/api/user')).json();
  const created = await request.post('/api/jobs', {
    headers,
    data: {
      title: `Spoken ${Date.now()}`,
      description: 'Three spoken questions.',
      company: user.current_company.shortname,
      language: 'en-gb',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const job = await created.json();
  for (const text of QUESTIONS) {
    const added = await request.post(`/api/jobs/${job.id}/questions`, {
      headers,
      data: { text, thinking_time: THINKING_TIME, time_limit: 30 },
    });
    expect(added.status(), await added.text()).toBe(201);
    expect((await added.json()).speech_status).toBe('rendering');
  }
  const published = await request.post(`/api/jobs/${job.id}/publish`, {
    headers,
  });
  expect(published.status(), await published.text()).toBe(200);
  return { id: job.id as number, shortcode: job.shortcode as string };
}

/** A candidate's page at the first question, past the welcome, the device check and the practice. */
async function openInterview(
  browser: Browser,
  shortcode: string,
  first: string,
) {
  const context = await browser.newContext({
    baseURL: server.url,
    permissions: ['camera', 'microphone'],
  });
  const link = await personalLink(
    context.request,
    shortcode,
    testPerson(first, 'Candidate'),
  );
  const page = await context.newPage();
  await page.addInitScript(RECORD_THE_CLOCK);
  await page.goto(link);
  await page.getByRole('button', { name: 'Start the interview' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Skip practice' }).click();
  return { context, page };
}

/** Answers the question on screen once its thinking time runs: a short take, submitted. */
async function answer(page: Page, index: number) {
  await expect(page.getByTestId('question-text')).toHaveText(
    QUESTIONS[index] ?? '',
  );
  await expect(page.getByTestId('thinking-countdown')).toBeVisible({
    timeout: 90_000,
  });
  await page.getByRole('button', { name: 'Start recording now' }).click();
  // A take of a second or so, as the other specs record.
  await expect(page.getByTestId('recording-countdown')).toBeVisible();
  await page.waitForTimeout(1500);
  await page.getByRole('button', { name: 'Stop recording' }).click();
  // As a candidate would, send it once the take plays back and says it is saved.
  await expect(page.getByTestId('take-playback')).toBeVisible();
  await expect(page.getByTestId('take-status')).toContainText('Saved', {
    timeout: 30_000,
  });
  await page
    .getByRole('button', {
      name:
        index === QUESTIONS.length - 1
          ? 'Submit my last answer'
          : 'Submit and continue',
    })
    .click();
}

test('a spoken question is heard before its clock starts, and renders ahead of its candidates', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const author = await browser.newContext({ baseURL: server.url });
  await signUpCompany(author.request, 'Slowspeech');
  const job = await publishSpokenInterview(author.request);

  // The first candidate arrives while the renders are still running, one after another.
  const early = await openInterview(browser, job.shortcode, 'Early');
  await expect(early.page.getByTestId('question-text')).toHaveText(
    QUESTIONS[0],
  );
  await expect(early.page.getByTestId('question-waiting')).toHaveText(
    'Loading the question…',
  );
  await expect(early.page.getByTestId('thinking-countdown')).toHaveCount(0);
  await answer(early.page, 0);
  await expect(early.page.getByTestId('question-text')).toHaveText(
    QUESTIONS[1],
  );
  await expect(early.page.getByTestId('question-waiting')).toBeVisible();
  for (const [name, viewport] of [
    ['390x844', { width: 390, height: 844 }],
    ['1440x900', { width: 1440, height: 900 }],
  ] as const) {
    await early.page.setViewportSize(viewport);
    await early.page.screenshot({
      path: `${SHOTS}/interviewee-question-loading-${name}.png`,
      fullPage: true,
    });
  }
  await answer(early.page, 1);
  await answer(early.page, 2);
  await expect(
    early.page.getByRole('heading', { name: 'Thank you, Early!' }),
  ).toBeVisible({ timeout: 30_000 });

  const waited = await clockOf(early.page);
  // No recording started before its question was heard.
  for (const text of QUESTIONS)
    expect(momentOf(waited.recorded, text).at, text).toBeGreaterThan(
      momentOf(waited.played, text).at,
    );
  // At least one question waited for its render longer than its whole thinking time: the
  // old clock would have started recording before it was heard.
  const longestWait = Math.max(
    ...QUESTIONS.map(
      (text) =>
        momentOf(waited.played, text).at - momentOf(waited.shown, text).at,
    ),
  );
  expect(longestWait).toBeGreaterThan(THINKING_TIME * 1000);
  await early.context.close();

  // Every render done, the next candidate finds each question's audio in the page already.
  await expect
    .poll(
      async () =>
        (
          await (
            await author.request.get(`/api/jobs/${job.id}/questions`)
          ).json()
        ).results
          .map((item: { speech_status: string }) => item.speech_status)
          .join(),
      { timeout: 120_000 },
    )
    .toBe('ready,ready,ready');
  const later = await openInterview(browser, job.shortcode, 'Later');
  // The player that loaded the audio ahead is the one the question shows.
  await expect(later.page.getByTestId('question-text')).toHaveText(
    QUESTIONS[0],
  );
  await expect(later.page.getByTestId('question-media')).toBeVisible();
  for (const [name, viewport] of [
    ['390x844', { width: 390, height: 844 }],
    ['1440x900', { width: 1440, height: 900 }],
  ] as const) {
    await later.page.setViewportSize(viewport);
    await later.page.screenshot({
      path: `${SHOTS}/interviewee-question-playing-${name}.png`,
      fullPage: true,
    });
  }
  for (const index of QUESTIONS.keys()) await answer(later.page, index);
  await expect(
    later.page.getByRole('heading', { name: 'Thank you, Later!' }),
  ).toBeVisible({ timeout: 30_000 });
  const ready = await clockOf(later.page);
  const questionsShown = ready.shown.filter((moment) =>
    (QUESTIONS as readonly string[]).includes(moment.text),
  );
  expect(
    questionsShown.map((moment) => [moment.text, moment.inMemory]),
  ).toEqual(QUESTIONS.map((text) => [text, true]));
  for (const text of QUESTIONS)
    expect(momentOf(ready.recorded, text).at, text).toBeGreaterThan(
      momentOf(ready.played, text).at,
    );
  await later.context.close();
  await author.close();
});
