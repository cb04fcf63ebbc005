import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '../../../test/factories';
import { createOpenInterview } from '../../../test/interview-fixtures';
import { makeWebmRecording } from '../../../test/media-fixtures';
import { multipartBody } from '../../../test/multipart';
import { runErasureTasks } from '../../../test/retention-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  sendTake,
  startTake,
  submitAnswer,
  tusClient,
} from '../../../test/tus-upload';
import { createTaskPoller } from '../../platform/tasks/task-poller';
import { allPollers } from '../../worker/all-pollers';
import { allTaskHandlers } from '../../worker/all-task-handlers';
import { DELETE_FILES_TASK } from '../retention/erasure-tasks';
import { createStaleTakesPoller } from './stale-takes-poller';

/**
 * The server's side of issue 28 (docs/decisions/135-resumable-answer-uploads.md, 164): one
 * resumable upload per take, bounded per take and per interviewee, single-use, complete at its
 * last byte and its answer at Submit, replaced and day-old takes removed, and every file of an
 * application erased with it.
 */

// 2,000 bytes per second of recording: a take of a 60 s question may have (60 + 30) × 2,000
// = 180,000 bytes, and the two questions' takes together (2 retakes + 2) × 360,000.
const TAKE_BYTES = 180_000;
const QUOTA_BYTES = 4 * 2 * TAKE_BYTES;

let t: TestApp;
let tus: ReturnType<typeof tusClient>;
beforeAll(async () => {
  t = await createTestApp({ ANSWER_BYTES_PER_SECOND: '2000' });
  tus = tusClient(t);
});
afterAll(() => t.close());

const answerApi = (token: string, questionId: number, rest = '') =>
  `/api/interviewee/${token}/questions/${questionId}/answer${rest}`;

async function originalOf(answerId: number): Promise<string> {
  const row = await t.db
    .selectFrom('answers')
    .select('original_key')
    .where('id', '=', answerId)
    .executeTakeFirstOrThrow();
  return String(row.original_key);
}

