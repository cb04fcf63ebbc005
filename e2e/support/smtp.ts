import { appendFileSync } from 'node:fs';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { MAIL_FILE, type CapturedMail } from './mail-file';

function addresses(
  field: AddressObject | AddressObject[] | undefined,
): string[] {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list
    .flatMap((item) => item.value.map((entry) => entry.address ?? ''))
    .filter(Boolean);
}

/** A real SMTP server that accepts every message and appends it to MAIL_FILE. */
export async function startSmtpServer(
  port: number,
): Promise<() => Promise<void>> {
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on localhost: no certificate to trust.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const envelopeTo = session.envelope.rcptTo.map(
            (rcpt) => rcpt.address,
          );
          const mail: CapturedMail = {
            to: envelopeTo.length ? envelopeTo : addresses(parsed.to),
            from: addresses(parsed.from)[0] ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            receivedAt: new Date().toISOString(),
          };
          appendFileSync(MAIL_FILE, `${JSON.stringify(mail)}\n`);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
