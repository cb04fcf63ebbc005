import { randomUUID } from 'node:crypto';
import {
  interviewSeconds,
  isPastDeadline,
  recordingExtension,
  type AnswerCompleteReply,
  type AnswerUploadBody,
  type AnswerUploadReply,
  type InterviewAvailability,
  type IntervieweeInterview,
  type IntervieweeQuestion,
} from '@candor/domain';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/connection';
import type { Question } from '../../db/schema';
import { AppError, notFound } from '../../platform/http/errors';
import { recordActivity } from '../activity/activity.repository';
import {
  answerOriginalKey,
  completeAnswerUpload,
  completeUploadedAnswerKey,
} from '../answers/answer-processing';
import {
  findAnswerForQuestion,
  listApplicationAnswerStates,
  upsertUploadingAnswer,
  ARRIVED_STATUSES,
} from '../answers/answers.repository';
import { logoUrl } from '../companies/companies.service';
import { enqueueCompletionEmail } from '../emails/completion-email';
import {
  findApplicationByToken,
  findVideoKeys,
  listJobAttachments,
  listJobQuestions,
  setConsented,
  setDeclined,
  type TokenApplication,
} from './interviewee.repository';

/** Upload links live long enough for a slow connection, and bound the deadline's grace. */
export const UPLOAD_URL_SECONDS = 2 * 60 * 60;
const MEDIA_URL_SECONDS = 4 * 60 * 60;

/** The application behind a token; any unknown token looks the same (404). */
export async function requireTokenApplication(
  ctx: AppContext,
  token: string,
): Promise<TokenApplication> {
  const application = await findApplicationByToken(ctx.db, token);
  if (!application) throw notFound('This interview');
  return application;
}

function deadlineOf(application: TokenApplication): Date | null {
  return application.deadline ?? application.job_deadline ?? null;
}

export function interviewAvailability(
  application: TokenApplication,
  questionCount: number,
  now: Date,
): InterviewAvailability {
  if (application.declined_at) return 'declined';
  if (questionCount > 0 && application.answer_count >= questionCount)
    return 'completed';
  if (application.job_status !== 'Published') return 'closed';
  if (isPastDeadline(deadlineOf(application), now)) return 'expired';
  return 'open';
}

const REFUSALS: Record<Exclude<InterviewAvailability, 'open'>, AppError> = {
  declined: new AppError(
    'conflict',
    'You have declined this interview, so answers can no longer be sent.',
  ),
  completed: new AppError(
    'conflict',
    'You have already completed this interview.',
  ),
  closed: new AppError(
    'forbidden',
    'This interview is closed, so answers can no longer be sent.',
  ),
  expired: new AppError(
    'forbidden',
    'The deadline for this interview has passed, so answers can no longer be sent.',
  ),
};

function requireOpen(availability: InterviewAvailability): void {
  if (availability !== 'open') throw REFUSALS[availability];
}

export async function getInterview(
  ctx: AppContext,
  token: string,
): Promise<IntervieweeInterview> {
  const application = await requireTokenApplication(ctx, token);
  const [questions, attachments, answers] = await Promise.all([
    listJobQuestions(ctx.db, application.job_id),
    listJobAttachments(ctx.db, application.job_id),
    listApplicationAnswerStates(ctx.db, application.id),
  ]);
  const questionIds = new Set(questions.map((question) => question.id));
  const deadline = deadlineOf(application);
  return {
    company: {
      name: application.company_name,
      logo: logoUrl({
        shortname: application.company_shortname,
        logo_key: application.company_logo_key,
        logo_updated_at: application.company_logo_updated_at,
      }),
    },
    title: application.job_title,
    introduction: application.job_description,
    attachments: await Promise.all(
      attachments.map(async (attachment) => ({
        id: attachment.id,
        filename: attachment.filename,
        size: attachment.size,
        url: await ctx.storage.downloadUrl(attachment.storage_key, {
          expiresInSeconds: MEDIA_URL_SECONDS,
          filename: attachment.filename,
        }),
      })),
    ),
    deadline: deadline ? new Date(deadline).toISOString() : null,
    question_count: questions.length,
    question_ids: questions.map((question) => question.id),
    expected_duration_seconds: interviewSeconds(questions),
    language: application.job_language === 'fr-fr' ? 'fr-fr' : 'en-gb',
    max_retakes: application.job_max_retakes,
    first_name: application.first_name,
    consented: application.consented_at !== null,
    answered_question_ids: answers
      .filter(
        (answer) =>
          ARRIVED_STATUSES.includes(answer.status) &&
          questionIds.has(answer.question_id),
      )
      .map((answer) => answer.question_id),
    failed_answers: answers
      .filter((answer) => answer.status === 'failed')
      .map((answer) => ({
        question: answer.question_id,
        reason: answer.failed_reason ?? '',
      })),
    status: interviewAvailability(application, questions.length, new Date()),
    feedback_enabled: application.company_feedback_enabled,
  };
}

