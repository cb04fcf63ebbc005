import {
  canApplyJobAction,
  jobActionRefusal,
  jobUpdateConflict,
  publishProblems,
  statusAfter,
  type Job,
  type JobAction,
  type JobCreate,
  type JobUpdate,
  type Locale,
} from '@candor/domain';
import type { Updateable } from 'kysely';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/connection';
import type { JobsTable, Job as JobTableRow } from '../../db/schema';
import { findJobAccess } from '../../platform/access/job-access';
import type { SessionUser } from '../../platform/auth/session';
import { AppError, fieldError, notFound } from '../../platform/http/errors';
import { newShortcode } from '../../platform/ids';
import { emit } from '../../platform/events/emit';
import { eraseApplications } from '../retention/erase-applications';
import { enqueueFileDeletions } from '../retention/erasure-tasks';
import { countQuestions, findJobEditFacts } from './job-edit-facts.repository';
import { emptyJobCounts, jobCountsOf } from './job-stats.repository';
import {
  deleteJob,
  findJobFileKeys,
  findJobRow,
  findRatingDescriptions,
  insertAccountHolderReviewer,
  insertJob,
  isTemplateJob,
  isUsableVideo,
  replaceRatingDescriptions,
  updateJob,
  type JobRow,
  type JobViewer,
  findTemplateJob,
  insertQuestions,
  listJobQuestions,
  updateJobStatus,
} from './jobs.repository';
import { findCompanyById } from '../companies/companies.repository';

export const viewerOf = (user: SessionUser): JobViewer => ({
  userId: user.id,
  companyId: user.current_company_id,
});

const iso = (value: Date | null): string | null =>
  value === null ? null : value.toISOString();

/** Job rows as the API's Job entity. */
export async function toJobReplies(
  ctx: AppContext,
  viewer: JobViewer,
  rows: JobRow[],
): Promise<Job[]> {
  return Promise.all(
    rows.map(async (row) => {
      // Applicant counts only for the viewer's own jobs and the ones they review; a
      // marketplace or template listing must not tell one company how another's hiring is
      // going.
      const isInsider =
        row.company_id === viewer.companyId || row.my_reviewer_rating !== null;
      // A company user may review every applicant of their company's jobs; a reviewer theirs.
      const { stats, applications, to_review } = isInsider
        ? jobCountsOf(row, {
            openCompletions: row.my_open_completions,
            chosenToReview:
              row.company_id === viewer.companyId
                ? null
                : row.my_chosen_to_review,
          })
        : emptyJobCounts();
      const [introUrl, introThumbnail, marketplaceImage] = await Promise.all([
        row.intro_video_key
          ? ctx.storage.downloadUrl(row.intro_video_key)
          : null,
        row.intro_thumbnail_key
          ? ctx.storage.downloadUrl(row.intro_thumbnail_key)
          : null,
        row.marketplace_image_key
          ? ctx.storage.downloadUrl(row.marketplace_image_key)
          : null,
      ]);
      const isOwnCompany = viewer.companyId === row.company_id;
      return {
        id: row.id,
        title: row.title,
        status: row.status,
        created_at: iso(row.created_at) ?? '',
        updated_at: iso(row.updated_at) ?? '',
        published_at: iso(row.published_at),
        function: row.function,
        role: row.role,
        description: row.description,
        deadline: iso(row.deadline),
        applicant_deadline_days: row.applicant_deadline_days,
        survey_id: row.survey_id,
        language: row.language === 'fr-fr' ? 'fr-fr' : 'en-gb',
        question_count: Number(row.question_count ?? 0),
        rating_style: row.rating_style,
        rating_scale: row.rating_scale,
        rating_min: row.rating_min,
        rating_descriptions: row.rating_descriptions,
        allow_answer_review: row.allow_answer_review,
        blind_until_rated: row.blind_until_rated,
        knockout_action: row.knockout_action,
        max_retakes: row.max_retakes,
        sjt_assessment: row.sjt_assessment,
        shortcode: row.shortcode,
        is_template: row.is_template,
        template_of: row.template_of,
        // Company users decide on everything; a reviewer only with the job's rating permission.
        reviewer_permissions: {
          rating: isOwnCompany ? 1 : (row.my_reviewer_rating ?? 0),
        },
        company: {
          shortname: row.company_shortname,
          name: row.company_name,
          support_email: row.company_support_email,
        },
        created_by:
          row.created_by === null
            ? null
            : {
                id: row.created_by,
                full_name:
                  `${row.creator_first_name ?? ''} ${row.creator_last_name ?? ''}`.trim(),
              },
        intro_video_id: row.intro_video_id,
        intro_video: row.intro_video_id
          ? { id: row.intro_video_id, url: introUrl, thumbnail: introThumbnail }
          : null,
        applications,
        stats,
        to_review,
        marketplace_title: row.marketplace_title,
        marketplace_description: row.marketplace_description,
        marketplace_details: row.marketplace_details,
        marketplace_featured: row.marketplace_featured,
        marketplace_image: marketplaceImage,
        marketplace_stock_image: row.marketplace_stock_image,
        marketplace_order: row.marketplace_order,
        marketplace_public: row.marketplace_public,
      } satisfies Job;
    }),
  );
}

