import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3TestApp } from '../../../test/s3-test-app';
import { openMultipartUploads } from '../../../test/s3rver-multipart';
import type { TestApp } from '../../../test/test-app';
import { createOpenInterview } from '../../../test/interview-fixtures';
import { makeWebmRecording } from '../../../test/media-fixtures';
import { startTake, tusClient } from '../../../test/tus-upload';
import { createTaskPoller } from '../../platform/tasks/task-poller';
import { allTaskHandlers } from '../../worker/all-task-handlers';
import { createErasureTaskPoller } from '../retention/erasure-tasks';

let t: TestApp & { s3Folder: string };
const BUCKET = 'candor-answers';

beforeAll(async () => {
  t = await createS3TestApp(BUCKET);
});
afterAll(async () => {
  await t.close();
});

const sha256 = async (stream: Readable) => {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
};

describe('answering with S3 storage', () => {
  it('streams a take into an S3 multipart upload, resumes it, completes, transcodes and plays', async () => {
    const { application, questionId } = await createOpenInterview(t.db, {
      questionCount: 1,
    });
    const recording = makeWebmRecording({ seconds: 2 });
    const api = `/api/interviewee/${application.token}/questions/${questionId(0)}`;
    const { take } = await startTake(t, application.token, questionId(0));
    const tus = tusClient(t);

    // Completing before the bytes arrived is refused.
    expect((await t.client().post(`${api}/answer/complete`)).statusCode).toBe(
      409,
    );
    expect((await tus.create(take)).statusCode).toBe(201);
    const half = Math.floor(recording.length / 2);
    expect(
      (await tus.patch(take, 0, recording.subarray(0, half))).statusCode,
    ).toBe(204);
    // A reload: the browser asks where to go on from.
    const head = await tus.head(take);
    expect(head.headers['upload-offset']).toBe(String(half));
    const last = await tus.patch(take, half, recording.subarray(half), {
      length: recording.length,
    });
    expect(last.statusCode, last.body).toBe(204);
    // The last byte completed the take (its multipart upload is the object now); Submit
    // completes the answer.
    expect(await openMultipartUploads(t.s3Folder, BUCKET)).toEqual([]);
    expect(
      await t.db
        .selectFrom('answers')
        .select('status')
        .where('application_id', '=', application.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: 'uploading' });
    const complete = await t.client().post(`${api}/answer/complete`, { take });
    expect(complete.json()).toMatchObject({
      status: 'processing',
      completed: true,
    });
    // The saved take's HEAD answers its size (decision 167); nothing more can be written.
    expect((await tus.head(take)).headers['upload-offset']).toBe(
      String(recording.length),
    );
    expect((await tus.patch(take, 0, Buffer.from('x'))).statusCode).toBe(410);
    expect(await openMultipartUploads(t.s3Folder, BUCKET)).toEqual([]);

    expect(await createTaskPoller(allTaskHandlers).runOnce(t.ctx)).toBe(1);
    const answer = await t.db
      .selectFrom('answers')
      .selectAll()
      .where('application_id', '=', application.id)
      .executeTakeFirstOrThrow();
    expect(answer.status).toBe('ready');
    expect(await t.ctx.storage.size(String(answer.original_key))).toBe(
      recording.length,
    );
    const url = await t.ctx.storage.downloadUrl(String(answer.video_key));
    const ranged = await fetch(url, { headers: { range: 'bytes=0-99' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-type')).toBe('video/mp4');
  });

  it('stores a take of several parts byte for byte, and removes a replaced one with its multipart upload', async () => {
    const { application, questionId } = await createOpenInterview(t.db, {
      questionCount: 1,
    });
    // 12 MiB in 1 MiB slices: S3 parts of 8 MiB, the tail kept as an object between PATCHes.
    const bytes = randomBytes(12 * 2 ** 20);
    const tus = tusClient(t);
    const first = await startTake(t, application.token, questionId(0));
    expect((await tus.create(first.take)).statusCode).toBe(201);
    expect(
      (await tus.patch(first.take, 0, bytes.subarray(0, 2 ** 20))).statusCode,
    ).toBe(204);
    const firstKey = await keyOf(first.answer);

    const second = await startTake(t, application.token, questionId(0));
    expect((await tus.head(first.take)).statusCode).toBe(410);
    expect((await tus.create(second.take)).statusCode).toBe(201);
    for (let offset = 0; offset < bytes.length; offset += 2 ** 20) {
      const end = offset + 2 ** 20 >= bytes.length;
      const reply = await tus.patch(
        second.take,
        offset,
        bytes.subarray(offset, offset + 2 ** 20),
        end ? { length: bytes.length } : {},
      );
      expect(reply.statusCode, reply.body).toBe(204);
    }
    const secondKey = await keyOf(second.answer);
    expect(await sha256((await t.ctx.storage.read(secondKey)).stream)).toBe(
      createHash('sha256').update(bytes).digest('hex'),
    );
    expect(await t.ctx.storage.size(`${secondKey}.part`)).toBeNull();

    // The replaced take's upload, its record and its tail are removed.
    expect(await t.ctx.storage.size(`${firstKey}.part`)).toBe(2 ** 20);
    expect(await openMultipartUploads(t.s3Folder, BUCKET)).toHaveLength(1);
    while ((await createErasureTaskPoller().runOnce(t.ctx)) > 0);
    for (const key of [firstKey, `${firstKey}.info`, `${firstKey}.part`])
      expect(await t.ctx.storage.size(key)).toBeNull();
    expect(await openMultipartUploads(t.s3Folder, BUCKET)).toEqual([]);

    // Recorded again after Stop: the complete take's object and record go too.
    const third = await startTake(t, application.token, questionId(0));
    expect(third.answer).toBe(second.answer);
    while ((await createErasureTaskPoller().runOnce(t.ctx)) > 0);
    for (const key of [secondKey, `${secondKey}.info`])
      expect(await t.ctx.storage.size(key)).toBeNull();
  });
});

async function keyOf(answerId: number): Promise<string> {
  const row = await t.db
    .selectFrom('answers')
    .select('original_key')
    .where('id', '=', answerId)
    .executeTakeFirstOrThrow();
  return String(row.original_key);
}
