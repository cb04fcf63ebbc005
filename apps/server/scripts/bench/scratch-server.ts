/**
 * What the write, upload and front-end parts of `npm run bench` share: a throw-away PostgreSQL
 * database with one small company in it, and the real server started on it as a child process
 * (the compiled dist/server.js with the Node flags of `npm start`), so its memory can be read
 * from /proc and its CPU is not the bench's. None of it needs the large data set of `seed:large`.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { openDatabase, type Db } from '../../src/db/connection';
import { migrateToLatest } from '../../src/db/migrate';
import { SESSION_COOKIE } from '../../src/platform/auth/session';
import { createSession } from '../../src/platform/auth/session.repository';
import { newShortcode, newToken } from '../../src/platform/ids';
import { DEFAULT_BENCH_URL } from './harness';

const SERVER_ROOT = resolve(import.meta.dirname, '../..');
const BENCH_CSRF = 'bench-csrf-token';

type ScratchDatabase = { url: string; db: Db; drop(): Promise<void> };

/**
 * A new, migrated database beside the one in DATABASE_URL (on the same PostgreSQL server),
 * dropped at the end: the parts never touch the shared bench data.
 */
export async function createScratchDatabase(
  part: string,
): Promise<ScratchDatabase> {
  const serverUrl = new URL(process.env.DATABASE_URL ?? DEFAULT_BENCH_URL);
  const name = `candor_bench_${part}_${randomBytes(4).toString('hex')}`;
  const admin = new URL(serverUrl);
  admin.pathname = '/postgres';
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const { db } = await openDatabase({
    databaseUrl: url.toString(),
    pgliteDir: 'memory://',
  });
  await migrateToLatest(db);
  return {
    url: url.toString(),
    db,
    async drop() {
      await db.destroy();
      await run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

export type BenchCompany = {
  companyId: number;
  userId: number;
  jobId: number;
  questionId: number;
};

/** One company, its owner and a published job with one question. */
export async function seedCompany(db: Db): Promise<BenchCompany> {
  const company = await db
    .insertInto('companies')
    .values({ shortname: `bench-${newShortcode(6)}`, name: 'Bench Company' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const user = await db
    .insertInto('users')
    .values({
      email: `owner.${newShortcode(6)}@bench.test`,
      first_name: 'Bench',
      last_name: 'Owner',
      password_hash: null,
      sso_provider: null,
      current_company_id: company.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('memberships')
    .values({ company_id: company.id, user_id: user.id })
    .execute();
  const job = await addJob(db, company.id, user.id, 'Bench interview');
  const question = await db
    .insertInto('questions')
    .values({
      job_id: job,
      text: 'Tell us about a project you are proud of.',
      order: 0,
      thinking_time: 30,
      time_limit: 120,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    companyId: company.id,
    userId: user.id,
    jobId: job,
    questionId: question.id,
  };
}

/** An interviewee invited to `jobId` who has consented: ready to answer at /i/{shortcode}. */
export function addConsentedApplicant(
  db: Db,
  options: { jobId: number; name: string; number: number },
) {
  return db
    .insertInto('applications')
    .values({
      job_id: options.jobId,
      first_name: options.name,
      last_name: `Candidate${options.number}`,
      email: `${options.name.toLowerCase()}${options.number}@bench.test`,
      token: newToken(),
      shortcode: newShortcode(),
      invited_at: new Date(),
      deadline: new Date(Date.now() + 7 * 86_400_000),
      consented_at: new Date(),
    })
    .returning(['id', 'shortcode'])
    .executeTakeFirstOrThrow();
}

export async function addJob(
  db: Db,
  companyId: number,
  userId: number,
  title: string,
): Promise<number> {
  const job = await db
    .insertInto('jobs')
    .values({
      company_id: companyId,
      created_by: userId,
      title,
      shortcode: newShortcode(),
      status: 'Published',
      published_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return job.id;
}

/**
 * A signed-in session made in the database: its cookie value, and the request headers that
 * carry it with the CSRF token (double submit, like the web app).
 */
export async function signedInSession(
  db: Db,
  userId: number,
): Promise<{ token: string; headers: Record<string, string> }> {
  const token = randomBytes(32).toString('base64url');
  await createSession(db, {
    id: createHash('sha256').update(token).digest('hex'),
    userId,
    expiresAt: new Date(Date.now() + 3 * 3600_000),
  });
  return {
    token,
    headers: {
      cookie: `${SESSION_COOKIE}=${token}; csrftoken=${BENCH_CSRF}`,
      'x-csrftoken': BENCH_CSRF,
    },
  };
}

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

export type ServerProcess = {
  base: string;
  pid: number;
  dataDir: string;
  stop(): Promise<void>;
};

/**
 * The last command of apps/server's `start` script (`node <flags> dist/server.js`) as
 * arguments for `node`: the bench measures the server with the flags production uses.
 */
function serverStartArgs(): string[] {
  const { scripts } = JSON.parse(
    readFileSync(join(SERVER_ROOT, 'package.json'), 'utf8'),
  ) as { scripts: Record<string, string> };
  const words = (scripts.start ?? '').split('&&').at(-1)?.trim().split(/\s+/);
  if (words?.[0] !== 'node' || words.at(-1) !== 'dist/server.js')
    throw new Error(
      `apps/server's start script no longer ends in "node … dist/server.js": ${scripts.start}`,
    );
  return words.slice(1);
}

/**
 * The real server, compiled and started as `npm start` starts it, on 127.0.0.1 and a free port,
 * in production mode with its own DATA_DIR under /tmp; its log goes to DATA_DIR/server.log.
 */
export async function startServerProcess(options: {
  databaseUrl: string;
  part: string;
  env?: Record<string, string>;
}): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = join('/tmp', `candor-bench-${options.part}-${port}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  // Quick (well under a second) and a no-op when dist/ is current.
  execFileSync(process.execPath, ['scripts/build.mjs'], {
    cwd: SERVER_ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const log = openSync(join(dataDir, 'server.log'), 'a');
  const child: ChildProcess = spawn(process.execPath, serverStartArgs(), {
    cwd: SERVER_ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: options.databaseUrl,
      SEED_DEMO: 'false',
      RUN_WORKER: 'false',
      SIGNING_SECRET: randomBytes(24).toString('hex'),
      LOG_LEVEL: 'warn',
      WEB_DIST: join(dataDir, 'no-web-build'),
      ...options.env,
    },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const base = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let attempt = 0; attempt < 600; attempt++) {
    if (child.exitCode !== null) break;
    const ready = await fetch(`${base}/login/ajax`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready && child.pid !== undefined)
      return { base, pid: child.pid, dataDir, stop };
    await new Promise((done) => setTimeout(done, 100));
  }
  const output = readFileSync(join(dataDir, 'server.log'), 'utf8').slice(-2000);
  await stop();
  throw new Error(`The server did not start:\n${output}`);
}

/** Linux's clock ticks per second, the unit of /proc/<pid>/stat's CPU times (USER_HZ). */
const TICKS_PER_SECOND = 100;

/**
 * The CPU time a process has used so far (user and system), in ms. The load on a busy machine
 * moves a read's requests per second by up to 3 ×, the server's CPU per request far less
 * (docs/benchmarks.md).
 */
export function readCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name, in brackets, may hold spaces: the fields after it are counted from there.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/** Resident and peak resident memory of a process, in MB (1024 × 1024 bytes). */
export function readMemory(pid: number): { rssMb: number; hwmMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) =>
    Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) /
    1024;
  return { rssMb: field('VmRSS'), hwmMb: field('VmHWM') };
}

/** Starts VmHWM afresh (Linux: writing 5 to clear_refs), so it holds the peak of what follows. */
export function resetPeakMemory(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** Samples VmRSS every `everyMs` until stopped; returns the largest value seen. */
export function sampleMemory(pid: number, everyMs = 50) {
  let peak = readMemory(pid).rssMb;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, readMemory(pid).rssMb);
    } catch {
      // The process ended: keep what was seen.
    }
  }, everyMs);
  return {
    stop(): number {
      clearInterval(timer);
      return peak;
    },
  };
}

/** The load average now: other work on the machine makes absolute times slower. */
export function loadLine(): string {
  const [one, five] = loadavg();
  return `load average ${one?.toFixed(2)} (1 min), ${five?.toFixed(2)} (5 min)`;
}

/** The machine line printed above each part's table. */
export function machineLine(): string {
  return (
    `${cpus().length} cores (${cpus()[0]?.model ?? '?'}), ` +
    `${Math.round(totalmem() / 2 ** 30)} GiB; node ${process.version}; ${loadLine()}`
  );
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return NaN;
  return sorted.length % 2
    ? (sorted[middle] ?? NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
