import { createHash, randomUUID } from 'node:crypto';
import type { TakeRefusal } from '@candor/domain';
import type { AppContext } from '../../app-context';
import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import type { AnswerTake, Question } from '../../db/schema';
import { AppError } from '../../platform/http/errors';
import { newToken } from '../../platform/ids';
import { emit } from '../../platform/events/emit';
import { completeAnswerUpload } from '../answers/answer-processing';
import { recordResponded } from '../answers/application-responded';
import { answerOriginalKey } from '../../platform/storage/answer-keys';
import {
  findAnswerById,
  upsertUploadingAnswer,
} from '../answers/answers.repository';
import { markApplicationStarted } from '../webhooks/webhooks.repository';
import { takeFiles } from '../retention/erasable-files';
import { enqueueFileDeletions } from '../retention/erasure-tasks';
import {
  insertTake,
  markTakeCompleted,
  markTakeRemoved,
  replaceQuestionTakes,
  type UploadTake,
  findTakeByKey,
  lockLiveTake,
} from './answer-takes.repository';
import {
  finishedUploadSize,
  LATE_UPLOAD_WRITES_SECONDS,
} from '../../platform/storage/answer-upload-store';
import { requireTakeWindow } from './interview-window';

/**
 * A take not finished within a day, or complete and its answer not submitted by then, is
 * removed (stale-takes-poller.ts).
 */
export const TAKE_LIFETIME_MS = 24 * 60 * 60_000;
/** Seconds of recording a take may have beyond its question's time limit. */
export const TAKE_MARGIN_SECONDS = 30;

/** A refusal of the tus endpoint, with the code the browser acts on. */
export class TakeRefused extends Error {
  constructor(
    readonly status: 404 | 409 | 410,
    readonly code: TakeRefusal,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The most bytes one take of a question may have: the recording's longest time (the time
 * limit and a margin for the countdown and Stop) at ANSWER_BYTES_PER_SECOND, capped by
 * ANSWER_UPLOAD_MAX_MB.
 */
export function takeMaxBytes(
  config: Pick<Config, 'answerBytesPerSecond' | 'answerUploadMaxBytes'>,
  timeLimitSeconds: number,
): number {
  return Math.min(
    config.answerUploadMaxBytes,
    (timeLimitSeconds + TAKE_MARGIN_SECONDS) * config.answerBytesPerSecond,
  );
}

/**
 * What all takes of one interviewee may receive together: each question recorded as often as
 * the interview allows (1 + its retakes) and once more (a take lost with its device, say).
 */
export function tokenQuotaBytes(
  config: Pick<Config, 'answerBytesPerSecond' | 'answerUploadMaxBytes'>,
  questions: Pick<Question, 'time_limit'>[],
  maxRetakes: number,
): number {
  const perRound = questions.reduce(
    (sum, question) => sum + takeMaxBytes(config, question.time_limit),
    0,
  );
  return (Math.max(0, maxRetakes) + 2) * perRound;
}

export function hashTake(take: string): string {
  return createHash('sha256').update(take).digest('base64url');
}

/**
 * Starts a take: the answer row points at the take's new original, the question's older takes
 * (a complete one not submitted too) stop working and their bytes are deleted (now, and again
 * once a request still writing to them must have ended), and so is the original of an earlier
 * recording that failed.
 */
export async function startTake(
  ctx: AppContext,
  options: {
    application: { id: number; company_id: number };
    question: Question;
    contentType: string;
    extension: string;
    maxBytes: number;
    quotaBytes: number;
    /** The original of the question's answer so far, never one that arrived. */
    previousKey: string | null;
  },
): Promise<{ answerId: number; take: string }> {
  const { application, question } = options;
  const take = newToken();
  const key = answerOriginalKey(
    application.company_id,
    randomUUID(),
    options.extension,
  );
  const answerId = await ctx.db.transaction().execute(async (trx) => {
    const answer = await upsertUploadingAnswer(trx, {
      applicationId: application.id,
      questionId: question.id,
      questionText: question.text,
      order: question.order,
      thinkingTime: question.thinking_time,
      timeLimit: question.time_limit,
      originalKey: key,
    });
    const replaced = await replaceQuestionTakes(trx, {
      applicationId: application.id,
      questionId: question.id,
    });
    // The question's last recording failed, or was sent before takes existed.
    const previousKey = options.previousKey;
    if (previousKey && !replaced.includes(previousKey))
      replaced.push(previousKey);
    await insertTake(trx, {
      takeHash: hashTake(take),
      answerId: answer.id,
      applicationId: application.id,
      companyId: application.company_id,
      questionId: question.id,
      key,
      contentType: options.contentType,
      maxBytes: options.maxBytes,
      quotaBytes: options.quotaBytes,
    });
    await removeTakeBytes(trx, replaced);
    if (await markApplicationStarted(trx, application.id))
      await emit(trx, {
        type: 'application.started',
        companyId: application.company_id,
        applicationId: application.id,
        data: {},
      });
    return answer.id;
  });
  return { answerId, take };
}

/** Queues the deletion of takes' files: at once, and again after late writes. */
export async function removeTakeBytes(db: Db, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  const files = keys.flatMap(takeFiles);
  await enqueueFileDeletions(db, files);
  await enqueueFileDeletions(
    db,
    files,
    new Date(Date.now() + LATE_UPLOAD_WRITES_SECONDS * 1000),
  );
}

/**
 * The size of a take saved in full that is still its answer's and within its day, else null.
 * tus answers a finished upload's HEAD with its offset: a browser whose last reply was lost
 * (a page closed, a dropped connection) learns the take is saved, not refused (decision 167).
 */
export function savedTakeSize(
  take: UploadTake | undefined,
  now = new Date(),
): number | null {
  if (
    !take?.completed_at ||
    take.removed_at ||
    take.answer_key !== take.key ||
    isTakeExpired(take, now)
  )
    return null;
  return Number(take.received_bytes);
}

/**
 * Whether one request of a take's upload may go on. Refused: an unknown take (404), one whose
 * upload already finished (single use; a HEAD of a current one is answered by savedTakeSize), that a newer take replaced, or older than a day (410),
 * and any take whose interview no longer takes answers. Returns how many bytes the upload may reach: its
 * own bound, or less when the interviewee's takes together near their quota.
 */
export function checkTakeForUpload(
  take: UploadTake | undefined,
  now = new Date(),
): { take: UploadTake; limitBytes: number } {
  if (!take)
    throw new TakeRefused(
      404,
      'take_not_found',
      'This recording could not be found. Please record your answer again.',
    );
  if (take.completed_at)
    throw new TakeRefused(
      410,
      'take_complete',
      'This recording has already been saved.',
    );
  if (take.removed_reason === 'expired' || isTakeExpired(take, now))
    throw expiredRefusal();
  if (take.removed_at || take.answer_key !== take.key)
    throw new TakeRefused(
      410,
      'take_replaced',
      'A newer recording of this answer has replaced this one.',
    );
  requireTakeWindow(take, take.created_at, now);
  const quotaLeft = Math.max(
    0,
    Number(take.quota_bytes) - Number(take.application_bytes),
  );
  return {
    take,
    limitBytes: Math.min(
      Number(take.max_bytes),
      Number(take.received_bytes) + quotaLeft,
    ),
  };
}

/** The browser gives up a take (tus termination): it stops working and its bytes go. */
export async function cancelTake(
  ctx: AppContext,
  take: Pick<AnswerTake, 'id' | 'key'>,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    if (await markTakeRemoved(trx, take.id, 'cancelled'))
      await removeTakeBytes(trx, [take.key]);
  });
}

