import { createHash, randomBytes } from 'node:crypto';
import { SESSION_COOKIE } from '../src/platform/auth/session';
import { createSession } from '../src/platform/auth/session.repository';
import type { Db } from '../src/db/connection';
import type { TestApp } from './test-app';
import {
  createApplication,
  createCompany,
  createJob,
  createUser,
} from './factories';

/**
 * A company with one job, two questions and two interviewees who answered both, plus the
 * company user who owns it: the ground every reviewing test stands on.
 */
export async function createReviewableJob(
  db: Db,
  options: {
    ratingStyle?: number;
    ratingMin?: number;
    ratingScale?: number;
  } = {},
) {
  const company = await createCompany(db);
  const owner = await createUser(db, { companies: [company.id] });
  const job = await createJob(db, {
    company_id: company.id,
    created_by: owner.id,
    status: 'Published',
    rating_style: options.ratingStyle ?? 1,
    rating_min: options.ratingMin ?? 1,
    rating_scale: options.ratingScale ?? 5,
  });
  await db
    .insertInto('reviewers')
    .values({
      job_id: job.id,
      user_id: owner.id,
      is_account_holder: true,
      account_status: 1,
    })
    .execute();
  const questions = await db
    .insertInto('questions')
    .values([
      {
        job_id: job.id,
        text: 'Tell us about a time you solved a hard problem.',
        thinking_time: 30,
        time_limit: 120,
        order: 0,
        competency: 1,
      },
      {
        job_id: job.id,
        text: 'Describe a time you worked in a team.',
        thinking_time: 30,
        time_limit: 120,
        order: 1,
        competency: 2,
      },
    ])
    .returningAll()
    .execute();
  const [firstQuestion, secondQuestion] = questions;
  if (!firstQuestion || !secondQuestion)
    throw new Error('The questions were not created.');
  const applications = [];
  for (let index = 0; index < 2; index++) {
    const application = await createApplication(db, {
      job_id: job.id,
      invited_at: new Date(),
      responded_at: new Date(),
      answer_count: questions.length,
    });
    const answers = await db
      .insertInto('answers')
      .values(
        questions.map((question) => ({
          application_id: application.id,
          question_id: question.id,
          question_text: question.text,
          order: question.order,
          status: 'ready' as const,
        })),
      )
      .returningAll()
      .execute();
    const [firstAnswer, secondAnswer] = answers;
    if (!firstAnswer || !secondAnswer)
      throw new Error('The answers were not created.');
    applications.push({
      ...application,
      answers: [firstAnswer, secondAnswer] as const,
    });
  }
  const [firstApplication, secondApplication] = applications;
  if (!firstApplication || !secondApplication)
    throw new Error('The applications were not created.');
  // Tuples, so tests index them without assertions.
  return {
    company,
    owner,
    job,
    questions: [firstQuestion, secondQuestion] as const,
    applications: [firstApplication, secondApplication] as const,
  };
}

export type ReviewerGrant = {
  applicants: 0 | 4;
  all_reviews: boolean;
  rating: 0 | 1;
  assigned?: number[];
};

/** A reviewer without a company, with the given settings on the job. */
export async function createJobReviewer(
  db: Db,
  jobId: number,
  grant: ReviewerGrant,
) {
  const user = await createUser(db);
  const reviewer = await db
    .insertInto('reviewers')
    .values({
      job_id: jobId,
      user_id: user.id,
      account_status: 1,
      applicants: grant.applicants,
      all_reviews: grant.all_reviews,
      rating: grant.rating,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (grant.assigned?.length) {
    await db
      .insertInto('reviewer_assignments')
      .values(
        grant.assigned.map((applicationId) => ({
          reviewer_id: reviewer.id,
          application_id: applicationId,
        })),
      )
      .execute();
  }
  return { user, reviewer };
}

/**
 * A client signed in by a session made directly in the database: the sign-in route's rate
 * limit would otherwise cap a test file at ten sign-ins a minute.
 */
export async function signedInClient(t: TestApp, userId: number) {
  const token = randomBytes(32).toString('base64url');
  await createSession(t.db, {
    id: createHash('sha256').update(token).digest('hex'),
    userId,
    expiresAt: new Date(Date.now() + 3600_000),
  });
  const client = t.client();
  client.setCookie(SESSION_COOKIE, token);
  return client;
}
