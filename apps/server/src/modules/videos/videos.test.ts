import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTaskPoller } from '../../platform/tasks/task-poller';
import {
  createCompany,
  createUser,
  TEST_PASSWORD,
} from '../../../test/factories';
import { FFMPEG } from '../../../test/media-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { TestClient } from '../../../test/test-client';
import { processLibraryVideoTask } from './video-processing.task';

let t: TestApp;
let client: TestClient;
let company: Awaited<ReturnType<typeof createCompany>>;
let otherCompany: Awaited<ReturnType<typeof createCompany>>;
let workDir: string;
let webm: Buffer;
const poller = createTaskPoller([processLibraryVideoTask]);

beforeAll(async () => {
  t = await createTestApp();
  company = await createCompany(t.db);
  otherCompany = await createCompany(t.db);
  const user = await createUser(t.db, { companies: [company.id] });
  client = t.client();
  await client.signIn(user.email, TEST_PASSWORD);
  workDir = mkdtempSync(join(tmpdir(), 'candor-video-test-'));
  const file = join(workDir, 'clip.webm');
  const made = spawnSync(FFMPEG, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=1:size=160x120:rate=10',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:duration=1',
    '-c:v',
    'libvpx',
    '-c:a',
    'libopus',
    '-shortest',
    file,
  ]);
  if (made.status !== 0)
    throw new Error(`ffmpeg failed: ${made.stderr.toString()}`);
  webm = readFileSync(file);
});
afterAll(async () => {
  rmSync(workDir, { recursive: true, force: true });
  await t.close();
});

const videosPath = () => `/api/companies/${company.shortname}/videos`;

/** Create, sign, PUT the bytes, and report the upload as done: the browser's whole flow. */
async function uploadVideo(
  body: Buffer,
  filename: string,
  contentType = 'video/webm',
) {
  const created = await client.post(videosPath(), {
    filename,
    description: '',
  });
  expect(created.statusCode).toBe(201);
  const video = created.json();
  expect(video).toMatchObject({
    uploading: true,
    transcoded_at: null,
    url: null,
    filename,
  });
  const signed = await client.post(`${videosPath()}/generate_signature`, {
    id: video.id,
    content_type: contentType,
    size: body.length,
  });
  expect(signed.statusCode).toBe(200);
  const { url, method, headers } = signed.json();
  const put = await t.app.inject({ method, url, payload: body, headers });
  expect(put.statusCode).toBe(201);
  const done = await client.post(`${videosPath()}/${video.id}/uploaded`);
  expect(done.statusCode).toBe(200);
  expect(done.json()).toMatchObject({ uploading: false, transcoded_at: null });
  return video as { id: number; uuid: string };
}

