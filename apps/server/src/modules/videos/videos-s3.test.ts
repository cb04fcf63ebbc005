import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCompany,
  createUser,
  TEST_PASSWORD,
} from '../../../test/factories';
import { makeWebmRecording } from '../../../test/media-fixtures';
import { createS3TestApp } from '../../../test/s3-test-app';
import type { TestApp } from '../../../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createS3TestApp('candor-library');
});
afterAll(async () => {
  await t.close();
});

describe('library upload to S3 with Content-MD5', () => {
  it('presigns the PUT with the file MD5 as a signed header, and the signed upload is stored', async () => {
    const company = await createCompany(t.db);
    const user = await createUser(t.db, { companies: [company.id] });
    const client = t.client();
    await client.signIn(user.email, TEST_PASSWORD);
    const videos = `/api/companies/${company.shortname}/videos`;
    const video = (
      await client.post(videos, { filename: 'take.webm', description: '' })
    ).json();
    const recording = makeWebmRecording({ seconds: 1 });
    const contentMd5 = createHash('md5').update(recording).digest('base64');

    const signed = await client.post(`${videos}/generate_signature`, {
      id: video.id,
      content_type: 'video/webm',
      size: recording.length,
      content_md5: contentMd5,
    });
    expect(signed.statusCode).toBe(200);
    const { url, headers, key } = signed.json();
    expect(headers).toEqual({
      'Content-Type': 'video/webm',
      'Content-MD5': contentMd5,
    });
    // The digest is signed, not hoisted into the query: S3 checks the body against the
    // header (BadDigest) and the signature against the header (SignatureDoesNotMatch).
    const query = new URL(url).searchParams;
    expect(query.get('X-Amz-SignedHeaders')?.split(';')).toEqual(
      expect.arrayContaining(['content-md5', 'content-type', 'host']),
    );
    expect(query.has('Content-MD5')).toBe(false);

    const put = await fetch(url, {
      method: 'PUT',
      headers,
      body: new Uint8Array(recording),
    });
    expect(put.status).toBe(200);
    expect(await t.ctx.storage.size(key)).toBe(recording.length);
    const done = await client.post(`${videos}/${video.id}/uploaded`);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ uploading: false });
  });

  it('signs no digest when the browser sends none (older clients keep working)', async () => {
    const upload = await t.ctx.storage.uploadUrl(
      'companies/9/originals/a.webm',
      {
        contentType: 'video/webm',
        maxBytes: 100,
      },
    );
    expect(upload.headers).toEqual({ 'Content-Type': 'video/webm' });
    expect(
      new URL(upload.url).searchParams.get('X-Amz-SignedHeaders'),
    ).not.toContain('content-md5');
  });
});
