import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createApplication,
  createCompany,
  createUser,
  TEST_PASSWORD,
} from '../../../test/factories';
import { createOpenInterview } from '../../../test/interview-fixtures';
import { makeWebmRecording } from '../../../test/media-fixtures';
import { multipartBody } from '../../../test/multipart';
import {
  createPersonWithEverything,
  createRetentionCompany,
  daysAgo,
  NOTHING_LEFT,
  rowsAbout,
  runErasureTasks,
  storedFiles,
} from '../../../test/retention-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { answerQuestion } from '../../../test/tus-upload';
import { createTaskPoller } from '../../platform/tasks/task-poller';
import { allTaskHandlers } from '../../worker/all-task-handlers';
import { allPollers } from '../../worker/all-pollers';
import { renderActivity } from '../activity/activity.render';
import { takeFiles } from './erasable-files';
import { DELETE_FILES_TASK, FORGET_EMAILS_TASK } from './erasure-tasks';
import { createRetentionPoller } from './retention-poller';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let signIns = 0;
/** Each sign-in from its own address: the login rate limit counts per address. */
async function signIn(email: string) {
  const client = t.client();
  const response = await client.post(
    '/login/ajax',
    { username: email, password: TEST_PASSWORD },
    { headers: { 'x-forwarded-for': `10.7.0.${++signIns}` } },
  );
  expect(response.statusCode).toBe(200);
  return client;
}

/** Runs the sweep until it finds nothing; returns how many each run erased. */
async function sweep(batch?: number): Promise<number[]> {
  const poller = createRetentionPoller(batch ? { batch } : {});
  const runs: number[] = [];
  for (;;) {
    const erased = await poller.runOnce(t.ctx);
    if (erased === 0) return runs;
    runs.push(erased);
  }
}

const makeTasksDue = (kind: string) =>
  t.db
    .updateTable('tasks')
    .set({ run_at: new Date(Date.now() - 1000) })
    .where('kind', '=', kind)
    .where('status', '=', 'pending')
    .execute();

async function activityTexts(client: Awaited<ReturnType<typeof signIn>>) {
  const reply = await client.get('/api/activities?page_size=50&page=1');
  expect(reply.statusCode).toBe(200);
  return {
    body: reply.body,
    texts: (reply.json().results as { history: string }[]).map(
      (row) => row.history,
    ),
  };
}

