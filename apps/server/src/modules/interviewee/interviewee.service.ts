import {
  ANSWER_UPLOADS_PATH,
  interviewSeconds,
  recordingExtension,
  surveyCategoriesSchema,
  type AnswerCompleteReply,
  type AnswerUploadBody,
  type AnswerUploadReply,
  type IntervieweeInterview,
  type IntervieweeQuestion,
  type SurveyAnswersBody,
  type SurveyCategory,
} from '@candor/domain';
import type { AppContext } from '../../app-context';
import type { Question } from '../../db/schema';
import { AppError, notFound } from '../../platform/http/errors';
import { emit } from '../../platform/events/emit';
import {
  findAnswerForQuestion,
  listApplicationAnswerStates,
  ARRIVED_STATUSES,
} from '../answers/answers.repository';
import { brandingOf } from '../companies/companies.service';
import { saveSurveyAnswers } from '../fairness/fairness.service';
import { findTakeByKey, sumApplicationBytes } from './answer-takes.repository';
import {
  hashTake,
  replacedRefusal,
  startTake,
  submitTake,
  takeMaxBytes,
  tokenQuotaBytes,
} from './answer-takes.service';
import {
  findApplicationByToken,
  findVideoKeys,
  listJobAttachments,
  listJobQuestions,
  setConsented,
  setDeclined,
  type TokenApplication,
} from './interviewee.repository';
import {
  REFUSALS,
  deadlineOf,
  interviewAvailability,
  requireOpen,
  requireTakeWindow,
} from './interview-window';

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
    company: brandingOf({
      name: application.company_name,
      shortname: application.company_shortname,
      logo_key: application.company_logo_key,
      logo_updated_at: application.company_logo_updated_at,
      brand_color: application.company_brand_color,
    }),
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
    welcome_video: application.welcome_video_key
      ? {
          url: await ctx.storage.downloadUrl(application.welcome_video_key, {
            expiresInSeconds: MEDIA_URL_SECONDS,
          }),
          thumbnail: application.welcome_thumbnail_key
            ? await ctx.storage.downloadUrl(application.welcome_thumbnail_key, {
                expiresInSeconds: MEDIA_URL_SECONDS,
              })
            : null,
        }
      : null,
    deadline: deadline ? new Date(deadline).toISOString() : null,
    question_count: questions.length,
    question_ids: questions.map((question) => question.id),
    records_video: questions.some(
      (question) => question.answer_type === 'video',
    ),
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
    survey: surveyOf(application),
  };
}

/** The categories of the company's voluntary survey; null when it does not ask it. */
function surveyOf(application: TokenApplication): SurveyCategory[] | null {
  return application.company_survey_enabled
    ? surveyCategoriesSchema.parse(application.company_survey_categories)
    : null;
}

/**
 * The voluntary survey, once the last answer is in (decision 181): a company that does not ask
 * it, or an interview still open, is told so.
 */
export async function answerSurvey(
  ctx: AppContext,
  options: { token: string; answers: SurveyAnswersBody },
): Promise<void> {
  const application = await requireTokenApplication(ctx, options.token);
  const categories = surveyOf(application) ?? [];
  if (categories.length === 0)
    throw new AppError(
      'conflict',
      'This company does not ask the equal-opportunity survey.',
    );
  const questions = await listJobQuestions(ctx.db, application.job_id);
  if (
    interviewAvailability(application, questions.length, new Date()) !==
    'completed'
  )
    throw new AppError(
      'conflict',
      'The survey opens once you have submitted your last answer.',
    );
  await saveSurveyAnswers(ctx, {
    applicationId: application.id,
    companyId: application.company_id,
    jobId: application.job_id,
    categories,
    answers: options.answers,
  });
}

export async function findQuestionOf(
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
  const answered =
    answer !== undefined && ARRIVED_STATUSES.includes(answer.status);
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
    captions: question.media === 'video' ? question.captions_vtt : null,
    answer_type: question.answer_type,
    max_characters: question.max_characters,
    options: question.options.map(({ id, text }) => ({ id, text })),
    multiple: question.multiple,
    answered,
    response:
      answered && answer.answer_type !== 'video'
        ? {
            text: answer.text_answer,
            choices: (answer.choices ?? []).map((option) => option.id),
          }
        : null,
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
    await emit(trx, {
      companyId: application.company_id,
      jobId: application.job_id,
      applicationId: application.id,
      type: 'application.declined',
      data: {
        name: `${application.first_name} ${application.last_name}`,
        reason,
      },
    });
  });
}

/**
 * Starts a take of one question: the tus upload the browser sends it with, and the bytes it
 * may have (docs/decisions/135-resumable-answer-uploads.md).
 */
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
  if (question.answer_type !== 'video')
    throw new AppError(
      'bad_request',
      'This question is answered by typing or choosing, not by a recording.',
    );
  const extension = recordingExtension(options.body.content_type);
  if (!extension)
    throw new AppError(
      'unsupported',
      'Only video recordings can be sent as answers.',
    );
  // The type alone (no codecs): it becomes the stored object's Content-Type.
  const contentType = (options.body.content_type.split(';')[0] ?? '')
    .trim()
    .toLowerCase();
  const bound = takeMaxBytes(ctx.config, question.time_limit);
  if (options.body.size > bound) {
    throw new AppError(
      'too_large',
      `The recording is too large to upload (the limit is ${megabytes(bound)} MB).`,
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
  const quotaBytes = tokenQuotaBytes(
    ctx.config,
    questions,
    application.job_max_retakes,
  );
  if ((await sumApplicationBytes(ctx.db, application.id)) >= quotaBytes) {
    throw new AppError(
      'too_large',
      'You have sent as many recordings as this interview allows. Please contact the company.',
    );
  }
  // A size given up front (a recording already made) bounds the take exactly.
  const maxBytes = options.body.size > 0 ? options.body.size : bound;
  const { answerId, take } = await startTake(ctx, {
    application,
    question,
    contentType,
    extension,
    maxBytes,
    quotaBytes,
    previousKey: existing?.original_key ?? null,
  });
  return {
    answer: answerId,
    take,
    upload: { endpoint: ANSWER_UPLOADS_PATH, metadata: { take } },
    max_bytes: maxBytes,
  };
}

function megabytes(bytes: number): number {
  return Math.round((bytes / 2 ** 20) * 10) / 10;
}

/**
 * Submit (decision 164): completes the answer of the question's current take, which must have
 * every byte. Idempotent: a completed answer is reported as it is.
 */
export async function completeAnswer(
  ctx: AppContext,
  options: { token: string; questionId: number; take?: string },
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
  const take = answer.original_key
    ? await findTakeByKey(ctx.db, answer.original_key)
    : undefined;
  if (options.take !== undefined && take?.take_hash !== hashTake(options.take))
    throw replacedRefusal();
  if (answer.status === 'uploading') {
    if (!take)
      throw new AppError('conflict', 'Start the upload of this answer first.');
    requireTakeWindow(application, take.created_at, new Date());
    await submitTake(ctx, take);
  }
  const completed =
    (await findAnswerForQuestion(ctx.db, application.id, options.questionId)) ??
    answer;
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