async function findQuestionOf(
  ctx: AppContext,
  application: TokenApplication,
  questionId: number,
) {
  const questions = await listJobQuestions(ctx.db, application.job_id);
  const index = questions.findIndex((question) => question.id === questionId);
  if (index < 0) throw notFound('This question');
  return {
    question: questions[index] as Question,
    position: index + 1,
    questions,
  };
}

export async function getQuestion(
  ctx: AppContext,
  token: string,
  questionId: number,
): Promise<IntervieweeQuestion> {
  const application = await requireTokenApplication(ctx, token);
  const { question, position } = await findQuestionOf(
    ctx,
    application,
    questionId,
  );
  const answer = await findAnswerForQuestion(
    ctx.db,
    application.id,
    question.id,
  );
  let media: IntervieweeQuestion['media'] = {
    kind: 'audio',
    url: `/api/interviewee/${encodeURIComponent(token)}/questions/${question.id}/audio`,
  };
  if (question.media === 'video' && question.video_id !== null) {
    const video = await findVideoKeys(ctx.db, question.video_id);
    if (video?.video_key) {
      media = {
        kind: 'video',
        url: await ctx.storage.downloadUrl(video.video_key, {
          expiresInSeconds: MEDIA_URL_SECONDS,
        }),
        thumbnail: video.thumbnail_key
          ? await ctx.storage.downloadUrl(video.thumbnail_key, {
              expiresInSeconds: MEDIA_URL_SECONDS,
            })
          : null,
      };
    }
  }
  return {
    id: question.id,
    text: question.text,
    order: question.order,
    position,
    thinking_time: question.thinking_time,
    time_limit: question.time_limit,
    media,
    answered: answer !== undefined && ARRIVED_STATUSES.includes(answer.status),
  };
}

export async function giveConsent(
  ctx: AppContext,
  token: string,
): Promise<void> {
  const application = await requireTokenApplication(ctx, token);
  if (application.declined_at) throw REFUSALS.declined;
  await setConsented(ctx.db, application.id);
}

/** The applicant withdraws: declined_at and the reason, shown as hover text to the company. */
export async function declineInterview(
  ctx: AppContext,
  token: string,
  reason: string,
): Promise<void> {
  const application = await requireTokenApplication(ctx, token);
  if (application.declined_at) return;
  const questions = await listJobQuestions(ctx.db, application.job_id);
  if (
    interviewAvailability(application, questions.length, new Date()) ===
    'completed'
  ) {
    throw REFUSALS.completed;
  }
  await ctx.db.transaction().execute(async (trx) => {
    await setDeclined(trx, application.id, reason);
    await recordActivity(trx, {
      companyId: application.company_id,
      jobId: application.job_id,
      applicationId: application.id,
      verb: 'application.declined',
      data: {
        name: `${application.first_name} ${application.last_name}`,
        reason,
      },
    });
  });
}

