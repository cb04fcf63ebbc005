import { execFileSync } from 'node:child_process';
import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_TIME_LIMIT } from '@candor/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createApplication,
  createCompany,
  createJob,
  createUser,
  TEST_PASSWORD,
} from '../../../test/factories';
import { FFPROBE } from '../../../test/media-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { TestClient } from '../../../test/test-client';

let t: TestApp;
let client: TestClient;
let companyId: number;
let userId: number;
beforeAll(async () => {
  t = await createTestApp();
  const company = await createCompany(t.db);
  companyId = company.id;
  const user = await createUser(t.db, { companies: [company.id] });
  userId = user.id;
  client = t.client();
  await client.signIn(user.email, TEST_PASSWORD);
});
afterAll(() => t.close());

const newJob = (values: { rating_style?: number; language?: string } = {}) =>
  createJob(t.db, { company_id: companyId, title: 'Questions', ...values });

describe('questions of a job', () => {
  it('adds with defaults, edits, reorders and deletes, recording each change', async () => {
    const job = await newJob();
    const first = await client.post(`/api/jobs/${job.id}/questions`, {
      text: 'Why us?',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      text: 'Why us?',
      time_limit: DEFAULT_TIME_LIMIT,
      thinking_time: 30,
      competency: 0,
      competency_name: 'Motivation',
      media: 'tts',
      video: null,
      order: 0,
      url: `/api/jobs/${job.id}/questions/${first.json().id}`,
    });
    const second = (
      await client.post(`/api/jobs/${job.id}/questions`, {
        text: 'A team win?',
        competency: 2,
        thinking_time: 60,
        time_limit: 180,
      })
    ).json();
    const third = (
      await client.post(`/api/jobs/${job.id}/questions`, {
        text: 'A setback?',
        competency: 6,
        time_limit: null,
      })
    ).json();
    expect([
      second.order,
      third.order,
      third.time_limit,
      second.competency_name,
    ]).toEqual([1, 2, DEFAULT_TIME_LIMIT, 'Teamwork']);

    const edited = await client.put(
      `/api/jobs/${job.id}/questions/${second.id}`,
      { text: 'A team win you led?', competency: 5, time_limit: 240 },
    );
    expect(edited.json()).toMatchObject({
      text: 'A team win you led?',
      competency_name: 'Leadership',
      time_limit: 240,
      order: 1,
    });

    const ordered = await client.post(`/api/jobs/${job.id}/questions/order`, {
      ids: [third.id, first.json().id, second.id],
    });
    expect(ordered.statusCode).toBe(200);
    expect(
      ordered.json().map((q: { id: number; order: number }) => [q.id, q.order]),
    ).toEqual([
      [third.id, 0],
      [first.json().id, 1],
      [second.id, 2],
    ]);
    const partial = await client.post(`/api/jobs/${job.id}/questions/order`, {
      ids: [third.id, third.id],
    });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().fields.ids).toBeDefined();

    expect(
      (await client.delete(`/api/jobs/${job.id}/questions/${first.json().id}`))
        .statusCode,
    ).toBe(204);
    const list = (await client.get(`/api/jobs/${job.id}/questions`)).json();
    expect(list.count).toBe(2);
    expect(
      list.results.map((q: { id: number; order: number }) => [q.id, q.order]),
    ).toEqual([
      [third.id, 0],
      [second.id, 1],
    ]);
    const verbs = await t.db
      .selectFrom('activities')
      .select('verb')
      .where('job_id', '=', job.id)
      .orderBy('id')
      .execute();
    expect(verbs.map((row) => row.verb)).toEqual([
      'question.added',
      'question.added',
      'question.added',
      'question.updated',
      'questions.reordered',
      'question.deleted',
    ]);
  });

  it('requires text and timings from the constants', async () => {
    const job = await newJob();
    const empty = await client.post(`/api/jobs/${job.id}/questions`, {
      text: '   ',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields.text).toEqual(['Enter the question']);
    const odd = await client.post(`/api/jobs/${job.id}/questions`, {
      text: 'Hi',
      time_limit: 61,
      thinking_time: 7,
    });
    expect(odd.statusCode).toBe(400);
    expect(Object.keys(odd.json().fields).sort()).toEqual([
      'thinking_time',
      'time_limit',
    ]);
    const video = await client.post(`/api/jobs/${job.id}/questions`, {
      text: 'Hi',
      media: 'video',
    });
    expect(video.json().fields.video_id).toEqual([
      'Choose a video for this question',
    ]);
  });

  it('with the matrix rating style needs a review competency for a non-motivation question', async () => {
    const job = await newJob({ rating_style: 2 });
    const missing = await client.post(`/api/jobs/${job.id}/questions`, {
      text: 'Teamwork?',
      competency: 2,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      message: 'Choose a review competency for this question',
      fields: {
        review_competency: ['Choose a review competency for this question'],
      },
    });
    expect(
      (
        await client.post(`/api/jobs/${job.id}/questions`, {
          text: 'Why us?',
          competency: 0,
        })
      ).statusCode,
    ).toBe(201);
    const ok = await client.post(`/api/jobs/${job.id}/questions`, {
      text: 'Teamwork?',
      competency: 2,
      review_competency: 1,
    });
    expect(ok.json()).toMatchObject({
      review_competency: 1,
      review_competency_name: 'Communication',
    });
    const rateOverall = await newJob({ rating_style: 0 });
    expect(
      (
        await client.post(`/api/jobs/${rateOverall.id}/questions`, {
          text: 'Teamwork?',
          competency: 2,
        })
      ).statusCode,
    ).toBe(201);
  });

  it('uses a library video only from the own company or stock', async () => {
    const job = await newJob();
    const other = await createCompany(t.db);
    const foreign = await t.db
      .insertInto('videos')
      .values({ company_id: other.id, uuid: crypto.randomUUID() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const own = await t.db
      .insertInto('videos')
      .values({
        company_id: companyId,
        uuid: crypto.randomUUID(),
        video_key: 'videos/x/clip.mp4',
        thumbnail_key: 'videos/x/clip.jpg',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const refused = await client.post(`/api/jobs/${job.id}/questions`, {
      text: 'Hi',
      media: 'video',
      video_id: foreign.id,
    });
    expect(refused.statusCode).toBe(400);
    const accepted = await client.post(`/api/jobs/${job.id}/questions`, {
      text: 'Hi',
      media: 'video',
      video_id: own.id,
    });
    expect(accepted.json().video).toMatchObject({
      id: own.id,
      url: expect.stringContaining('/files/videos/x/clip.mp4'),
    });
  });
});

describe('once someone answered, and once someone rated (decision 138)', () => {
  const LIST_LOCKED =
    'Someone has already answered this interview, so questions can no longer be added, removed or reordered. You can still correct their wording.';

  async function answeredJob() {
    const job = await newJob();
    const ids: number[] = [];
    for (const text of ['Why us?', 'A team win?']) {
      ids.push(
        (await client.post(`/api/jobs/${job.id}/questions`, { text })).json()
          .id,
      );
    }
    const application = await createApplication(t.db, {
      job_id: job.id,
      invited_at: new Date(),
    });
    const facts = () => client.get(`/api/jobs/${job.id}/edit-facts`);
    expect((await facts()).json()).toEqual({ answered: 0, rated: 0 });
    // The upload has only started: the answer row already counts.
    await t.db
      .insertInto('answers')
      .values({
        application_id: application.id,
        question_id: ids[0] ?? 0,
        question_text: 'Why us?',
        status: 'uploading',
      })
      .execute();
    expect((await facts()).json()).toEqual({ answered: 1, rated: 0 });
    return { job, ids, application, facts };
  }

  it('keeps the list of questions and their timing, and lets the wording change', async () => {
    const { job, ids } = await answeredJob();
    const [first, second] = ids;
    const base = `/api/jobs/${job.id}/questions`;
    for (const refused of [
      await client.post(base, { text: 'One more?' }),
      await client.delete(`${base}/${second}`),
      await client.post(`${base}/order`, { ids: [second, first] }),
    ]) {
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().message).toBe(LIST_LOCKED);
    }
    // The order as it is, sent again, changes nothing and is fine.
    expect(
      (await client.post(`${base}/order`, { ids: [first, second] })).statusCode,
    ).toBe(200);
    const timing = await client.put(`${base}/${first}`, {
      text: 'Why us?',
      time_limit: 300,
    });
    expect(timing.statusCode).toBe(409);
    expect(timing.json()).toMatchObject({
      message:
        'Someone has already answered this interview, so thinking times and time limits can no longer change.',
      fields: { time_limit: [expect.any(String)] },
    });
    const wording = await client.put(`${base}/${first}`, {
      text: 'Why do you want to work with us?',
      competency: 2,
    });
    expect(wording.statusCode, wording.body).toBe(200);
    expect(wording.json()).toMatchObject({
      text: 'Why do you want to work with us?',
      competency: 2,
      time_limit: DEFAULT_TIME_LIMIT,
    });
    const list = (await client.get(base)).json();
    expect(list.results.map((q: { id: number }) => q.id)).toEqual(ids);
  });

  it('keeps the competencies once someone rated', async () => {
    const { job, ids, application, facts } = await answeredJob();
    await t.db
      .insertInto('reviews')
      .values({ application_id: application.id, user_id: userId, rating: 4 })
      .execute();
    expect((await facts()).json()).toEqual({ answered: 1, rated: 1 });
    const refused = await client.put(
      `/api/jobs/${job.id}/questions/${ids[1]}`,
      {
        text: 'A team win?',
        competency: 5,
      },
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().fields).toHaveProperty('competency');
  });
});

describe('spoken questions', () => {
  const probe = (audio: Buffer) => {
    const file = join(mkdtempSync(join(tmpdir(), 'tts-')), 'audio.mp3');
    writeFileSync(file, audio);
    const output = execFileSync(FFPROBE, [
      '-v',
      'error',
      '-show_entries',
      'format=format_name,duration:stream=codec_name',
      '-of',
      'json',
      file,
    ]);
    return JSON.parse(output.toString()) as {
      format: { format_name: string; duration: string };
      streams: { codec_name: string }[];
    };
  };

  it('serves real MP3 speech with ranges, cached, and renders again when the text changes', async () => {
    const job = await newJob({ language: 'fr-fr' });
    const question = (
      await client.post(`/api/jobs/${job.id}/questions`, {
        text: 'Pourquoi voulez-vous rejoindre notre équipe ?',
      })
    ).json();
    const audio = await client.get(`${question.url}/tts`);
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/mpeg');
    expect(audio.headers['accept-ranges']).toBe('bytes');
    const bytes = audio.rawPayload;
    // An MP3 starts with an ID3 tag or an MPEG frame sync.
    expect(
      bytes.subarray(0, 3).toString('latin1') === 'ID3' ||
        (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0),
    ).toBe(true);
    const info = probe(bytes);
    expect(info.format.format_name).toBe('mp3');
    expect(info.streams[0]?.codec_name).toBe('mp3');
    expect(Number(info.format.duration)).toBeGreaterThan(1);

    const row = await t.db
      .selectFrom('questions')
      .select(['tts_key', 'tts_text'])
      .where('id', '=', question.id)
      .executeTakeFirstOrThrow();
    expect(row.tts_key).toMatch(/^tts\/pico-fr-FR\/[0-9a-f]{64}\.mp3$/);
    expect(row.tts_text).toBe(question.text);

    const part = await client.get(`${question.url}/tts`, {
      headers: { range: 'bytes=0-99' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${bytes.length}`);
    expect(part.rawPayload.equals(bytes.subarray(0, 100))).toBe(true);

    await client.put(`/api/jobs/${job.id}/questions/${question.id}`, {
      text: 'Parlez-nous de votre plus grande réussite.',
    });
    const changed = await client.get(`${question.url}/tts`);
    expect(changed.rawPayload.equals(bytes)).toBe(false);
    const after = await t.db
      .selectFrom('questions')
      .select('tts_key')
      .where('id', '=', question.id)
      .executeTakeFirstOrThrow();
    expect(after.tts_key).not.toBe(row.tts_key);
    expect(Number(probe(changed.rawPayload).format.duration)).toBeGreaterThan(
      1,
    );
  });

  it('renders identical text once and shares the file between interviews', async () => {
    const text = 'What does great service mean to you?';
    const first = await newJob();
    const second = await newJob();
    const one = (
      await client.post(`/api/jobs/${first.id}/questions`, { text })
    ).json();
    const two = (
      await client.post(`/api/jobs/${second.id}/questions`, { text })
    ).json();
    const audioOne = await client.get(`${one.url}/tts`);
    const { tts_key: key } = await t.db
      .selectFrom('questions')
      .select('tts_key')
      .where('id', '=', one.id)
      .executeTakeFirstOrThrow();
    if (!key) throw new Error('The first question has no audio key.');
    const path = join(t.dataDir, 'files', key);
    const renderedAt = statSync(path).mtimeMs;
    const audioTwo = await client.get(`${two.url}/tts`);
    expect(audioTwo.rawPayload.equals(audioOne.rawPayload)).toBe(true);
    expect(statSync(path).mtimeMs).toBe(renderedAt);
    const after = await t.db
      .selectFrom('questions')
      .select('tts_key')
      .where('id', '=', two.id)
      .executeTakeFirstOrThrow();
    expect(after.tts_key).toBe(key);
  });

  it('treats question text as words, never as program options', async () => {
    const job = await newJob();
    const question = (
      await client.post(`/api/jobs/${job.id}/questions`, {
        text: '--help -v xx "quoted" $(whoami)',
      })
    ).json();
    const audio = await client.get(`${question.url}/tts`);
    expect(audio.statusCode).toBe(200);
    expect(Number(probe(audio.rawPayload).format.duration)).toBeGreaterThan(
      0.5,
    );
  });
});

describe('question bank and competencies', () => {
  it('lists bank questions by competency, function and role, and motivation questions', async () => {
    const all = (await client.get('/api/questions')).json();
    expect(all.count).toBeGreaterThanOrEqual(40);
    const motivation = (await client.get('/api/questions?competency=0')).json();
    expect(motivation.count).toBeGreaterThan(3);
    expect(
      motivation.results.every(
        (q: { competency: number; competency_name: string }) =>
          q.competency === 0 && q.competency_name === 'Motivation',
      ),
    ).toBe(true);
    const engineering = (
      await client.get('/api/questions?competency=8&function=Engineering')
    ).json();
    expect(engineering.count).toBeGreaterThan(2);
    expect(
      engineering.results.every((q: { function: string }) =>
        ['', 'Engineering'].includes(q.function),
      ),
    ).toBe(true);
    const sales = (
      await client.get('/api/questions?competency=8&function=Sales')
    ).json();
    expect(sales.count).toBe(0);
  });

  it('lists competencies for a function, general ones included', async () => {
    const general = (await client.get('/api/competencies'))
      .json()
      .results.map((c: { name: string }) => c.name);
    expect(general).toEqual(
      expect.arrayContaining([
        'Communication',
        'Teamwork',
        'Problem solving',
        'Customer focus',
        'Leadership',
        'Resilience',
        'Technical depth',
      ]),
    );
    const sales = (
      await client.get('/api/competencies?function=Sales&role=Manager')
    )
      .json()
      .results.map((c: { name: string }) => c.name);
    expect(sales).toContain('Negotiation');
    expect(sales).not.toContain('Technical depth');
    expect(sales).toContain('Communication');
  });
});
