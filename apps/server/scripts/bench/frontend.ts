/**
 * `npm run bench -- --only frontend`: what the dashboard (/interviews) costs a browser.
 *   - The web app is built (`npm run build --workspace=apps/web`, into a folder of its own,
 *     with Vite's manifest) and the JavaScript and CSS a cold load of /interviews needs are
 *     added up from the manifest: the entry with its static imports and CSS, plus the route's
 *     lazy chunk with its imports; raw, gzip (zlib level 6) and brotli as the server sends it
 *     (the `.br` file the build wrote beside it, decision 084; the raw size where it wrote none).
 *   - The real server (a child process, on a throw-away database with one company of 12
 *     interviews) serves that build; e2e/bench/dashboard-load.ts (Playwright, Debian's
 *     Chromium) loads /interviews cold several times, signed in by cookie, and reports the
 *     time until the list is visible and the Resource Timing sizes, next to a static HTML page
 *     of the same rendered table with the same CSS; on loopback, then over an emulated
 *     connection (60 ms round trip, 10 Mbit/s).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { newShortcode, newToken } from '../../src/platform/ids';
import type { Db } from '../../src/db/connection';
import {
  addJob,
  createScratchDatabase,
  machineLine,
  median,
  seedCompany,
  signedInSession,
  startServerProcess,
} from './scratch-server';
import { runBrowserScript } from './browser-script';
import { closure, type Manifest } from '../../../web/scripts/first-paint';

const REPO = resolve(import.meta.dirname, '../../../..');
const BROWSER_ENTRY = join(REPO, 'e2e/bench/dashboard-load.ts');
const ROUTE_MODULE = 'src/features/jobs/pages/interviews-page.tsx';
/** Chunks every signed-in page loads beside its own since decision 184. */
const SIGNED_IN_MODULES = [
  'src/app/layouts/default-layout.tsx',
  'src/i18n/locales/en-gb/rest.ts',
];
const JOBS = 12;
/** The dashboard's first page: its default page size. */
const VISIBLE_ROWS = 10;

type FileSize = { file: string; raw: number; gzip: number; brotli: number };

