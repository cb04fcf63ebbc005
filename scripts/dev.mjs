// `npm run dev`: the API with tsx watch (port 3000) and Vite's dev server (port 5173, proxying
// the API paths) side by side, with prefixed output. Ctrl+C stops both.
import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => resolve(root, 'node_modules/.bin', name);

const processes = [
  {
    name: 'api',
    colour: 35,
    command: bin('tsx'),
    args: ['watch', 'src/server.ts'],
    cwd: resolve(root, 'apps/server'),
  },
  {
    name: 'web',
    colour: 36,
    command: bin('vite'),
    args: [],
    cwd: resolve(root, 'apps/web'),
  },
];

let stopping = false;
const children = processes.map(({ name, colour, command, args, cwd }) => {
  const child = spawn(command, args, {
    cwd,
    // Development webhooks may reach a receiver on this machine (decision 152).
    env: { WEBHOOK_ALLOW_PRIVATE: 'true', ...process.env, FORCE_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = `\x1b[${colour}m${name.padEnd(4)}|\x1b[0m `;
  const forward = (stream, target) => {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) target.write(`${prefix}${line}\n`);
    });
  };
  forward(child.stdout, process.stdout);
  forward(child.stderr, process.stderr);
  child.on('exit', (code) => {
    if (stopping) return;
    console.error(
      `${prefix}exited with code ${code}; stopping the other process.`,
    );
    stop(code ?? 1);
  });
  return child;
});

function stop(code = 0) {
  stopping = true;
  for (const child of children)
    if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
console.log(
  'Candor dev: API on http://localhost:3000, app on http://localhost:5173 (open this one).',
);
