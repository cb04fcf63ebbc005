import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type CapturedMail = ParsedMail & { envelopeTo: string[] };

/**
 * A real SMTP server on 127.0.0.1 (random port) that keeps every message it accepts.
 * Addresses in `refuse` get a permanent 550; those in `defer` a temporary 451 (once each).
 */
export async function startSmtpCapture(
  options: { refuse?: string[]; defer?: string[] } = {},
) {
  const messages: CapturedMail[] = [];
  const refuse = new Set(
    (options.refuse ?? []).map((address) => address.toLowerCase()),
  );
  const defer = new Set(
    (options.defer ?? []).map((address) => address.toLowerCase()),
  );
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase();
      if (refuse.has(to))
        return callback(
          Object.assign(new Error('No such mailbox'), { responseCode: 550 }),
        );
      if (defer.delete(to))
        return callback(
          Object.assign(new Error('Try again later'), { responseCode: 451 }),
        );
      return callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push(
            Object.assign(parsed, {
              envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            }),
          );
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    to(email: string) {
      return messages.filter((message) =>
        message.envelopeTo.some(
          (to) => to.toLowerCase() === email.toLowerCase(),
        ),
      );
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
