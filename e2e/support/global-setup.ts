import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { testBrowser } from './browser';
import { MAIL_FILE } from './mail-file';
import { E2E_PORT, SMTP_PORT } from './ports';
import { startSmtpServer } from './smtp';

/** Starts the SMTP server the e2e server sends to; the returned function stops it. */
export default async function globalSetup() {
  const browser = testBrowser();
  console.log(
    `Browser: ${browser.executablePath} (${browser.source === 'system' ? 'system' : 'npm package @sparticuz/chromium'})`,
  );
  mkdirSync(dirname(MAIL_FILE), { recursive: true });
  writeFileSync(MAIL_FILE, '');
  // Sessions of the previous run died with its database.
  rmSync(resolve(dirname(MAIL_FILE), `sessions-${E2E_PORT}.json`), {
    force: true,
  });
  return startSmtpServer(SMTP_PORT);
}