describe('video upload and processing', () => {
  it('processes an uploaded recording into a playable MP4 with a thumbnail', async () => {
    const video = await uploadVideo(webm, 'Welcome.webm');
    expect(await poller.runOnce(t.ctx)).toBe(1);
    const reply = await client.get(`${videosPath()}/${video.id}`);
    const body = reply.json();
    expect(body).toMatchObject({
      description: 'Welcome',
      uploading: false,
      failed_reason: null,
    });
    expect(body.transcoded_at).not.toBeNull();
    expect(body.duration_seconds).toBeGreaterThan(0.5);
    const file = await t.app.inject({ method: 'GET', url: body.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('video/mp4');
    expect(file.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
    const still = await t.app.inject({ method: 'GET', url: body.thumbnail });
    expect(still.rawPayload.subarray(0, 3)).toEqual(
      Buffer.from([0xff, 0xd8, 0xff]),
    );
  });

  it('still gets a thumbnail when the picture stops before the sound (a stalled webcam)', async () => {
    const file = join(workDir, 'stalled.webm');
    const made = spawnSync(FFMPEG, [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=duration=0.2:size=160x120:rate=10',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=3',
      '-c:v',
      'libvpx',
      '-c:a',
      'libopus',
      file,
    ]);
    expect(made.status).toBe(0);
    const video = await uploadVideo(readFileSync(file), 'stalled.webm');
    await poller.runOnce(t.ctx);
    const body = (await client.get(`${videosPath()}/${video.id}`)).json();
    expect(body).toMatchObject({ failed_reason: null });
    expect(body.thumbnail).not.toBeNull();
    expect(body.transcoded_at).not.toBeNull();
  });

  it('marks a file that is not a video as failed with a reason', async () => {
    const video = await uploadVideo(
      Buffer.from('this is plain text, not a video at all\n'.repeat(20)),
      'notes.mp4',
      'video/mp4',
    );
    await poller.runOnce(t.ctx);
    const body = (await client.get(`${videosPath()}/${video.id}`)).json();
    expect(body.failed_reason).toMatch(/not a readable video|no video/);
    expect(body.transcoded_at).toBeNull();
    expect(body.url).toBeNull();

    const reset = await client.post(`${videosPath()}/${video.id}/reset`);
    expect(reset.json()).toMatchObject({
      uploading: true,
      failed_reason: null,
    });
  });

  it('refuses to sign anything but a video, and a completion before the bytes arrived', async () => {
    const video = (
      await client.post(videosPath(), { filename: 'a.txt' })
    ).json();
    const signed = await client.post(`${videosPath()}/generate_signature`, {
      id: video.id,
      content_type: 'text/plain',
      size: 10,
    });
    expect(signed.statusCode).toBe(400);
    expect(signed.json().message).toMatch(/video/i);
    const early = await client.post(`${videosPath()}/${video.id}/uploaded`);
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toMatch(/not arrived/);
  });
});

describe('signed direct upload', () => {
  async function signFor(size: number) {
    const video = (
      await client.post(videosPath(), { filename: 'b.webm' })
    ).json();
    return (
      await client.post(`${videosPath()}/generate_signature`, {
        id: video.id,
        content_type: 'video/webm',
        size,
      })
    ).json();
  }

  it('refuses a tampered signature', async () => {
    const { url, headers } = await signFor(webm.length);
    const tampered = url.replace(
      /signature=([^&]+)/,
      (_: string, value: string) => `signature=${value.slice(0, -2)}xx`,
    );
    const put = await t.app.inject({
      method: 'PUT',
      url: tampered,
      payload: webm,
      headers,
    });
    expect(put.statusCode).toBe(403);
    expect(put.json().message).toBe('This link is not valid.');
  });

  it('refuses a changed size limit and an expired link', async () => {
    const { url, headers, key } = await signFor(10);
    const bigger = url.replace(/max=\d+/, `max=${webm.length}`);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: bigger,
          payload: webm,
          headers,
        })
      ).statusCode,
    ).toBe(403);
    const tooBig = await t.app.inject({
      method: 'PUT',
      url,
      payload: webm,
      headers,
    });
    expect(tooBig.statusCode).toBe(413);
    const expired = await t.ctx.storage.uploadUrl(key, {
      contentType: 'video/webm',
      maxBytes: 100,
      expiresInSeconds: -5,
    });
    const late = await t.app.inject({
      method: 'PUT',
      url: expired.url,
      payload: Buffer.alloc(10),
      headers,
    });
    expect(late.statusCode).toBe(403);
    expect(late.json().message).toBe('This link has expired.');
  });
});

