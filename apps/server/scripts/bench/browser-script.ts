import { spawn } from 'node:child_process';
import { basename, resolve } from 'node:path';

const REPO = resolve(import.meta.dirname, '../../../..');

/**
 * Runs a bench's browser half (a script under e2e/bench) in a Node process of its own, with
 * its input as JSON in the arguments, and returns the JSON report it prints.
 */
export async function runBrowserScript<Report>(
  entry: string,
  input: unknown,
): Promise<Report> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', entry, JSON.stringify(input)],
    { cwd: REPO, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => (output += chunk));
  const code = await new Promise<number | null>((done) =>
    child.once('exit', done),
  );
  if (code !== 0) throw new Error(`${basename(entry)} exited with ${code}.`);
  return JSON.parse(output) as Report;
}
