import {
  ACTION_REFUSALS,
  STATUS_BULK_ADDED,
  STATUS_NOT_INVITED,
  applicantStage,
  checkBulkUser,
  filtersOf,
  isFilterHiddenWhenEmpty,
  isFilterOf,
  rowErrorSummary,
  type ApplicationListQuery,
  type BulkRowError,
  type CreateApplicationsBody,
  type JobFacts,
} from '@candor/domain';
import type { Insertable } from 'kysely';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/connection';
import type { ApplicationsTable } from '../../db/schema';
import {
  canSeeApplication,
  type JobAccess,
} from '../../platform/access/job-access';
import { AppError, notFound } from '../../platform/http/errors';
import { newShortcode, newToken } from '../../platform/ids';
import { enqueueEmails } from '../../platform/mail/outbox.repository';
import { emit } from '../../platform/events/emit';
import {
  composeApplicantEmail,
  loadJobEmailContext,
} from '../emails/emails.service';
import {
  actionsFor,
  applicantFacts,
  toApplicationReply,
} from './application-reply';
import {
  findApplication,
  findExistingEmails,
  findNextApplication,
  insertApplications,
  listApplicationPage,
  lockApplication,
  updateApplication,
  type ApplicationRow,
  type Visibility,
  findCompanySmsSetting,
} from './applications.repository';
import { assertReviewCanBeCompleted } from '../reviews/reviews.service';
import { recordReviewCompletion } from '../reviews/review-completions.repository';
import { eraseApplications } from '../retention/erase-applications';
import {
  PHONE_ERROR_MESSAGE,
  toE164,
} from '../../platform/phone/phone-numbers';
import type { RequestOrigin } from '../../platform/http/request-origin';

export function visibilityOf(access: JobAccess): Visibility {
  return {
    userId: access.userId,
    assignedIds:
      access.kind === 'reviewer' ? access.assignedApplicationIds : null,
  };
}

