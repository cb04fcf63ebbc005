import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createUser, TEST_PASSWORD } from '../../../test/factories';
import { createOpenInterview } from '../../../test/interview-fixtures';
import {
  makeSafariRecording,
  makeWebmRecording,
  probeFile,
} from '../../../test/media-fixtures';
import { answerQuestion } from '../../../test/tus-upload';
import { createTaskPoller } from '../../platform/tasks/task-poller';
import { allTaskHandlers } from '../../worker/all-task-handlers';

let t: TestApp;
let recording: Buffer;
let iphoneRecording: Buffer;
const RECORDING_SECONDS = 3;
beforeAll(async () => {
  t = await createTestApp();
  recording = makeWebmRecording({
    seconds: RECORDING_SECONDS,
    width: 1400,
    height: 800,
  });
  iphoneRecording = makeSafariRecording({
    seconds: RECORDING_SECONDS,
    width: 360,
    height: 640,
  });
});

/** What browsers record: Chrome and Firefox WebM, Safari (an iPhone, portrait) fragmented MP4. */
const RECORDINGS = [
  {
    name: 'a browser WebM',
    bytes: () => recording,
    contentType: 'video/webm;codecs=vp8,opus',
    extension: 'webm',
    // Scaled down to 1280 wide, keeping the shape.
    transcoded: [1280, 732],
  },
  {
    name: 'an iPhone’s MP4 (Safari, portrait)',
    bytes: () => iphoneRecording,
    contentType: 'video/mp4;codecs=avc1,mp4a',
    extension: 'mp4',
    transcoded: [360, 640],
  },
] as const;
afterAll(() => t.close());

const runWorker = () => createTaskPoller(allTaskHandlers).runOnce(t.ctx);

/** An answer recorded and sent as the browser does (a take over tus); its id. */
async function upload(
  token: string,
  questionId: number,
  body: Buffer,
  contentType?: string,
) {
  const complete = await answerQuestion(
    t,
    token,
    questionId,
    body,
    contentType,
  );
  expect(complete.statusCode, complete.body).toBe(200);
  return complete.json().answer as number;
}

