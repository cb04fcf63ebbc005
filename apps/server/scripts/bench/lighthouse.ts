/**
 * `npm run bench -- --only lighthouse`: how fast the pages a candidate and a signed-out user
 * meet first are on a phone (issue 48, decision 184).
 *   - The web app is built into a folder of its own (or `--web-dist` is copied there); the
 *     real server (a child process, on a throw-away database with one company of 12
 *     interviews and invited interviewees) serves it.
 *   - e2e/bench/lighthouse-load.ts renders each page once and keeps its HTML without scripts:
 *     a static page of the same visible content, written under `bench-floor/` of that folder
 *     (never a route of the product) and served by the same server, restarted so it sees them.
 *   - Then Lighthouse 12's mobile preset (simulated slow 4G, 4× CPU slowdown), performance
 *     only, `--lighthouse-runs` times (default 3) on the candidate's landing page (/i/<code>),
 *     /login and the signed-in /interviews, each beside its static twin; and the first
 *     question's recorder (camera preview playing, Start enabled) timed from the press of
 *     'Skip practice' under the same throttling applied by DevTools, beside its twin's largest
 *     contentful paint.
 * Printed: median score, LCP, TBT, CLS and bytes per page and the app/floor ratios.
 */
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type {
  CaptureReport,
  LighthouseInput,
  LighthousePage,
  LighthouseRun,
  MeasureReport,
} from '../../../../e2e/bench/lighthouse-types';
import { newShortcode } from '../../src/platform/ids';
import { runBrowserScript } from './browser-script';
import { buildWeb } from './capture';
import { seedDashboard } from './frontend';
import {
  addConsentedApplicant,
  createScratchDatabase,
  machineLine,
  median,
  signedInSession,
  startServerProcess,
} from './scratch-server';

const REPO = resolve(import.meta.dirname, '../../../..');
const BROWSER_ENTRY = join(REPO, 'e2e/bench/lighthouse-load.ts');
/** Issue 48's targets: score, and LCP (or the recorder's readiness) over the floor's. */
const SCORE_TARGET = { landing: 95, login: 95, interviews: 85 } as const;
const RATIO_TARGET = 1.5;

const kb = (bytes: number) => (bytes / 1024).toFixed(0);
const ms = (value: number) => value.toFixed(0);

function medians(runs: LighthouseRun[]): LighthouseRun {
  const of = (key: keyof LighthouseRun) => median(runs.map((run) => run[key]));
  return {
    score: of('score'),
    lcpMs: of('lcpMs'),
    tbtMs: of('tbtMs'),
    cls: of('cls'),
    bytes: of('bytes'),
  };
}

