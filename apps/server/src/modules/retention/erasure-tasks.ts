import { z } from 'zod';
import type { Db } from '../../db/connection';
import { defineTaskHandler } from '../../platform/tasks/task-handler';
import { createTaskPoller } from '../../platform/tasks/task-poller';
import { enqueueTask } from '../../platform/tasks/tasks.repository';
import type { Poller } from '../../worker/pollers';
import { answerUploadStore } from '../../platform/storage/answer-upload-store';
import { isErasableFile } from './erasable-files';
import { deleteSentEmails } from './retention.repository';

export const DELETE_FILES_TASK = 'erasure.delete-files';
export const FORGET_EMAILS_TASK = 'erasure.forget-emails';
/** Small enough that one task finishes in seconds on S3, one request per key. */
export const KEYS_PER_TASK = 200;
const PARALLEL_DELETES = 8;
// Back-off reaches an hour after 8 tries, so 30 tries keep going for about a day: long
// enough to outlast a storage outage. A task that gives up still lists its keys.
const MAX_ATTEMPTS = 30;

/** Queues deletions of stored files, in the transaction that deletes the rows naming them. */
export async function enqueueFileDeletions(
  db: Db,
  keys: string[],
  runAt?: Date,
): Promise<void> {
  for (let start = 0; start < keys.length; start += KEYS_PER_TASK) {
    await enqueueTask(db, {
      kind: DELETE_FILES_TASK,
      payload: { keys: keys.slice(start, start + KEYS_PER_TASK) },
      ...(runAt ? { runAt } : {}),
    });
  }
}

/**
 * Deletes stored files whose rows are gone. Deleting a missing file succeeds, so a retry is
 * safe. An answer's original may be a take's upload that never finished: what the upload
 * store keeps beside it (an S3 multipart upload and its records) goes too.
 */
export const deleteFilesTask = defineTaskHandler({
  kind: DELETE_FILES_TASK,
  payload: z.object({ keys: z.array(z.string()) }),
  maxAttempts: MAX_ATTEMPTS,
  async run(ctx, { keys }) {
    const uploads = keys.some(isTakeOriginal)
      ? await answerUploadStore(ctx)
      : null;
    let next = 0;
    await Promise.all(
      Array.from({ length: PARALLEL_DELETES }, async () => {
        while (next < keys.length) {
          const key = keys[next++];
          if (!key) continue;
          if (uploads && isTakeOriginal(key))
            await uploads.removeUploadTraces(key);
          await ctx.storage.delete(key);
        }
      }),
    );
  },
});

const isTakeOriginal = (key: string) =>
  isErasableFile(key) && key.includes('/originals/');

/**
 * Deletes e-mails of erased applicants that a worker was sending at the time; until the send
 * is over the task fails and is tried again later.
 */
export const forgetEmailsTask = defineTaskHandler({
  kind: FORGET_EMAILS_TASK,
  payload: z.object({ ids: z.array(z.number().int()) }),
  maxAttempts: MAX_ATTEMPTS,
  async run(ctx, { ids }) {
    const sending = await deleteSentEmails(ctx.db, ids);
    if (sending > 0)
      throw new Error(`${sending} e-mail(s) still being sent; trying later`);
  },
});

/**
 * Erasure tasks have their own poller, so a large sweep's deletions never queue in front of
 * the transcodes of new answers in the main tasks poller.
 */
export function createErasureTaskPoller(): Poller {
  return {
    ...createTaskPoller([deleteFilesTask, forgetEmailsTask]),
    name: 'erasure-tasks',
  };
}
