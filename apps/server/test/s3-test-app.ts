import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { addMultipartListing } from './s3rver-multipart';
import { createTestApp, type TestApp } from './test-app';

/**
 * The real app storing files in a local S3-compatible server (s3rver) with one bucket, so the
 * S3 driver is exercised end to end without the network. `close` stops both and removes the
 * bucket's folder.
 */
export async function createS3TestApp(
  bucket: string,
  env: Record<string, string> = {},
): Promise<TestApp & { s3Folder: string }> {
  const folder = mkdtempSync(join(tmpdir(), 'candor-s3rver-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: folder,
    configureBuckets: [{ name: bucket }],
  });
  addMultipartListing(server);
  const { port } = await server.run();
  const t = await createTestApp({
    S3_BUCKET: bucket,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
    ...env,
  });
  return {
    ...t,
    s3Folder: folder,
    close: async () => {
      await t.close();
      await server.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
