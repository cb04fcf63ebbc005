import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  STATUS_ANSWERS_COMPLETE,
  STATUS_ANSWERS_INCOMPLETE,
} from '@candor/domain';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  createApplication,
  createCompany,
  createJob,
} from '../../../test/factories';
import { createOpenInterview } from '../../../test/interview-fixtures';
import { makeWebmRecording } from '../../../test/media-fixtures';
import { answerQuestion, startTake, tusClient } from '../../../test/tus-upload';
import { createTaskPoller } from '../../platform/tasks/task-poller';
import { allTaskHandlers } from '../../worker/all-task-handlers';

let t: TestApp;
let recording: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  recording = makeWebmRecording({ seconds: 2 });
});
afterAll(() => t.close());

const api = (token: string, rest = '') => `/api/interviewee/${token}${rest}`;

/** Starts a take, uploads it with tus and completes it, as the browser does. */
const answer = (
  token: string,
  questionId: number,
  body: Buffer,
  contentType = 'video/webm;codecs=vp8,opus',
) => answerQuestion(t, token, questionId, body, contentType);

const runWorker = () => createTaskPoller(allTaskHandlers).runOnce(t.ctx);

describe('the interview behind a token', () => {
  it('gives the interview, resolves the short link, and hides other applications', async () => {
    const { application, questions, job, company } = await createOpenInterview(
      t.db,
    );
    const reply = await t.client().get(api(application.token));
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({
      company: { name: company.name, logo: null },
      title: job.title,
      introduction: 'Tell us about yourself.',
      question_count: 2,
      question_ids: questions.map((question) => question.id),
      expected_duration_seconds: 150,
      language: 'en-gb',
      max_retakes: 2,
      consented: true,
      answered_question_ids: [],
      status: 'open',
    });

    const short = await t.client().get(`/i/${application.shortcode}`, {
      headers: { accept: 'text/plain' },
    });
    expect(short.statusCode).toBe(200);
    expect(short.body).toBe(`/api/interviewee/${application.token}`);
    expect((await t.client().get('/i/unknown-code')).statusCode).toBe(404);

    // A token for another application gets 404, and so does another job's question.
    const other = await createOpenInterview(t.db);
    expect(
      (await t.client().get(api(`${application.token}x`))).statusCode,
    ).toBe(404);
    const foreign = await t
      .client()
      .get(api(application.token, `/questions/${other.questionId(0)}`));
    expect(foreign.statusCode).toBe(404);
    const foreignAnswer = await t
      .client()
      .post(
        api(application.token, `/questions/${other.questionId(0)}/answer`),
        {
          content_type: 'video/webm',
          size: 10,
        },
      );
    expect(foreignAnswer.statusCode).toBe(404);
  });

  it('serves a question with its spoken audio through the token', async () => {
    const { application, questionId } = await createOpenInterview(t.db);
    const question = await t
      .client()
      .get(api(application.token, `/questions/${questionId(1)}`));
    expect(question.json()).toMatchObject({
      id: questionId(1),
      text: 'Question number 2?',
      position: 2,
      thinking_time: 15,
      time_limit: 60,
      answered: false,
      media: {
        kind: 'audio',
        url: api(application.token, `/questions/${questionId(1)}/audio`),
      },
    });
    const audio = await t.client().get(question.json().media.url);
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/mpeg');
    expect(audio.rawPayload.length).toBeGreaterThan(1000);
  });

  it('needs consent before answers are taken', async () => {
    const { application, questionId } = await createOpenInterview(t.db, {
      consented: false,
    });
    const refused = await t
      .client()
      .post(api(application.token, `/questions/${questionId(0)}/answer`), {
        content_type: 'video/webm',
        size: 100,
      });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/agree/);
    expect(
      (
        await t
          .client()
          .post(api(application.token, '/consent'), { consent: true })
      ).statusCode,
    ).toBe(200);
    expect(
      (await t.client().get(api(application.token))).json().consented,
    ).toBe(true);
  });
});

