/**
 * `npm run bench -- --only writes`: the write paths of issue 9 through the real server process
 * (RUN_WORKER=true, SMTP_URL pointing at an in-process SMTP sink), each next to a baseline taken
 * in the same run:
 *   - bulk add of N interviewees as the web app does it (POST /csv to parse each part of at
 *     most BULK_MAX_ROWS rows, then POST /api/jobs/{job}/applications with the rows), versus
 *     inserting the same rows straight into PostgreSQL;
 *   - invite_all of N: until the reply (every e-mail committed to the outbox), versus inserting
 *     the same rendered rows; and until the SMTP server has accepted all N, versus nodemailer
 *     sending the same N messages through the same transport settings without the outbox.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { BULK_MAX_ROWS } from '@candor/domain';
import type { Db } from '../../src/db/connection';
import type { MailMessage } from '../../src/platform/mail/mail-transport';
import { newShortcode, newToken } from '../../src/platform/ids';
import {
  addJob,
  createScratchDatabase,
  loadLine,
  machineLine,
  seedCompany,
  signedInSession,
  startServerProcess,
} from './scratch-server';
import { startSmtpSink } from './smtp-sink';

const MAIL_BASELINE = resolve(import.meta.dirname, 'mail-baseline.ts');
const INSERT_CHUNK = 500;
const DELIVERY_TIMEOUT_MS = 30 * 60_000;

type Applicant = { first_name: string; last_name: string; email: string };

/** Distinct, realistic-looking applicants; the same for every run. */
function applicants(count: number): Applicant[] {
  const first = ['Olivia', 'Noah', 'Amelia', 'Leo', 'Isla', 'Oscar', 'Ava'];
  const last = ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Davies'];
  return Array.from({ length: count }, (_, index) => ({
    first_name: first[index % first.length] ?? 'Alex',
    last_name: `${last[index % last.length] ?? 'Doe'}-${index + 1}`,
    email: `applicant.${index + 1}@bench-mail.test`,
  }));
}

function chunks<T>(items: T[], size: number): T[][] {
  const parts: T[][] = [];
  for (let start = 0; start < items.length; start += size)
    parts.push(items.slice(start, start + size));
  return parts;
}

async function timed<T>(task: () => Promise<T>): Promise<[T, number]> {
  const begin = performance.now();
  const result = await task();
  return [result, performance.now() - begin];
}

/** The same applicant rows the API would store, inserted directly (500 per statement). */
export async function insertApplicantsDirectly(
  db: Db,
  jobId: number,
  people: Applicant[],
): Promise<void> {
  for (const part of chunks(people, BULK_MAX_ROWS)) {
    await db.transaction().execute(async (trx) => {
      for (const rows of chunks(part, INSERT_CHUNK)) {
        await trx
          .insertInto('applications')
          .values(
            rows.map((person) => ({
              job_id: jobId,
              ...person,
              status: 3,
              token: newToken(),
              shortcode: newShortcode(),
              source: 'bulk',
            })),
          )
          .execute();
      }
    });
  }
}

