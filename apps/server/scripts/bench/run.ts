/**
 * `npm run bench`: four parts, each printing Markdown tables; a slow figure never fails the run
 * (docs/benchmarks.md).
 *   - reads: the EXPLAIN check, then p50/p95/p99 of each hot-path read under 50 concurrent
 *     keep-alive connections to the real server in a process of its own (RUN_WORKER=false),
 *     next to the same SQL run
 *     straight through the server's database driver in the same run. Needs the data set of `npm run seed:large`; only a
 *     sequential scan the EXPLAIN check rejects fails the run.
 *   - writes (write-paths.ts), webhooks (webhooks.ts), upload (upload.ts), frontend (frontend.ts), capture
 *     (capture.ts), speech (speech.ts): each on a throw-away database of its own beside
 *     DATABASE_URL's, with the server as a child process. Capture and speech run only when asked
 *     for (--only capture,speech): they drive browsers for minutes.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/candor_bench npm run bench -- \
 *     [--only reads,writes,webhooks,upload,frontend,capture,speech,lighthouse | --only <part of a read's name>] [--skip frontend,stats]
 *     [--requests 3000] [--concurrency 50] [--skip-explain]
 *     [--applicants 10000] [--upload-mb 1024] [--upload-runs 3] [--browser-runs 5]
 *     [--capture-seconds 60] [--candidates 4] [--lighthouse-runs 3] [--web-dist <a web build to reuse>]
 */
import { cpus, totalmem } from 'node:os';
import { CompiledQuery } from 'kysely';
import { openDatabase, type Db } from '../../src/db/connection';
import { numberArg, parseArgs } from './args';
import { explainCheck } from './explain-check';
import { benchCapture } from './capture';
import { benchSpeech } from './speech';
import { benchFrontend } from './frontend';
import { benchLighthouse } from './lighthouse';
import { HttpClient, load, loadFor, percentiles } from './load';
import {
  DEFAULT_BENCH_URL,
  captureQueries,
  openBenchServer,
  signInCookie,
  type CapturedQuery,
} from './harness';
import { findBenchIds, hotPathScenarios, type Scenario } from './scenarios';
import { readCpuMs, startServerProcess } from './scratch-server';
import { benchUpload } from './upload';
import { benchWebhooks } from './webhooks';
import { benchWrites } from './write-paths';

const P95_TARGET_MS = 50;
const RATIO_TARGET = 2;

/**
 * A server process just started serves its first few thousand requests slower while V8
 * compiles its code (decision 106). Before the first read is measured, all of them run through
 * it in turns for SERVER_WARMUP_MS; before its own figures, each read runs for READ_WARMUP_MS
 * through the server, and as long straight to PostgreSQL.
 */
const SERVER_WARMUP_MS = 10_000;
const READ_WARMUP_MS = 2_000;

/** The request's statements one after another on one connection, as a transaction-less route would. */
async function runQueries(db: Db, queries: CapturedQuery[]): Promise<void> {
  await db.connection().execute(async (connection) => {
    for (const query of queries)
      await connection.executeQuery(
        CompiledQuery.raw(query.sql, query.parameters as unknown[]),
      );
  });
}

const ms = (value: number) => value.toFixed(1);

/** Every read that is not computed afresh each time, in turns, for SERVER_WARMUP_MS. */
async function warmServer(
  client: HttpClient,
  cookie: string,
  scenarios: Scenario[],
  concurrency: number,
): Promise<void> {
  const urls = scenarios
    .filter((scenario) => scenario.requests === undefined)
    .map((scenario) => scenario.url);
  if (!urls.length) return;
  let next = 0;
  // A read that fails shows in its own row; here its status does not matter.
  await loadFor(SERVER_WARMUP_MS, 0, concurrency, async () => {
    await client.get(urls[next++ % urls.length] ?? '/', cookie);
  });
}

