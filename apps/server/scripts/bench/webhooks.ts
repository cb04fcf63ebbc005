/**
 * `npm run bench -- --only webhooks`: one invite_all of N interviewees through the real server
 * process (RUN_WORKER=true) with one webhook endpoint taking application.invited on a loopback
 * receiver: the time until the receiver has all N events, beside the time until the SMTP sink
 * has all N invitations of the same invite_all (decision 151).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createScratchDatabase,
  loadLine,
  machineLine,
  seedCompany,
  signedInSession,
  startServerProcess,
} from './scratch-server';
import { startSmtpSink } from './smtp-sink';
import { insertApplicantsDirectly } from './write-paths';

const DELIVERY_TIMEOUT_MS = 30 * 60_000;

/** Counts the events it is sent and the distinct applications they name, answering 200 at once. */
async function startReceiver() {
  const applications = new Set<number>();
  let received = 0;
  let waiter: { count: number; done: () => void } | null = null;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received++;
      const payload = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        data: { id: number };
      };
      applications.add(payload.data.id);
      response.writeHead(204).end();
      if (waiter && applications.size >= waiter.count) waiter.done();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received: () => received,
    applications: () => applications.size,
    waitFor: (count: number, timeoutMs: number) =>
      new Promise<void>((done, fail) => {
        if (applications.size >= count) return done();
        const timer = setTimeout(
          () =>
            fail(
              new Error(
                `Only ${applications.size} of ${count} events arrived.`,
              ),
            ),
          timeoutMs,
        );
        waiter = {
          count,
          done: () => {
            clearTimeout(timer);
            done();
          },
        };
      }),
    close: () => new Promise((done) => server.close(done)),
  };
}

export async function benchWebhooks(options: { count: number }): Promise<void> {
  const { count } = options;
  const database = await createScratchDatabase('webhooks');
  const sink = await startSmtpSink();
  const receiver = await startReceiver();
  let server: Awaited<ReturnType<typeof startServerProcess>> | undefined;
  try {
    const { db } = database;
    const seed = await seedCompany(db);
    await insertApplicantsDirectly(
      db,
      seed.jobId,
      Array.from({ length: count }, (_, index) => ({
        first_name: 'Webhook',
        last_name: `Bench-${index + 1}`,
        email: `hook.${index + 1}@bench-mail.test`,
      })),
    );
    await db
      .insertInto('webhook_endpoints')
      .values({
        company_id: seed.companyId,
        url: receiver.url,
        events: JSON.stringify(['application.invited']),
        secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      })
      .execute();
    server = await startServerProcess({
      databaseUrl: database.url,
      part: 'webhooks',
      env: {
        RUN_WORKER: 'true',
        SMTP_URL: sink.url,
        WEBHOOK_ALLOW_PRIVATE: 'true',
      },
    });
    const { headers: auth } = await signedInSession(db, seed.userId);
    console.log(
      `\n### Webhooks: application.invited from one invite_all of ${count.toLocaleString('en-GB')}\n\n` +
        `Machine: ${machineLine()}.\n`,
    );

    sink.reset();
    const begin = performance.now();
    const reply = await fetch(
      `${server.base}/api/jobs/${seed.jobId}/invite_all`,
      {
        method: 'POST',
        headers: auth,
        body: new FormData(),
      },
    );
    const queuedMs = performance.now() - begin;
    const { queued } = (await reply.json()) as { queued: number };
    if (reply.status !== 200 || queued !== count)
      throw new Error(`invite_all answered ${reply.status}, queued ${queued}.`);
    const since = (done: Promise<void>) =>
      done.then(() => performance.now() - begin);
    const [hooksMs, mailMs] = await Promise.all([
      since(receiver.waitFor(count, DELIVERY_TIMEOUT_MS)),
      since(sink.waitFor(count, DELIVERY_TIMEOUT_MS)),
    ]);

    const s = (value: number) => `${(value / 1000).toFixed(2)} s`;
    const rate = (value: number) =>
      `${Math.round(count / (value / 1000)).toLocaleString('en-GB')}/s`;
    console.log('| from the invite_all request | time | rate |');
    console.log('|---|---:|---:|');
    console.log(
      `| reply (events and e-mails committed) | ${s(queuedMs)} | ${rate(queuedMs)} |`,
    );
    console.log(`| last webhook received | ${s(hooksMs)} | ${rate(hooksMs)} |`);
    console.log(
      `| last e-mail handed to SMTP | ${s(mailMs)} | ${rate(mailMs)} |`,
    );
    console.log(
      `\n${receiver.applications().toLocaleString('en-GB')} distinct applications in ` +
        `${receiver.received().toLocaleString('en-GB')} requests; ` +
        `${sink.recipients().toLocaleString('en-GB')} distinct e-mail recipients. After: ${loadLine()}.`,
    );
  } finally {
    await server?.stop();
    await receiver.close();
    await sink.close();
    await database.drop();
  }
}