function sizeOf(dist: string, file: string): FileSize {
  const data = readFileSync(join(dist, file));
  const served = join(dist, `${file}.br`);
  return {
    file,
    raw: data.length,
    gzip: gzipSync(data).length,
    brotli: existsSync(served) ? statSync(served).size : data.length,
  };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const sum = (files: FileSize[], key: 'raw' | 'gzip' | 'brotli') =>
  files.reduce((total, file) => total + file[key], 0);

async function buildWeb(dist: string): Promise<number> {
  const begin = performance.now();
  const child = spawn(
    'npm',
    [
      'run',
      'build',
      '--workspace=apps/web',
      '--',
      '--outDir',
      dist,
      '--emptyOutDir',
      '--manifest',
    ],
    { cwd: REPO, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const code = await new Promise<number | null>((done) =>
    child.once('exit', done),
  );
  if (code !== 0) throw new Error(`The web build failed (exit ${code}).`);
  return performance.now() - begin;
}

/** Interviews with applicants in every stage, so each row shows progress and a count. */
export async function seedDashboard(db: Db) {
  const seed = await seedCompany(db);
  const jobIds = [seed.jobId];
  for (let index = 2; index <= JOBS; index++)
    jobIds.push(
      await addJob(db, seed.companyId, seed.userId, `Interview ${index}`),
    );
  const now = Date.now();
  await db
    .insertInto('applications')
    .values(
      jobIds.flatMap((jobId) =>
        Array.from({ length: 20 }, (_, index) => ({
          job_id: jobId,
          first_name: 'Person',
          last_name: `${jobId}-${index}`,
          email: `person.${jobId}.${index}@bench.test`,
          token: newToken(),
          shortcode: newShortcode(),
          invited_at: index >= 5 ? new Date(now - 86_400_000) : null,
          deadline: index >= 5 ? new Date(now + 5 * 86_400_000) : null,
          responded_at: index >= 12 ? new Date(now - 3600_000) : null,
          answer_count: index >= 12 ? 1 : 0,
        })),
      ),
    )
    .execute();
  return seed;
}

export type BrowserRun = {
  /** ms from navigation start until the rows were in the DOM and the next frame ran. */
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
export type BrowserReport = {
  app: BrowserRun[];
  static: BrowserRun[];
  appThrottled: BrowserRun[];
  staticThrottled: BrowserRun[];
};

async function loadInBrowser(input: {
  base: string;
  sessionToken: string;
  dist: string;
  runs: number;
  rows: number;
}): Promise<BrowserReport> {
  return runBrowserScript<BrowserReport>(BROWSER_ENTRY, input);
}

type Totals = { files: number; transfer: number; decoded: number };

/** Resource Timing of one load, split by kind; JS and CSS also by whether /interviews needs it. */
function resourceTotals(run: BrowserRun, needed: Set<string>) {
  const empty = (): Totals => ({ files: 0, transfer: 0, decoded: 0 });
  const totals = {
    neededJsCss: empty(),
    otherJs: empty(),
    font: empty(),
    api: empty(),
  };
  const otherNames: string[] = [];
  for (const resource of run.resources) {
    const path = new URL(resource.name).pathname;
    const asset = path.replace(/^\//, '');
    const group = needed.has(asset)
      ? totals.neededJsCss
      : /\.(js|css)$/.test(path)
        ? totals.otherJs
        : /\.woff2?$/.test(path)
          ? totals.font
          : totals.api;
    if (group === totals.otherJs) otherNames.push(asset);
    group.files += 1;
    group.transfer += resource.transferSize;
    group.decoded += resource.decodedBodySize;
  }
  return { ...totals, otherNames };
}

/** When the needed JS and CSS had arrived, each API call's start–end, and the list. */
function criticalPath(run: BrowserRun, needed: Set<string>): string {
  const assets = run.resources.filter((resource) =>
    needed.has(new URL(resource.name).pathname.replace(/^\//, '')),
  );
  const calls = run.resources
    .filter((resource) => new URL(resource.name).pathname.startsWith('/api/'))
    .sort((a, b) => a.startTime - b.startTime)
    .map(
      (call) =>
        `${new URL(call.name).pathname} ${call.startTime.toFixed(0)}–${call.responseEnd.toFixed(0)}`,
    );
  const assetsDone = Math.max(...assets.map((asset) => asset.responseEnd));
  return [
    `JS and CSS of /interviews loaded by ${assetsDone.toFixed(0)}`,
    ...calls,
    `list visible ${run.listVisibleMs.toFixed(0)}`,
  ].join('; ');
}

export async function benchFrontend(options: { runs: number }): Promise<void> {
  const dist = join('/tmp', `candor-bench-web-${newShortcode(6)}`);
  const database = await createScratchDatabase('frontend');
  let server: Awaited<ReturnType<typeof startServerProcess>> | undefined;
  try {
    const buildMs = await buildWeb(dist);
    const manifest = JSON.parse(
      readFileSync(join(dist, '.vite/manifest.json'), 'utf8'),
    ) as Manifest;
    const seen = new Set<string>();
    const entry = closure(manifest, 'index.html', seen);
    const route = closure(manifest, ROUTE_MODULE, seen);
    if (route.js.length === 0)
      throw new Error(
        `${ROUTE_MODULE} is not a chunk of its own in the build.`,
      );
    for (const module of SIGNED_IN_MODULES) {
      const shared = closure(manifest, module, seen);
      route.js.push(...shared.js);
      route.css.push(...shared.css);
    }
    const entryJs = entry.js.map((file) => sizeOf(dist, file));
    const routeJs = route.js.map((file) => sizeOf(dist, file));
    const css = [...entry.css, ...route.css].map((file) => sizeOf(dist, file));
    const chunks = Object.values(manifest);
    const routeChunks = chunks.filter(
      (chunk) => chunk.isDynamicEntry && chunk.src?.includes('/pages/'),
    ).length;
    const allJs = chunks
      .filter((chunk) => chunk.file.endsWith('.js'))
      .map((chunk) => sizeOf(dist, chunk.file));

    const seed = await seedDashboard(database.db);
    server = await startServerProcess({
      databaseUrl: database.url,
      part: 'frontend',
      env: { WEB_DIST: dist },
    });
    const { token } = await signedInSession(database.db, seed.userId);
    const report = await loadInBrowser({
      base: server.base,
      sessionToken: token,
      dist,
      runs: options.runs,
      rows: VISIBLE_ROWS,
    });

    console.log(
      `\n### Front end: /interviews (the dashboard)\n\nMachine: ${machineLine()}. ` +
        `Web build ${(buildMs / 1000).toFixed(0)} s.\n`,
    );
    console.log(
      '| shipped for a cold load of /interviews (Vite manifest) | files | raw KB | gzip KB | brotli KB (served) |\n| --- | --- | --- | --- | --- |',
    );
    const line = (label: string, files: FileSize[]) =>
      console.log(
        `| ${label} | ${files.length} | ${kb(sum(files, 'raw'))} | ${kb(sum(files, 'gzip'))} | ${kb(sum(files, 'brotli'))} |`,
      );
    line('entry JavaScript (index + static imports)', entryJs);
    line(
      'route chunk of /interviews (+ its own imports, the signed-in layout and the rest of English)',
      routeJs,
    );
    line('CSS', css);
    line('total JavaScript + CSS', [...entryJs, ...routeJs, ...css]);
    line('whole app, all JavaScript chunks (for scale)', allJs);
    console.log(
      `\nCode splitting: ${routeChunks} route-level chunks (lazy pages), ${allJs.length} JavaScript files in all.`,
    );

    const needed = new Set([
      ...entry.js,
      ...route.js,
      ...entry.css,
      ...route.css,
    ]);
    const firstApp = report.app[0];
    if (firstApp) {
      const totals = resourceTotals(firstApp, needed);
      const names = new Map(
        chunks.map((chunk) => [chunk.file, chunk.src ?? chunk.file]),
      );
      const pages = totals.otherNames
        .map((file) => names.get(file) ?? file)
        .filter((name) => name.includes('/pages/'))
        .map((name) => name.replace(/^.*\/pages\//, ''));
      const line = (label: string, value: Totals) =>
        console.log(
          `| ${label} | ${value.files} | ${kb(value.transfer)} | ${kb(value.decoded)} |`,
        );
      console.log(
        '\n| Resource Timing of a cold load of /interviews (first run) | files | transferSize KB | decodedBodySize KB |\n| --- | --- | --- | --- |',
      );
      line('JS + CSS of the manifest set above', totals.neededJsCss);
      line(
        'other JS + CSS (prefetched routes and what they import)',
        totals.otherJs,
      );
      line('fonts', totals.font);
      line('HTML document, API calls, favicon', {
        ...totals.api,
        files: totals.api.files + 1,
        transfer: totals.api.transfer + firstApp.documentTransferSize,
      });
      console.log(`\nPrefetched route pages: ${pages.join(', ') || 'none'}.`);
      console.log(
        `\nWhere the first app run's time went (ms from navigation start): ${criticalPath(firstApp, needed)}.`,
      );
    }
    const firstThrottled = report.appThrottled[0];
    if (firstThrottled)
      console.log(
        `\nThe same over the emulated connection (first run): ${criticalPath(firstThrottled, needed)}.`,
      );
    const visible = (runs: BrowserRun[]) =>
      median(runs.map((run) => run.listVisibleMs));
    const paint = (runs: BrowserRun[]) =>
      median(runs.map((run) => run.firstContentfulPaintMs)).toFixed(0);
    console.log(
      `\n| cold load, ${VISIBLE_ROWS} rows, median of ${options.runs} | list visible ms | first contentful paint ms |\n| --- | --- | --- |`,
    );
    for (const [label, app, twin] of [
      ['loopback', report.app, report.static],
      ['60 ms RTT, 10 Mbit/s', report.appThrottled, report.staticThrottled],
    ] as const) {
      console.log(
        `| app (/interviews, signed in by cookie), ${label} | ${visible(app).toFixed(0)} | ${paint(app)} |`,
      );
      console.log(
        `| static HTML of the same table and CSS, ${label} | ${visible(twin).toFixed(0)} | ${paint(twin)} |`,
      );
      console.log(
        `| app / static, ${label} | ${(visible(app) / visible(twin)).toFixed(2)} | |`,
      );
    }
    const each = (runs: BrowserRun[]) =>
      runs.map((run) => run.listVisibleMs.toFixed(0)).join(', ');
    console.log(
      `\nEach run (app): ${each(report.app)} ms; (static): ${each(report.static)} ms; ` +
        `emulated connection (app): ${each(report.appThrottled)} ms; (static): ${each(report.staticThrottled)} ms.`,
    );
  } finally {
    await server?.stop();
    await database.drop();
    rmSync(dist, { recursive: true, force: true });
  }
}