export async function listJobApplications(
  ctx: AppContext,
  access: JobAccess,
  query: ApplicationListQuery,
) {
  const stage = query.status;
  if (!isFilterOf(stage, query.filter)) {
    throw new AppError(
      'bad_request',
      `The filter ${query.filter} does not belong to the ${stage} stage.`,
      {
        filter: [`Choose one of ${filtersOf(stage).join(', ')}.`],
      },
    );
  }
  const job = access.facts;
  const jobForSql = {
    questionCount: job.question_count,
    ratingStyle: job.rating_style,
  };
  const page = await listApplicationPage(ctx.db, {
    jobId: access.job.id,
    stage,
    filter: query.filter,
    filters: filtersOf(stage),
    job: jobForSql,
    q: query.q || undefined,
    visibility: visibilityOf(access),
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  const now = new Date();
  const results = await Promise.all(
    page.rows.map((row) => toApplicationReply(ctx, row, job, access, now)),
  );
  return {
    count: page.count,
    results,
    filters: filtersOf(stage).map((id) => ({
      id,
      count: page.filters[id] ?? 0,
      hide_when_empty: isFilterHiddenWhenEmpty(id),
    })),
    stages: page.stages,
  };
}

/** One applicant the caller may see; anything else is 404, like a missing one. */
export async function findVisibleApplication(
  ctx: AppContext,
  access: JobAccess,
  id: number,
): Promise<ApplicationRow> {
  const row = await findApplication(ctx.db, access.job.id, id, access.userId);
  if (!row || !canSeeApplication(access, row.id))
    throw notFound('This interviewee');
  return row;
}

export async function applicationReply(
  ctx: AppContext,
  access: JobAccess,
  id: number,
) {
  const row = await findVisibleApplication(ctx, access, id);
  return toApplicationReply(ctx, row, access.facts, access, new Date());
}

export async function nextApplicationReply(
  ctx: AppContext,
  access: JobAccess,
  id: number,
) {
  const current = await findVisibleApplication(ctx, access, id);
  const job = access.facts;
  const stage = applicantStage(applicantFacts(current));
  const next = await findNextApplication(ctx.db, current, {
    stage,
    visibility: visibilityOf(access),
  });
  return {
    next: next
      ? await toApplicationReply(ctx, next, job, access, new Date())
      : null,
  };
}

/** A 400 with an error per row, as the bulk-add form shows them. */
export class RowErrors extends Error {
  constructor(readonly errors: BulkRowError[]) {
    super(rowErrorSummary(errors.map((error) => error.row)));
  }
}

/**
 * Adds one applicant or a list. Every row is checked first (required names, e-mail pattern,
 * duplicates in the list and in the job); if any row fails nothing is added.
 */
export async function createApplications(
  ctx: AppContext,
  access: JobAccess,
  body: CreateApplicationsBody,
) {
  if (access.job.status === 'Archived')
    throw new AppError(
      'conflict',
      'This interview is archived: unarchive it to add interviewees.',
    );
  const single = !Array.isArray(body);
  const entries = single ? [{ ...body, row: 1 }] : body;
  const company = await findCompanySmsSetting(ctx.db, access.job.company_id);
  // Phones are stored in E.164, read in the company's default country when written without
  // their country code (decision 188).
  const phones = new Map<number, string>();

  const errors: BulkRowError[] = [];
  const firstRowOf = new Map<string, number>();
  const existing = await findExistingEmails(
    ctx.db,
    access.job.id,
    entries.map((entry) => entry.user.email.toLowerCase()),
  );
  for (const entry of entries) {
    const fields: Record<string, string[]> = {};
    for (const [field, message] of Object.entries(checkBulkUser(entry.user)))
      fields[field] = [message];
    const phone = entry.user.phone?.trim() ?? '';
    if (company.sms_enabled && phone !== '') {
      const e164 = toE164(phone, company.default_country);
      if (e164) phones.set(entry.row, e164);
      else fields.phone = [PHONE_ERROR_MESSAGE];
    }
    const email = entry.user.email.toLowerCase();
    if (!fields.email && email) {
      const earlier = firstRowOf.get(email);
      if (earlier !== undefined)
        fields.email = [`This email is already in row ${earlier}`];
      else if (existing.has(email))
        fields.email = ['This email has already been added to this interview'];
      else firstRowOf.set(email, entry.row);
    }
    if (entry.job !== undefined && entry.job !== access.job.id) {
      errors.push({
        row: entry.row,
        general: 'This row is for another interview',
      });
    } else if (Object.keys(fields).length > 0) {
      errors.push({ row: entry.row, user: fields });
    }
  }
  if (errors.length > 0) throw new RowErrors(errors);

  const rows: Insertable<ApplicationsTable>[] = entries.map((entry) => ({
    // Phone numbers are kept only for companies that send SMS, in E.164.
    phone: phones.get(entry.row) ?? '',
    job_id: access.job.id,
    first_name: entry.user.first_name,
    last_name: entry.user.last_name,
    email: entry.user.email,
    // The status is the server's: not_invited for one, 3 for a bulk add (spec section 3).
    status: single ? STATUS_NOT_INVITED : STATUS_BULK_ADDED,
    token: newToken(),
    shortcode: newShortcode(),
    source: single ? 'added' : 'bulk',
  }));
  return ctx.db.transaction().execute(async (trx) => {
    const ids = await insertApplications(trx, rows);
    const change = {
      companyId: access.job.company_id,
      jobId: access.job.id,
      userId: access.userId,
    };
    if (single)
      await emit(trx, {
        ...change,
        type: 'application.added',
        applicationId: ids[0] ?? null,
        data: {
          name: `${rows[0]?.first_name} ${rows[0]?.last_name}`,
          job: access.job.title,
        },
      });
    else
      await emit(trx, {
        ...change,
        type: 'applications.bulk_added',
        applicationIds: ids,
        data: { count: ids.length, job: access.job.title },
      });
    return { added: ids.length, ids };
  });
}

export type StateAction =
  | 'shortlist'
  | 'unshortlist'
  | 'reject'
  | 'archive'
  | 'unarchive'
  | 'reviewed'
  | 'delete';

/**
 * One state change of one applicant, refused with 409 when the rules do not offer it now.
 * The check and the change happen under a row lock in one transaction, with the activity
 * entry and, for a rejection, the rejection e-mail.
 */
export async function changeApplicationState(
  ctx: AppContext,
  access: JobAccess,
  id: number,
  action: StateAction,
  origin: RequestOrigin,
) {
  await findVisibleApplication(ctx, access, id);
  const job = access.facts;
  const rejection =
    action === 'reject'
      ? await loadJobEmailContext(
          ctx.db,
          ctx.config,
          access.job.id,
          'rejection',
        )
      : null;
  // On a matrix job the caller's matrix must meet its minimums before the review is complete.
  if (action === 'reviewed')
    await assertReviewCanBeCompleted(ctx.db, {
      job: access.job,
      applicationId: id,
      userId: access.userId,
    });
  await ctx.db.transaction().execute(async (trx) => {
    const locked = await lockApplication(trx, access.job.id, id);
    if (!locked) throw notFound('This interviewee');
    const row = (await findApplication(
      trx,
      access.job.id,
      id,
      access.userId,
    )) ?? {
      ...locked,
      user_rating: null,
      review_completed_at: null,
      text_undelivered: null,
    };
    const now = new Date();
    assertAllowed(action, row, job, access, now);
    let changed = true;
    switch (action) {
      case 'shortlist':
        await updateApplication(trx, id, {
          shortlisted: true,
          shortlisted_at: now,
        });
        break;
      case 'unshortlist':
        await updateApplication(trx, id, {
          shortlisted: false,
          shortlisted_at: null,
        });
        break;
      case 'reject':
        await updateApplication(trx, id, { rejected: true, rejected_at: now });
        if (rejection) {
          await enqueueEmails(trx, [
            composeApplicantEmail(rejection, row, {
              kind: 'rejection',
              mergeType: 'rejection',
              withInterviewLink: false,
            }),
          ]);
        }
        break;
      case 'archive':
        await updateApplication(trx, id, { archived: true });
        break;
      case 'unarchive':
        await updateApplication(trx, id, { archived: false });
        break;
      case 'reviewed':
        // Each person completes their own review (decision 133); the applicant's reviewed_at,
        // which the spec's stage rule reads, is the panel's first completion.
        changed = await recordReviewCompletion(trx, {
          applicationId: id,
          userId: access.userId,
          jobId: access.job.id,
          companyId: access.job.company_id,
          createdBy: access.job.created_by,
        });
        if (changed && row.reviewed_at === null)
          await updateApplication(trx, id, { reviewed_at: now });
        break;
      case 'delete':
        await eraseApplications(trx, { applicationIds: [id] }, ctx.config);
        break;
    }
    // Completing again changes nothing and writes no second line.
    if (changed) await emitStateChange(trx, { action, access, row, origin });
  });
  return action === 'delete' ? null : applicationReply(ctx, access, id);
}

const EVENT_OF_ACTION = {
  shortlist: 'application.shortlist',
  unshortlist: 'application.unshortlist',
  reject: 'application.reject',
  archive: 'application.archive',
  unarchive: 'application.unarchive',
} as const;

async function emitStateChange(
  db: Db,
  options: {
    action: StateAction;
    access: JobAccess;
    origin: RequestOrigin;
    row: {
      id: number;
      first_name: string;
      last_name: string;
      reviewed_at: Date | null;
    };
  },
): Promise<void> {
  const { action, access, row } = options;
  const change = {
    companyId: access.job.company_id,
    jobId: access.job.id,
    userId: access.userId,
    origin: options.origin,
  };
  // A deletion is an erasure: its entry keeps no name (decision 072).
  if (action === 'delete')
    return emit(db, {
      ...change,
      type: 'application.deleted',
      data: { job: access.job.title },
    });
  const applicant = {
    ...change,
    applicationId: row.id,
  };
  const data = {
    name: `${row.first_name} ${row.last_name}`,
    job: access.job.title,
  };
  if (action === 'reviewed')
    return emit(db, {
      ...applicant,
      type: 'application.review_completed',
      // The panel's first completion is the applicant's, the one webhooks announce.
      data: { ...data, first_of_panel: row.reviewed_at === null },
    });
  return emit(db, { ...applicant, type: EVENT_OF_ACTION[action], data });
}

function assertAllowed(
  action: StateAction,
  row: ApplicationRow,
  job: JobFacts,
  access: JobAccess,
  now: Date,
): void {
  if (
    (action === 'archive' || action === 'unarchive' || action === 'delete') &&
    access.kind !== 'company'
  ) {
    throw new AppError('forbidden', 'Only company users can do this.');
  }
  if (action === 'reviewed') {
    // Marking a review complete needs answers to review; archived and SJT applicants are closed.
    const stage = applicantStage(applicantFacts(row));
    const open =
      !row.archived &&
      !job.sjt_assessment &&
      (stage === 'Responded' || stage === 'Reviewed');
    if (!open)
      throw new AppError(
        'conflict',
        'This interviewee has no answers to review.',
      );
    return;
  }
  if (!actionsFor(row, job, access, now).includes(action)) {
    const extra =
      (action === 'shortlist' || action === 'reject') &&
      access.kind === 'reviewer' &&
      access.reviewer.rating !== 1;
    throw extra
      ? new AppError(
          'forbidden',
          'You can rate this interviewee but not shortlist or reject.',
        )
      : new AppError('conflict', ACTION_REFUSALS[action]);
  }
}

export const CV_LIMIT_BYTES = 10 * 1024 * 1024;
const CV_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain',
  rtf: 'application/rtf',
  odt: 'application/vnd.oasis.opendocument.text',
};

/** Stores an applicant's CV (PDF, Word, OpenDocument, RTF or text, up to 10 MB). */
export async function saveCv(
  ctx: AppContext,
  access: JobAccess,
  id: number,
  file: { filename: string; data: Buffer },
) {
  const row = await findVisibleApplication(ctx, access, id);
  const extension = file.filename.split('.').pop()?.toLowerCase() ?? '';
  const contentType = CV_TYPES[extension];
  if (!contentType)
    throw new AppError(
      'bad_request',
      'Upload the CV as a PDF, Word, OpenDocument, RTF or text file.',
      { cv: ['Upload the CV as a PDF, Word, OpenDocument, RTF or text file.'] },
    );
  if (
    extension === 'pdf' &&
    file.data.subarray(0, 5).toString('latin1') !== '%PDF-'
  ) {
    throw new AppError('bad_request', 'This file is not a PDF.', {
      cv: ['This file is not a PDF.'],
    });
  }
  const key = `companies/${access.job.company_id}/cvs/${row.id}-${Date.now()}.${extension}`;
  await ctx.storage.put(key, file.data, contentType);
  await ctx.db.transaction().execute(async (trx) => {
    await updateApplication(trx, row.id, {
      cv_key: key,
      cv_filename: file.filename.slice(0, 200),
    });
    await emit(trx, {
      companyId: access.job.company_id,
      jobId: access.job.id,
      applicationId: row.id,
      userId: access.userId,
      type: 'application.cv_uploaded',
      data: {
        name: `${row.first_name} ${row.last_name}`,
        filename: file.filename,
      },
    });
  });
  if (row.cv_key) await ctx.storage.delete(row.cv_key);
  return applicationReply(ctx, access, id);
}
