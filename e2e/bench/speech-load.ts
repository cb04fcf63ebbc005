/**
 * The browser half of the speech bench (apps/server/scripts/bench/speech.ts calls it): several
 * candidates open the same spoken interview at once, each in a page of its own, and answer
 * every question with a take of a second and a half. For each question shown it logs, on the page's clock,
 * when the question showed and when its spoken audio started playing; the candidate presses
 * Start once it plays (or after `waitForAudioMs`, where it never does), and logs whether the
 * recording started before the question was heard. Prints one JSON report.
 * It relies only on what pages before decision 175 had too (the question's text and an audio
 * element), so the same driver measures both.
 *
 *   node --import tsx e2e/bench/speech-load.ts '{"base":…,"shortcodes":[…],"questionCount":3}'
 */
import { chromium, type Page } from '@playwright/test';
import {
  CHROMIUM_ARGS,
  FAKE_MEDIA_ARGS,
  testBrowser,
} from '../support/browser';
import type { SpeechInput, SpeechReport } from './speech-types';

const input = JSON.parse(process.argv[2] ?? '{}') as SpeechInput;

// A question's audio plays by itself, as after the candidate's clicks: only its loading is timed.
const FLAGS = [
  ...CHROMIUM_ARGS,
  ...FAKE_MEDIA_ARGS,
  '--autoplay-policy=no-user-gesture-required',
];

/** Logs each question's first showing and its audio's first 'playing'. A string: nothing the loader adds reaches the page. */
const INSTRUMENT = `(() => {
  const log = { shown: {}, played: {}, recorded: {} };
  window.__speech = log;
  const current = () =>
    document.querySelector('[data-testid="question-text"]')?.textContent ?? null;
  new MutationObserver(() => {
    const text = current();
    if (text && !(text in log.shown)) log.shown[text] = performance.now();
  }).observe(document, { subtree: true, childList: true, characterData: true });
  document.addEventListener('playing', (event) => {
    const text = current();
    if (event.target instanceof HTMLAudioElement && text && !(text in log.played))
      log.played[text] = performance.now();
  }, true);
  const start = MediaRecorder.prototype.start;
  MediaRecorder.prototype.start = function (...args) {
    const text = current();
    if (text && !(text in log.recorded)) log.recorded[text] = performance.now();
    return start.apply(this, args);
  };
})()`;

type Log = {
  shown: Record<string, number>;
  played: Record<string, number>;
  recorded: Record<string, number>;
};

async function answerAll(page: Page, shortcode: string): Promise<Log> {
  // Four pages recording on two cores: a click can take long; only the audio's wait is timed.
  page.setDefaultTimeout(120_000);
  await page.addInitScript(INSTRUMENT);
  await page.goto(`${input.base}/i/${shortcode}`);
  await page.getByRole('button', { name: 'Start the interview' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Skip practice' }).click();
  for (let position = 1; position <= input.questionCount; position += 1) {
    await page
      .getByText(`Question ${position} of ${input.questionCount}`)
      .first()
      .waitFor();
    const text = (await page.getByTestId('question-text').textContent()) ?? '';
    await page
      .waitForFunction(
        (shown) =>
          shown in (window as unknown as { __speech: Log }).__speech.played,
        text,
        { timeout: input.waitForAudioMs },
      )
      .catch(() => undefined);
    // Before decision 175 the thinking time could run out, and the recording start (and even
    // reach its time limit) by itself, while the candidate still waited for the question.
    const start = page.getByRole('button', { name: 'Start recording now' });
    const stop = page.getByRole('button', { name: 'Stop recording' });
    const submit = page.getByRole('button', {
      name:
        position === input.questionCount
          ? 'Submit my last answer'
          : 'Submit and continue',
    });
    await start.or(stop).or(submit).first().waitFor();
    if (await start.isVisible())
      await start.click({ timeout: 2000 }).catch(() => undefined);
    if (!(await submit.isVisible())) {
      await page.getByTestId('recording-countdown').waitFor();
      await page.waitForTimeout(1500);
      await stop.click({ timeout: 2000 }).catch(() => undefined);
    }
    await submit.click();
  }
  await page
    .getByRole('heading', { name: /^Thank you/ })
    .waitFor({ timeout: 60_000 })
    .catch(async (error: unknown) => {
      // What the candidate was left looking at, for the bench's log.
      const shown = await page
        .locator('main')
        .innerText()
        .catch(() => '');
      throw new Error(`${shortcode} never finished; the page said: ${shown}`, {
        cause: error,
      });
    });
  return page.evaluate(() => (window as unknown as { __speech: Log }).__speech);
}

const browserBinary = testBrowser();
const browser = await chromium.launch({
  executablePath: browserBinary.executablePath,
  ...(browserBinary.env ? { env: browserBinary.env } : {}),
  args: FLAGS,
});
try {
  const logs = await Promise.all(
    input.shortcodes.map(async (shortcode) => {
      const context = await browser.newContext({
        permissions: ['camera', 'microphone'],
        viewport: { width: 390, height: 844 },
      });
      try {
        return await answerAll(await context.newPage(), shortcode);
      } finally {
        await context.close();
      }
    }),
  );
  const report: SpeechReport = {
    candidates: logs.map((log) =>
      Object.entries(log.shown).map(([text, shownAt]) => ({
        text,
        showToPlayMs:
          text in log.played ? (log.played[text] ?? 0) - shownAt : null,
        recordedBeforeHeard:
          (log.recorded[text] ?? Infinity) < (log.played[text] ?? Infinity),
      })),
    ),
  };
  process.stdout.write(JSON.stringify(report));
} finally {
  await browser.close();
}