/** The hot-path reads on the large data set; false when the EXPLAIN check fails. */
async function benchReads(
  args: Map<string, string>,
  filter: { only: string[]; skip: string[] },
): Promise<boolean> {
  // At 1,000 requests a read lasted under a second, and whether one collection of the server's
  // old generation (every 1.5-2 s under load) fell in it decided its p95 (decision 106).
  const requests = Math.floor(numberArg(args, 'requests', 3000));
  const concurrency = Math.floor(numberArg(args, 'concurrency', 50));
  const { only, skip } = filter;
  const databaseUrl = process.env.DATABASE_URL ?? DEFAULT_BENCH_URL;

  // The in-process server records each read's SQL (for EXPLAIN and the direct replay); the load
  // goes to the real server in a process of its own, as `npm start` runs it, so the load
  // generator does not share the measured server's event loop.
  const server = await openBenchServer();
  const served = await startServerProcess({ databaseUrl, part: 'reads' });
  const client = new HttpClient(new URL(served.base));
  // A pool of its own, the same size as the server's, for the direct SQL figures, through the
  // server's own driver: it prepares the statements the server prepares and reads their rows
  // alike, so PostgreSQL plans the same statement alike on both paths (unnamed, the direct
  // path planned the dashboard on every run and was the slower of the two).
  const { db: sqlDb } = await openDatabase({
    databaseUrl,
    pgliteDir: 'memory://',
  });
  let explainOk = true;
  try {
    const cookie = await signInCookie(server.app);
    if (args.get('skip-explain') !== 'true')
      explainOk = await explainCheck(server, cookie, {
        analyze: false,
        verbose: false,
      });
    const ids = await findBenchIds(server.pool);
    console.log(
      `\nMachine: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), ` +
        `${Math.round(totalmem() / 2 ** 30)} GiB; node ${process.version}; ` +
        `${requests} requests per read at concurrency ${concurrency}; ` +
        `job ${ids.hotJobId} has ${ids.hotApplications} applicants.\n`,
    );
    const header =
      '| read | API p50 | API p95 | API p99 | API req/s | server CPU ms/req | SQL p50 | SQL p95 | SQL req/s | API/SQL p50 | p95 < 50 ms | ratio < 2 |';
    console.log(header);
    console.log('|' + ' --- |'.repeat(12));
    const scenarios = hotPathScenarios(ids).filter(
      (scenario) =>
        (!only.length || only.some((part) => scenario.name.includes(part))) &&
        !skip.some((part) => scenario.name.includes(part)),
    );
    await warmServer(client, cookie, scenarios, concurrency);
    for (const scenario of scenarios) {
      const { status, queries } = await captureQueries(
        server,
        scenario.url,
        cookie,
      );
      if (status !== 200) {
        console.log(`| ${scenario.name} | HTTP ${status} |${' |'.repeat(10)}`);
        continue;
      }
      const total = Math.min(requests, scenario.requests ?? requests);
      const parallel = Math.min(concurrency, total);
      const sqlTotal = Math.min(total, scenario.sqlRequests ?? total);
      const sqlParallel = Math.min(concurrency, sqlTotal);
      let sent = 0;
      const request = async () => {
        const path = scenario.urlOf?.(sent++) ?? scenario.url;
        const status = await client.get(path, cookie);
        if (status !== 200) throw new Error(`${path} answered ${status}`);
      };
      const direct = () => runQueries(sqlDb, queries);
      // Warm both paths (JIT, plan caches, connections) before measuring: at least four
      // rounds, so each of the server's 10 pooled connections has run the read's statements
      // more than the 5 times PostgreSQL plans them afresh before it may keep a generic plan
      // (decision 087). What computes each time keeps to a count: it takes seconds.
      const rounds = (count: number, concurrent: number) =>
        Math.min(Math.ceil(count / 2), concurrent * 4);
      await loadFor(
        scenario.requests === undefined ? READ_WARMUP_MS : 0,
        rounds(total, parallel),
        parallel,
        request,
      );
      await loadFor(
        scenario.sqlRequests === undefined ? READ_WARMUP_MS : 0,
        rounds(sqlTotal, sqlParallel),
        sqlParallel,
        direct,
      );
      let begin = performance.now();
      const cpuBefore = readCpuMs(served.pid);
      const api = percentiles(await load(total, parallel, request));
      const apiRate = total / ((performance.now() - begin) / 1000);
      const cpuPerRequest = (readCpuMs(served.pid) - cpuBefore) / total;
      begin = performance.now();
      const sqlTimes = percentiles(await load(sqlTotal, sqlParallel, direct));
      const sqlRate = sqlTotal / ((performance.now() - begin) / 1000);
      const ratio = sqlTimes.p50 > 0 ? api.p50 / sqlTimes.p50 : Infinity;
      console.log(
        `| ${scenario.name}${total < requests ? ` (${total} requests)` : ''}${sqlTotal < total ? ` (SQL: ${sqlTotal} requests)` : ''} | ${ms(api.p50)} | ${ms(api.p95)} | ${ms(api.p99)} | ` +
          `${apiRate.toFixed(0)} | ${cpuPerRequest.toFixed(3)} | ${ms(sqlTimes.p50)} | ${ms(sqlTimes.p95)} | ${sqlRate.toFixed(0)} | ${ratio.toFixed(2)} | ` +
          `${api.p95 < P95_TARGET_MS ? 'yes' : 'NO'} | ${ratio < RATIO_TARGET ? 'yes' : 'NO'} |`,
      );
    }
    console.log('\nTimes in ms. Targets are reported, never enforced.');
  } finally {
    client.close();
    await sqlDb.destroy();
    await served.stop();
    await server.close();
  }
  return explainOk;
}