describe('Content-MD5 on direct uploads (local driver)', () => {
  const md5 = (body: Buffer) => createHash('md5').update(body).digest('base64');

  async function signWithMd5(body: Buffer, contentMd5: string) {
    const video = (
      await client.post(videosPath(), { filename: 'checked.webm' })
    ).json();
    const signed = await client.post(`${videosPath()}/generate_signature`, {
      id: video.id,
      content_type: 'video/webm',
      size: body.length,
      content_md5: contentMd5,
    });
    expect(signed.statusCode).toBe(200);
    return { video, ...signed.json() };
  }

  it('stores the body whose MD5 was signed and refuses any other, keeping nothing', async () => {
    const { video, url, headers, key } = await signWithMd5(webm, md5(webm));
    expect(headers['Content-MD5']).toBe(md5(webm));
    const changed = Buffer.from(webm);
    changed.writeUInt8(
      changed.readUInt8(changed.length - 1) ^ 0xff,
      changed.length - 1,
    );
    const refused = await t.app.inject({
      method: 'PUT',
      url,
      payload: changed,
      headers,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'The uploaded file does not match its checksum. Upload it again.',
    );
    expect(await t.ctx.storage.size(key)).toBeNull();
    expect(
      (await client.post(`${videosPath()}/${video.id}/uploaded`)).statusCode,
    ).toBe(400);

    const stored = await t.app.inject({
      method: 'PUT',
      url,
      payload: webm,
      headers,
    });
    expect(stored.statusCode).toBe(201);
    expect(await t.ctx.storage.size(key)).toBe(webm.length);
  });

  it('refuses a header other than the signed MD5, a changed MD5 in the link and a malformed MD5', async () => {
    const { url, headers } = await signWithMd5(webm, md5(webm));
    const otherHeader = await t.app.inject({
      method: 'PUT',
      url,
      payload: webm,
      headers: { ...headers, 'Content-MD5': md5(Buffer.from('other')) },
    });
    expect(otherHeader.statusCode).toBe(400);
    expect(otherHeader.json().message).toBe(
      'The Content-MD5 header does not match this upload link.',
    );
    const other = md5(Buffer.from('other'));
    const relinked = await t.app.inject({
      method: 'PUT',
      url: url.replace(
        `md5=${encodeURIComponent(md5(webm))}`,
        `md5=${encodeURIComponent(other)}`,
      ),
      payload: Buffer.from('other'),
      headers: { ...headers, 'Content-MD5': other },
    });
    expect(relinked.statusCode).toBe(403);

    const video = (
      await client.post(videosPath(), { filename: 'bad.webm' })
    ).json();
    const malformed = await client.post(`${videosPath()}/generate_signature`, {
      id: video.id,
      content_type: 'video/webm',
      size: 10,
      content_md5: 'not-a-digest',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields.content_md5).toEqual([
      'The file checksum is not a base64 MD5',
    ]);
  });
});

describe('library reads and changes', () => {
  it('filters by category and lists categories containing the typed text', async () => {
    const a = (
      await client.post(videosPath(), {
        filename: 'one.webm',
        category: 'Culture',
      })
    ).json();
    await client.post(videosPath(), {
      filename: 'two.webm',
      category: 'Welcome',
    });
    await client.patch(`${videosPath()}/${a.id}`, { category: 'Culture club' });
    const filtered = (
      await client.get(`${videosPath()}?category=Welcome`)
    ).json();
    expect(
      filtered.results.map((video: { filename: string }) => video.filename),
    ).toEqual(['two.webm']);
    expect(filtered.count).toBe(1);
    expect((await client.get(`${videosPath()}/categories`)).json()).toEqual([
      'Culture club',
      'Welcome',
    ]);
    expect(
      (await client.get(`${videosPath()}/categories?category=club`)).json(),
    ).toEqual(['Culture club']);
    expect(
      (await client.get(`${videosPath()}/categories?category=%25`)).json(),
    ).toEqual([]);
  });

  it('renames, and deletes the row with its stored files', async () => {
    const video = await uploadVideo(webm, 'gone.webm');
    await poller.runOnce(t.ctx);
    const renamed = await client.patch(`${videosPath()}/${video.id}`, {
      description: 'Meet the team',
    });
    expect(renamed.json().description).toBe('Meet the team');
    const row = await t.db
      .selectFrom('videos')
      .selectAll()
      .where('id', '=', video.id)
      .executeTakeFirstOrThrow();
    const keys = [
      row.original_key,
      row.video_key,
      row.thumbnail_key,
    ] as string[];
    for (const key of keys)
      expect(await t.ctx.storage.size(key)).toBeGreaterThan(0);
    expect(
      (await client.delete(`${videosPath()}/${video.id}`)).statusCode,
    ).toBe(204);
    for (const key of keys) expect(await t.ctx.storage.size(key)).toBeNull();
    expect((await client.get(`${videosPath()}/${video.id}`)).statusCode).toBe(
      404,
    );
  });

  it("answers 404 for another company's library and videos", async () => {
    const theirs = await t.db
      .insertInto('videos')
      .values({
        company_id: otherCompany.id,
        uuid: crypto.randomUUID(),
        filename: 'x.webm',
        uploading: false,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const other = `/api/companies/${otherCompany.shortname}/videos`;
    expect((await client.get(other)).statusCode).toBe(404);
    expect((await client.get(`${other}/categories`)).statusCode).toBe(404);
    expect(
      (await client.patch(`${other}/${theirs.id}`, { description: 'mine' }))
        .statusCode,
    ).toBe(404);
    expect((await client.get(`${videosPath()}/${theirs.id}`)).statusCode).toBe(
      404,
    );
    expect(
      (await client.delete(`${videosPath()}/${theirs.id}`)).statusCode,
    ).toBe(404);
  });

  it('lets every company user read the stock library but not change it', async () => {
    const stock = await t.db
      .insertInto('videos')
      .values({
        company_id: null,
        is_stock: true,
        uuid: crypto.randomUUID(),
        filename: 's.mp4',
        category: 'Intro',
        uploading: false,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const list = (
      await client.get('/api/companies/commonvideos/videos')
    ).json();
    expect(list.results.map((video: { id: number }) => video.id)).toEqual([
      stock.id,
    ]);
    expect(list.results[0].is_stock).toBe(true);
    expect(
      (
        await client.get('/api/companies/commonvideos/videos/categories')
      ).json(),
    ).toEqual(['Intro']);
    const change = await client.patch(
      `/api/companies/commonvideos/videos/${stock.id}`,
      { description: 'x' },
    );
    expect(change.statusCode).toBe(403);
    expect(
      (
        await client.post('/api/companies/commonvideos/videos', {
          filename: 'x.webm',
        })
      ).statusCode,
    ).toBe(403);
    // Stock videos are not part of a company's own library.
    expect((await client.get(`${videosPath()}/${stock.id}`)).statusCode).toBe(
      404,
    );
  });

  it('needs a signed-in company user', async () => {
    expect((await t.client().get(videosPath())).statusCode).toBe(401);
  });
});
