import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { appendFile, chown } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './processes';

// A PostgreSQL cluster of the test's own, which it may stop and start: the shared server
// cannot be restarted under other people's tests. PostgreSQL refuses to run as root, so the
// cluster belongs to the `postgres` user (CI and these machines run the tests as root).

const BIN = '/usr/lib/postgresql/15/bin';
const RUNUSER = '/usr/sbin/runuser';
const run = promisify(execFile);

/** Why a private cluster cannot be made here, or null when it can. */
export function privatePostgresMissing(): string | null {
  for (const program of [`${BIN}/initdb`, `${BIN}/pg_ctl`, RUNUSER]) {
    if (!existsSync(program)) return `${program} is not installed`;
  }
  if (process.getuid?.() !== 0)
    return 'runuser needs root to start PostgreSQL as the postgres user';
  return null;
}

export type PrivatePostgres = {
  /** A connection string to the cluster's `postgres` database (trust authentication). */
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the cluster at once and deletes its folder; safe to call in any state. */
  destroy(): Promise<void>;
};

/** initdb in a temporary folder and start on a free port of 127.0.0.1. */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const folder = mkdtempSync(join(tmpdir(), 'candor-pg-'));
  const data = join(folder, 'data');
  const asPostgres = (program: string, args: string[]) =>
    run(RUNUSER, ['-u', 'postgres', '--', `${BIN}/${program}`, ...args], {
      timeout: 60_000,
    });
  const pgCtl = (...args: string[]) =>
    asPostgres('pg_ctl', [
      '-D',
      data,
      '-l',
      join(folder, 'log'),
      '-w',
      ...args,
    ]);
  const destroy = async () => {
    await pgCtl('stop', '-m', 'immediate').catch(() => {});
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    await chown(folder, uid, gid);
    await asPostgres('initdb', [
      '-D',
      data,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
      '--no-sync',
    ]);
    const port = await freePort();
    await appendFile(
      join(data, 'postgresql.conf'),
      [
        `port = ${port}`,
        `listen_addresses = '127.0.0.1'`,
        `unix_socket_directories = '${folder}'`,
        '',
      ].join('\n'),
    );
    await pgCtl('start');
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      stop: () => pgCtl('stop', '-m', 'fast').then(() => {}),
      start: () => pgCtl('start').then(() => {}),
      destroy,
    };
  } catch (error) {
    await destroy();
    throw error;
  }
}