export async function jobReply(
  ctx: AppContext,
  user: SessionUser,
  jobId: number,
): Promise<Job> {
  const viewer = viewerOf(user);
  const row = await findJobRow(ctx.db, viewer, jobId);
  if (!row) throw notFound('This interview');
  const [reply] = await toJobReplies(ctx, viewer, [row]);
  if (!reply) throw notFound('This interview');
  return reply;
}

/**
 * A job the caller may read: their company's, one they review, or a shared template (any
 * company user may read templates, to preview and copy them). Anything else is a 404.
 */
export async function requireJobRead(
  db: Db,
  user: SessionUser,
  jobId: number,
): Promise<JobTableRow> {
  const access = await findJobAccess(db, user, jobId);
  if (access) return access.job;
  if (user.current_company_id !== null && (await isTemplateJob(db, jobId))) {
    const job = await findTemplateJob(db, jobId);
    if (job) return job;
  }
  throw notFound('This interview');
}

/**
 * A job the caller may copy: as `requireJobRead`, for a company user, and of their own company
 * or a shared template. A reviewer's grant on another company's job opens it to read, not to copy.
 */
export async function requireJobCopy(
  db: Db,
  user: SessionUser & { companyId: number },
  jobId: number,
): Promise<JobTableRow> {
  const job = await requireJobRead(db, user, jobId);
  if (job.company_id !== user.companyId && !(await isTemplateJob(db, job.id)))
    throw notFound('This interview');
  return job;
}

function checkDeadline(deadline: string | null | undefined): void {
  if (deadline && new Date(deadline).getTime() < Date.now()) {
    throw fieldError(
      'deadline',
      'The response deadline must be in the future.',
    );
  }
}

export async function createJob(
  ctx: AppContext,
  user: SessionUser & { companyId: number },
  input: JobCreate,
) {
  const company = await findCompanyById(ctx.db, user.companyId);
  if (!company || company.shortname !== input.company) {
    throw fieldError(
      'company',
      'Interviews can only be created in your current company.',
    );
  }
  checkDeadline(input.deadline);
  return ctx.db.transaction().execute(async (trx) => {
    const job = await insertJob(trx, {
      title: input.title,
      function: input.function,
      role: input.role,
      deadline: input.deadline,
      applicant_deadline_days: input.applicant_deadline_days,
      description: input.description,
      language: input.language,
      rating_style: input.rating_style,
      rating_scale: input.rating_scale,
      rating_min: input.rating_min,
      allow_answer_review: input.allow_answer_review,
      blind_until_rated: input.blind_until_rated,
      knockout_action: input.knockout_action,
      max_retakes: input.max_retakes,
      company_id: company.id,
      created_by: user.id,
      shortcode: newShortcode(),
    });
    await replaceRatingDescriptions(trx, job.id, input.rating_descriptions);
    await insertAccountHolderReviewer(trx, job.id, user.id);
    await emit(trx, {
      companyId: company.id,
      jobId: job.id,
      userId: user.id,
      type: 'job.created',
      data: { title: job.title },
    });
    return job.id;
  });
}