/** Issues the signed upload URL of a new take for one question. */
export async function startAnswer(
  ctx: AppContext,
  options: { token: string; questionId: number; body: AnswerUploadBody },
): Promise<AnswerUploadReply> {
  const application = await requireTokenApplication(ctx, options.token);
  const { question, questions } = await findQuestionOf(
    ctx,
    application,
    options.questionId,
  );
  requireOpen(interviewAvailability(application, questions.length, new Date()));
  if (!application.consented_at) {
    throw new AppError(
      'forbidden',
      'Please agree to the recording and use of your answers first.',
    );
  }
  const extension = recordingExtension(options.body.content_type);
  if (!extension)
    throw new AppError(
      'unsupported',
      'Only video recordings can be sent as answers.',
    );
  const limit = ctx.config.answerUploadMaxBytes;
  if (options.body.size > limit) {
    throw new AppError(
      'too_large',
      `The recording is too large to upload (the limit is ${limit / 2 ** 20} MB).`,
    );
  }
  const existing = await findAnswerForQuestion(
    ctx.db,
    application.id,
    question.id,
  );
  if (existing && ARRIVED_STATUSES.includes(existing.status)) {
    throw new AppError('conflict', 'You have already answered this question.');
  }
  const originalKey = answerOriginalKey(
    application.company_id,
    randomUUID(),
    extension,
  );
  const answer = await upsertUploadingAnswer(ctx.db, {
    applicationId: application.id,
    questionId: question.id,
    questionText: question.text,
    order: question.order,
    thinkingTime: question.thinking_time,
    timeLimit: question.time_limit,
    originalKey,
  });
  const upload = await ctx.storage.uploadUrl(originalKey, {
    contentType: options.body.content_type,
    maxBytes: options.body.size,
    expiresInSeconds: UPLOAD_URL_SECONDS,
  });
  return { answer: answer.id, upload, max_bytes: options.body.size };
}

/**
 * What happens once, when the last answer of an application arrives: the activity entry and
 * the completion e-mail (the company's template; helper H3's renderer adds [FEEDBACK LINK]).
 */
async function onResponded(
  ctx: AppContext,
  db: Db,
  application: {
    id: number;
    job_id: number;
    company_id: number;
    first_name: string;
    last_name: string;
  },
) {
  await recordActivity(db, {
    companyId: application.company_id,
    jobId: application.job_id,
    applicationId: application.id,
    verb: 'application.responded',
    data: { name: `${application.first_name} ${application.last_name}` },
  });
  await enqueueCompletionEmail(db, ctx.config, application.id);
}

export async function completeAnswer(
  ctx: AppContext,
  options: { token: string; questionId: number },
): Promise<AnswerCompleteReply> {
  const application = await requireTokenApplication(ctx, options.token);
  const { questions } = await findQuestionOf(
    ctx,
    application,
    options.questionId,
  );
  const answer = await findAnswerForQuestion(
    ctx.db,
    application.id,
    options.questionId,
  );
  if (!answer)
    throw new AppError('conflict', 'Start the upload of this answer first.');
  if (answer.status === 'failed') {
    throw new AppError(
      'conflict',
      'This recording could not be used. Please record your answer again.',
    );
  }
  if (answer.status === 'uploading') {
    const availability = interviewAvailability(
      application,
      questions.length,
      new Date(),
    );
    // A take started before the deadline may finish within its upload link's life.
    const graceDeadline = deadlineOf(application);
    const withinGrace =
      availability === 'expired' &&
      graceDeadline !== null &&
      Date.now() - new Date(graceDeadline).getTime() <
        UPLOAD_URL_SECONDS * 1000 &&
      new Date(answer.created_at).getTime() <=
        new Date(graceDeadline).getTime();
    if (!withinGrace) requireOpen(availability);
  }
  const { answer: completed } = await completeAnswerUpload(ctx, answer, {
    maxBytes: ctx.config.answerUploadMaxBytes,
    onResponded: (db) => onResponded(ctx, db, application),
  });
  const states = await listApplicationAnswerStates(ctx.db, application.id);
  const answered = states
    .filter((state) => ARRIVED_STATUSES.includes(state.status))
    .map((state) => state.question_id);
  const questionIds = questions.map((question) => question.id);
  return {
    answer: completed.id,
    status: completed.status === 'ready' ? 'ready' : 'processing',
    answered_question_ids: answered,
    completed: questionIds.every((id) => answered.includes(id)),
  };
}

/** The local storage driver's upload hook: completes an answer's take as soon as it lands. */
export async function completeUploadedKey(
  ctx: AppContext,
  key: string,
): Promise<void> {
  await completeUploadedAnswerKey(ctx, key, {
    maxBytes: ctx.config.answerUploadMaxBytes,
    onResponded: async (db, applicationId) => {
      const application = await db
        .selectFrom('applications')
        .innerJoin('jobs', 'jobs.id', 'applications.job_id')
        .select([
          'applications.id',
          'applications.job_id',
          'jobs.company_id',
          'first_name',
          'last_name',
        ])
        .where('applications.id', '=', applicationId)
        .executeTakeFirstOrThrow();
      await onResponded(ctx, db, application);
    },
  });
}
