/**
 * `npm run bench -- --only capture`: an interviewee's answer from the camera to the reviewer
 * (issue 28, decisions 135, 136 and 164), next to the single PUT answers were sent with before.
 *   - The web app is built into a folder of its own; the real server (a child process, with its
 *     worker, on a throw-away database) serves it.
 *   - e2e/bench/capture-load.ts (Playwright, Chromium's fake camera playing a 720p Y4M clip
 *     made here with ffmpeg, noisy so the encoder works as hard as with a real face) answers a
 *     question for 60 s over an emulated 10 Mbit/s and 1 Mbit/s link (40 ms round trip), each
 *     once as is and once with the connection cut twice (3 s each) during the recording.
 *   - Reported: the time from the Stop button's press (taken in the page) to the draft's 'Saved'
 *     (the take complete on the server, before Submit), beside what the bytes not yet sent at
 *     that instant (neither acknowledged nor on their way in a request) need at that rate; from
 *     the Submit button's press to the complete call's 200 (the answer complete); the bytes sent
 *     (upload progress of every request, failed ones included) over the recording's size; the
 *     answer's completion until the reviewer can play it (a signed URL that serves bytes) and
 *     until its transcode is ready. Then the same bytes in one PUT to a signed local-storage URL
 *     over the same link (from zero again after each cut, at a third and two thirds of its
 *     expected time), as the old path did after Stop.
 *
 *   npm run bench -- --only capture [--capture-seconds 60] [--web-dist /tmp/some-build]
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createLocalStorage } from '../../src/platform/storage/local-storage';
import { resolveMediaTools } from '../../src/platform/media/media-tools';
import { newShortcode } from '../../src/platform/ids';
import type {
  CaptureInput,
  CaptureLink,
  CaptureRunInput,
  CaptureRunReport,
} from '../../../../e2e/bench/capture-types';
import {
  addConsentedApplicant,
  createScratchDatabase,
  machineLine,
  seedCompany,
  signedInSession,
  startServerProcess,
} from './scratch-server';
import { runBrowserScript } from './browser-script';

const REPO = resolve(import.meta.dirname, '../../../..');
const BROWSER_ENTRY = join(REPO, 'e2e/bench/capture-load.ts');
const LINKS: CaptureLink[] = [
  { label: '10 Mbit/s', bitsPerSecond: 10_000_000, latencyMs: 40 },
  { label: '1 Mbit/s', bitsPerSecond: 1_000_000, latencyMs: 40 },
];
const CUT_MS = 3000;
/** Stop → 'Saved' targets (issue 28): under 1.5 × the unsent bytes' time, under 2 s at 10 Mbit/s. */
const STOP_TO_SAVED_FACTOR = 1.5;
const STOP_TO_SAVED_FAST_MS = 2000;
const WIRE_RATIO_TARGET = 1.05;

/** A looping 720p clip for the fake camera: a moving test pattern with noise in every frame. */
function makeClip(folder: string): string {
  const ffmpeg = resolveMediaTools({ searchPath: process.env.PATH }).ffmpeg;
  if (!ffmpeg) throw new Error('The capture bench needs ffmpeg.');
  const file = join(folder, 'camera.y4m');
  execFileSync(ffmpeg.path, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=1280x720:rate=30,noise=alls=12:allf=t',
    '-t',
    '3',
    '-pix_fmt',
    'yuv420p',
    file,
  ]);
  return file;
}

