import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { Db } from '../src/db/connection';
import { SESSION_COOKIE } from '../src/platform/auth/session';
import { createSession } from '../src/platform/auth/session.repository';
import type { TestApp } from './test-app';

// Real server and worker processes for the fault tests: they can be killed with SIGKILL, which
// an app inside the test process cannot. They need a database that outlives them (PostgreSQL).

const SERVER_ENTRY = join(import.meta.dirname, '../src/server.ts');
const WORKER_ENTRY = join(import.meta.dirname, '../src/worker.ts');

export type ProcessEnv = Record<string, string | undefined>;

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The settings a child process needs to share the test app's database, files and secret. */
export function settingsOf(t: TestApp): ProcessEnv {
  return {
    DATA_DIR: t.dataDir,
    DATABASE_URL: t.ctx.config.databaseUrl,
    SIGNING_SECRET: t.ctx.config.signingSecret,
  };
}

function spawnEntry(entry: string, env: ProcessEnv): ChildProcess {
  // Node itself runs the entry (tsx as a loader), so the pid is the server's own: SIGKILL to
  // it kills the server, not a wrapper.
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      SEED_DEMO: 'false',
      RUN_WORKER: 'false',
      LOG_LEVEL: 'fatal',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  child.on('exit', (code, signal) => {
    if (code) console.error(`${entry} exited with ${code}:\n${stderr}`);
    else if (signal && signal !== 'SIGKILL')
      console.error(`${entry} ended by ${signal}`);
  });
  return child;
}

/** Starts `src/server.ts` on 127.0.0.1:`port` and waits until it answers. */
export async function startServerProcess(
  port: number,
  env: ProcessEnv,
): Promise<ChildProcess> {
  const child = spawnEntry(SERVER_ENTRY, {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...env,
  });
  for (let attempt = 0; attempt < 600; attempt++) {
    if (child.exitCode !== null) break;
    const ready = await fetch(`http://127.0.0.1:${port}/login/ajax`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stopProcess(child);
  throw new Error('The server did not start.');
}

/** Starts `src/worker.ts`, the background worker on its own. */
export function startWorkerProcess(env: ProcessEnv): ChildProcess {
  return spawnEntry(WORKER_ENTRY, env);
}

/** Kills a child with SIGKILL (unless it has ended) and waits until it is gone. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

/** The processes a process started that are still running, with their command lines. */
export function childProcessesOf(
  parentPid: number,
): { pid: number; args: string[] }[] {
  const children: { pid: number; args: string[] }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name, which is in parentheses and may hold spaces.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== parentPid) continue;
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8')
        .split('\0')
        .filter(Boolean);
      children.push({ pid: Number(entry), args });
    } catch {
      // The process ended while we looked.
    }
  }
  return children;
}

/**
 * Request headers of a session made directly in the database for `userId` (sign-in is
 * rate-limited per address, and these tests need many requests).
 */
export async function sessionHeaders(
  db: Db,
  userId: number,
): Promise<Record<string, string>> {
  const token = randomBytes(32).toString('base64url');
  await createSession(db, {
    id: createHash('sha256').update(token).digest('hex'),
    userId,
    expiresAt: new Date(Date.now() + 3600_000),
  });
  return {
    cookie: `${SESSION_COOKIE}=${token}; csrftoken=faults`,
    'x-csrftoken': 'faults',
    'content-type': 'application/json',
  };
}
