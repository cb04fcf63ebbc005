import { resolve } from 'node:path';
import { E2E_PORT } from './ports';

/** Every message the test SMTP server receives, one JSON object per line (one file per suite). */
export const MAIL_FILE = resolve(
  import.meta.dirname,
  `../.data/mail-${E2E_PORT}.jsonl`,
);

export type CapturedMail = {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  receivedAt: string;
};