describe('answering', () => {
  it('stores a take of many megabytes byte for byte from one PATCH of socket-sized chunks', async () => {
    // 20 MB in 64 KB chunks; the route runs a young-generation collection every 8 MB of the
    // body on the way (decision 174), which must free only what the store has taken.
    const chunkBytes = 64 * 1024;
    const chunks = 320;
    const size = chunks * chunkBytes;
    const chunk = (index: number) => Buffer.alloc(chunkBytes, index % 251);
    const sent = createHash('sha256');
    for (let index = 0; index < chunks; index++) sent.update(chunk(index));
    const { application, questionId } = await createOpenInterview(t.db);
    const started = await startTake(t, application.token, questionId(0));
    const tus = tusClient(t);
    expect((await tus.create(started.take)).statusCode).toBe(201);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: tus.url(started.take),
      headers: {
        'tus-resumable': '1.0.0',
        'content-type': 'application/offset+octet-stream',
        'upload-offset': '0',
        'upload-length': String(size),
        'content-length': String(size),
      },
      payload: Readable.from(
        (function* () {
          for (let index = 0; index < chunks; index++) yield chunk(index);
        })(),
      ),
    });
    expect(patch.statusCode, patch.body).toBe(204);
    expect(patch.headers['upload-offset']).toBe(String(size));
    const { original_key: key } = await t.db
      .selectFrom('answers')
      .select('original_key')
      .where('id', '=', started.answer)
      .executeTakeFirstOrThrow();
    const stored = createHash('sha256');
    const object = await t.ctx.storage.read(String(key));
    for await (const piece of object.stream) stored.update(piece as Buffer);
    expect(stored.digest('hex')).toBe(sent.digest('hex'));
  });

  it('tracks progress: incomplete (6) until the last answer, then responded', async () => {
    const { application, questionId } = await createOpenInterview(t.db);
    const first = await answer(application.token, questionId(0), recording);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      status: 'processing',
      completed: false,
    });
    let row = await t.db
      .selectFrom('applications')
      .selectAll()
      .where('id', '=', application.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      answer_count: 1,
      status: STATUS_ANSWERS_INCOMPLETE,
      responded_at: null,
    });

    // The same question cannot be answered twice.
    const again = await t
      .client()
      .post(api(application.token, `/questions/${questionId(0)}/answer`), {
        content_type: 'video/webm',
        size: 100,
      });
    expect(again.statusCode).toBe(409);

    const second = await answer(application.token, questionId(1), recording);
    expect(second.json()).toMatchObject({ completed: true });
    row = await t.db
      .selectFrom('applications')
      .selectAll()
      .where('id', '=', application.id)
      .executeTakeFirstOrThrow();
    expect(row.answer_count).toBe(2);
    expect(row.status).toBe(STATUS_ANSWERS_COMPLETE);
    expect(row.responded_at).not.toBeNull();
    const activity = await t.db
      .selectFrom('activities')
      .select('verb')
      .where('application_id', '=', application.id)
      .execute();
    expect(activity.map((entry) => entry.verb)).toContain(
      'application.responded',
    );
    const mail = await t.db
      .selectFrom('outbox')
      .selectAll()
      .where('application_id', '=', application.id)
      .execute();
    expect(mail.map((message) => message.kind)).toEqual(['completion']);
    expect(mail[0]?.to_email).toBe(application.email);
    expect((await t.client().get(api(application.token))).json().status).toBe(
      'completed',
    );

    // Both takes are queued for the worker, which makes them ready.
    expect(await runWorker()).toBe(1);
    expect(await runWorker()).toBe(1);
    const answers = await t.db
      .selectFrom('answers')
      .selectAll()
      .where('application_id', '=', application.id)
      .execute();
    expect(answers.map((item) => item.status)).toEqual(['ready', 'ready']);
  });

  it('refuses an upload over the size limit', async () => {
    const { application, questionId } = await createOpenInterview(t.db);
    const tooBig = await t
      .client()
      .post(api(application.token, `/questions/${questionId(0)}/answer`), {
        content_type: 'video/webm',
        size: 501 * 1024 * 1024,
      });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toMatch(/too large/);

    // A take that declared its size up front gets no byte past it.
    const { take, max_bytes } = await startTake(
      t,
      application.token,
      questionId(0),
      { size: 1000 },
    );
    expect(max_bytes).toBe(1000);
    const tus = tusClient(t);
    expect((await tus.create(take)).statusCode).toBe(201);
    const patch = await tus.patch(take, 0, Buffer.alloc(5000));
    expect(patch.statusCode).toBe(413);
    expect(patch.json().message).toMatch(/larger than this answer allows/);
    const complete = await t
      .client()
      .post(
        api(application.token, `/questions/${questionId(0)}/answer/complete`),
      );
    expect(complete.statusCode).toBe(409);
    expect(complete.json().message).toMatch(/not arrived in full/);
  });

  it('takes the size limit from ANSWER_UPLOAD_MAX_MB', async () => {
    const small = await createTestApp({ ANSWER_UPLOAD_MAX_MB: '1' });
    try {
      const { application, questionId } = await createOpenInterview(small.db);
      const url = api(application.token, `/questions/${questionId(0)}/answer`);
      const tooBig = await small
        .client()
        .post(url, { content_type: 'video/webm', size: 1024 * 1024 + 1 });
      expect(tooBig.statusCode).toBe(413);
      expect(tooBig.json().message).toBe(
        'The recording is too large to upload (the limit is 1 MB).',
      );
      const fits = await small
        .client()
        .post(url, { content_type: 'video/webm', size: 1024 * 1024 });
      expect(fits.statusCode).toBe(200);
      expect(fits.json().max_bytes).toBe(1024 * 1024);
    } finally {
      await small.close();
    }
  });

  it('refuses a type that is not video', async () => {
    const { application, questionId } = await createOpenInterview(t.db);
    const reply = await t
      .client()
      .post(api(application.token, `/questions/${questionId(0)}/answer`), {
        content_type: 'text/plain',
        size: 100,
      });
    expect(reply.statusCode).toBe(415);
  });

  it('marks a text file sent as a recording failed, and asks for the answer again', async () => {
    const { application, questionId } = await createOpenInterview(t.db);
    const text = Buffer.from('this is not a video at all\n'.repeat(100));
    const reply = await answer(application.token, questionId(0), text);
    expect(reply.statusCode).toBe(200);
    expect(await runWorker()).toBe(1);

    const row = await t.db
      .selectFrom('answers')
      .selectAll()
      .where('application_id', '=', application.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('failed');
    expect(row.failed_reason).toMatch(/not a readable video/);
    const task = await t.db
      .selectFrom('tasks')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(task.status).toBe('failed');
    expect(task.last_error).toMatch(/not a readable video/);

    const interview = (await t.client().get(api(application.token))).json();
    expect(interview.answered_question_ids).toEqual([]);
    expect(interview.failed_answers).toEqual([
      { question: questionId(0), reason: row.failed_reason },
    ]);
    const app = await t.db
      .selectFrom('applications')
      .selectAll()
      .where('id', '=', application.id)
      .executeTakeFirstOrThrow();
    expect(app.answer_count).toBe(0);

    // Recording again is allowed and works.
    const retake = await answer(application.token, questionId(0), recording);
    expect(retake.statusCode).toBe(200);
    expect(await runWorker()).toBe(1);
    const fixed = await t.db
      .selectFrom('answers')
      .selectAll()
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(fixed.status).toBe('ready');
  });

  it('refuses answers after the deadline with a clear message', async () => {
    const { application, questionId } = await createOpenInterview(t.db, {
      deadline: new Date(Date.now() - 60_000),
    });
    expect((await t.client().get(api(application.token))).json().status).toBe(
      'expired',
    );
    const reply = await t
      .client()
      .post(api(application.token, `/questions/${questionId(0)}/answer`), {
        content_type: 'video/webm',
        size: 100,
      });
    expect(reply.statusCode).toBe(403);
    expect(reply.json().message).toBe(
      'The deadline for this interview has passed, so answers can no longer be sent.',
    );
  });

  it('declines with a reason: the applicant withdraws and can no longer answer', async () => {
    const { application, questionId } = await createOpenInterview(t.db);
    const reply = await t.client().post(api(application.token, '/decline'), {
      reason: 'I took another job',
    });
    expect(reply.statusCode).toBe(200);
    const row = await t.db
      .selectFrom('applications')
      .selectAll()
      .where('id', '=', application.id)
      .executeTakeFirstOrThrow();
    expect(row.declined_at).not.toBeNull();
    expect(row.declined_reason).toBe('I took another job');
    expect((await t.client().get(api(application.token))).json().status).toBe(
      'declined',
    );
    const refused = await t
      .client()
      .post(api(application.token, `/questions/${questionId(0)}/answer`), {
        content_type: 'video/webm',
        size: 100,
      });
    expect(refused.statusCode).toBe(409);
  });
});

