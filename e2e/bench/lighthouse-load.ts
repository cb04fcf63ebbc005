/**
 * The browser half of the Lighthouse bench (apps/server/scripts/bench/lighthouse.ts calls it),
 * in the test Chromium (e2e/support/browser.ts) with the fake camera. Two modes:
 *   - capture: renders each page once and returns its HTML without scripts (the static twins,
 *     "the floor"), and the same for the first question's screen, reached through the flow;
 *   - measure: Lighthouse 12's default (mobile) configuration, performance only, on each page
 *     and its twin `runs` times, alternating; then the first question's recorder, timed in
 *     Playwright under Lighthouse's slow-4G and 4× CPU figures applied by DevTools (Lighthouse
 *     cannot click through the welcome), beside its twin's largest contentful paint.
 * Prints one JSON report on stdout.
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import lighthouse from 'lighthouse';
import { createServer } from 'node:net';
import {
  CHROMIUM_ARGS,
  FAKE_MEDIA_ARGS,
  testBrowser,
} from '../support/browser';
import type {
  CaptureReport,
  LighthouseInput,
  LighthousePage,
  LighthouseRun,
  MeasureReport,
} from './lighthouse-types';

const input = JSON.parse(process.argv[2] ?? '{}') as LighthouseInput;

/** Lighthouse's mobileSlow4G as DevTools applies it (its `devtools` throttling figures). */
const SLOW_4G = {
  latency: 562.5,
  downloadThroughput: (1474.56 * 1024) / 8,
  uploadThroughput: (675 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;
/** Lighthouse's mobile screen (a Moto G Power). */
const PHONE = { width: 412, height: 823 };

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

async function launch(port?: number): Promise<Browser> {
  const found = testBrowser();
  return chromium.launch({
    executablePath: found.executablePath,
    env: found.env,
    args: [
      ...CHROMIUM_ARGS,
      ...FAKE_MEDIA_ARGS,
      ...(port ? [`--remote-debugging-port=${port}`] : []),
    ],
  });
}

/** The rendered document without scripts or preloads, with same-origin URLs made relative. */
async function renderedHtml(page: Page): Promise<string> {
  return page.evaluate(() => {
    const copy = document.documentElement.cloneNode(true) as HTMLElement;
    for (const element of copy.querySelectorAll(
      'script, link[rel="modulepreload"]',
    ))
      element.remove();
    return `<!doctype html>\n${copy.outerHTML}`.replaceAll(
      `${location.origin}/`,
      '/',
    );
  });
}

/** Network quiet and no skeleton left: the page shows what a user came for. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('[aria-busy]'), {
    timeout: 60_000,
  });
}

/** From the welcome to the first question, the press of 'Skip practice' timed in the page. */
async function openFirstQuestion(page: Page, shortcode: string) {
  await page.goto(`${input.base}/i/${shortcode}`);
  await page
    .getByRole('button', { name: 'Start the interview' })
    .click({ timeout: 120_000 });
  await page
    .getByRole('button', { name: 'Continue' })
    .click({ timeout: 120_000 });
  const skip = page.getByRole('button', { name: 'Skip practice' });
  await skip.waitFor({ timeout: 120_000 });
  await page.evaluate(() => {
    document.addEventListener(
      'click',
      () =>
        ((window as unknown as { __pressed: number }).__pressed =
          performance.now()),
      { capture: true, once: true },
    );
  });
  await skip.click();
  // Ready: the preview plays and Start can be pressed.
  const handle = await page.waitForFunction(
    () => {
      const video = document.querySelector('video');
      const start = [...document.querySelectorAll('button')].find(
        (button) => button.textContent?.trim() === 'Start recording now',
      );
      if (!video || video.paused || video.readyState < 2) return false;
      if (!start || start.disabled) return false;
      return (
        performance.now() -
        (window as unknown as { __pressed: number }).__pressed
      );
    },
    null,
    { timeout: 120_000, polling: 'raf' },
  );
  return (await handle.jsonValue()) as number;
}

async function throttle(page: Page): Promise<void> {
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('Network.enable');
  await devtools.send('Network.emulateNetworkConditions', {
    offline: false,
    ...SLOW_4G,
  });
  await devtools.send('Emulation.setCPUThrottlingRate', {
    rate: CPU_SLOWDOWN,
  });
}

async function capture(
  browser: Browser,
  pages: LighthousePage[],
  recorderShortcode: string,
): Promise<CaptureReport> {
  const html: Record<string, string> = {};
  for (const entry of pages) {
    const context = await browser.newContext({
      viewport: PHONE,
      locale: 'en-GB',
    });
    if (entry.sessionToken)
      await context.addCookies([
        { name: 'sessionid', value: entry.sessionToken, url: input.base },
      ]);
    const page = await context.newPage();
    await page.goto(`${input.base}${entry.path}`);
    await settled(page);
    html[entry.name] = await renderedHtml(page);
    await context.close();
  }
  const context = await browser.newContext({
    viewport: PHONE,
    locale: 'en-GB',
  });
  const page = await context.newPage();
  await openFirstQuestion(page, recorderShortcode);
  const recorderHtml = await renderedHtml(page);
  await context.close();
  return { html, recorderHtml };
}

async function runLighthouse(
  port: number,
  url: string,
  sessionToken?: string,
): Promise<LighthouseRun> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    ...(sessionToken
      ? { extraHeaders: { Cookie: `sessionid=${sessionToken}` } }
      : {}),
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}.`);
  const { lhr } = result;
  if (lhr.runtimeError)
    throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const value = (audit: string) => lhr.audits[audit]?.numericValue ?? NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? NaN) * 100),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    bytes: value('total-byte-weight'),
  };
}

/** A cold load of the question screen's static twin, throttled: its largest contentful paint. */
async function floorLcp(browser: Browser, path: string): Promise<number> {
  const context = await browser.newContext({
    viewport: PHONE,
    locale: 'en-GB',
  });
  try {
    await context.addInitScript({
      content: `new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });`,
    });
    const page = await context.newPage();
    await throttle(page);
    await page.goto(`${input.base}${path}`, { waitUntil: 'load' });
    await page.waitForTimeout(1000);
    return await page.evaluate(
      () => (window as unknown as { __lcp?: number }).__lcp ?? NaN,
    );
  } finally {
    await context.close();
  }
}

async function measure(
  input: Extract<LighthouseInput, { mode: 'measure' }>,
): Promise<MeasureReport> {
  const port = await freePort();
  const browser = await launch(port);
  const report: MeasureReport = {
    lighthouse: {},
    recorder: { readyMs: [], floorLcpMs: [] },
  };
  try {
    for (const entry of input.pages) {
      const runs = { app: [] as LighthouseRun[], floor: [] as LighthouseRun[] };
      report.lighthouse[entry.name] = runs;
      for (let run = 0; run < input.runs; run++) {
        runs.app.push(
          await runLighthouse(
            port,
            `${input.base}${entry.path}`,
            entry.sessionToken,
          ),
        );
        if (entry.floorPath)
          runs.floor.push(
            await runLighthouse(port, `${input.base}${entry.floorPath}`),
          );
      }
    }
    for (const shortcode of input.recorderShortcodes) {
      const context = await browser.newContext({
        viewport: PHONE,
        locale: 'en-GB',
      });
      const page = await context.newPage();
      await throttle(page);
      report.recorder.readyMs.push(await openFirstQuestion(page, shortcode));
      await context.close();
      report.recorder.floorLcpMs.push(
        await floorLcp(browser, input.recorderFloorPath),
      );
    }
  } finally {
    await browser.close();
  }
  return report;
}

async function main(): Promise<void> {
  if (input.mode === 'capture') {
    const browser = await launch();
    try {
      const report = await capture(
        browser,
        input.pages,
        input.recorderShortcode,
      );
      process.stdout.write(JSON.stringify(report));
    } finally {
      await browser.close();
    }
    return;
  }
  process.stdout.write(JSON.stringify(await measure(input)));
}

await main();
