import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3TestApp } from '../../../test/s3-test-app';
import type { TestApp } from '../../../test/test-app';
import { createOpenInterview } from '../../../test/interview-fixtures';
import { makeWebmRecording } from '../../../test/media-fixtures';
import { createTaskPoller } from '../../platform/tasks/task-poller';
import { allTaskHandlers } from '../../worker/all-task-handlers';

let t: TestApp;

beforeAll(async () => {
  t = await createS3TestApp('candor-answers');
});
afterAll(async () => {
  await t.close();
});

describe('answering with S3 storage', () => {
  it('uploads straight to the bucket, completes, transcodes and plays from a presigned URL', async () => {
    const { application, questionId } = await createOpenInterview(t.db, {
      questionCount: 1,
    });
    const recording = makeWebmRecording({ seconds: 2 });
    const api = `/api/interviewee/${application.token}/questions/${questionId(0)}`;
    const start = await t.client().post(`${api}/answer`, {
      content_type: 'video/webm',
      size: recording.length,
    });
    const { upload } = start.json();
    expect(upload.url).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/candor-answers\/companies\/\d+\/originals\/.+\.webm\?/,
    );

    // Completing before the bytes arrived is refused; S3 has no upload hook, so the explicit call counts.
    expect((await t.client().post(`${api}/answer/complete`)).statusCode).toBe(
      409,
    );
    const put = await fetch(upload.url, {
      method: 'PUT',
      headers: upload.headers,
      body: new Uint8Array(recording),
    });
    expect(put.status).toBe(200);
    const complete = await t.client().post(`${api}/answer/complete`);
    expect(complete.json()).toMatchObject({
      status: 'processing',
      completed: true,
    });

    expect(await createTaskPoller(allTaskHandlers).runOnce(t.ctx)).toBe(1);
    const answer = await t.db
      .selectFrom('answers')
      .selectAll()
      .where('application_id', '=', application.id)
      .executeTakeFirstOrThrow();
    expect(answer.status).toBe('ready');
    const url = await t.ctx.storage.downloadUrl(String(answer.video_key));
    const ranged = await fetch(url, { headers: { range: 'bytes=0-99' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-type')).toBe('video/mp4');
  });
});