/** The files under a company's storage folder, whatever their name. */
async function companyFiles(companyId: number): Promise<string[]> {
  const root = join(t.dataDir, 'files');
  const found: string[] = [];
  const walk = async (folder: string) => {
    let entries;
    try {
      entries = await readdir(join(root, folder), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = `${folder}/${entry.name}`;
      if (entry.isDirectory()) await walk(path);
      else found.push(path);
    }
  };
  await walk(`companies/${companyId}`);
  return found.sort();
}

async function answerStatus(answerId: number): Promise<string> {
  const row = await t.db
    .selectFrom('answers')
    .select('status')
    .where('id', '=', answerId)
    .executeTakeFirstOrThrow();
  return row.status;
}

/** The answer's take: its current one, or the one stored under `key`. */
async function takeRow(answerId: number, key?: string) {
  return t.db
    .selectFrom('answer_takes')
    .select(['received_bytes', 'completed_at', 'removed_at', 'removed_reason'])
    .where('answer_id', '=', answerId)
    .where('key', '=', key ?? (await originalOf(answerId)))
    .executeTakeFirstOrThrow()
    .then((row) => ({ ...row, received_bytes: Number(row.received_bytes) }));
}

function transcodesOf(key: string) {
  return t.db
    .selectFrom('tasks')
    .select('id')
    .where('kind', '=', 'answer.transcode')
    .where(sql<boolean>`payload->>'originalKey' = ${key}`)
    .execute();
}

/** Whether the key is deleted again once requests still writing to it must have ended. */
async function laterDeletionsOf(key: string): Promise<boolean> {
  const later = await t.db
    .selectFrom('tasks')
    .select('payload')
    .where('kind', '=', DELETE_FILES_TASK)
    .where('status', '=', 'pending')
    .where('run_at', '>', new Date(Date.now() + 60 * 60_000))
    .execute();
  return later.some((task) =>
    (task.payload as { keys: string[] }).keys.includes(key),
  );
}

/** A one-question interview whose first answer's take was sent whole, as at Stop: not submitted. */
async function stoppedTake() {
  const { application, questionId } = await createOpenInterview(t.db);
  const recording = makeWebmRecording({ seconds: 1 });
  const { take, answer } = await startTake(t, application.token, questionId(0));
  expect((await sendTake(t, take, recording)).statusCode).toBe(204);
  return { application, questionId, recording, take, answer };
}

/** A HEAD of a take saved in full: 200 with its size as offset and length, as tus answers. */
async function expectSaved(take: string, size: number) {
  const head = await tus.head(take);
  expect(head.statusCode).toBe(200);
  expect(head.headers).toMatchObject({
    'upload-offset': String(size),
    'upload-length': String(size),
    'tus-resumable': '1.0.0',
  });
}

/** Every task due, transcodes included (earlier tests leave theirs queued). */
async function runTasks() {
  const poller = createTaskPoller(allTaskHandlers);
  while ((await poller.runOnce(t.ctx)) > 0);
}

describe('the size of a take', () => {
  it('is bounded by its question’s time limit, and no byte past the bound is stored', async () => {
    const { application, questionId } = await createOpenInterview(t.db);
    const tooBig = await t
      .client()
      .post(answerApi(application.token, questionId(0)), {
        content_type: 'video/webm',
        size: TAKE_BYTES + 1,
      });
    expect(tooBig.statusCode).toBe(413);

    const { take, max_bytes, answer } = await startTake(
      t,
      application.token,
      questionId(0),
    );
    expect(max_bytes).toBe(TAKE_BYTES);
    // A length declared past the bound, at creation or with the last bytes, is refused.
    const declared = await tus.create(take, { length: TAKE_BYTES + 1 });
    expect(declared.statusCode).toBe(413);
    expect(declared.json().code).toBe('too_large');
    expect((await tus.create(take)).statusCode).toBe(201);
    const overLength = await tus.patch(take, 0, Buffer.alloc(10), {
      length: TAKE_BYTES + 1,
    });
    expect(overLength.statusCode).toBe(413);

    // Bytes up to the bound arrive; one more is refused, and nothing past it is written.
    const most = await tus.patch(take, 0, Buffer.alloc(TAKE_BYTES - 5, 1));
    expect(most.statusCode).toBe(204);
    const past = await tus.patch(take, TAKE_BYTES - 5, Buffer.alloc(6, 2));
    expect(past.statusCode).toBe(413);
    expect(past.json()).toEqual({
      message: 'The recording is larger than this answer allows.',
      code: 'too_large',
    });
    expect(await t.ctx.storage.size(await originalOf(answer))).toBe(
      TAKE_BYTES - 5,
    );
    const fits = await tus.patch(take, TAKE_BYTES - 5, Buffer.alloc(5, 2), {
      length: TAKE_BYTES,
    });
    expect(fits.statusCode).toBe(204);
    expect(await t.ctx.storage.size(await originalOf(answer))).toBe(TAKE_BYTES);
  });

  it('is bounded by what all takes of the interviewee may receive together (the quota)', async () => {
    const { application, questionId } = await createOpenInterview(t.db);
    const slice = Buffer.alloc(TAKE_BYTES - 30_000, 3);
    // Takes that never finish, each replaced by the next: their bytes still count.
    let sent = 0;
    while (sent + slice.length <= QUOTA_BYTES) {
      const { take } = await startTake(t, application.token, questionId(0));
      expect((await tus.create(take)).statusCode).toBe(201);
      expect((await tus.patch(take, 0, slice)).statusCode).toBe(204);
      sent += slice.length;
    }
    const left = QUOTA_BYTES - sent;
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThan(slice.length);

    // The next take may have only what is left of the quota.
    const { take } = await startTake(t, application.token, questionId(1));
    expect((await tus.create(take)).statusCode).toBe(201);
    expect((await tus.patch(take, 0, slice)).statusCode).toBe(413);
    expect((await tus.patch(take, 0, Buffer.alloc(left, 4))).statusCode).toBe(
      204,
    );
    expect((await tus.patch(take, left, Buffer.alloc(1))).statusCode).toBe(413);
    // Then no new take starts at all.
    const refused = await t
      .client()
      .post(answerApi(application.token, questionId(1)), {
        content_type: 'video/webm',
        size: 0,
      });
    expect(refused.statusCode).toBe(413);
    expect(refused.json().message).toMatch(/as many recordings/);
    const received = await t.db
      .selectFrom('answer_takes')
      .select((eb) => eb.fn.sum<number>('received_bytes').as('bytes'))
      .where('application_id', '=', application.id)
      .executeTakeFirstOrThrow();
    expect(Number(received.bytes)).toBe(QUOTA_BYTES);
  });
});

describe('over a real connection', () => {
  it('a refused PATCH whose body was not read closes its connection, and the next one goes through', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const { application, questionId } = await createOpenInterview(t.db);
    const { take } = await startTake(t, application.token, questionId(0));
    expect((await tus.create(take)).statusCode).toBe(201);
    const patch = (offset: number, bytes: number) =>
      fetch(`${base}${tus.url(take)}`, {
        method: 'PATCH',
        headers: {
          'tus-resumable': '1.0.0',
          'content-type': 'application/offset+octet-stream',
          'upload-offset': String(offset),
        },
        body: Buffer.alloc(bytes),
        signal: AbortSignal.timeout(10_000),
      });
    const tooBig = await patch(0, 3_000_000);
    expect(tooBig.status).toBe(413);
    expect(tooBig.headers.get('connection')).toBe('close');
    const wrongOffset = await patch(5, 3_000_000);
    expect(wrongOffset.status).toBe(409);
    expect(((await wrongOffset.json()) as { code: string }).code).toBe(
      'offset_mismatch',
    );
    const fits = await patch(0, 100_000);
    expect(fits.status).toBe(204);
    expect(fits.headers.get('upload-offset')).toBe('100000');
  });
});

