import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createRequire } from 'node:module';
import type { Socket } from 'node:net';
import { createInterface } from 'node:readline';

/**
 * SVOX Pico compiled to JavaScript (pico2wave.js, Apache-2.0; its voice data carries SVOX's
 * terms): English and French voices inside the npm package, no system program needed
 * (docs/decisions/122-speech-with-svox-pico.md).
 */
const PICO_SCRIPT = createRequire(import.meta.url).resolve('pico2wave.js');

/**
 * The engine's own Node process. Loading Pico takes one and a half seconds of a core (its voice
 * data is JavaScript source); speaking a question then takes a tenth of that. So the process
 * stays up between renders (decision 179) and reads one JSON request a line: `{text, lang,
 * out}`, answering `{}` once the WAV is written to `out`, or `{error}`.
 *
 * pico2wave's main() ends with exit() and frees nothing it took: the process's exit is turned
 * into an exception that unwinds main(), and its memory is put back as it was before the first
 * render, so every render starts as in a fresh process. The text is an argument after `--`, so
 * nothing in it can be read as an option.
 */
const ENGINE = `
const fs = require('node:fs');
const readline = require('node:readline');
class PicoExit extends Error {
  constructor(code) { super('pico-exit'); this.code = code; }
}
process.exit = (code) => { throw new PicoExit(code); };
let messages = [];
const pico = {
  noExitRuntime: true,
  noInitialRun: true,
  print() {},
  printErr: (line) => messages.push(String(line).slice(0, 300)),
  onRuntimeInitialized() {
    const memory = pico.HEAPU8.slice();
    const stack = pico.stackSave();
    const reply = (message) => process.stdout.write(JSON.stringify(message) + '\\n');
    readline.createInterface({ input: process.stdin }).on('line', (line) => {
      const { text, lang, out } = JSON.parse(line);
      pico.HEAPU8.set(memory);
      pico.stackRestore(stack);
      messages = [];
      let code = 0;
      try {
        pico.callMain(['--wave=/speech.wav', '--lang=' + lang, '--', text]);
      } catch (error) {
        if (!(error instanceof PicoExit)) code = 1;
        else code = error.code ?? 0;
      }
      const said = messages.filter((message) => !message.includes('pico-exit')).at(-1);
      try {
        if (code !== 0) throw new Error('pico2wave ' + code + ': ' + (said ?? 'no reason given'));
        fs.writeFileSync(out, pico.FS.readFile('/speech.wav'));
        pico.FS.unlink('/speech.wav');
        reply({});
      } catch (error) {
        reply({ error: error.message });
      }
    });
  },
};
require(process.argv[1])(pico);
`;

type Waiting = {
  resolve: () => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
};

/**
 * One warm Pico process, started on the first render and ended after `idleMs` without one, so
 * a burst of renders (an interview published) pays the start once and an idle server does not
 * hold its 250 MB. Renders go one at a time: `speak` must not be called again before the last
 * call settled. The process holds nothing that keeps this one running.
 */
export class PicoEngine {
  private child: ChildProcessWithoutNullStreams | null = null;
  private waiting: Waiting | null = null;
  private idle: NodeJS.Timeout | null = null;
  private stderr = '';

  constructor(
    private readonly options: { idleMs: number; timeoutMs: number },
  ) {}

  /** Whether the engine's process is up (it ends after `idleMs` without a render). */
  get running(): boolean {
    return this.child !== null;
  }

  /** Speaks `text` in `lang` (`en-GB`, `fr-FR`) into a WAV file at `out`. */
  speak(text: string, lang: string, out: string): Promise<void> {
    if (this.waiting)
      throw new Error('The speech engine renders one at a time');
    if (this.idle) clearTimeout(this.idle);
    const child = this.child ?? this.start();
    return new Promise<void>((resolve, reject) => {
      // The one handle that keeps this process running while a render is under way.
      const timer = setTimeout(() => {
        this.child = null;
        child.kill('SIGKILL');
        this.settle(
          new Error(
            `Speech rendering took longer than ${this.options.timeoutMs / 1000} s`,
          ),
        );
      }, this.options.timeoutMs);
      this.waiting = { resolve, reject, timer };
      child.stdin.write(`${JSON.stringify({ text, lang, out })}\n`);
    });
  }

  private start(): ChildProcessWithoutNullStreams {
    const child = spawn(process.execPath, ['-e', ENGINE, PICO_SCRIPT], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.child = child;
    this.stderr = '';
    child.unref();
    for (const stream of [child.stdin, child.stdout, child.stderr])
      (stream as unknown as Socket).unref();
    // A child that ended before reading its input must not end this process.
    child.stdin.on('error', () => {});
    child.stderr.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-2000);
    });
    createInterface({ input: child.stdout }).on('line', (line) => {
      const { error } = JSON.parse(line) as { error?: string };
      this.settle(
        error ? new Error(`Speech rendering failed (${error})`) : null,
      );
      this.idle = setTimeout(() => this.stop(child), this.options.idleMs);
      this.idle.unref();
    });
    child.on('error', (error) => this.ended(child, error.message));
    child.on('exit', (code, signal) =>
      this.ended(
        child,
        `the speech engine ended (${signal ?? code}): ${this.stderr.trim().split('\n').at(-1) ?? ''}`,
      ),
    );
    return child;
  }

  private settle(error: Error | null) {
    const waiting = this.waiting;
    if (!waiting) return;
    this.waiting = null;
    clearTimeout(waiting.timer);
    if (error) waiting.reject(error);
    else waiting.resolve();
  }

  private stop(child: ChildProcessWithoutNullStreams) {
    if (this.child !== child || this.waiting) return;
    this.child = null;
    child.stdin.end();
  }

  private ended(child: ChildProcessWithoutNullStreams, reason: string) {
    if (this.child !== child) return;
    this.child = null;
    if (this.idle) clearTimeout(this.idle);
    this.settle(new Error(`Speech rendering failed (${reason})`));
  }
}