export async function changeJob(
  ctx: AppContext,
  user: SessionUser,
  job: JobTableRow,
  input: JobUpdate,
) {
  // The details form sends the deadline unchanged with every save: an interview whose
  // deadline has passed can still have its title corrected.
  if (
    input.deadline !== undefined &&
    !sameInstant(input.deadline, job.deadline)
  )
    checkDeadline(input.deadline);
  const conflict = jobUpdateConflict(
    job,
    input,
    await findJobEditFacts(ctx.db, job.id),
  );
  if (conflict)
    throw new AppError('conflict', conflict.message, {
      [conflict.field]: [conflict.message],
    });
  if (
    input.intro_video_id != null &&
    !(await isUsableVideo(ctx.db, job.company_id, input.intro_video_id))
  ) {
    throw fieldError(
      'intro_video_id',
      'Choose a video from your library or the stock videos.',
    );
  }
  const { rating_descriptions, ...values } = input;
  await ctx.db.transaction().execute(async (trx) => {
    await updateJob(trx, job.id, values satisfies Updateable<JobsTable>);
    if (rating_descriptions)
      await replaceRatingDescriptions(trx, job.id, rating_descriptions);
    await emit(trx, {
      companyId: job.company_id,
      jobId: job.id,
      userId: user.id,
      type:
        input.intro_video_id !== undefined ? 'job.video_set' : 'job.updated',
      data: { title: values.title ?? job.title, fields: Object.keys(input) },
    });
  });
}

function sameInstant(
  value: string | null,
  stored: Date | string | null,
): boolean {
  if (value === null || stored === null) return value === stored;
  return new Date(value).getTime() === new Date(stored).getTime();
}

const ACTION_VERBS = {
  publish: 'job.published',
  archive: 'job.archived',
  unarchive: 'job.unarchived',
} as const;

/** Publish, archive or unarchive: 409 when the status does not allow it, 400 when not ready. */
export async function applyJobAction(
  ctx: AppContext,
  user: SessionUser,
  job: JobTableRow,
  action: Exclude<JobAction, 'delete'>,
) {
  if (!canApplyJobAction(job.status, action))
    throw new AppError('conflict', jobActionRefusal(action));
  if (action === 'publish') {
    const problems = publishProblems({
      title: job.title,
      question_count: await countQuestions(ctx.db, job.id),
    });
    if (problems.length) throw new AppError('bad_request', problems.join(' '));
  }
  const status = statusAfter(action, job.published_at !== null);
  const now = new Date();
  await ctx.db.transaction().execute(async (trx) => {
    const values: Updateable<JobsTable> = { status };
    if (action === 'publish') values.published_at = now;
    if (action === 'archive') values.archived_at = now;
    if (action === 'unarchive') values.archived_at = null;
    // The status condition makes two racing clicks apply once.
    const result = await updateJobStatus(trx, {
      jobId: job.id,
      fromStatus: job.status,
      values: { ...values, updated_at: now },
    });
    if (Number(result.numUpdatedRows) === 0)
      throw new AppError('conflict', jobActionRefusal(action));
    await emit(trx, {
      companyId: job.company_id,
      jobId: job.id,
      userId: user.id,
      type: ACTION_VERBS[action],
      data: { title: job.title, status },
    });
  });
}

