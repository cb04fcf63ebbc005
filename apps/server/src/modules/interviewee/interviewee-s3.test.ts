import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createOpenInterview } from '../../../test/interview-fixtures';
import { makeWebmRecording } from '../../../test/media-fixtures';
import { createTaskPoller } from '../../platform/tasks/task-poller';
import { allTaskHandlers } from '../../worker/all-task-handlers';

let server: S3rver;
let folder: string;
let t: TestApp;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'candor-s3rver-'));
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: folder,
    configureBuckets: [{ name: 'candor-answers' }],
  });
  const { port } = await server.run();
  t = await createTestApp({
    S3_BUCKET: 'candor-answers',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  });
});
afterAll(async () => {
  await t.close();
  await server.close();
  rmSync(folder, { recursive: true, force: true });
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
