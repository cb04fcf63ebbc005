import { existsSync, readFileSync } from 'node:fs';
import { MAIL_FILE, type CapturedMail } from './mail-file';

export type { CapturedMail };

/** Every message received so far in this run, oldest first. */
export function readMail(): CapturedMail[] {
  if (!existsSync(MAIL_FILE)) return [];
  return readFileSync(MAIL_FILE, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as CapturedMail);
}

/** Waits until a received message matches (the server's outbox sends in the background). */
export async function waitForMail(
  predicate: (mail: CapturedMail) => boolean,
  timeoutMs = 20_000,
): Promise<CapturedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = readMail().find(predicate);
    if (found) return found;
    if (Date.now() > deadline) {
      const subjects = readMail().map(
        (mail) => `${mail.to.join(',')}: ${mail.subject}`,
      );
      throw new Error(
        `No matching e-mail within ${timeoutMs} ms. Received:\n${subjects.join('\n') || '(none)'}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
