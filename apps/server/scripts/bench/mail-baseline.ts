/**
 * The nodemailer baseline of the write-path bench, run as a process of its own as the server
 * is: sends the messages of a JSON file through the product's SMTP transport
 * (createMailTransport: nodemailer, pooled, the same connections and messages in flight as
 * the outbox poller) with no outbox and no database, then prints how long that took.
 *
 *   node --import tsx apps/server/scripts/bench/mail-baseline.ts <messages.json> <smtp url>
 */
import { readFileSync } from 'node:fs';
import {
  createMailTransport,
  type MailMessage,
} from '../../src/platform/mail/mail-transport';

const [file, smtpUrl] = process.argv.slice(2);
if (!file || !smtpUrl)
  throw new Error('Usage: mail-baseline.ts <messages.json> <smtp url>');
const messages = JSON.parse(readFileSync(file, 'utf8')) as MailMessage[];
const transport = await createMailTransport({ smtpUrl, dataDir: '/tmp' });
let next = 0;
const begin = performance.now();
await Promise.all(
  Array.from({ length: transport.concurrency }, async () => {
    while (next < messages.length) {
      const message = messages[next++];
      if (message) await transport.send(message);
    }
  }),
);
const elapsedMs = performance.now() - begin;
transport.close();
process.stdout.write(JSON.stringify({ elapsedMs, sent: messages.length }));