describe('a take is single-use', () => {
  it('the last byte completes the take, not its answer: the link takes no more bytes, Submit completes the answer once', async () => {
    const { application, questionId, recording, take, answer } =
      await stoppedTake();
    const key = await originalOf(answer);
    // Stop: the take has every byte; the interviewee may still record again.
    expect(await answerStatus(answer)).toBe('uploading');
    expect(await takeRow(answer)).toMatchObject({
      received_bytes: recording.length,
      completed_at: expect.any(Date),
      removed_at: null,
    });
    expect(await transcodesOf(key)).toHaveLength(0);

    // A HEAD says, as tus does of a finished upload, that every byte is there (a browser whose
    // last reply was lost); nothing can be written any more.
    await expectSaved(take, recording.length);
    const patch = await tus.patch(take, recording.length, Buffer.from('more'));
    const rewrite = await tus.patch(take, 0, Buffer.from('overwrite'));
    const create = await tus.create(take);
    const cancel = await tus.cancel(take);
    for (const reply of [patch, rewrite, create, cancel])
      expect(reply.statusCode).toBe(410);
    expect(patch.json()).toEqual({
      message: 'This recording has already been saved.',
      code: 'take_complete',
    });
    const stored = await readFile(join(t.dataDir, 'files', key));
    expect(stored.equals(recording)).toBe(true);

    // Submit completes the answer; a second Submit (a lost reply) changes nothing.
    for (let round = 0; round < 2; round++) {
      const complete = await submitAnswer(
        t,
        application.token,
        questionId(0),
        take,
      );
      expect(complete.statusCode, complete.body).toBe(200);
      expect(complete.json()).toMatchObject({
        answer,
        status: 'processing',
        answered_question_ids: [questionId(0)],
      });
    }
    expect(await transcodesOf(key)).toHaveLength(1);
    await expectSaved(take, recording.length);
    // Nor can a new take replace a submitted answer.
    const again = await t
      .client()
      .post(answerApi(application.token, questionId(0)), {
        content_type: 'video/webm',
        size: 0,
      });
    expect(again.statusCode).toBe(409);
  });

  it('refuses Submit with a clear 409 until the take has its last byte', async () => {
    const { application, questionId } = await createOpenInterview(t.db);
    const recording = makeWebmRecording({ seconds: 1 });
    const { take, answer } = await startTake(
      t,
      application.token,
      questionId(0),
    );
    expect((await tus.create(take)).statusCode).toBe(201);
    const half = Math.floor(recording.length / 2);
    expect(
      (await tus.patch(take, 0, recording.subarray(0, half))).statusCode,
    ).toBe(204);
    const early = await submitAnswer(t, application.token, questionId(0), take);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      code: 'conflict',
      message:
        'The recording has not arrived in full yet: it can be submitted once its last byte is saved.',
    });
    expect(await answerStatus(answer)).toBe('uploading');
    // The refusal changed nothing: the take goes on and is submitted.
    expect(
      (
        await tus.patch(take, half, recording.subarray(half), {
          length: recording.length,
        })
      ).statusCode,
    ).toBe(204);
    const complete = await submitAnswer(
      t,
      application.token,
      questionId(0),
      take,
    );
    expect(complete.statusCode, complete.body).toBe(200);
    expect(complete.json().status).toBe('processing');
  });

  it('refuses a Submit whose take is not a take id, and changes nothing', async () => {
    const { application, questionId, take, answer } = await stoppedTake();
    const url = `/api/interviewee/${application.token}/questions/${questionId(0)}/answer/complete`;
    for (const body of [
      { take: 42 },
      { take: 'short' },
      { take: 'x'.repeat(101) },
      { take: `${'a'.repeat(20)}/../b` },
    ]) {
      const refused = await t.client().post(url, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().message).toBeTruthy();
    }
    expect(await answerStatus(answer)).toBe('uploading');
    const complete = await submitAnswer(
      t,
      application.token,
      questionId(0),
      take,
    );
    expect(complete.statusCode, complete.body).toBe(200);
  });

  it('has one upload: a second creation is refused, and the first resumes at its URL', async () => {
    const { application, questionId } = await createOpenInterview(t.db);
    const { take } = await startTake(t, application.token, questionId(0));
    const first = await tus.create(take);
    expect(first.statusCode).toBe(201);
    expect(first.headers.location).toBe(tus.url(take));
    expect((await tus.patch(take, 0, Buffer.alloc(100))).statusCode).toBe(204);
    const second = await tus.create(take);
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('take_started');
    const head = await tus.head(take);
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe('100');
    expect(head.headers['upload-defer-length']).toBe('1');
    // An unknown take, or no take at all, is not an upload.
    expect((await tus.head('A'.repeat(32))).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/answers',
      headers: { 'tus-resumable': '1.0.0', 'upload-defer-length': '1' },
    });
    expect(anonymous.statusCode).toBe(400);
  });

  it('completes with the explicit call when the finish hook did not (a failure after the last byte)', async () => {
    const { application, questionId, recording, take, answer } =
      await stoppedTake();
    // As if the hook's write had failed: every byte stored, the take not marked complete.
    await t.db
      .updateTable('answer_takes')
      .set({ completed_at: null })
      .where('answer_id', '=', answer)
      .execute();
    await t.db.deleteFrom('tasks').execute();
    expect((await tus.head(take)).headers['upload-offset']).toBe(
      String(recording.length),
    );
    const complete = await submitAnswer(
      t,
      application.token,
      questionId(0),
      take,
    );
    expect(complete.statusCode, complete.body).toBe(200);
    expect(complete.json().status).toBe('processing');
    expect((await takeRow(answer)).completed_at).toBeInstanceOf(Date);
    await expectSaved(take, recording.length);
    const queued = await t.db
      .selectFrom('tasks')
      .select('kind')
      .where('status', '=', 'pending')
      .execute();
    expect(queued).toEqual([{ kind: 'answer.transcode' }]);
  });
});