export async function removeJob(
  ctx: AppContext,
  user: SessionUser,
  job: JobTableRow,
): Promise<void> {
  if (!canApplyJobAction(job.status, 'delete'))
    throw new AppError('conflict', jobActionRefusal('delete'));
  const keys = await findJobFileKeys(ctx.db, job.id);
  await ctx.db.transaction().execute(async (trx) => {
    // The job's own activities go with it; this entry stays in the company feed.
    await emit(trx, {
      companyId: job.company_id,
      userId: user.id,
      type: 'job.deleted',
      data: { title: job.title },
    });
    // Its interviewees are erased as if deleted one by one (files and e-mails too); the
    // attachments' files go by the same tasks, committed with the rows (decision 072).
    await eraseApplications(trx, { jobId: job.id }, ctx.config);
    await enqueueFileDeletions(trx, keys);
    await deleteJob(trx, job.id);
  });
}

/**
 * A new Draft in the caller's company from a template or one of the company's own jobs, with
 * its questions and review setup (docs/decisions/023-copy-template.md).
 */
export async function copyJob(
  ctx: AppContext,
  user: SessionUser & { companyId: number },
  source: JobTableRow,
) {
  const isTemplate = source.company_id !== user.companyId;
  const introVideoId =
    source.intro_video_id !== null &&
    (await isUsableVideo(ctx.db, user.companyId, source.intro_video_id))
      ? source.intro_video_id
      : null;
  return ctx.db.transaction().execute(async (trx) => {
    const job = await insertJob(trx, {
      company_id: user.companyId,
      created_by: user.id,
      shortcode: newShortcode(),
      title: isTemplate ? source.title : `${source.title} (copy)`.slice(0, 200),
      function: source.function,
      role: source.role,
      description: source.description,
      applicant_deadline_days: source.applicant_deadline_days,
      language: source.language,
      rating_style: source.rating_style,
      rating_scale: source.rating_scale,
      rating_min: source.rating_min,
      allow_answer_review: source.allow_answer_review,
      blind_until_rated: source.blind_until_rated,
      knockout_action: source.knockout_action,
      max_retakes: source.max_retakes,
      intro_video_id: introVideoId,
      template_of: source.id,
    });
    const descriptions = await findRatingDescriptions(trx, [source.id]);
    await replaceRatingDescriptions(
      trx,
      job.id,
      descriptions.map(({ level, text }) => ({ level, text })),
    );
    const questions = await listJobQuestions(trx, source.id);
    const usableVideos = new Set<number>();
    for (const question of questions) {
      if (
        question.video_id !== null &&
        (await isUsableVideo(trx, user.companyId, question.video_id))
      ) {
        usableVideos.add(question.video_id);
      }
    }
    if (questions.length) {
      await insertQuestions(
        trx,
        questions.map((question) => {
          const keepsVideo =
            question.video_id !== null && usableVideos.has(question.video_id);
          return {
            job_id: job.id,
            text: question.text,
            thinking_time: question.thinking_time,
            time_limit: question.time_limit,
            competency: question.competency,
            review_competency: question.review_competency,
            order: question.order,
            // Another company's library video cannot come along; the question is spoken instead.
            media: keepsVideo ? question.media : 'tts',
            video_id: keepsVideo ? question.video_id : null,
            tts_key: question.tts_key,
            tts_text: question.tts_text,
            answer_type: question.answer_type,
            max_characters: question.max_characters,
            options: JSON.stringify(question.options),
            multiple: question.multiple,
          };
        }),
      );
    }
    await insertAccountHolderReviewer(trx, job.id, user.id);
    await emit(trx, {
      companyId: user.companyId,
      jobId: job.id,
      userId: user.id,
      type: 'job.copied',
      data: {
        title: job.title,
        from_title: source.title,
        from_template: isTemplate,
      },
    });
    return job.id;
  });
}

export function languageOf(job: Pick<JobTableRow, 'language'>): Locale {
  return job.language === 'fr-fr' ? 'fr-fr' : 'en-gb';
}
