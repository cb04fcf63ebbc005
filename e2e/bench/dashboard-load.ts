/**
 * The browser half of the front-end bench (apps/server/scripts/bench/frontend.ts calls it):
 * cold loads of /interviews in Debian's Chromium, each in a new context (empty cache), signed
 * in by the session cookie, timed with the Performance API; and the same for a static HTML
 * page of the same rendered table with the same CSS, served by a tiny static server. Each is
 * done on loopback and again over an emulated connection (NETWORK below: on loopback neither
 * round trips nor bytes cost anything). Prints one JSON report on stdout.
 *
 *   node --import tsx e2e/bench/dashboard-load.ts '{"base":…,"sessionToken":…,"dist":…,"runs":5,"rows":10}'
 */
import { chromium, type Browser } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { CHROMIUM_ARGS, testBrowser } from '../support/browser';

type Input = {
  base: string;
  sessionToken: string;
  dist: string;
  runs: number;
  rows: number;
};
type Marks = { afterFrame?: number };
type Run = {
  listVisibleMs: number;
  firstContentfulPaintMs: number;
  resources: {
    name: string;
    transferSize: number;
    decodedBodySize: number;
    startTime: number;
    responseEnd: number;
  }[];
  documentTransferSize: number;
};

const input = JSON.parse(process.argv[2] ?? '{}') as Input;
/**
 * The emulated connection (Chromium's own throttling, per request): 60 ms round trip, 10 Mbit/s
 * down, 5 up; a good mobile connection or a shared office line.
 */
const NETWORK = {
  latency: 60,
  downloadThroughput: (10 * 1e6) / 8,
  uploadThroughput: (5 * 1e6) / 8,
};
const TYPES: Record<string, string> = {
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/**
 * Runs in the page before its own scripts: notes when the list's rows are in the DOM, then
 * when the frame after that has run (the rows can be painted). A string, so that nothing the
 * TypeScript loader adds to functions ends up in the page.
 */
const WATCH_FOR_ROWS = `(() => {
  const marks = {};
  window.__benchMarks = marks;
  const observer = new MutationObserver(() => {
    if (marks.inDom !== undefined) return;
    if (document.querySelectorAll('table tbody tr').length < ${Number(input.rows)}) return;
    marks.inDom = performance.now();
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => (marks.afterFrame = performance.now()), 0));
  });
  observer.observe(document, { childList: true, subtree: true });
})();`;

async function coldLoad(
  browser: Browser,
  url: string,
  signedIn: boolean,
  throttled = false,
): Promise<{ run: Run; html: string }> {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: 'en-GB',
  });
  try {
    if (signedIn)
      await context.addCookies([
        { name: 'sessionid', value: input.sessionToken, url: input.base },
      ]);
    await context.addInitScript({ content: WATCH_FOR_ROWS });
    const page = await context.newPage();
    if (throttled) {
      const devtools = await context.newCDPSession(page);
      await devtools.send('Network.enable');
      await devtools.send('Network.emulateNetworkConditions', {
        offline: false,
        ...NETWORK,
      });
    }
    await page.goto(url, { waitUntil: 'commit' });
    await page
      .waitForFunction(
        () =>
          (window as unknown as { __benchMarks: Marks }).__benchMarks
            .afterFrame !== undefined,
        null,
        { timeout: 120_000 },
      )
      .catch(async (error: unknown) => {
        // Say what the page showed instead of the list.
        const shown = await page
          .evaluate(() => document.body.innerText.slice(0, 400))
          .catch(() => '?');
        throw new Error(`${page.url()} showed no list: ${shown}`, {
          cause: error,
        });
      });
    // Idle-time prefetches are part of a cold load: wait until a second passes with no new
    // resource (Playwright's networkidle sometimes never came on the busy machine).
    let seen = -1;
    for (let waited = 0; waited < 15_000; waited += 1000) {
      const count = await page.evaluate(
        () => performance.getEntriesByType('resource').length,
      );
      if (count === seen) break;
      seen = count;
      await page.waitForTimeout(1000);
    }
    return await page.evaluate(() => {
      const marks = (window as unknown as { __benchMarks: Marks }).__benchMarks;
      const fcp =
        performance
          .getEntriesByType('paint')
          .find((entry) => entry.name === 'first-contentful-paint')
          ?.startTime ?? NaN;
      const resources = (
        performance.getEntriesByType('resource') as PerformanceResourceTiming[]
      ).map((entry) => ({
        name: entry.name,
        transferSize: entry.transferSize,
        decodedBodySize: entry.decodedBodySize,
        startTime: entry.startTime,
        responseEnd: entry.responseEnd,
      }));
      const navigation = performance.getEntriesByType('navigation')[0] as
        PerformanceNavigationTiming | undefined;
      // The rendered page without its scripts: the static twin keeps the same markup and CSS.
      const copy = document.documentElement.cloneNode(true) as HTMLElement;
      for (const element of copy.querySelectorAll(
        'script, link[rel="modulepreload"]',
      ))
        element.remove();
      return {
        run: {
          listVisibleMs: Math.max(marks.afterFrame ?? NaN, fcp),
          firstContentfulPaintMs: fcp,
          resources,
          documentTransferSize: navigation?.transferSize ?? 0,
        },
        // Stylesheets a chunk added carry the app's origin: make them relative too.
        html: `<!doctype html>\n${copy.outerHTML}`.replaceAll(
          `${location.origin}/`,
          '/',
        ),
      };
    });
  } finally {
    await context.close();
  }
}

