import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCompany } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { seedDemoVideos } from './demo-videos';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('makes real, playable stock videos and two of Acme’s own, each with a thumbnail', async () => {
  const acme = await createCompany(t.db, { shortname: 'acme' });
  await seedDemoVideos(t.ctx);
  const videos = await t.db.selectFrom('videos').selectAll().execute();
  expect(
    videos.filter((video) => video.is_stock && video.company_id === null),
  ).toHaveLength(4);
  expect(videos.filter((video) => video.company_id === acme.id)).toHaveLength(
    2,
  );
  for (const video of videos) {
    expect(video).toMatchObject({ uploading: false, failed_reason: null });
    const mp4 = await t.ctx.storage.read(video.video_key ?? '', {
      start: 0,
      end: 11,
    });
    const head = await new Promise<Buffer>((resolve) => {
      const chunks: Buffer[] = [];
      mp4.stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      mp4.stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
    expect(head.subarray(4, 8).toString('latin1')).toBe('ftyp');
    expect(await t.ctx.storage.size(video.thumbnail_key ?? '')).toBeGreaterThan(
      1000,
    );
  }
});
