import { spawn } from 'node:child_process';

/** A file ffmpeg cannot read as video (corrupt, truncated, not a video at all). */
export class MediaError extends Error {
  constructor(
    message: string,
    readonly detail = '',
  ) {
    super(message);
  }
}

/**
 * Runs a program with arguments (never through a shell) and collects its output. Output is
 * capped so a chatty ffmpeg cannot fill memory; stdout is only used for small JSON.
 */
export function runProcess(
  program: string,
  args: string[],
  options: { timeoutMs?: number; stdin?: string } = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    // A child that ends before reading all of its input must not end this process.
    child.stdin.on('error', () => {});
    child.stdin.end(options.stdin);
    const limit = 256 * 1024;
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      if (stdout.length < limit) stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      // Keep the end: ffmpeg's reason for failing is printed last.
      stderr = (stderr + chunk.toString()).slice(-limit);
    });
    const timer = options.timeoutMs
      ? setTimeout(() => child.kill('SIGKILL'), options.timeoutMs)
      : null;
    child.on('error', (error) => {
      if (timer) clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      if (timer) clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** The last meaningful line of ffmpeg's error output, for a failed_reason a person can read. */
export function lastErrorLine(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return (lines.at(-1) ?? 'unknown error').slice(0, 300);
}