describe('replaced and abandoned takes', () => {
  it('a newer take of the question stops the older one and removes its bytes', async () => {
    const { application, questionId } = await createOpenInterview(t.db);
    const older = await startTake(t, application.token, questionId(0));
    expect((await tus.create(older.take)).statusCode).toBe(201);
    expect(
      (await tus.patch(older.take, 0, Buffer.alloc(1000, 1))).statusCode,
    ).toBe(204);
    const olderKey = await originalOf(older.answer);
    // Started but never created: its upload can never begin.
    const unused = await startTake(t, application.token, questionId(0));

    const newer = await startTake(t, application.token, questionId(0));
    for (const reply of [
      await tus.patch(older.take, 1000, Buffer.alloc(1000, 1)),
      await tus.head(older.take),
      await tus.create(unused.take),
    ]) {
      expect(reply.statusCode).toBe(410);
    }
    const refused = await tus.patch(older.take, 1000, Buffer.alloc(10));
    expect(refused.json()).toEqual({
      message: 'A newer recording of this answer has replaced this one.',
      code: 'take_replaced',
    });
    expect(await t.ctx.storage.size(olderKey)).toBe(1000);
    expect(await runErasureTasks(t)).toBeGreaterThan(0);
    expect(await t.ctx.storage.size(olderKey)).toBeNull();

    // The newer take works, and is the answer.
    expect(
      (await sendTake(t, newer.take, makeWebmRecording({ seconds: 1 })))
        .statusCode,
    ).toBe(204);
    expect(await originalOf(newer.answer)).not.toBe(olderKey);
    // Bytes a request already under way writes after the removal go with a second deletion.
    expect(await laterDeletionsOf(olderKey)).toBe(true);
  });

  it('Record again after Stop replaces the complete take: its bytes go, and Submit of it is refused', async () => {
    const { application, questionId } = await createOpenInterview(t.db);
    const first = await startTake(t, application.token, questionId(0));
    expect(
      (await sendTake(t, first.take, makeWebmRecording({ seconds: 1 })))
        .statusCode,
    ).toBe(204);
    const firstKey = await originalOf(first.answer);
    expect(await t.ctx.storage.size(firstKey)).toBeGreaterThan(0);

    const second = await startTake(t, application.token, questionId(0));
    expect(second.answer).toBe(first.answer);
    expect((await takeRow(first.answer, firstKey)).removed_reason).toBe(
      'replaced',
    );
    // Still single use, and no longer the answer's.
    expect((await tus.head(first.take)).statusCode).toBe(410);
    expect((await tus.patch(first.take, 0, Buffer.from('x'))).json().code).toBe(
      'take_complete',
    );
    const stale = await submitAnswer(
      t,
      application.token,
      questionId(0),
      first.take,
    );
    expect(stale.statusCode).toBe(410);
    expect(stale.json()).toEqual({
      message: 'A newer recording of this answer has replaced this one.',
      code: 'take_replaced',
    });
    await runErasureTasks(t);
    expect(await t.ctx.storage.size(firstKey)).toBeNull();
    expect(await laterDeletionsOf(firstKey)).toBe(true);

    const recording = makeWebmRecording({ seconds: 1 });
    expect((await sendTake(t, second.take, recording)).statusCode).toBe(204);
    const complete = await submitAnswer(
      t,
      application.token,
      questionId(0),
      second.take,
    );
    expect(complete.statusCode, complete.body).toBe(200);
    expect(await t.ctx.storage.size(await originalOf(second.answer))).toBe(
      recording.length,
    );
  });

  it('a complete take not submitted within a day is removed, and Submit then asks for it again', async () => {
    const { application, questionId } = await createOpenInterview(t.db);
    const unsent = await startTake(t, application.token, questionId(0));
    expect(
      (await sendTake(t, unsent.take, makeWebmRecording({ seconds: 1 })))
        .statusCode,
    ).toBe(204);
    const unsentKey = await originalOf(unsent.answer);
    const submitted = await startTake(t, application.token, questionId(1));
    expect(
      (await sendTake(t, submitted.take, makeWebmRecording({ seconds: 1 })))
        .statusCode,
    ).toBe(204);
    expect(
      (await submitAnswer(t, application.token, questionId(1))).statusCode,
    ).toBe(200);
    await t.db
      .updateTable('answer_takes')
      .set({ created_at: new Date(Date.now() - 25 * 60 * 60_000) })
      .where('application_id', '=', application.id)
      .execute();

    // Refused at once, before the sweep comes by; the device sends it again.
    const late = await submitAnswer(t, application.token, questionId(0));
    expect(late.statusCode).toBe(410);
    expect(late.json().code).toBe('take_expired');
    // The sweep removes the unsubmitted take only, never a submitted answer's.
    const poller = createStaleTakesPoller();
    expect(await poller.runOnce(t.ctx)).toBe(1);
    expect(await poller.runOnce(t.ctx)).toBe(0);
    await runErasureTasks(t);
    expect(await t.ctx.storage.size(unsentKey)).toBeNull();
    expect(
      await t.ctx.storage.size(await originalOf(submitted.answer)),
    ).toBeGreaterThan(0);
    expect(
      (await submitAnswer(t, application.token, questionId(0))).json().code,
    ).toBe('take_expired');

    const again = await startTake(t, application.token, questionId(0));
    expect(
      (await sendTake(t, again.take, makeWebmRecording({ seconds: 1 })))
        .statusCode,
    ).toBe(204);
    expect(
      (await submitAnswer(t, application.token, questionId(0), again.take))
        .statusCode,
    ).toBe(200);
  });

  it('a take not finished within a day is removed, and a failed recording’s original with the next take', async () => {
    const { application, questionId } = await createOpenInterview(t.db);
    const stale = await startTake(t, application.token, questionId(0));
    expect((await tus.create(stale.take)).statusCode).toBe(201);
    expect((await tus.patch(stale.take, 0, Buffer.alloc(500))).statusCode).toBe(
      204,
    );
    const staleKey = await originalOf(stale.answer);
    const fresh = await startTake(t, application.token, questionId(1));
    expect((await tus.create(fresh.take)).statusCode).toBe(201);
    expect((await tus.patch(fresh.take, 0, Buffer.alloc(500))).statusCode).toBe(
      204,
    );
    await t.db
      .updateTable('answer_takes')
      .set({ created_at: new Date(Date.now() - 25 * 60 * 60_000) })
      .where('answer_id', '=', stale.answer)
      .execute();

    // Refused at once, before the sweep comes by.
    const late = await tus.patch(stale.take, 500, Buffer.alloc(10));
    expect(late.statusCode).toBe(410);
    expect(late.json().code).toBe('take_expired');
    const poller = createStaleTakesPoller();
    expect(await poller.runOnce(t.ctx)).toBe(1);
    expect(await poller.runOnce(t.ctx)).toBe(0);
    await runErasureTasks(t);
    expect(await t.ctx.storage.size(staleKey)).toBeNull();
    expect(await t.ctx.storage.size(await originalOf(fresh.answer))).toBe(500);
    expect(allPollers.map((item) => item.name)).toContain('stale-takes');

    // A recording that could not be used: the next take removes its original.
    const text = Buffer.from('not a video\n'.repeat(50));
    const bad = await startTake(t, application.token, questionId(0));
    expect((await sendTake(t, bad.take, text)).statusCode).toBe(204);
    expect(
      (await submitAnswer(t, application.token, questionId(0), bad.take))
        .statusCode,
    ).toBe(200);
    const badKey = await originalOf(bad.answer);
    await runTasks();
    expect(await answerStatus(bad.answer)).toBe('failed');
    await startTake(t, application.token, questionId(0));
    await runErasureTasks(t);
    expect(await t.ctx.storage.size(badKey)).toBeNull();
  });

  it('a cancelled take (tus termination) stops working and its bytes go', async () => {
    const { application, questionId } = await createOpenInterview(t.db);
    const { take, answer } = await startTake(
      t,
      application.token,
      questionId(0),
    );
    expect((await tus.create(take)).statusCode).toBe(201);
    expect((await tus.patch(take, 0, Buffer.alloc(300))).statusCode).toBe(204);
    expect((await tus.cancel(take)).statusCode).toBe(204);
    expect((await tus.head(take)).statusCode).toBe(410);
    await runErasureTasks(t);
    expect(await t.ctx.storage.size(await originalOf(answer))).toBeNull();
  });
});

