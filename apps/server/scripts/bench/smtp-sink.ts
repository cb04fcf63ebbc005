/**
 * A real SMTP server on 127.0.0.1 for the write-path bench. It only counts: each message's
 * bytes are read and dropped (no parsing, unlike test/smtp-capture.ts), so the receiver costs
 * as little as possible and the same for the outbox and the nodemailer baseline.
 */
import { SMTPServer } from 'smtp-server';

export type SmtpSink = {
  url: string;
  /** Messages accepted since the last reset. */
  count(): number;
  /** Distinct envelope recipients since the last reset. */
  recipients(): number;
  /** Resolves once `count` messages have been accepted since the last reset. */
  waitFor(count: number, timeoutMs: number): Promise<void>;
  reset(): void;
  close(): Promise<void>;
};

export async function startSmtpSink(): Promise<SmtpSink> {
  let accepted = 0;
  let seen = new Set<string>();
  let waiters: { count: number; done: () => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        accepted += 1;
        for (const rcpt of session.envelope.rcptTo) seen.add(rcpt.address);
        waiters = waiters.filter((waiter) => {
          if (accepted < waiter.count) return true;
          waiter.done();
          return false;
        });
        callback();
      });
    },
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    count: () => accepted,
    recipients: () => seen.size,
    waitFor(count, timeoutMs) {
      if (accepted >= count) return Promise.resolve();
      return new Promise((done, fail) => {
        const timer = setTimeout(
          () =>
            fail(
              new Error(
                `Only ${accepted} of ${count} messages arrived in ${timeoutMs / 1000} s.`,
              ),
            ),
          timeoutMs,
        );
        waiters.push({
          count,
          done: () => {
            clearTimeout(timer);
            done();
          },
        });
      });
    },
    reset() {
      accepted = 0;
      seen = new Set();
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
