import { spawn } from 'node:child_process';
import { closeSync, openSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { SMTP_PORT } from './ports';

const SERVER_ROOT = resolve(import.meta.dirname, '../../apps/server');

export type OwnServer = { url: string; stop(): Promise<void> };

/**
 * A server of a spec's own beside the shared one, for a setting the others must not see (a
 * slowed speech engine, say): the same build, a fresh embedded database without the demo, the
 * same SMTP server, so the mailbox helpers work unchanged.
 */
export async function startOwnServer(options: {
  name: string;
  port: number;
  env: Record<string, string>;
}): Promise<OwnServer> {
  const url = `http://127.0.0.1:${options.port}`;
  const dataDir = resolve(
    import.meta.dirname,
    `../.data/${options.name}-${options.port}`,
  );
  const answering = () =>
    fetch(`${url}/login/ajax`).then(
      () => true,
      () => false,
    );
  if (await answering())
    throw new Error(`Port ${options.port} is taken: stop what listens there.`);
  rmSync(dataDir, { recursive: true, force: true });
  // Its log beside the shared server's data, for a failed spec to be read.
  const log = openSync(`${dataDir}.log`, 'w');
  const child = spawn(
    process.execPath,
    ['--max-semi-space-size=16', 'dist/server.js'],
    {
      cwd: SERVER_ROOT,
      stdio: ['ignore', log, log],
      env: {
        ...process.env,
        PORT: String(options.port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: url,
        SEED_DEMO: 'false',
        RUN_WORKER: 'true',
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        LOG_LEVEL: 'warn',
        TRUST_PROXY: '127.0.0.1',
        ...options.env,
      },
    },
  );
  closeSync(log);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  // A worker that ends early (a hook's time-out) takes its server along.
  const orphaned = () => child.kill('SIGKILL');
  process.once('exit', orphaned);
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`The ${options.name} server exited at its start.`);
    if (await answering()) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The ${options.name} server did not start in 120 s.`);
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  return {
    url,
    async stop() {
      process.off('exit', orphaned);
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