describe('erasure', () => {
  it('removes every file of an application: all its takes, original, MP4, thumbnail and CV', async () => {
    const { company, job, application, questionId } = await createOpenInterview(
      t.db,
    );
    // Question 1: five takes with bytes sent; the last one is the answer, transcoded.
    const older = [];
    for (let index = 0; index < 4; index++) {
      const started = await startTake(t, application.token, questionId(0));
      expect((await tus.create(started.take)).statusCode).toBe(201);
      expect(
        (await tus.patch(started.take, 0, Buffer.alloc(200))).statusCode,
      ).toBe(204);
      older.push(started);
    }
    const answered = await startTake(t, application.token, questionId(0));
    expect(
      (await sendTake(t, answered.take, makeWebmRecording({ seconds: 1 })))
        .statusCode,
    ).toBe(204);
    expect(
      (await submitAnswer(t, application.token, questionId(0), answered.take))
        .statusCode,
    ).toBe(200);
    for (const replaced of older)
      expect(
        (await tus.patch(replaced.take, 200, Buffer.alloc(200))).statusCode,
      ).toBe(410);
    await runTasks();
    // Question 2: a take half sent when the interview is deleted.
    const pending = await startTake(t, application.token, questionId(1));
    expect((await tus.create(pending.take)).statusCode).toBe(201);
    expect(
      (await tus.patch(pending.take, 0, Buffer.alloc(4000))).statusCode,
    ).toBe(204);
    // And a CV.
    const owner = await createUser(t.db, { companies: [company.id] });
    const client = t.client();
    await client.signIn(owner.email, TEST_PASSWORD);
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
    expect(
      (
        await client.post(
          `/api/jobs/${job.id}/applications/${application.id}`,
          cv.body,
          { headers: cv.headers },
        )
      ).statusCode,
    ).toBe(200);
    const before = await companyFiles(company.id);
    // Five takes of question 1 (the answer's with its MP4 and JPEG), the half-sent take, the CV.
    expect(before.filter((key) => key.includes('/originals/'))).toHaveLength(6);
    expect(before.filter((key) => key.includes('/videos/'))).toHaveLength(2);
    expect(before.filter((key) => key.includes('/cvs/'))).toHaveLength(1);

    expect((await client.post(`/api/jobs/${job.id}/archive`)).statusCode).toBe(
      200,
    );
    expect((await client.delete(`/api/jobs/${job.id}`)).statusCode).toBe(204);
    // The half-sent take stops at once; its rows are gone.
    expect(
      (await tus.patch(pending.take, 4000, Buffer.alloc(10))).statusCode,
    ).toBe(404);
    await runErasureTasks(t);
    expect(await companyFiles(company.id)).toEqual([]);
  });
});
