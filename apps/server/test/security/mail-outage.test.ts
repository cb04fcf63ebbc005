import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createOutboxPoller } from '../../src/platform/mail/outbox-poller';
import { enqueueEmails } from '../../src/platform/mail/outbox.repository';
import { createCompany } from '../factories';
import { startSmtpCapture } from '../smtp-capture';
import { createTestApp, type TestApp } from '../test-app';

/** A loopback port with nothing listening on it: connecting there is refused. */
async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;

beforeAll(async () => {
  t = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`,
  });
  smtp = await startSmtpCapture();
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('SMTP down for a while', () => {
  test('mail waits in the outbox and goes out once when the server is back', async () => {
    const company = await createCompany(t.db);
    const recipients = Array.from(
      { length: 5 },
      (_, index) => `wait${index}@example.test`,
    );
    await enqueueEmails(
      t.db,
      recipients.map((to) => ({
        companyId: company.id,
        kind: 'message',
        to,
        fromName: 'Test',
        replyTo: '',
        subject: 'Waited',
        html: '<p>Waited</p>',
        text: 'Waited',
      })),
    );
    const down = createOutboxPoller();
    try {
      expect(await down.runOnce(t.ctx)).toBe(recipients.length);
    } finally {
      down.close();
    }
    const waiting = await t.db.selectFrom('outbox').selectAll().execute();
    expect(waiting).toHaveLength(recipients.length);
    for (const row of waiting) {
      expect(row.status).toBe('pending');
      expect(row.attempts).toBe(1);
      expect(row.last_error).toBeTruthy();
      expect(new Date(row.next_attempt_at).getTime()).toBeGreaterThan(
        Date.now(),
      );
    }

    // The SMTP server is back and the retry time has come.
    await t.db
      .updateTable('outbox')
      .set({ next_attempt_at: new Date() })
      .execute();
    const back = { ...t.ctx, config: { ...t.ctx.config, smtpUrl: smtp.url } };
    const up = createOutboxPoller();
    try {
      expect(await up.runOnce(back)).toBe(recipients.length);
      expect(await up.runOnce(back)).toBe(0);
    } finally {
      up.close();
    }
    const delivered = smtp.messages.flatMap((message) => message.envelopeTo);
    expect(delivered.sort()).toEqual([...recipients].sort());
    const statuses = await t.db.selectFrom('outbox').select('status').execute();
    expect(statuses.every((row) => row.status === 'sent')).toBe(true);
  });
});
