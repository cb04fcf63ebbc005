import { statSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCompany,
  createJob,
  createUser,
  TEST_PASSWORD,
} from '../../../test/factories';
import { testMediaTools } from '../../../test/media-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { TestClient } from '../../../test/test-client';
import { useMediaTools } from '../media/media-tools';
import { createTaskPoller } from '../tasks/task-poller';
import { questionSpeechTask } from './question-speech.task';

let t: TestApp;
let client: TestClient;
let companyId: number;
const speechWorker = createTaskPoller([questionSpeechTask], { name: 'speech' });

beforeAll(async () => {
  t = await createTestApp();
  companyId = (await createCompany(t.db)).id;
  const user = await createUser(t.db, { companies: [companyId] });
  client = t.client();
  await client.signIn(user.email, TEST_PASSWORD);
});
afterAll(() => t.close());

/** Runs the speech worker until nothing is due; how many renders it took on. */
async function runSpeechWorker(): Promise<number> {
  let done = 0;
  while ((await speechWorker.runOnce(t.ctx)) > 0) done += 1;
  return done;
}

const questionOf = async (url: string) => (await client.get(url)).json();

/** How the interview's spoken questions stand, in order. */
const speechOf = async (jobId: number) =>
  (await client.get(`/api/jobs/${jobId}/questions`))
    .json()
    .results.map(
      (item: { id: number; speech_status: string }) => item.speech_status,
    );

const questionIdsOf = async (jobId: number): Promise<number[]> =>
  (await client.get(`/api/jobs/${jobId}/questions`))
    .json()
    .results.map((item: { id: number }) => item.id);

const keyOf = async (questionId: number) =>
  (
    await t.db
      .selectFrom('questions')
      .select(['tts_key', 'tts_error'])
      .where('id', '=', questionId)
      .executeTakeFirstOrThrow()
  ).tts_key;

describe('spoken questions rendered ahead (decision 175)', () => {
  it('renders a spoken question when it is saved, before anyone plays it, and again when its text changes', async () => {
    const job = await createJob(t.db, { company_id: companyId });
    const added = await client.post(`/api/jobs/${job.id}/questions`, {
      text: 'What brought you to this role?',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json().speech_status).toBe('rendering');

    expect(await runSpeechWorker()).toBe(1);
    const question = await questionOf(added.json().url);
    expect(question.speech_status).toBe('ready');
    const key = await keyOf(question.id);
    if (!key) throw new Error('The render left no audio key.');
    const file = join(t.dataDir, 'files', key);
    const renderedAt = statSync(file).mtimeMs;

    // The first listener is served the file the worker made; nothing renders again.
    const audio = await client.get(`${question.url}/tts`);
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/mpeg');
    expect(statSync(file).mtimeMs).toBe(renderedAt);

    const changed = await client.put(question.url, {
      text: 'What brought you to this role, and why now?',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().speech_status).toBe('rendering');
    expect(await runSpeechWorker()).toBe(1);
    expect((await questionOf(question.url)).speech_status).toBe('ready');
    expect(await keyOf(question.id)).not.toBe(key);

    // Saving it unchanged renders nothing: its task only finds the audio there.
    const changedKey = await keyOf(question.id);
    if (!changedKey) throw new Error('The new text left no audio key.');
    const changedFile = join(t.dataDir, 'files', changedKey);
    const changedAt = statSync(changedFile).mtimeMs;
    await client.put(question.url, {
      text: 'What brought you to this role, and why now?',
      thinking_time: 60,
    });
    expect(await runSpeechWorker()).toBe(1);
    expect(await keyOf(question.id)).toBe(changedKey);
    expect(statSync(changedFile).mtimeMs).toBe(changedAt);
  });

  it('renders every spoken question of an interview when it is published, copied or changes language', async () => {
    const job = await createJob(t.db, { company_id: companyId });
    // Questions written without the editor (as an import would): nothing is queued yet.
    await t.db
      .insertInto('questions')
      .values(
        ['Tell us about a deadline you met.', 'What do you do first?'].map(
          (text, order) => ({
            job_id: job.id,
            text,
            order,
            thinking_time: 30,
            time_limit: 120,
          }),
        ),
      )
      .execute();
    expect(await runSpeechWorker()).toBe(0);

    expect((await client.post(`/api/jobs/${job.id}/publish`)).statusCode).toBe(
      200,
    );
    expect(await runSpeechWorker()).toBe(2);
    expect(await speechOf(job.id)).toEqual(['ready', 'ready']);

    const french = await client.patch(`/api/jobs/${job.id}`, {
      language: 'fr-fr',
    });
    expect(french.statusCode).toBe(200);
    expect(await speechOf(job.id)).toEqual(['rendering', 'rendering']);
    expect(await runSpeechWorker()).toBe(2);
    for (const id of await questionIdsOf(job.id))
      expect(await keyOf(id)).toMatch(/^tts\/pico-fr-FR\//);

    const copy = await client.post(`/api/jobs/${job.id}/copy`);
    expect(copy.statusCode).toBe(201);
    // The copy's audio is the same file: its renders only check it is there.
    expect(await runSpeechWorker()).toBe(2);
    expect(await speechOf(copy.json().id)).toEqual(['ready', 'ready']);
  });

  it('warns the author while a failed render is tried again, and clears the warning once it works', async () => {
    const job = await createJob(t.db, { company_id: companyId });
    const added = (
      await client.post(`/api/jobs/${job.id}/questions`, {
        text: 'How do you plan a busy week?',
      })
    ).json();
    // The encoder is missing: the render fails as a broken install would.
    useMediaTools({ ...testMediaTools, ffmpeg: null });
    try {
      expect(await runSpeechWorker()).toBe(1);
    } finally {
      useMediaTools(testMediaTools);
    }
    expect((await questionOf(added.url)).speech_status).toBe('failed');
    const task = await t.db
      .selectFrom('tasks')
      .select(['status', 'attempts', 'last_error', 'run_at'])
      .where('kind', '=', 'question-speech')
      .where(sql<boolean>`(payload->>'question')::int = ${added.id}`)
      .executeTakeFirstOrThrow();
    expect(task).toMatchObject({ status: 'pending', attempts: 1 });
    expect(task.last_error).toMatch(/ffmpeg/i);
    expect(new Date(task.run_at).getTime()).toBeGreaterThan(Date.now());

    // Its back-off over, the next try succeeds.
    await t.db
      .updateTable('tasks')
      .set({ run_at: new Date() })
      .where('kind', '=', 'question-speech')
      .where('status', '=', 'pending')
      .execute();
    expect(await runSpeechWorker()).toBe(1);
    expect((await questionOf(added.url)).speech_status).toBe('ready');
  });
});