/**
 * The upload's finish hook: the last byte completes the take, not its answer (decision 164).
 * Until Submit the interviewee may still record the question again, which replaces it.
 */
export async function completeTake(
  ctx: AppContext,
  take: Pick<AnswerTake, 'id' | 'key'>,
  receivedBytes: number,
): Promise<void> {
  if (await markTakeCompleted(ctx.db, take.id, receivedBytes)) return;
  // Completed before (a repeated hook), or replaced while its last bytes arrived.
  const current = await findTakeByKey(ctx.db, take.key);
  if (!current?.completed_at) throw replacedRefusal();
}

/**
 * Submit: completes the answer of its current take once the take has every byte. In one
 * transaction the answer becomes 'processing', its transcode is queued and, with the last
 * answer, the responded activity, e-mail and webhook are queued. A take whose finish hook
 * failed after the last byte (a database outage, say) is completed here from the upload's
 * own record. Calling it again changes nothing.
 */
export async function submitTake(
  ctx: AppContext,
  take: AnswerTake,
  now = new Date(),
): Promise<void> {
  if (take.removed_reason === 'expired' || isTakeExpired(take, now))
    throw expiredRefusal();
  // Replaced by a newer take, or given up by the browser.
  if (take.removed_at) throw replacedRefusal();
  const size = take.completed_at
    ? Number(take.received_bytes)
    : await finishedUploadSize(ctx, take.key);
  if (!size)
    throw new AppError(
      'conflict',
      'The recording has not arrived in full yet: it can be submitted once its last byte is saved.',
    );
  const answer = await findAnswerById(ctx.db, take.answer_id);
  if (answer?.original_key !== take.key) throw replacedRefusal();
  const { progress } = await completeAnswerUpload(ctx, answer, {
    maxBytes: Number(take.max_bytes),
    inTransaction: async (trx) => {
      // The stale-takes poller may be removing the take: its row lock orders the two.
      if (!(await lockLiveTake(trx, take.id))) throw expiredRefusal();
      if (!take.completed_at) await markTakeCompleted(trx, take.id, size);
    },
    onResponded: (trx) => recordResponded(trx, take.application_id),
  });
  if (progress) return;
  // Nothing changed: submitted before (a repeated call), or replaced meanwhile.
  const current = await findAnswerById(ctx.db, take.answer_id);
  if (current?.original_key !== take.key || current.status === 'uploading')
    throw replacedRefusal();
}

/** A take is single use for a day: not complete, or complete and not submitted, by then. */
function isTakeExpired(
  take: Pick<AnswerTake, 'created_at' | 'removed_at'>,
  now: Date,
): boolean {
  return (
    !take.removed_at &&
    now.getTime() - new Date(take.created_at).getTime() > TAKE_LIFETIME_MS
  );
}

const expiredRefusal = () =>
  new TakeRefused(
    410,
    'take_expired',
    'This recording was not sent within a day, so it was removed. Please send it again.',
  );

export const replacedRefusal = () =>
  new TakeRefused(
    410,
    'take_replaced',
    'A newer recording of this answer has replaced this one.',
  );
