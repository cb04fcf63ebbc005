import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPersonWithEverything,
  createRetentionCompany,
  daysAgo,
  NOTHING_LEFT,
  rowsAbout,
  runErasureTasks,
  storedFiles,
} from '../../../test/retention-fixtures';
import { createS3TestApp } from '../../../test/s3-test-app';
import type { TestApp } from '../../../test/test-app';
import { createRetentionPoller } from './retention-poller';

let t: TestApp;

beforeAll(async () => {
  t = await createS3TestApp('candor-retention');
});
afterAll(async () => {
  await t.close();
});

describe('the retention sweep with S3 storage', () => {
  it('deletes an expired interviewee’s objects from the bucket and keeps the others’', async () => {
    const where = await createRetentionCompany(t, 6);
    const expired = await createPersonWithEverything(t, where, {
      lastActivity: daysAgo(200),
    });
    const kept = await createPersonWithEverything(t, where, {
      lastActivity: daysAgo(20),
    });
    expect(await storedFiles(t, expired.files)).toEqual(expired.files);

    expect(await createRetentionPoller().runOnce(t.ctx)).toBe(1);
    expect(await rowsAbout(t, expired)).toEqual(NOTHING_LEFT);
    expect(await runErasureTasks(t)).toBe(1);

    expect(await storedFiles(t, expired.files)).toEqual([]);
    expect(await storedFiles(t, kept.files)).toEqual(kept.files);
    // Deleting again (a retried task) is harmless: S3 deletes of missing keys succeed.
    for (const key of expired.files)
      await expect(t.ctx.storage.delete(key)).resolves.toBeUndefined();
  });
});
