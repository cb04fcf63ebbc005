import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createApplication,
  createCompany,
  createJob,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the welcome video (issue 47)', () => {
  it('plays the interview’s introduction video on the candidate’s landing page, and nothing when there is none', async () => {
    const company = await createCompany(t.db);
    const video = await t.db
      .insertInto('videos')
      .values({
        company_id: company.id,
        uuid: randomUUID(),
        video_key: `videos/${company.id}/welcome.mp4`,
        thumbnail_key: `videos/${company.id}/welcome.jpg`,
        duration_seconds: 12,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const withVideo = await createJob(t.db, {
      company_id: company.id,
      status: 'Published',
    });
    await t.db
      .updateTable('jobs')
      .set({ intro_video_id: video.id })
      .where('id', '=', withVideo.id)
      .execute();
    const without = await createJob(t.db, {
      company_id: company.id,
      status: 'Published',
    });
    const candidate = await createApplication(t.db, { job_id: withVideo.id });
    const other = await createApplication(t.db, { job_id: without.id });

    const reply = await t.client().get(`/api/interviewee/${candidate.token}`);
    expect(reply.statusCode, reply.body).toBe(200);
    const welcome = reply.json().welcome_video as {
      url: string;
      thumbnail: string | null;
    };
    expect(welcome.url).toContain('welcome.mp4');
    expect(welcome.thumbnail).toContain('welcome.jpg');
    const plain = await t.client().get(`/api/interviewee/${other.token}`);
    expect(plain.json().welcome_video).toBeNull();
  });
});