const PARTS = [
  'reads',
  'writes',
  'webhooks',
  'upload',
  'frontend',
  'capture',
  'speech',
  'lighthouse',
] as const;
/** Parts a run without --only leaves out. */
const ON_REQUEST: readonly Part[] = ['capture', 'speech', 'lighthouse'];
type Part = (typeof PARTS)[number];
const isPart = (name: string): name is Part =>
  (PARTS as readonly string[]).includes(name);

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const list = (name: string) =>
    (args.get(name) ?? '').split(',').filter(Boolean);
  // A part's name selects the part; anything else filters the reads by name, as before.
  const only = list('only');
  const skip = list('skip');
  const readFilter = {
    only: only.filter((name) => !isPart(name)),
    skip: skip.filter((name) => !isPart(name)),
  };
  const chosen = only.length
    ? PARTS.filter(
        (part) =>
          only.includes(part) ||
          (part === 'reads' && readFilter.only.length > 0),
      )
    : PARTS.filter((part) => !ON_REQUEST.includes(part));
  const parts = chosen.filter((part) => !skip.includes(part));
  let failed = false;
  for (const part of parts) {
    try {
      if (part === 'reads')
        failed = !(await benchReads(args, readFilter)) || failed;
      if (part === 'writes')
        await benchWrites({
          count: Math.floor(numberArg(args, 'applicants', 10_000)),
        });
      if (part === 'webhooks')
        await benchWebhooks({
          count: Math.floor(numberArg(args, 'applicants', 10_000)),
        });
      if (part === 'upload')
        await benchUpload({
          sizeMb: Math.floor(numberArg(args, 'upload-mb', 1024)),
          runs: Math.floor(numberArg(args, 'upload-runs', 3)),
        });
      if (part === 'frontend')
        await benchFrontend({
          runs: Math.floor(numberArg(args, 'browser-runs', 5)),
        });
      if (part === 'capture')
        await benchCapture({
          seconds: Math.floor(numberArg(args, 'capture-seconds', 60)),
          webDist: args.get('web-dist'),
        });
      if (part === 'speech')
        await benchSpeech({
          candidates: Math.floor(numberArg(args, 'candidates', 4)),
          webDist: args.get('web-dist'),
        });
      if (part === 'lighthouse')
        await benchLighthouse({
          runs: Math.floor(numberArg(args, 'lighthouse-runs', 3)),
          webDist: args.get('web-dist'),
        });
    } catch (error) {
      // One part that cannot run (no large data set, say) does not stop the others.
      failed = true;
      console.error(`\nThe ${part} part failed:`, error);
    }
  }
  if (failed) process.exitCode = 1;
}

await main();
