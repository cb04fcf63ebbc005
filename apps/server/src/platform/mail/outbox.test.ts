import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { mailRetryDelaySeconds } from './outbox-poller';
import {
  claimDueEmails,
  confirmClaim,
  enqueueEmails,
  markEmailSent,
} from './outbox.repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const email = (to: string, companyId: number) => ({
  companyId,
  kind: 'message',
  to,
  fromName: 'Test',
  replyTo: '',
  subject: 'Hello',
  html: '<p>Hello</p>',
  text: 'Hello',
});

describe('outbox claims', () => {
  it('lets only the current claim send or mark a row: a worker whose lease was taken over stands down', async () => {
    const company = await createCompany(t.db);
    await enqueueEmails(t.db, [email('slow@example.com', company.id)]);
    const [first] = await claimDueEmails(t.db, {
      limit: 10,
      leaseSeconds: 3,
      token: 'worker-a',
    });
    expect(first?.to_email).toBe('slow@example.com');
    // Within the lease nobody else can claim it.
    expect(
      await claimDueEmails(t.db, {
        limit: 10,
        leaseSeconds: 3,
        token: 'worker-b',
      }),
    ).toEqual([]);

    await new Promise((resolve) => setTimeout(resolve, 3100));
    const [taken] = await claimDueEmails(t.db, {
      limit: 10,
      leaseSeconds: 60,
      token: 'worker-b',
    });
    expect(taken?.id).toBe(first?.id);
    expect(taken?.attempts).toBe(2);

    // Worker A wakes up: its claim is gone, so it must not send, and cannot mark the row.
    expect(await confirmClaim(t.db, taken?.id ?? 0, 'worker-a', 60)).toBe(
      false,
    );
    await markEmailSent(t.db, taken?.id ?? 0, 'worker-a', '<x@y>');
    const row = await t.db
      .selectFrom('outbox')
      .selectAll()
      .where('id', '=', String(taken?.id))
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');

    expect(await confirmClaim(t.db, taken?.id ?? 0, 'worker-b', 60)).toBe(true);
    await markEmailSent(t.db, taken?.id ?? 0, 'worker-b', '<x@y>');
    const sent = await t.db
      .selectFrom('outbox')
      .selectAll()
      .where('id', '=', String(taken?.id))
      .executeTakeFirstOrThrow();
    expect(sent).toMatchObject({ status: 'sent', message_id: '<x@y>' });
    expect(
      await claimDueEmails(t.db, {
        limit: 10,
        leaseSeconds: 60,
        token: 'worker-c',
      }),
    ).toEqual([]);
  });

  it('claims in batches, oldest first', async () => {
    const company = await createCompany(t.db);
    await enqueueEmails(
      t.db,
      Array.from({ length: 1200 }, (_, index) =>
        email(`batch${index}@example.com`, company.id),
      ),
    );
    const first = await claimDueEmails(t.db, {
      limit: 500,
      leaseSeconds: 60,
      token: 'a',
    });
    const second = await claimDueEmails(t.db, {
      limit: 500,
      leaseSeconds: 60,
      token: 'b',
    });
    const third = await claimDueEmails(t.db, {
      limit: 500,
      leaseSeconds: 60,
      token: 'c',
    });
    expect([first.length, second.length, third.length]).toEqual([
      500, 500, 200,
    ]);
    expect(first[0]?.to_email).toBe('batch0@example.com');
    expect(
      new Set([...first, ...second, ...third].map((row) => row.id)).size,
    ).toBe(1200);
  });

  it('backs off exponentially up to four hours', () => {
    expect([1, 2, 3, 4].map(mailRetryDelaySeconds)).toEqual([30, 60, 120, 240]);
    expect(mailRetryDelaySeconds(20)).toBe(4 * 60 * 60);
  });
});
