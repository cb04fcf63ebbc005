// `npm test`: every check of the project, in three stages (decision 166).
//
// 1. The checks that each use one core — ESLint, Prettier, the decision records, the four
//    TypeScript projects, the unit tests and the web app's build (which the browser specs
//    serve) — side by side, as many at a time as the machine has cores, the longest first.
// 2. The API tests (Vitest runs two files at a time itself) and the bundle budget, which reads
//    the web app's build of stage 1.
// 3. The browser specs (Playwright runs two files at a time itself, beside their server).
//
// Each part's output is printed whole when it ends, with its time; the run fails if any part
// fails. A failed stage stops the run, as `a && b` did, unless --keep-going is given.
// `--only lint,typecheck` runs only the parts whose name starts with one of those words.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const keepGoing = args.includes('--keep-going');
const onlyIndex = args.indexOf('--only');
const only = onlyIndex >= 0 ? (args[onlyIndex + 1] ?? '').split(',') : null;

/**
 * The stages, each a list of parts; within a stage, the longest first (measured on two busy
 * cores, CPU seconds: unit 80, ESLint 35, Prettier 22, tsc server 21, tsc web 19, build 15).
 */
const stages = [
  [
    ['unit', 'vitest', ['run', '--project', 'domain', '--project', 'web']],
    ['lint:eslint', 'eslint', ['.']],
    ['lint:prettier', 'prettier', ['--check', '.']],
    ['typecheck:server', 'tsc', ['-p', 'apps/server']],
    ['typecheck:web', 'tsc', ['-p', 'apps/web']],
    ['build:web', 'vite', ['build'], 'apps/web'],
    ['typecheck:e2e', 'tsc', ['-p', 'e2e']],
    ['typecheck:domain', 'tsc', ['-p', 'packages/domain']],
    ['lint:decisions', 'node', ['scripts/check-decisions.mjs']],
  ],
  [
    ['api', 'vitest', ['run', '--project', 'server']],
    // Reads the build of the stage above instead of building again (decision 184).
    ['budget', 'vitest', ['run', '--project', 'budget']],
  ],
  [['e2e', 'playwright', ['test'], 'e2e']],
]
  .map((parts) =>
    parts
      .map(([name, command, commandArgs, cwd = '.']) => ({
        name,
        command,
        commandArgs,
        cwd,
      }))
      .filter(
        (part) =>
          !only ||
          only.some((prefix) => prefix && part.name.startsWith(prefix)),
      ),
  )
  .filter((parts) => parts.length > 0);

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const describe = (part) =>
  `${part.name} (${part.cwd === '.' ? '' : `in ${part.cwd}: `}${part.command} ${part.commandArgs.join(' ')})`;

/**
 * Runs one part. Beside others its output is kept and printed whole when it ends; alone in its
 * stage (`live`) it is printed as it comes.
 */
function run(part, live) {
  const started = Date.now();
  if (live) process.stdout.write(`\n━━ ${describe(part)}\n`);
  return new Promise((done) => {
    // The tools' own entry points: through npx each would cost another Node start.
    const bin = resolve(root, 'node_modules', '.bin', part.command);
    const child = spawn(
      part.command === 'node' ? process.execPath : bin,
      part.commandArgs,
      {
        cwd: resolve(root, part.cwd),
        env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const output = [];
    const keep = (chunk) =>
      live ? process.stdout.write(chunk) : output.push(chunk);
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    let finished = false;
    const finish = (code) => {
      if (finished) return;
      finished = true;
      const ms = Date.now() - started;
      const ok = code === 0;
      if (!live) {
        process.stdout.write(`\n━━ ${describe(part)}\n`);
        process.stdout.write(Buffer.concat(output));
      }
      process.stdout.write(
        `━━ ${part.name}: ${ok ? 'passed' : `FAILED (exit ${code})`} in ${seconds(ms)}\n`,
      );
      done({ name: part.name, ok, ms });
    };
    child.on('error', (error) => {
      keep(Buffer.from(`${error.message}\n`));
      finish(1);
    });
    child.on('close', (code, signal) => finish(code ?? (signal ? 1 : 0)));
  });
}

/** Runs a stage's parts, `slots` at a time, starting the next as soon as one ends. */
async function runStage(parts, slots) {
  const queue = [...parts];
  const results = [];
  const lane = async () => {
    for (let part = queue.shift(); part; part = queue.shift())
      results.push(await run(part, parts.length === 1));
  };
  await Promise.all(
    Array.from({ length: Math.min(slots, parts.length) }, lane),
  );
  return results;
}

if (stages.length === 0) {
  console.error(`No part's name starts with ${only?.join(' or ')}.`);
  process.exit(1);
}

const slots = Math.max(2, availableParallelism());
const started = Date.now();
const results = [];
for (const [index, parts] of stages.entries()) {
  const stageStarted = Date.now();
  const stageResults = await runStage(parts, slots);
  results.push(...stageResults);
  console.log(
    `\n━━ stage ${index + 1} (${parts.map((part) => part.name).join(', ')}) in ${seconds(Date.now() - stageStarted)}`,
  );
  if (!keepGoing && stageResults.some((result) => !result.ok)) break;
}

console.log('\n━━ summary');
for (const result of results)
  console.log(
    `${result.ok ? 'ok    ' : 'FAILED'} ${result.name.padEnd(18)} ${seconds(result.ms)}`,
  );
const skipped = stages
  .flat()
  .filter((part) => !results.some((result) => result.name === part.name));
for (const part of skipped)
  console.log(`not run ${part.name} (an earlier stage failed)`);
const failed = results.some((result) => !result.ok) || skipped.length > 0;
console.log(
  `${failed ? 'FAILED' : 'passed'} in ${seconds(Date.now() - started)}`,
);
process.exit(failed ? 1 : 0);
