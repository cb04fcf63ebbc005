import { parseWebVtt } from '@candor/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createApplication,
  createCompany,
  createJob,
  createUser,
  TEST_PASSWORD,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { TestClient } from '../../../test/test-client';

let t: TestApp;
let client: TestClient;
let companyId: number;
beforeAll(async () => {
  t = await createTestApp();
  const company = await createCompany(t.db);
  companyId = company.id;
  const user = await createUser(t.db, { companies: [company.id] });
  client = t.client();
  await client.signIn(user.email, TEST_PASSWORD);
});
afterAll(() => t.close());

const VTT = { headers: { 'content-type': 'text/vtt' } };

/** A published interview with one video question (no file needed for its captions) and one spoken. */
async function captionedJob() {
  const job = await createJob(t.db, {
    company_id: companyId,
    status: 'Published',
  });
  const [video, spoken] = await t.db
    .insertInto('questions')
    .values([
      {
        job_id: job.id,
        text: 'Watch the clip and tell us what you would do.',
        thinking_time: 0,
        time_limit: 60,
        order: 0,
        media: 'video',
      },
      {
        job_id: job.id,
        text: 'Tell us about yourself. Why this role?',
        thinking_time: 0,
        time_limit: 60,
        order: 1,
        media: 'tts',
      },
    ])
    .returning('id')
    .execute();
  return { job, video: video?.id ?? 0, spoken: spoken?.id ?? 0 };
}

describe('question captions (decision 199)', () => {
  it('saves a video question’s WebVTT, answers it back, and tells the author and the candidate', async () => {
    const { job, video } = await captionedJob();
    const url = `/api/jobs/${job.id}/questions/${video}/captions`;
    expect((await client.get(url)).statusCode).toBe(404);
    const before = await client.get(`/api/jobs/${job.id}/questions`);
    expect(before.json().results[0].has_captions).toBe(false);

    const saved = await client.put(
      url,
      'WEBVTT\n\n1\n00:01.000 --> 00:03.500\nWatch the clip.\n',
      VTT,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(saved.body).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:03.500\nWatch the clip.\n',
    );
    expect((await client.get(url)).body).toBe(saved.body);
    const after = await client.get(`/api/jobs/${job.id}/questions`);
    expect(after.json().results[0].has_captions).toBe(true);

    const application = await createApplication(t.db, {
      job_id: job.id,
      invited_at: new Date(),
    });
    const question = await t
      .client()
      .get(`/api/interviewee/${application.token}/questions/${video}`);
    expect(question.json().captions).toBe(saved.body);
  });

  it('refuses a malformed file naming its line, JSON, an oversized file and another interview’s question, and keeps what was saved', async () => {
    const { job, video } = await captionedJob();
    const url = `/api/jobs/${job.id}/questions/${video}/captions`;
    await client.put(url, 'WEBVTT\n\n00:00.000 --> 00:02.000\nHello\n', VTT);
    for (const [body, message] of [
      ['Hello there', 'Line 1: a WebVTT file starts with "WEBVTT".'],
      [
        'WEBVTT\n\n00:00:05.000 --> 00:00:02.000\nBackwards',
        'Line 3: a caption must end after it starts.',
      ],
    ]) {
      const refused = await client.put(url, body, VTT);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        message,
        fields: { captions: [message] },
      });
    }
    // Not WebVTT at all: JSON, and a file past the body limit.
    expect((await client.put(url, { captions: 'Hello' })).statusCode).toBe(400);
    const huge = `WEBVTT\n\n${'00:00.000 --> 00:02.000\nHello\n\n'.repeat(8000)}`;
    expect((await client.put(url, huge, VTT)).statusCode).toBe(413);
    // A question of another interview, through this one's path.
    const other = await captionedJob();
    expect(
      (
        await client.put(
          `/api/jobs/${job.id}/questions/${other.video}/captions`,
          'WEBVTT\n\n00:00.000 --> 00:02.000\nHi\n',
          VTT,
        )
      ).statusCode,
    ).toBe(404);
    expect(parseWebVtt((await client.get(url)).body)).toEqual([
      { start: 0, end: 2, text: 'Hello' },
    ]);
  });

  it('makes a spoken question’s captions from its text over its speech, and refuses to take others', async () => {
    const { job, spoken } = await captionedJob();
    const url = `/api/jobs/${job.id}/questions/${spoken}/captions`;
    const reply = await client.get(url);
    expect(reply.statusCode, reply.body).toBe(200);
    const cues = parseWebVtt(reply.body);
    expect(cues.map((cue) => cue.text)).toEqual([
      'Tell us about yourself.',
      'Why this role?',
    ]);
    // The real speech lasts a second or more, and the captions end with it.
    expect(cues.at(-1)?.end).toBeGreaterThan(1);
    const refused = await client.put(
      url,
      'WEBVTT\n\n00:00.000 --> 00:02.000\nHello\n',
      VTT,
    );
    expect(refused.statusCode).toBe(409);
  }, 60_000);

  it('is another company’s to read and write only through its own interviews', async () => {
    const { job, video } = await captionedJob();
    const other = await createCompany(t.db);
    const stranger = await createUser(t.db, { companies: [other.id] });
    const them = t.client();
    await them.signIn(stranger.email, TEST_PASSWORD);
    const url = `/api/jobs/${job.id}/questions/${video}/captions`;
    expect((await them.get(url)).statusCode).toBe(404);
    expect(
      (await them.put(url, 'WEBVTT\n\n00:00.000 --> 00:02.000\nHi\n', VTT))
        .statusCode,
    ).toBe(404);
  });
});
