import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { MAIL_FILE } from './mail-file';
import { SMTP_PORT } from './ports';
import { startSmtpServer } from './smtp';

/** Starts the SMTP server the e2e server sends to; the returned function stops it. */
export default async function globalSetup() {
  mkdirSync(dirname(MAIL_FILE), { recursive: true });
  writeFileSync(MAIL_FILE, '');
  return startSmtpServer(SMTP_PORT);
}