export async function benchLighthouse(options: {
  runs: number;
  webDist?: string;
}): Promise<void> {
  const work = join('/tmp', `candor-bench-lighthouse-${newShortcode(6)}`);
  const dist = join(work, 'web');
  mkdirSync(work, { recursive: true });
  const database = await createScratchDatabase('lighthouse');
  let server: Awaited<ReturnType<typeof startServerProcess>> | undefined;
  try {
    if (options.webDist) cpSync(options.webDist, dist, { recursive: true });
    else await buildWeb(dist);
    const seed = await seedDashboard(database.db);
    const applicants = [];
    for (let number = 1; number <= options.runs + 2; number++)
      applicants.push(
        await addConsentedApplicant(database.db, {
          jobId: seed.jobId,
          name: 'Phone',
          number,
        }),
      );
    const [landing, forCapture, ...forRuns] = applicants;
    if (!landing || !forCapture) throw new Error('No interviewee seeded.');
    const { token } = await signedInSession(database.db, seed.userId);
    const pages: LighthousePage[] = [
      { name: 'landing', path: `/i/${landing.shortcode}` },
      { name: 'login', path: '/login' },
      { name: 'interviews', path: '/interviews', sessionToken: token },
    ];
    const env = { WEB_DIST: dist };

    server = await startServerProcess({
      databaseUrl: database.url,
      part: 'lighthouse',
      env,
    });
    const captured = await runBrowserScript<CaptureReport>(BROWSER_ENTRY, {
      mode: 'capture',
      base: server.base,
      pages,
      recorderShortcode: forCapture.shortcode,
    } satisfies LighthouseInput);
    await server.stop();

    // The static twins, beside the build so the same server sends them (it lists its files
    // when it starts).
    mkdirSync(join(dist, 'bench-floor'));
    for (const page of pages) {
      writeFileSync(
        join(dist, 'bench-floor', `${page.name}.html`),
        captured.html[page.name] ?? '',
      );
      page.floorPath = `/bench-floor/${page.name}.html`;
    }
    writeFileSync(
      join(dist, 'bench-floor', 'recorder.html'),
      captured.recorderHtml,
    );
    server = await startServerProcess({
      databaseUrl: database.url,
      part: 'lighthouse',
      env,
    });
    const report = await runBrowserScript<MeasureReport>(BROWSER_ENTRY, {
      mode: 'measure',
      base: server.base,
      pages,
      runs: options.runs,
      recorderShortcodes: forRuns.map((applicant) => applicant.shortcode),
      recorderFloorPath: '/bench-floor/recorder.html',
    } satisfies LighthouseInput);

    console.log(
      `\n### Lighthouse 12, mobile preset (simulated slow 4G, 4× CPU), median of ${options.runs}\n\n` +
        `Machine: ${machineLine()}.\n`,
    );
    console.log(
      '| page | score | LCP ms | TBT ms | CLS | bytes KB | floor score | floor LCP ms | floor KB | LCP / floor | targets met |\n' +
        '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    );
    for (const page of pages) {
      const runs = report.lighthouse[page.name];
      if (!runs) continue;
      const app = medians(runs.app);
      const floor = medians(runs.floor);
      const ratio = app.lcpMs / floor.lcpMs;
      const target = SCORE_TARGET[page.name as keyof typeof SCORE_TARGET];
      const met =
        app.score >= target &&
        (page.name === 'interviews' || ratio <= RATIO_TARGET);
      console.log(
        `| ${page.path.startsWith('/i/') ? '/i/<code> (landing)' : page.path} | ${app.score} | ${ms(app.lcpMs)} | ${ms(app.tbtMs)} | ` +
          `${app.cls.toFixed(3)} | ${kb(app.bytes)} | ${floor.score} | ${ms(floor.lcpMs)} | ${kb(floor.bytes)} | ` +
          `${ratio.toFixed(2)} | ${met ? 'yes' : 'NO'} |`,
      );
    }
    const ready = median(report.recorder.readyMs);
    const floorLcp = median(report.recorder.floorLcpMs);
    console.log(
      `\n| first question (DevTools throttling: 562.5 ms a request, 1.4 Mbit/s, 4× CPU) | ms |\n| --- | --- |\n` +
        `| recorder ready (preview playing, Start enabled) after 'Skip practice' | ${ms(ready)} |\n` +
        `| static twin of the question's screen, LCP of a cold load | ${ms(floorLcp)} |\n` +
        `| ready / floor LCP (target ≤ ${RATIO_TARGET}) | ${(ready / floorLcp).toFixed(2)} |`,
    );
    const each = (label: string, values: number[]) =>
      `${label}: ${values.map((value) => value.toFixed(0)).join(', ')}`;
    console.log(
      `\nEach run: ${Object.entries(report.lighthouse)
        .map(([name, runs]) =>
          [
            each(
              `${name} score`,
              runs.app.map((run) => run.score),
            ),
            each(
              `LCP`,
              runs.app.map((run) => run.lcpMs),
            ),
          ].join('; '),
        )
        .join('; ')}; ${each('recorder ready', report.recorder.readyMs)}.`,
    );
  } finally {
    await server?.stop();
    await database.drop();
    rmSync(work, { recursive: true, force: true });
  }
}