describe('the public link', () => {
  it('shows a published interview and applies once per e-mail without leaking the token', async () => {
    const { job } = await createOpenInterview(t.db);
    const page = await t.client().get(`/api/public/jobs/${job.shortcode}`);
    expect(page.json()).toMatchObject({
      title: job.title,
      question_count: 2,
      status: 'open',
    });

    const body = {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.test',
      consent: true,
    };
    const created = await t
      .client()
      .post(`/api/public/jobs/${job.shortcode}/apply`, body);
    expect(created.statusCode).toBe(200);
    expect(created.json()).toEqual({
      status: 'link_sent',
      message:
        'If ada@example.test can take this interview, we have sent the interview link to that address.',
    });
    const application = await t.db
      .selectFrom('applications')
      .selectAll()
      .where('job_id', '=', job.id)
      .where('email', '=', 'ada@example.test')
      .executeTakeFirstOrThrow();
    expect(created.body).not.toContain(application.token);
    expect(created.body).not.toContain(application.shortcode);

    // The e-mailed link opens the new application's interview.
    const mail = await t.db
      .selectFrom('outbox')
      .selectAll()
      .where('to_email', '=', 'ada@example.test')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe(`Your interview link: ${job.title}`);
    const shortcode = /\/i\/(\w+)/.exec(mail.text)?.[1] ?? '';
    expect(shortcode).toBe(application.shortcode);
    const resolved = await t
      .client()
      .get(`/i/${shortcode}`, { headers: { accept: 'text/plain' } });
    const interview = await t.client().get(resolved.body);
    expect(interview.json()).toMatchObject({
      first_name: 'Ada',
      consented: true,
      status: 'open',
    });

    const repeat = await t
      .client()
      .post(`/api/public/jobs/${job.shortcode}/apply`, {
        ...body,
        email: 'ADA@example.test',
      });
    expect(repeat.statusCode).toBe(200);
    expect(repeat.body).not.toContain(application.token);
    const mails = await t.db
      .selectFrom('outbox')
      .select(['text'])
      .where('to_email', '=', 'ada@example.test')
      .execute();
    expect(mails).toHaveLength(2);
    expect(mails[1]?.text).toContain(`/i/${application.shortcode}`);
  });

  it('answers a known and an unknown address alike (no oracle for who applied)', async () => {
    const { job } = await createOpenInterview(t.db);
    const apply = (email: string) =>
      t.client().post(`/api/public/jobs/${job.shortcode}/apply`, {
        first_name: 'Sam',
        last_name: 'Known',
        email,
        consent: true,
      });
    const known = await createApplication(t.db, {
      job_id: job.id,
      email: 'known@example.test',
    });
    const [existing, fresh] = [
      await apply('known@example.test'),
      await apply('unknown@example.test'),
    ];
    expect(existing.statusCode).toBe(fresh.statusCode);
    const withoutAddress = (reply: typeof existing, email: string) =>
      reply.body.replace(email, '<address>');
    expect(withoutAddress(existing, 'known@example.test')).toBe(
      withoutAddress(fresh, 'unknown@example.test'),
    );
    // Both addresses got their link; the known one kept its application.
    const sent = await t.db
      .selectFrom('outbox')
      .select(['to_email', 'kind'])
      .where('job_id', '=', job.id)
      .orderBy('id')
      .execute();
    expect(sent).toEqual([
      { to_email: 'known@example.test', kind: 'interview_link' },
      { to_email: 'unknown@example.test', kind: 'interview_link' },
    ]);
    const applications = await t.db
      .selectFrom('applications')
      .select('id')
      .where('job_id', '=', job.id)
      .where('email', '=', 'known@example.test')
      .execute();
    expect(applications).toEqual([{ id: known.id }]);
  });

  it('hides drafts and says when an interview is closed', async () => {
    const company = await createCompany(t.db);
    const draft = await createJob(t.db, { company_id: company.id });
    expect(
      (await t.client().get(`/api/public/jobs/${draft.shortcode}`)).statusCode,
    ).toBe(404);
    const archived = await createJob(t.db, {
      company_id: company.id,
      status: 'Archived',
    });
    expect(
      (await t.client().get(`/api/public/jobs/${archived.shortcode}`)).json()
        .status,
    ).toBe('closed');
    const apply = await t
      .client()
      .post(`/api/public/jobs/${archived.shortcode}/apply`, {
        first_name: 'A',
        last_name: 'B',
        email: 'ab@example.test',
        consent: true,
      });
    expect(apply.statusCode).toBe(403);
    expect(apply.json().message).toBe('This interview is closed.');
    const closedApp = await createApplication(t.db, { job_id: archived.id });
    expect((await t.client().get(api(closedApp.token))).json().status).toBe(
      'closed',
    );
  });

  it('rate-limits applications', async () => {
    const { job } = await createOpenInterview(t.db);
    let last = 0;
    for (let index = 0; index < 12; index++) {
      const reply = await t
        .client()
        .post(`/api/public/jobs/${job.shortcode}/apply`, {
          first_name: 'Rate',
          last_name: 'Limit',
          email: `rate${index}@example.test`,
          consent: true,
        });
      last = reply.statusCode;
    }
    expect(last).toBe(429);
  });
});