describe('the transcode worker', () => {
  it.each(RECORDINGS)(
    'turns $name into a seekable MP4 with a thumbnail and its duration',
    async ({ bytes, contentType, extension, transcoded }) => {
      const { application, questionId } = await createOpenInterview(t.db, {
        questionCount: 1,
      });
      const answerId = await upload(
        application.token,
        questionId(0),
        bytes(),
        contentType,
      );
      expect(await runWorker()).toBe(1);
      const row = await t.db
        .selectFrom('answers')
        .selectAll()
        .where('id', '=', answerId)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('ready');
      expect(row.original_key).toMatch(
        new RegExp(`^companies/\\d+/originals/[0-9a-f-]{36}\\.${extension}$`),
      );
      expect(row.video_key).toMatch(
        /^companies\/\d+\/videos\/[0-9a-f-]{36}\.mp4$/,
      );
      expect(row.duration_seconds).toBeGreaterThan(RECORDING_SECONDS - 0.3);
      expect(row.duration_seconds).toBeLessThan(RECORDING_SECONDS + 0.3);

      const root = join(t.dataDir, 'files');
      const mp4 = probeFile(join(root, String(row.video_key)));
      expect(mp4.streams).toEqual(expect.arrayContaining(['video', 'audio']));
      expect(mp4.codecs).toEqual(expect.arrayContaining(['h264', 'aac']));
      expect([mp4.width, mp4.height]).toEqual(transcoded);
      expect(Math.abs(mp4.duration - RECORDING_SECONDS)).toBeLessThan(0.3);
      const thumbnail = probeFile(join(root, String(row.thumbnail_key)));
      expect(thumbnail.codecs).toEqual(['mjpeg']);
    },
  );

  it('removes what it wrote when the answer was erased while it transcoded', async () => {
    const { application, questionId } = await createOpenInterview(t.db, {
      questionCount: 1,
    });
    const answerId = await upload(application.token, questionId(0), recording);
    const written: string[] = [];
    // The erasure lands between the transcode's start and its end, as it can in production.
    const storage = new Proxy(t.ctx.storage, {
      get(target, name, receiver) {
        if (name === 'put')
          return async (...args: Parameters<typeof target.put>) => {
            if (written.length === 0)
              await t.db
                .deleteFrom('answers')
                .where('id', '=', answerId)
                .execute();
            written.push(args[0]);
            return target.put(...args);
          };
        const value: unknown = Reflect.get(target, name, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    expect(
      await createTaskPoller(allTaskHandlers).runOnce({ ...t.ctx, storage }),
    ).toBe(1);
    expect(written.map((key) => key.split('.').pop()).sort()).toEqual([
      'jpg',
      'mp4',
    ]);
    for (const key of written) expect(await t.ctx.storage.size(key)).toBeNull();
  });

  it('marks a corrupt file failed and goes on with the next task', async () => {
    const first = await createOpenInterview(t.db, { questionCount: 1 });
    const second = await createOpenInterview(t.db, { questionCount: 1 });
    // A recording cut off half-way, as a dropped connection would leave it.
    const corrupt = Buffer.concat([
      recording.subarray(0, 200),
      Buffer.alloc(4000, 7),
    ]);
    const badId = await upload(
      first.application.token,
      first.questionId(0),
      corrupt,
    );
    const goodId = await upload(
      second.application.token,
      second.questionId(0),
      recording,
    );

    const poller = createTaskPoller(allTaskHandlers);
    expect(await poller.runOnce(t.ctx)).toBe(1);
    expect(await poller.runOnce(t.ctx)).toBe(1);
    expect(await poller.runOnce(t.ctx)).toBe(0);

    const bad = await t.db
      .selectFrom('answers')
      .selectAll()
      .where('id', '=', badId)
      .executeTakeFirstOrThrow();
    expect(bad.status).toBe('failed');
    expect(bad.failed_reason).toBeTruthy();
    const good = await t.db
      .selectFrom('answers')
      .selectAll()
      .where('id', '=', goodId)
      .executeTakeFirstOrThrow();
    expect(good.status).toBe('ready');
  });

  it('ignores a task whose take was replaced by a newer one', async () => {
    const { application, questionId } = await createOpenInterview(t.db, {
      questionCount: 1,
    });
    const start = await t
      .client()
      .post(
        `/api/interviewee/${application.token}/questions/${questionId(0)}/answer`,
        {
          content_type: 'video/webm',
          size: recording.length,
        },
      );
    const answerId = start.json().answer as number;
    const before = await t.db
      .selectFrom('answers')
      .selectAll()
      .where('id', '=', answerId)
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('tasks')
      .values({
        kind: 'answer.transcode',
        payload: JSON.stringify({
          answerId,
          originalKey: 'companies/1/originals/old.webm',
        }),
      })
      .execute();
    expect(await runWorker()).toBe(1);
    const after = await t.db
      .selectFrom('answers')
      .selectAll()
      .where('id', '=', answerId)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });
});

describe('reviewers read answers', () => {
  it('lists an applicant’s answers with playable, seekable video and flags removed questions', async () => {
    const { company, job, application, questionId } = await createOpenInterview(
      t.db,
      { questionCount: 2 },
    );
    await upload(application.token, questionId(0), recording);
    await upload(application.token, questionId(1), recording);
    await runWorker();
    await runWorker();
    await t.db
      .deleteFrom('questions')
      .where('id', '=', questionId(1))
      .execute();

    const user = await createUser(t.db, { companies: [company.id] });
    const client = t.client();
    await client.signIn(user.email, TEST_PASSWORD);
    const list = await client.get(
      `/api/jobs/${job.id}/answers?application=${application.id}`,
    );
    expect(list.statusCode, list.body).toBe(200);
    const { count, results } = list.json();
    expect(count).toBe(2);
    expect(results[0]).toMatchObject({
      application: application.id,
      question: `/api/jobs/${job.id}/questions/${questionId(0)}`,
      question_text: 'Question number 1?',
      order: 0,
      removed: false,
      status: 'ready',
      thinking_time: 15,
      time_limit: 60,
    });
    expect(results[0].question.split('/').at(-1)).toBe(String(questionId(0)));
    expect(results[1].removed).toBe(true);
    expect(results[0].video.duration).toBeGreaterThan(2);

    const one = await client.get(
      `/api/jobs/${job.id}/answers/${results[0].id}`,
    );
    expect(one.json().id).toBe(results[0].id);
    const range = await t.app.inject({
      method: 'GET',
      url: one.json().video.url,
      headers: { range: 'bytes=0-99' },
    });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.length).toBe(100);
    expect(range.headers['content-type']).toBe('video/mp4');
  });

  it.each(RECORDINGS)(
    'plays $name as soon as its last byte arrives, and the MP4 once transcoded',
    async ({ bytes, contentType, extension }) => {
      const { company, job, application, questionId } =
        await createOpenInterview(t.db, { questionCount: 1 });
      const answerId = await upload(
        application.token,
        questionId(0),
        bytes(),
        contentType,
      );
      const user = await createUser(t.db, { companies: [company.id] });
      const client = t.client();
      await client.signIn(user.email, TEST_PASSWORD);
      const read = async () =>
        (await client.get(`/api/jobs/${job.id}/answers/${answerId}`)).json();

      const processing = await read();
      expect(processing.status).toBe('processing');
      expect(processing.video).toMatchObject({
        thumbnail: null,
        duration: null,
      });
      const original = await t.app.inject({
        method: 'GET',
        url: processing.video.url,
        headers: { range: 'bytes=0-99' },
      });
      expect(original.statusCode).toBe(206);
      expect(original.headers['content-type']).toBe(`video/${extension}`);
      expect(original.rawPayload.equals(bytes().subarray(0, 100))).toBe(true);

      expect(await runWorker()).toBe(1);
      const ready = await read();
      expect(ready.status).toBe('ready');
      expect(ready.video.url).toContain('.mp4');
      expect(ready.video.thumbnail).toContain('.jpg');
    },
  );

  it('hides answers from other companies and from reviewers of other interviewees', async () => {
    const { job, application, questionId } = await createOpenInterview(t.db, {
      questionCount: 1,
    });
    const answerId = await upload(application.token, questionId(0), recording);
    const outsider = await createOpenInterview(t.db);
    const stranger = await createUser(t.db, {
      companies: [outsider.company.id],
    });
    const client = t.client();
    await client.signIn(stranger.email, TEST_PASSWORD);
    expect(
      (
        await client.get(
          `/api/jobs/${job.id}/answers?application=${application.id}`,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await client.get(`/api/jobs/${job.id}/answers/${answerId}`)).statusCode,
    ).toBe(404);

    // A reviewer limited to chosen interviewees sees nothing of the others.
    const reviewerUser = await createUser(t.db);
    const reviewer = await t.db
      .insertInto('reviewers')
      .values({
        job_id: job.id,
        user_id: reviewerUser.id,
        applicants: 4,
        account_status: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const reviewerClient = t.client();
    await reviewerClient.signIn(reviewerUser.email, TEST_PASSWORD);
    expect(
      (await reviewerClient.get(`/api/jobs/${job.id}/answers`)).json().count,
    ).toBe(0);
    expect(
      (await reviewerClient.get(`/api/jobs/${job.id}/answers/${answerId}`))
        .statusCode,
    ).toBe(404);
    await t.db
      .insertInto('reviewer_assignments')
      .values({ reviewer_id: reviewer.id, application_id: application.id })
      .execute();
    expect(
      (await reviewerClient.get(`/api/jobs/${job.id}/answers`)).json().count,
    ).toBe(1);
  });
});