/**
 * Serves the static page and the build's assets as the API server does: the `.br` or `.gz` the
 * build wrote beside a file when the browser accepts it (decision 084), else the file.
 */
async function serveStatic(
  html: string,
): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path === '/interviews') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(html);
      return;
    }
    const file = normalize(join(input.dist, path));
    if (!path.startsWith('/assets/') || !file.startsWith(input.dist)) {
      response.writeHead(404).end();
      return;
    }
    const accepted = request.headers['accept-encoding'] ?? '';
    const encodings = [
      ...(/\bbr\b/.test(accepted) ? [['br', '.br']] : []),
      ...(/\bgzip\b/.test(accepted) ? [['gzip', '.gz']] : []),
    ];
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    const sendFirst = async () => {
      for (const [encoding, suffix] of encodings) {
        const data = await readFile(file + suffix).catch(() => undefined);
        if (data)
          return response
            .writeHead(200, {
              'content-type': type,
              'content-encoding': encoding ?? '',
              vary: 'accept-encoding',
            })
            .end(data);
      }
      const data = await readFile(file);
      response.writeHead(200, { 'content-type': type }).end(data);
    };
    sendFirst().catch(() => response.writeHead(404).end());
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}/interviews`, server };
}

const found = testBrowser();
const browser = await chromium.launch({
  executablePath: found.executablePath,
  ...(found.env ? { env: found.env } : {}),
  args: CHROMIUM_ARGS,
});
let staticServer: Server | undefined;
try {
  const appUrl = `${input.base}/interviews`;
  // A first load warms the server (and gives the rendered page for the static twin).
  const { html } = await coldLoad(browser, appUrl, true);
  const twin = await serveStatic(html);
  staticServer = twin.server;
  const report: Record<
    'app' | 'static' | 'appThrottled' | 'staticThrottled',
    Run[]
  > = { app: [], static: [], appThrottled: [], staticThrottled: [] };
  for (let index = 0; index < input.runs; index++) {
    report.app.push((await coldLoad(browser, appUrl, true)).run);
    report.static.push((await coldLoad(browser, twin.url, false)).run);
  }
  for (let index = 0; index < input.runs; index++) {
    report.appThrottled.push((await coldLoad(browser, appUrl, true, true)).run);
    report.staticThrottled.push(
      (await coldLoad(browser, twin.url, false, true)).run,
    );
  }
  process.stdout.write(JSON.stringify(report));
} finally {
  staticServer?.close();
  await browser.close();
}
