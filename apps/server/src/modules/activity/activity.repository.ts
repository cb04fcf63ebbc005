import { sql } from 'kysely';
import type { Db } from '../../db/connection';

export type ActivityInput = {
  companyId: number;
  jobId?: number | null;
  applicationId?: number | null;
  userId?: number | null;
  /** What happened, e.g. 'job.published', 'application.invited'. */
  verb: string;
  /** What the readable entry needs (names, titles, counts), captured at the time. */
  data?: Record<string, unknown>;
};

/** Writes one activity entry; call it inside the transaction of the change it records. */
export function recordActivity(db: Db, input: ActivityInput): Promise<unknown> {
  return db
    .insertInto('activities')
    .values({
      company_id: input.companyId,
      job_id: input.jobId ?? null,
      application_id: input.applicationId ?? null,
      user_id: input.userId ?? null,
      verb: input.verb,
      data: JSON.stringify(input.data ?? {}),
    })
    .execute();
}

/**
 * Folds a re-rating into the rater's own 'rated' entry for the same target (the applicant, or
 * one answer) when that entry is still the applicant's newest activity and younger than
 * `windowSeconds`; the entry takes the new rating and time. False when there was none to fold
 * into. The newest entry is found on activities_application_idx.
 */
export async function foldRecentRatingActivity(
  db: Db,
  options: {
    applicationId: number;
    userId: number;
    answerId: number | null;
    data: Record<string, unknown>;
    windowSeconds: number;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('activities')
    .set({ data: JSON.stringify(options.data), created_at: sql`now()` })
    .where('id', '=', (eb) =>
      eb
        .selectFrom('activities')
        .select('id')
        .where('application_id', '=', options.applicationId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1),
    )
    .where('verb', '=', 'application.rated')
    .where('user_id', '=', options.userId)
    .where(
      sql`data -> 'answer'`,
      '=',
      sql`${JSON.stringify(options.answerId)}::jsonb`,
    )
    .where(
      'created_at',
      '>',
      sql<Date>`now() - make_interval(secs => ${options.windowSeconds})`,
    )
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * What another person did that carries nobody's judgement of an interviewee: setting up the
 * interview, adding, inviting and reminding interviewees, the panel. A reviewer who sees only
 * their own reviews gets these from others, and nothing else (decision 129). A list of what is
 * allowed rather than of what is not, so a verb added later stays hidden from them until
 * someone decides it reveals no rating, comment or decision.
 */
export const JUDGEMENT_FREE_VERBS: readonly string[] = [
  'job.created',
  'job.updated',
  'job.video_set',
  'job.published',
  'job.archived',
  'job.unarchived',
  'job.copied',
  'job.invited_all',
  'job.extended_all',
  'job.email_questions',
  'questions.changed',
  'questions.reordered',
  'question.created',
  'question.added',
  'question.updated',
  'question.deleted',
  'attachment.added',
  'attachment.deleted',
  'application.added',
  'application.created',
  'applications.added',
  'application.bulk_added',
  'applications.bulk_added',
  'application.invited',
  'application.reinvited',
  'application.resent',
  'applications.invited_all',
  'application.deadline_extended',
  'application.extended',
  'applications.deadlines_extended',
  'application.cv_uploaded',
  'application.reminded',
  'application.reminders_stopped',
  'reviewer.added',
  'reviewer.invited',
  'reviewer.updated',
  'reviewer.removed',
  'reviewer.deleted',
  'marketplace.listed',
  'marketplace.unlisted',
  // A share link says someone outside saw the candidate, never how anyone judged them.
  'share_link.created',
  'share_link.viewed',
  'share_link.revoked',
];

export type ActivityScope =
  | { kind: 'company'; companyId: number }
  | {
      kind: 'job';
      jobId: number;
      applicationId?: number | undefined;
      visibleApplicationIds?: number[] | null;
      /** A reviewer without all_reviews: others' judgements are left out. */
      ownJudgementsOnlyOf?: number | null;
      /**
       * A reviewer of a job that hides scores until you rate (decision 132): others'
       * judgements of an interviewee are left out until this user rated that interviewee.
       */
      othersJudgementsOnceRatedBy?: number | null;
    };

function scopedActivities(db: Db, scope: ActivityScope) {
  let query = db.selectFrom('activities');
  if (scope.kind === 'company')
    return query.where('activities.company_id', '=', scope.companyId);
  query = query.where('activities.job_id', '=', scope.jobId);
  if (scope.applicationId !== undefined)
    query = query.where('activities.application_id', '=', scope.applicationId);
  const visible = scope.visibleApplicationIds;
  // A reviewer limited to chosen interviewees sees job-wide entries and theirs only.
  if (visible) {
    query = query.where((eb) =>
      eb.or([
        eb('activities.application_id', 'is', null),
        ...(visible.length
          ? [eb('activities.application_id', 'in', visible)]
          : []),
      ]),
    );
  }
  const viewer = scope.ownJudgementsOnlyOf;
  // Entries without a person (the interviewee's own steps, undelivered e-mails) judge nobody.
  if (viewer != null) {
    query = query.where((eb) =>
      eb.or([
        eb('activities.user_id', 'is', null),
        eb('activities.user_id', '=', viewer),
        eb('activities.verb', 'in', JUDGEMENT_FREE_VERBS),
      ]),
    );
  }
  const rater = scope.othersJudgementsOnceRatedBy;
  // In the feed's SQL, as above, so its count and its pages agree; the subqueries use the
  // (application_id, user_id) keys of reviews, answer_reviews and review_completions.
  if (rater != null) {
    query = query.where((eb) =>
      eb.or([
        eb('activities.user_id', 'is', null),
        eb('activities.user_id', '=', rater),
        eb('activities.verb', 'in', JUDGEMENT_FREE_VERBS),
        eb('activities.application_id', 'is', null),
        eb.exists(
          eb
            .selectFrom('reviews')
            .select('reviews.id')
            .whereRef(
              'reviews.application_id',
              '=',
              'activities.application_id',
            )
            .where('reviews.user_id', '=', rater),
        ),
        eb.exists(
          eb
            .selectFrom('answer_reviews')
            .select('answer_reviews.id')
            .whereRef(
              'answer_reviews.application_id',
              '=',
              'activities.application_id',
            )
            .where('answer_reviews.user_id', '=', rater),
        ),
        // A completed review is a call made too: on a matrix job it is the only one.
        eb.exists(
          eb
            .selectFrom('review_completions')
            .select('review_completions.user_id')
            .whereRef(
              'review_completions.application_id',
              '=',
              'activities.application_id',
            )
            .where('review_completions.user_id', '=', rater),
        ),
      ]),
    );
  }
  return query;
}

/** Newest first, with the names the readable sentence needs. */
export function listActivities(
  db: Db,
  scope: ActivityScope,
  options: { limit: number; offset: number },
) {
  return scopedActivities(db, scope)
    .leftJoin('users', 'users.id', 'activities.user_id')
    .leftJoin('jobs', 'jobs.id', 'activities.job_id')
    .leftJoin('applications', 'applications.id', 'activities.application_id')
    .select([
      'activities.id',
      'activities.verb',
      'activities.data',
      'activities.created_at',
      'activities.job_id',
      'activities.application_id',
      'users.first_name as actor_first_name',
      'users.last_name as actor_last_name',
      'jobs.title as job_title',
      'applications.first_name as applicant_first_name',
      'applications.last_name as applicant_last_name',
    ])
    .orderBy('activities.created_at', 'desc')
    .orderBy('activities.id', 'desc')
    .limit(options.limit)
    .offset(options.offset)
    .execute();
}

export async function countActivities(
  db: Db,
  scope: ActivityScope,
): Promise<number> {
  const row = await scopedActivities(db, scope)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