export async function buildWeb(dist: string): Promise<void> {
  const child = spawn(
    'npx',
    ['vite', 'build', '--outDir', dist, '--emptyOutDir'],
    { cwd: join(REPO, 'apps/web'), stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const code = await new Promise<number | null>((done) =>
    child.once('exit', done),
  );
  if (code !== 0) throw new Error(`The web build failed (exit ${code}).`);
}

const seconds = (ms: number | null) =>
  ms === null ? '—' : (ms / 1000).toFixed(2);
const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(2);

export async function benchCapture(options: {
  seconds: number;
  webDist?: string;
}): Promise<void> {
  const work = join('/tmp', `candor-bench-capture-${newShortcode(6)}`);
  mkdirSync(work, { recursive: true });
  const dist = options.webDist ?? join(work, 'web');
  const database = await createScratchDatabase('capture');
  const secret = randomBytes(24).toString('hex');
  let server: Awaited<ReturnType<typeof startServerProcess>> | undefined;
  try {
    if (!options.webDist) await buildWeb(dist);
    const y4m = makeClip(work);
    const seed = await seedCompany(database.db);
    // One question that leaves room for the whole answer, no thinking time.
    await database.db
      .updateTable('questions')
      .set({ thinking_time: 0, time_limit: options.seconds + 30 })
      .where('id', '=', seed.questionId)
      .execute();
    server = await startServerProcess({
      databaseUrl: database.url,
      part: 'capture',
      env: { WEB_DIST: dist, RUN_WORKER: 'true', SIGNING_SECRET: secret },
    });
    const { base } = server;
    const storage = createLocalStorage({
      root: join(server.dataDir, 'files'),
      secret,
    });
    const session = await signedInSession(database.db, seed.userId);
    const scenarios = LINKS.flatMap((link) => [
      { link, cuts: [] as number[] },
      {
        link,
        cuts: [
          Math.round(options.seconds / 3),
          Math.round((2 * options.seconds) / 3),
        ],
      },
    ]);
    const runs: CaptureRunInput[] = [];
    for (const [index, scenario] of scenarios.entries()) {
      const application = await addConsentedApplicant(database.db, {
        jobId: seed.jobId,
        name: 'Capture',
        number: index + 1,
      });
      const puts = await Promise.all(
        [0, 1, 2, 3].map(async (attempt) => {
          const signed = await storage.uploadUrl(
            `bench/capture/${application.shortcode}-${attempt}.webm`,
            {
              contentType: 'video/webm',
              maxBytes: 500 * 2 ** 20,
              expiresInSeconds: 3 * 3600,
            },
          );
          // Relative: the page sends it through its relay to the server.
          return { url: signed.url, headers: signed.headers };
        }),
      );
      runs.push({
        name: `${scenario.link.label}${scenario.cuts.length ? ', cut twice' : ''}`,
        link: scenario.link,
        cuts: scenario.cuts,
        oldCuts: scenario.cuts.length ? [1 / 3, 2 / 3] : [],
        shortcode: application.shortcode,
        jobId: seed.jobId,
        applicationId: application.id,
        puts,
      });
    }
    const reports = await runBrowserScript<CaptureRunReport[]>(BROWSER_ENTRY, {
      base,
      cookie: session.headers.cookie ?? '',
      y4m,
      seconds: options.seconds,
      cutMs: CUT_MS,
      runs,
    } satisfies CaptureInput);
    printCapture(options.seconds, reports);
  } finally {
    await server?.stop();
    await database.drop();
    rmSync(work, { recursive: true, force: true });
  }
}

function printCapture(length: number, reports: CaptureRunReport[]) {
  const ms = (value: number) => value.toFixed(0);
  console.log(
    `\n### Capture: a ${length} s answer from Stop to the reviewer\n\nMachine: ${machineLine()}. ` +
      `Fake camera: a 1280×720 noisy test pattern; MediaRecorder VP8/Opus asked for 1.5 Mbit/s + 96 kbit/s, 1 s slices; ` +
      `links emulated by Chromium (40 ms round trip, the same rate both ways); each cut lasts ${CUT_MS / 1000} s. ` +
      `Stop → Saved: from the Stop button's press to the draft's 'Saved' (the take complete on the server), before Submit; ` +
      `Submit → complete: from the Submit button's press to the complete call's 200 (the answer complete).\n`,
  );
  console.log(
    '| link | recording MB (Mbit/s) | unsent at Stop MB | the unsent bytes need s | Stop → Saved s | < 1.5 × | < 2 s | Stop → Saved beyond those bytes and one round trip, ms | Submit → complete s | bytes sent ÷ recording | ≤ 1.05 | complete → playable s | complete → transcoded s |',
  );
  console.log('|' + ' --- |'.repeat(13));
  const yes = (ok: boolean) => (ok ? 'yes' : 'NO');
  for (const report of reports) {
    const unsent = report.recordingBytes - report.sentAtStopBytes;
    const fast = report.link.bitsPerSecond >= 10_000_000;
    const ratio = report.wireBytes / report.recordingBytes;
    console.log(
      `| ${report.name} | ${mb(report.recordingBytes)} (${((report.recordingBytes * 8) / length / 1e6).toFixed(2)}) | ${mb(unsent)} | ${seconds(report.unsentAtStopIdealMs)} | ` +
        `${seconds(report.stopToSavedMs)} | ${yes(report.stopToSavedMs < STOP_TO_SAVED_FACTOR * report.unsentAtStopIdealMs)} | ` +
        `${fast ? yes(report.stopToSavedMs < STOP_TO_SAVED_FAST_MS) : ''} | ` +
        `${ms(report.stopToSavedMs - report.unsentAtStopIdealMs - report.link.latencyMs)} | ${seconds(report.submitToCompleteMs)} | ${ratio.toFixed(3)} | ` +
        `${yes(ratio <= WIRE_RATIO_TARGET)} | ${seconds(report.completeToPlayableMs)} | ${seconds(report.completeToReadyMs)} |`,
    );
  }
  console.log(
    "\n| the same bytes in one PUT after Stop (the old path) | Stop → stored s | attempts | bytes sent ÷ recording | the new path's Stop → Saved s |\n| --- | --- | --- | --- | --- |",
  );
  for (const report of reports)
    console.log(
      `| ${report.name} | ${seconds(report.old.stopToStoredMs)} | ${report.old.attempts} | ` +
        `${(report.old.wireBytes / report.recordingBytes).toFixed(3)} | ${seconds(report.stopToSavedMs)} |`,
    );
  console.log(
    `\n${reports.map((report) => `${report.name}: ${report.requests} tus requests`).join('; ')}. Targets are reported, never enforced.`,
  );
  console.log(
    `\nStop → Saved in parts, ms (the recorder's last slice, after the encoder's flush; the page until the request with it and the length is handed to the network; that request until its reply, beside what its bytes need plus one round trip; the reply until 'Saved' shows): ` +
      reports
        .map(({ name, stopParts, link, unsentAtStopIdealMs }) => {
          const { recorder, page, request, reply } = stopParts;
          return `${name}: ${ms(recorder)} + ${ms(page)} + ${ms(request)} (${ms(unsentAtStopIdealMs + link.latencyMs)}) + ${ms(reply)}`;
        })
        .join('; ') +
      '. A request cannot be answered sooner than its bytes plus one round trip after the last slice: below twice the round trip the bytes need, 1.5 × is out of reach for any client (decision 172).',
  );
}