/** Runs mail-baseline.ts in a process of its own; its own measure of the send loop. */
async function sendWithNodemailer(
  messages: MailMessage[],
  smtpUrl: string,
): Promise<number> {
  const folder = mkdtempSync(join(tmpdir(), 'candor-bench-mail-'));
  const file = join(folder, 'messages.json');
  writeFileSync(file, JSON.stringify(messages));
  try {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', MAIL_BASELINE, file, smtpUrl],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => (output += chunk));
    const code = await new Promise<number | null>((done) =>
      child.once('exit', done),
    );
    if (code !== 0) throw new Error(`mail-baseline.ts exited with ${code}.`);
    return (JSON.parse(output) as { elapsedMs: number }).elapsedMs;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

export async function benchWrites(options: { count: number }): Promise<void> {
  const { count } = options;
  const database = await createScratchDatabase('writes');
  const sink = await startSmtpSink();
  let server: Awaited<ReturnType<typeof startServerProcess>> | undefined;
  try {
    const { db } = database;
    const seed = await seedCompany(db);
    const sqlJobId = await addJob(
      db,
      seed.companyId,
      seed.userId,
      'Bench baseline',
    );
    server = await startServerProcess({
      databaseUrl: database.url,
      part: 'writes',
      env: { RUN_WORKER: 'true', SMTP_URL: sink.url },
    });
    const { base } = server;
    const { headers: auth } = await signedInSession(db, seed.userId);
    const people = applicants(count);
    console.log(
      `\n### Write paths: bulk add and invite_all of ${count.toLocaleString('en-GB')}\n\n` +
        `Machine: ${machineLine()}.\n`,
    );

    // Bulk add, as the bulk-add dialog does it: parse each part, then add its rows.
    let parseMs = 0;
    let addMs = 0;
    for (const part of chunks(people, BULK_MAX_ROWS)) {
      const csv = part
        .map(
          (person) =>
            `${person.first_name},${person.last_name},${person.email}`,
        )
        .join('\n');
      const form = new FormData();
      form.append(
        'csv',
        new Blob([csv], { type: 'text/csv' }),
        'applicants.csv',
      );
      const [parsed, parseTime] = await timed(async () => {
        const reply = await fetch(`${base}/csv`, {
          method: 'POST',
          headers: auth,
          body: form,
        });
        if (reply.status !== 200)
          throw new Error(
            `POST /csv answered ${reply.status}: ${await reply.text()}`,
          );
        return (await reply.json()) as { rows: string[][] };
      });
      parseMs += parseTime;
      const body = parsed.rows.map(([first_name, last_name, email], index) => ({
        row: index + 1,
        job: seed.jobId,
        status: 3,
        user: { first_name, last_name, email, phone: '' },
      }));
      const [, addTime] = await timed(async () => {
        const reply = await fetch(
          `${base}/api/jobs/${seed.jobId}/applications`,
          {
            method: 'POST',
            headers: { ...auth, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          },
        );
        if (reply.status !== 201)
          throw new Error(
            `Bulk add answered ${reply.status}: ${(await reply.text()).slice(0, 300)}`,
          );
      });
      addMs += addTime;
    }
    const [, sqlAddMs] = await timed(() =>
      insertApplicantsDirectly(db, sqlJobId, people),
    );

    // invite_all: the reply comes once every e-mail is in the outbox; the worker sends them.
    sink.reset();
    const inviteBegin = performance.now();
    const form = new FormData();
    form.append('invited_from_name', 'Bench Company');
    form.append('invite_subject', 'Your video interview');
    const reply = await fetch(`${base}/api/jobs/${seed.jobId}/invite_all`, {
      method: 'POST',
      headers: auth,
      body: form,
    });
    const queuedMs = performance.now() - inviteBegin;
    const { queued } = (await reply.json()) as { queued: number };
    if (reply.status !== 200 || queued !== count)
      throw new Error(`invite_all answered ${reply.status}, queued ${queued}.`);
    await sink.waitFor(count, DELIVERY_TIMEOUT_MS);
    const deliveredMs = performance.now() - inviteBegin;
    const deliveredRecipients = sink.recipients();

    // The same rendered e-mails, for both baselines.
    const rendered = await db
      .selectFrom('outbox')
      .select([
        'from_name',
        'reply_to',
        'to_email',
        'subject',
        'html',
        'text',
        'kind',
      ])
      .where('job_id', '=', seed.jobId)
      .orderBy('id')
      .execute();
    const [, sqlQueueMs] = await timed(() =>
      db.transaction().execute(async (trx) => {
        for (const rows of chunks(rendered, INSERT_CHUNK)) {
          await trx
            .insertInto('outbox')
            .values(
              rows.map((row) => ({
                ...row,
                company_id: seed.companyId,
                job_id: sqlJobId,
                // Far in the future: the running worker must not send these.
                next_attempt_at: new Date('2999-01-01'),
              })),
            )
            .execute();
        }
      }),
    );
    sink.reset();
    const rawMs = await sendWithNodemailer(
      rendered.map((row, index) => ({
        messageId: `<baseline-${index}@127.0.0.1>`,
        from: { name: row.from_name, address: 'interviews@candor.localhost' },
        to: row.to_email,
        replyTo: row.reply_to || undefined,
        subject: row.subject,
        html: row.html,
        text: row.text,
      })),
      sink.url,
    );
    if (sink.count() !== count)
      throw new Error(`The baseline delivered ${sink.count()} of ${count}.`);
    const bytes = rendered.reduce(
      (sum, row) => sum + row.html.length + row.text.length,
      0,
    );

    const s = (value: number) => (value / 1000).toFixed(2);
    const rate = (value: number) => Math.round(count / (value / 1000));
    console.log(
      '| write path | API s | per second | baseline | baseline s | API / baseline |\n| --- | --- | --- | --- | --- | --- |',
    );
    console.log(
      `| bulk add: parse (POST /csv, ${Math.ceil(count / BULK_MAX_ROWS)} parts) | ${s(parseMs)} | ${rate(parseMs)} | | | |`,
    );
    console.log(
      `| bulk add: add (POST applications) | ${s(addMs)} | ${rate(addMs)} | INSERT of the same rows | ${s(sqlAddMs)} | ${(addMs / sqlAddMs).toFixed(2)} |`,
    );
    console.log(
      `| bulk add: parse + add | ${s(parseMs + addMs)} | ${rate(parseMs + addMs)} | INSERT of the same rows | ${s(sqlAddMs)} | ${((parseMs + addMs) / sqlAddMs).toFixed(2)} |`,
    );
    console.log(
      `| invite_all: queued (reply) | ${s(queuedMs)} | ${rate(queuedMs)} | INSERT of the same outbox rows | ${s(sqlQueueMs)} | ${(queuedMs / sqlQueueMs).toFixed(2)} |`,
    );
    console.log(
      `| invite_all: handed to SMTP after the reply | ${s(deliveredMs - queuedMs)} | ${rate(deliveredMs - queuedMs)} | nodemailer alone | ${s(rawMs)} | ${((deliveredMs - queuedMs) / rawMs).toFixed(2)} |`,
    );
    console.log(
      `| invite_all: request to last e-mail handed to SMTP | ${s(deliveredMs)} | ${rate(deliveredMs)} | nodemailer alone | ${s(rawMs)} | ${(deliveredMs / rawMs).toFixed(2)} |`,
    );
    console.log(
      `\n${deliveredRecipients.toLocaleString('en-GB')} distinct recipients received the invitation ` +
        `(${Math.round(bytes / count).toLocaleString('en-GB')} characters of HTML and text each). ` +
        `After: ${loadLine()}.`,
    );
  } finally {
    await server?.stop();
    await sink.close();
    await database.drop();
  }
}
