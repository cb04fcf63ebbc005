import { sql } from 'kysely';
import type { Db } from '../../db/connection';

const fullName = sql<string>`trim(users.first_name || ' ' || users.last_name)`;

export function listComments(
  db: Db,
  options: { applicationId: number; userId: number | null },
) {
  let query = db
    .selectFrom('comments')
    .leftJoin('users', 'users.id', 'comments.user_id')
    .select([
      'comments.id',
      'comments.application_id',
      'comments.comment',
      'comments.is_feedback',
      'comments.user_id',
      'comments.created_at',
    ])
    .select(fullName.as('full_name'))
    .where('comments.application_id', '=', options.applicationId);
  if (options.userId !== null)
    query = query.where('comments.user_id', '=', options.userId);
  return query.orderBy('comments.created_at').orderBy('comments.id').execute();
}
export type CommentRow = Awaited<ReturnType<typeof listComments>>[number];

export function insertComment(
  db: Db,
  values: {
    applicationId: number;
    userId: number;
    comment: string;
    isFeedback: boolean;
  },
) {
  return db
    .insertInto('comments')
    .values({
      application_id: values.applicationId,
      user_id: values.userId,
      comment: values.comment,
      is_feedback: values.isFeedback,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function findComment(db: Db, commentId: number) {
  return db
    .selectFrom('comments')
    .leftJoin('users', 'users.id', 'comments.user_id')
    .select([
      'comments.id',
      'comments.application_id',
      'comments.comment',
      'comments.is_feedback',
      'comments.user_id',
      'comments.created_at',
    ])
    .select(fullName.as('full_name'))
    .where('comments.id', '=', commentId)
    .executeTakeFirstOrThrow();
}

export function listReviewComments(
  db: Db,
  options: { applicationId: number; userId: number | null },
) {
  let query = db
    .selectFrom('review_comments')
    .innerJoin('users', 'users.id', 'review_comments.reviewer_user_id')
    .selectAll('review_comments')
    .select(fullName.as('full_name'))
    .where('review_comments.application_id', '=', options.applicationId);
  if (options.userId !== null)
    query = query.where(
      'review_comments.reviewer_user_id',
      '=',
      options.userId,
    );
  return query
    .orderBy('review_comments.created_at')
    .orderBy('review_comments.id')
    .execute();
}
export type ReviewCommentRow = Awaited<
  ReturnType<typeof listReviewComments>
>[number];

export function findReviewComment(
  db: Db,
  options: { commentId: number; jobId: number },
) {
  return db
    .selectFrom('review_comments')
    .innerJoin(
      'applications',
      'applications.id',
      'review_comments.application_id',
    )
    .selectAll('review_comments')
    .where('review_comments.id', '=', options.commentId)
    .where('applications.job_id', '=', options.jobId)
    .executeTakeFirst();
}

/** The reviewer's latest comment on one question (null: on the whole interview). */
export function findOwnReviewComment(
  db: Db,
  options: { applicationId: number; userId: number; question: number | null },
) {
  let query = db
    .selectFrom('review_comments')
    .select('id')
    .where('application_id', '=', options.applicationId)
    .where('reviewer_user_id', '=', options.userId);
  query =
    options.question === null
      ? query.where('question_id', 'is', null)
      : query.where('question_id', '=', options.question);
  return query.orderBy('id', 'desc').executeTakeFirst();
}

export function insertReviewComment(
  db: Db,
  values: {
    applicationId: number;
    userId: number;
    question: number | null;
    comment: string;
  },
) {
  return db
    .insertInto('review_comments')
    .values({
      application_id: values.applicationId,
      reviewer_user_id: values.userId,
      question_id: values.question,
      comment: values.comment,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function updateReviewComment(
  db: Db,
  commentId: number,
  comment: string,
) {
  return db
    .updateTable('review_comments')
    .set({ comment, updated_at: new Date() })
    .where('id', '=', commentId)
    .execute();
}

export function findReviewCommentWithAuthor(db: Db, commentId: number) {
  return db
    .selectFrom('review_comments')
    .innerJoin('users', 'users.id', 'review_comments.reviewer_user_id')
    .selectAll('review_comments')
    .select(fullName.as('full_name'))
    .where('review_comments.id', '=', commentId)
    .executeTakeFirstOrThrow();
}

export function hasAnsweredQuestion(
  db: Db,
  options: { applicationId: number; question: number },
) {
  return db
    .selectFrom('answers')
    .select('id')
    .where('application_id', '=', options.applicationId)
    .where('question_id', '=', options.question)
    .executeTakeFirst();
}

/** Every e-mail queued for one interviewee, newest first. */
export function listApplicationEmails(db: Db, applicationId: number) {
  return db
    .selectFrom('outbox')
    .select([
      'id',
      'kind',
      'to_email',
      'subject',
      'text',
      'status',
      'last_error',
      'created_at',
      'sent_at',
    ])
    .where('application_id', '=', applicationId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
}
