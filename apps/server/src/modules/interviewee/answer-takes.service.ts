import { createHash, randomUUID } from 'node:crypto';
import type { TakeRefusal } from '@candor/domain';
import type { AppContext } from '../../app-context';
import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import type { AnswerTake, Question } from '../../db/schema';
import { newToken } from '../../platform/ids';
import { recordActivity } from '../activity/activity.repository';
import {
  answerOriginalKey,
  completeAnswerUpload,
} from '../answers/answer-processing';
import {
  findAnswerById,
  upsertUploadingAnswer,
} from '../answers/answers.repository';
import { enqueueCompletionEmail } from '../emails/completion-email';
import {
  markApplicationStarted,
  queueApplicationEvents,
} from '../webhooks/webhooks.repository';
import { takeFiles } from '../retention/erasable-files';
import { enqueueFileDeletions } from '../retention/erasure-tasks';
import {
  insertTake,
  markTakeCompleted,
  markTakeRemoved,
  replaceOpenTakes,
  type UploadTake,
  findRespondedApplication,
} from './answer-takes.repository';
import { TAKE_GRACE_SECONDS, requireTakeWindow } from './interview-window';

/** A take not finished within a day is removed (stale-takes-poller.ts). */
export const TAKE_LIFETIME_MS = 24 * 60 * 60_000;
/** Seconds of recording a take may have beyond its question's time limit. */
export const TAKE_MARGIN_SECONDS = 30;
/**
 * How long a take's removed bytes may still be written to by a request already under way
 * (a PATCH that started before the take was replaced): they are deleted again after this.
 */
export const LATE_UPLOAD_WRITES_SECONDS = TAKE_GRACE_SECONDS + 10 * 60;

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
 * stop working and their bytes are deleted (now, and again once a request still writing to
 * them must have ended), and so is the original of an earlier recording that failed.
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
    const replaced = await replaceOpenTakes(trx, {
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
      await queueApplicationEvents(trx, {
        companyId: application.company_id,
        event: 'application.started',
        applicationIds: [application.id],
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
 * Whether one request of a take's upload may go on. Refused: an unknown take (404), one whose
 * upload already finished, that a newer take replaced, or older than a day (410), and any take
 * whose interview no longer takes answers. Returns how many bytes the upload may reach: its
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
  const expired =
    now.getTime() - new Date(take.created_at).getTime() > TAKE_LIFETIME_MS;
  if (take.removed_reason === 'expired' || (!take.removed_at && expired))
    throw new TakeRefused(
      410,
      'take_expired',
      'This recording was not sent within a day, so it was removed. Please send it again.',
    );
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
 * Completes the answer of a take whose last byte has arrived, as the upload's finish hook and
 * the explicit complete call both do: the take is marked complete in the transaction that
 * makes the answer 'processing' and queues its transcode. Calling it again changes nothing.
 */
export async function finishTake(
  ctx: AppContext,
  take: Pick<
    AnswerTake,
    'id' | 'key' | 'answer_id' | 'application_id' | 'max_bytes'
  >,
  receivedBytes: number,
): Promise<void> {
  const answer = await findAnswerById(ctx.db, take.answer_id);
  if (answer?.original_key !== take.key) throw replacedRefusal();
  const { progress } = await completeAnswerUpload(ctx, answer, {
    maxBytes: Number(take.max_bytes),
    inTransaction: async (trx) => {
      await markTakeCompleted(trx, take.id, receivedBytes);
    },
    onResponded: (trx) => recordResponded(ctx, trx, take.application_id),
  });
  if (progress) return;
  // Nothing changed: completed before (by the other of hook and call), or replaced meanwhile.
  const current = await findAnswerById(ctx.db, take.answer_id);
  if (current?.original_key !== take.key || current.status === 'uploading')
    throw replacedRefusal();
  await markTakeCompleted(ctx.db, take.id, receivedBytes);
}

const replacedRefusal = () =>
  new TakeRefused(
    410,
    'take_replaced',
    'A newer recording of this answer has replaced this one.',
  );

/**
 * What happens once, when the last answer of an application arrives: the activity entry and
 * the completion e-mail (the company's template; helper H3's renderer adds [FEEDBACK LINK]).
 */
async function recordResponded(
  ctx: AppContext,
  db: Db,
  applicationId: number,
): Promise<void> {
  const application = await findRespondedApplication(db, applicationId);
  await recordActivity(db, {
    companyId: application.company_id,
    jobId: application.job_id,
    applicationId: application.id,
    verb: 'application.responded',
    data: { name: `${application.first_name} ${application.last_name}` },
  });
  await queueApplicationEvents(db, {
    companyId: application.company_id,
    event: 'application.completed',
    applicationIds: [application.id],
  });
  await enqueueCompletionEmail(db, ctx.config, application.id);
}
