import {
  pathId,
  answerListQuerySchema,
  answerSchema,
  pagedSchema,
  type Answer,
} from '@candor/domain';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Answer as AnswerRow } from '../../db/schema';
import { jobAccessOf } from '../../platform/access/access-rule';
import {
  canSeeApplication,
  type JobAccess,
} from '../../platform/access/job-access';
import type { App } from '../../platform/http/app-types';
import { notFound } from '../../platform/http/errors';
import { pageWithTotal, pagedReply } from '../../platform/http/paging';
import type { Storage } from '../../platform/storage/storage';
import { countJobAnswers, listJobAnswers } from './answers.repository';
import { jobParams } from '../../platform/http/path-params';

const PLAYBACK_URL_SECONDS = 4 * 60 * 60;

/** Reviewers limited to chosen interviewees see only those; everyone else sees all. */
function visibleApplicationIds(access: JobAccess): number[] | null {
  return access.kind === 'reviewer' ? access.assignedApplicationIds : null;
}

async function toAnswerReply(
  storage: Storage,
  jobId: number,
  row: AnswerRow & { removed: boolean },
): Promise<Answer> {
  const signed = (key: string) =>
    storage.downloadUrl(key, { expiresInSeconds: PLAYBACK_URL_SECONDS });
  return {
    id: row.id,
    application: row.application_id,
    question: `/api/jobs/${jobId}/questions/${row.question_id}`,
    question_id: row.question_id,
    question_text: row.question_text,
    order: row.order,
    removed: row.removed,
    status: row.status,
    video: await playableVideo(row, signed),
    ...typedAnswer(row),
    thinking_time: row.thinking_time,
    time_limit: row.time_limit,
    created_at: (row.uploaded_at ?? row.created_at).toISOString(),
  };
}

/** The text typed or the options chosen; nulls for a recording. */
export function typedAnswer(
  row: Pick<AnswerRow, 'answer_type' | 'text_answer' | 'choices'>,
) {
  return {
    answer_type: row.answer_type,
    text: row.text_answer,
    choices: row.choices,
  };
}

/**
 * What a reviewer plays: the MP4 once transcoded; until then the original as the browser
 * recorded it (WebM or MP4, which browsers play), so an answer can be watched as soon as its
 * last byte arrives (decision 135). It has no thumbnail and no duration yet.
 */
export async function playableVideo(
  row: AnswerRow,
  signed: (key: string) => Promise<string>,
): Promise<Answer['video']> {
  if (row.status === 'ready' && row.video_key)
    return {
      url: await signed(row.video_key),
      thumbnail: row.thumbnail_key ? await signed(row.thumbnail_key) : null,
      duration: row.duration_seconds,
    };
  const original = row.original_key;
  if (row.status === 'processing' && original && /\.(webm|mp4)$/.test(original))
    return { url: await signed(original), thumbnail: null, duration: null };
  return null;
}

/** The reviewers' reads of answers (spec section 7). */
export function registerAnswerRoutes(app: App, ctx: AppContext): void {
  const tags = ['answers'];

  app.get(
    '/api/jobs/:job/answers',
    {
      config: { access: { job: 'review' }, apiKey: 'read' },
      schema: {
        tags,
        summary:
          'The answers of a job (optionally of one applicant) for reviewers',
        params: jobParams,
        querystring: answerListQuerySchema,
        response: { 200: pagedSchema(answerSchema) },
      },
    },
    async (request) => {
      const access = jobAccessOf(request);
      const { application, page, page_size } = request.query;
      if (
        application !== undefined &&
        !canSeeApplication(access, application)
      ) {
        throw notFound('This interviewee');
      }
      const scope = {
        jobId: access.job.id,
        applicationId: application,
        applicationIds: visibleApplicationIds(access),
      };
      const offset = (page - 1) * page_size;
      const { rows, count } = await pageWithTotal({
        offset,
        limit: page_size,
        rows: () =>
          listJobAnswers(ctx.db, { ...scope, limit: page_size, offset }),
        count: () => countJobAnswers(ctx.db, scope),
      });
      const results = await Promise.all(
        rows.map((row) => toAnswerReply(ctx.storage, access.job.id, row)),
      );
      return pagedReply(request, { count, page, page_size, results });
    },
  );

  app.get(
    '/api/jobs/:job/answers/:answer',
    {
      config: { access: { job: 'review' }, apiKey: 'read' },
      schema: {
        tags,
        summary: 'One answer with its signed, seekable video',
        params: z.object({
          job: pathId,
          answer: pathId,
        }),
        response: { 200: answerSchema },
      },
    },
    async (request) => {
      const access = jobAccessOf(request);
      const [row] = await listJobAnswers(ctx.db, {
        jobId: access.job.id,
        applicationIds: visibleApplicationIds(access),
        answerId: request.params.answer,
        limit: 1,
        offset: 0,
      });
      if (!row) throw notFound('This answer');
      return toAnswerReply(ctx.storage, access.job.id, row);
    },
  );
}