describe('the retention sweep', () => {
  it('erases an interviewee idle for longer than the period: every row, e-mail and file', async () => {
    const where = await createRetentionCompany(t, 12);
    const clip = `companies/${where.company.id}/videos/demo-answer-1.mp4`;
    await t.ctx.storage.put(clip, Buffer.from('a shared clip'), 'video/mp4');
    const old = await createPersonWithEverything(t, where, {
      lastActivity: daysAgo(400),
      sharedClip: clip,
    });
    // Created long ago, but rated last month: its last activity is recent, so it stays.
    const active = await createPersonWithEverything(t, where, {
      lastActivity: daysAgo(800),
      sharedClip: clip,
    });
    await t.db
      .updateTable('applications')
      .set({ updated_at: daysAgo(30) })
      .where('id', '=', active.application.id)
      .execute();
    // Invited two years ago, and the invitation is still open: it counts until its deadline.
    const open = await createApplication(t.db, {
      job_id: where.job.id,
      created_at: daysAgo(700),
      updated_at: daysAgo(700),
      invited_at: daysAgo(700),
      deadline: new Date(Date.now() + 7 * 86_400_000),
    });
    // Just inside the period.
    const recent = await createPersonWithEverything(t, where, {
      lastActivity: daysAgo(330),
    });

    expect(await sweep()).toEqual([1]);

    expect(await rowsAbout(t, old)).toEqual(NOTHING_LEFT);
    // Rows first: the files wait for their tasks, which nothing but them can lose.
    expect(await storedFiles(t, old.files)).toEqual(old.files);
    const queued = await t.db
      .selectFrom('tasks')
      .select('payload')
      .where('kind', '=', DELETE_FILES_TASK)
      .where('status', '=', 'pending')
      .execute();
    // With the MP4 and JPEG the replaced take's transcode could have written.
    expect(
      queued
        .flatMap((task) => (task.payload as { keys: string[] }).keys)
        .sort(),
    ).toEqual(
      [...new Set(old.files.flatMap((key) => [key, ...takeFiles(key)]))].sort(),
    );
    expect(await runErasureTasks(t)).toBe(1);
    expect(await storedFiles(t, old.files)).toEqual([]);
    // A clip other rows still show is not the interviewee's alone.
    expect(await storedFiles(t, [clip])).toEqual([clip]);

    for (const kept of [active, recent]) {
      expect(await rowsAbout(t, kept)).toMatchObject({
        applications: 1,
        answers: 2 - (kept === recent ? 1 : 0),
        reviews: 1,
        comments: 1,
        outbox: 3,
      });
      expect(await storedFiles(t, kept.files)).toEqual(kept.files);
    }
    expect(
      await t.db
        .selectFrom('applications')
        .select('id')
        .where('id', '=', open.id)
        .executeTakeFirst(),
    ).toBeDefined();

    // The feed says how many went, and never who.
    const owner = await signIn(where.owner.email);
    const { body, texts } = await activityTexts(owner);
    expect(texts).toContain(
      `Interviewees erased after the data retention period: 1 from ${where.job.title}`,
    );
    expect(body).not.toContain(old.application.first_name);
    expect(body).not.toContain(old.application.email);
  });

  it('keeps everything of a company that keeps data until deleted, and touches no other company', async () => {
    const keeper = await createRetentionCompany(t, null);
    const ancient = await createPersonWithEverything(t, keeper, {
      lastActivity: daysAgo(3000),
    });
    const strict = await createRetentionCompany(t, 6);
    const young = await createPersonWithEverything(t, strict, {
      lastActivity: daysAgo(150),
    });
    const expired = await createPersonWithEverything(t, strict, {
      lastActivity: daysAgo(200),
    });

    expect(await sweep()).toEqual([1]);
    await runErasureTasks(t);

    expect(await rowsAbout(t, expired)).toEqual(NOTHING_LEFT);
    expect(await storedFiles(t, expired.files)).toEqual([]);
    for (const kept of [ancient, young]) {
      expect(await rowsAbout(t, kept)).toEqual({
        applications: 1,
        answers: 1,
        answer_takes: 2,
        answer_reviews: 1,
        reviews: 1,
        matrix_reviews: 1,
        comments: 1,
        review_comments: 1,
        reviewer_assignments: 1,
        activities: 1,
        outbox: 3,
      });
      expect(await storedFiles(t, kept.files)).toEqual(kept.files);
    }
  });

  it('works in batches, and two workers sweeping at once erase each interviewee once', async () => {
    const where = await createRetentionCompany(t, 24);
    const second = await createRetentionCompany(t, 24);
    const people = [];
    for (let index = 0; index < 7; index++)
      people.push(
        await createPersonWithEverything(t, index % 2 ? second : where, {
          lastActivity: daysAgo(800 + index),
        }),
      );

    expect(await sweep(3)).toEqual([3, 3, 1]);
    for (let index = 0; index < 4; index++)
      people.push(
        await createPersonWithEverything(t, index % 2 ? second : where, {
          lastActivity: daysAgo(900),
        }),
      );
    // On PostgreSQL the two run side by side on separate connections; SKIP LOCKED splits the work.
    const [first, other] = await Promise.all([sweep(1), sweep(1)]);
    expect([...first, ...other].reduce((sum, n) => sum + n, 0)).toBe(4);

    for (const person of people)
      expect(await rowsAbout(t, person)).toEqual(NOTHING_LEFT);
    await runErasureTasks(t);
    for (const person of people)
      expect(await storedFiles(t, person.files)).toEqual([]);
    // One entry per job and day, adding up every batch.
    const counts = await t.db
      .selectFrom('activities')
      .select(['job_id', 'data'])
      .where('verb', '=', 'applications.retention_erased')
      .where('job_id', 'in', [where.job.id, second.job.id])
      .execute();
    const total = (jobId: number) =>
      counts
        .filter((row) => row.job_id === jobId)
        .reduce((sum, row) => sum + (row.data as { count: number }).count, 0);
    expect(total(where.job.id)).toBe(6);
    expect(total(second.job.id)).toBe(5);
  });

  it('leaves an e-mail being sent right now to its worker, and deletes it once the send is over', async () => {
    const where = await createRetentionCompany(t, 6);
    const person = await createPersonWithEverything(t, where, {
      lastActivity: daysAgo(400),
    });
    const inFlight = await t.db
      .insertInto('outbox')
      .values({
        company_id: where.company.id,
        application_id: person.application.id,
        kind: 'rejection',
        to_email: person.application.email,
        subject: 'Your application',
        html: '<p>Sorry</p>',
        text: 'Sorry',
        claim_token: 'worker-1',
        locked_until: new Date(Date.now() + 60_000),
        attempts: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    expect(await sweep()).toEqual([1]);
    const left = await t.db
      .selectFrom('outbox')
      .select(['id', 'application_id', 'status'])
      .where('to_email', '=', person.application.email)
      .execute();
    expect(left).toEqual([
      { id: inFlight.id, application_id: null, status: 'pending' },
    ]);

    // Still being sent when its task first comes round: it waits and tries again.
    await makeTasksDue(FORGET_EMAILS_TASK);
    await runErasureTasks(t);
    const waiting = await t.db
      .selectFrom('tasks')
      .select(['status', 'last_error'])
      .where('kind', '=', FORGET_EMAILS_TASK)
      .executeTakeFirstOrThrow();
    expect(waiting.status).toBe('pending');
    expect(waiting.last_error).toMatch(/still being sent/);

    // The worker marks it sent (markEmailSent); the next try deletes it.
    await t.db
      .updateTable('outbox')
      .set({ status: 'sent', locked_until: null, sent_at: new Date() })
      .where('id', '=', inFlight.id)
      .execute();
    await makeTasksDue(FORGET_EMAILS_TASK);
    await runErasureTasks(t);
    expect(await rowsAbout(t, person)).toEqual(NOTHING_LEFT);
  });

  it('deletes files a late upload or a running transcode writes after the erasure', async () => {
    const where = await createRetentionCompany(t, 6);
    const person = await createPersonWithEverything(t, where, {
      lastActivity: daysAgo(400),
    });
    // A take whose upload had started but whose bytes had not all arrived.
    const late = `companies/${where.company.id}/originals/${randomUUID()}.webm`;
    const latePrefix = late
      .replace('/originals/', '/videos/')
      .replace(/\.webm$/, '');
    await t.db
      .insertInto('answers')
      .values({
        application_id: person.application.id,
        question_id: where.question.id + 1,
        question_text: 'Another question',
        status: 'uploading',
        original_key: late,
      })
      .execute();

    expect(await sweep()).toEqual([1]);
    await runErasureTasks(t);
    const lateFiles = [late, `${latePrefix}.mp4`, `${latePrefix}.jpg`];
    for (const key of lateFiles)
      await t.ctx.storage.put(key, Buffer.from('arrived late'), 'video/webm');
    // The second deletion waits until no upload request or transcode of the take can still write.
    const delayed = await t.db
      .selectFrom('tasks')
      .select('run_at')
      .where('kind', '=', DELETE_FILES_TASK)
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    expect(new Date(delayed.run_at).getTime()).toBeGreaterThan(
      Date.now() + 2 * 60 * 60_000,
    );
    expect(await storedFiles(t, lateFiles)).toEqual(lateFiles);
    await makeTasksDue(DELETE_FILES_TASK);
    await runErasureTasks(t);
    expect(await storedFiles(t, [...person.files, ...lateFiles])).toEqual([]);
  });

  it('runs in the worker with the other pollers', () => {
    expect(allPollers.map((poller) => poller.name)).toEqual(
      expect.arrayContaining(['retention', 'erasure-tasks']),
    );
  });
});

describe('deleting by hand uses the same erasure', () => {
  /** A real take through the resumable upload and the transcode; returns its three files. */
  async function recordRealTake(token: string, questionId: number) {
    const recording = makeWebmRecording({ seconds: 2 });
    const complete = await answerQuestion(t, token, questionId, recording);
    expect(complete.statusCode).toBe(200);
    while ((await createTaskPoller(allTaskHandlers).runOnce(t.ctx)) > 0);
    const answer = await t.db
      .selectFrom('answers')
      .selectAll()
      .where('question_id', '=', questionId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(answer.status).toBe('ready');
    return {
      answerId: answer.id,
      files: [answer.original_key, answer.video_key, answer.thumbnail_key].map(
        String,
      ),
    };
  }

  /** A CV through the real upload; returns its key. */
  async function uploadCv(
    client: Awaited<ReturnType<typeof signIn>>,
    jobId: number,
    applicationId: number,
  ) {
    const cv = multipartBody(
      {},
      {
        cv: {
          filename: 'cv.pdf',
          type: 'application/pdf',
          data: Buffer.from('%PDF-1.4\n%a CV\n'),
        },
      },
    );
    const reply = await client.post(
      `/api/jobs/${jobId}/applications/${applicationId}`,
      cv.body,
      { headers: cv.headers },
    );
    expect(reply.statusCode).toBe(200);
    const row = await t.db
      .selectFrom('applications')
      .select('cv_key')
      .where('id', '=', applicationId)
      .executeTakeFirstOrThrow();
    return String(row.cv_key);
  }

  it('deleting an interviewee removes their CV and e-mails, and the feed keeps no name', async () => {
    const where = await createRetentionCompany(t, null);
    // Delete is offered for an invitation that could not be delivered (spec section 5).
    const application = await createApplication(t.db, {
      job_id: where.job.id,
      invited_at: new Date(),
      invitation_failed: true,
    });
    await t.db
      .insertInto('outbox')
      .values({
        company_id: where.company.id,
        job_id: where.job.id,
        application_id: application.id,
        kind: 'invitation',
        to_email: application.email,
        subject: 'Your interview',
        html: '<p>Hello</p>',
        text: 'Hello',
        status: 'failed',
        last_error: '550 no such mailbox',
      })
      .execute();
    const client = await signIn(where.owner.email);
    const cv = await uploadCv(client, where.job.id, application.id);
    expect(await storedFiles(t, [cv])).toEqual([cv]);

    const deleted = await client.delete(
      `/api/jobs/${where.job.id}/applications/${application.id}`,
    );
    expect(deleted.statusCode).toBe(204);
    expect(await rowsAbout(t, { application, answerId: 0 })).toEqual(
      NOTHING_LEFT,
    );
    await runErasureTasks(t);
    expect(await storedFiles(t, [cv])).toEqual([]);

    const { body, texts } = await activityTexts(client);
    expect(texts[0]).toBe(
      `${where.owner.first_name} ${where.owner.last_name} deleted an interviewee from ${where.job.title}`,
    );
    expect(body).not.toContain(application.first_name);
    expect(body).not.toContain(application.email);
  });

  it('deleting an interview erases its interviewees, their recordings and CVs, and the attachments', async () => {
    const { company, job, application, questionId } = await createOpenInterview(
      t.db,
      { questionCount: 1 },
    );
    const owner = await createUser(t.db, { companies: [company.id] });
    const client = await signIn(owner.email);
    const take = await recordRealTake(application.token, questionId(0));
    const cv = await uploadCv(client, job.id, application.id);
    expect(await storedFiles(t, [...take.files, cv])).toEqual([
      ...take.files,
      cv,
    ]);
    const attachment = `companies/${company.id}/attachments/brief.pdf`;
    await t.ctx.storage.put(attachment, Buffer.from('%PDF'), 'application/pdf');
    await t.db
      .insertInto('attachments')
      .values({
        job_id: job.id,
        filename: 'brief.pdf',
        content_type: 'application/pdf',
        size: 4,
        storage_key: attachment,
      })
      .execute();
    expect((await client.post(`/api/jobs/${job.id}/archive`)).statusCode).toBe(
      200,
    );

    expect((await client.delete(`/api/jobs/${job.id}`)).statusCode).toBe(204);
    expect(
      await rowsAbout(t, { application, answerId: take.answerId }),
    ).toEqual(NOTHING_LEFT);
    await runErasureTasks(t);
    expect(await storedFiles(t, [attachment, cv, ...take.files])).toEqual([]);
  });
});

describe('the data retention setting', () => {
  it('starts at 12 months for a new company, is changed by its users, and goes in the feed', async () => {
    const company = await createCompany(t.db);
    const user = await createUser(t.db, { companies: [company.id] });
    const client = await signIn(user.email);
    expect((await client.get('/api/settings')).json()).toMatchObject({
      data_retention_months: 12,
    });

    const base = {
      name: company.name,
      support_email: '',
      account_message: '',
      account_message_style: 1,
    };
    for (const months of [24, 6, 36, null, 12]) {
      const saved = await client.post('/api/settings', {
        ...base,
        data_retention_months: months,
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().data_retention_months).toBe(months);
      expect((await client.get('/api/settings')).json()).toMatchObject({
        data_retention_months: months,
      });
    }
    // Other saves leave it as it is: JSON without it, and the logo's multipart form.
    await client.post('/api/settings', { ...base, data_retention_months: 6 });
    expect(
      (await client.post('/api/settings', { ...base, name: 'Renamed' })).json(),
    ).toMatchObject({ name: 'Renamed', data_retention_months: 6 });

    const { texts } = await activityTexts(client);
    const name = `${user.first_name} ${user.last_name}`;
    expect(texts.slice(0, 6)).toEqual([
      `${name} changed how long interviewee data is kept: 6 months`,
      `${name} changed how long interviewee data is kept: 1 year`,
      `${name} changed how long interviewee data is kept: until deleted`,
      `${name} changed how long interviewee data is kept: 3 years`,
      `${name} changed how long interviewee data is kept: 6 months`,
      `${name} changed how long interviewee data is kept: 2 years`,
    ]);
  });

  it('refuses other periods with 400 and a message, and changes nothing', async () => {
    const company = await createCompany(t.db, { data_retention_months: 24 });
    const user = await createUser(t.db, { companies: [company.id] });
    const client = await signIn(user.email);
    for (const bad of [18, 0, -12, 120, 'forever', '18', true, 12.5, {}]) {
      const refused = await client.post('/api/settings', {
        name: 'Changed',
        support_email: '',
        account_message: '',
        account_message_style: 1,
        data_retention_months: bad,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        message: 'Choose 6, 12, 24 or 36 months, or until deleted.',
        fields: {
          data_retention_months: [
            'Choose 6, 12, 24 or 36 months, or until deleted.',
          ],
        },
      });
    }
    const stored = await t.db
      .selectFrom('companies')
      .select(['name', 'data_retention_months'])
      .where('id', '=', company.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ name: company.name, data_retention_months: 24 });
  });

  it('cannot be read or changed by a reviewer, nor by another company', async () => {
    const company = await createCompany(t.db, { data_retention_months: 36 });
    const reviewer = await signIn((await createUser(t.db)).email);
    const body = {
      name: 'Taken over',
      support_email: '',
      account_message: '',
      account_message_style: 1,
      data_retention_months: 6,
    };
    expect((await reviewer.get('/api/settings')).statusCode).toBe(403);
    expect((await reviewer.post('/api/settings', body)).statusCode).toBe(403);
    // Another company's user only ever changes their own company.
    const other = await createCompany(t.db);
    const outsider = await signIn(
      (await createUser(t.db, { companies: [other.id] })).email,
    );
    expect((await outsider.post('/api/settings', body)).statusCode).toBe(200);
    const rows = await t.db
      .selectFrom('companies')
      .select(['id', 'name', 'data_retention_months'])
      .where('id', 'in', [company.id, other.id])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: company.id, name: company.name, data_retention_months: 36 },
      { id: other.id, name: 'Taken over', data_retention_months: 6 },
    ]);
    expect((await t.client().post('/api/settings', body)).statusCode).toBe(401);
  });

  it('reads the new sentences of the activity feed', () => {
    const facts = {
      actorName: 'Alex Morgan',
      applicantName: null,
      jobTitle: 'Barista',
    };
    expect(
      renderActivity({
        ...facts,
        verb: 'application.deleted',
        data: { job: 'Barista' },
      }).text,
    ).toBe('Alex Morgan deleted an interviewee from Barista');
    expect(
      renderActivity({
        ...facts,
        actorName: null,
        verb: 'applications.retention_erased',
        data: { count: 3 },
      }).text,
    ).toBe(
      'Interviewees erased after the data retention period: 3 from Barista',
    );
  });
});
