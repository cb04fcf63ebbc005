import { randomUUID } from 'node:crypto';
import type { DataRetentionMonths } from '@candor/domain';
import { sql } from 'kysely';
import {
  answerOriginalKey,
  outputPrefixFor,
} from '../src/platform/storage/answer-keys';
import { createErasureTaskPoller } from '../src/modules/retention/erasure-tasks';
import {
  createApplication,
  createCompany,
  createJob,
  createUser,
} from './factories';
import type { TestApp } from './test-app';

const DAY_MS = 86_400_000;
export const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

/** A company with a period (months, or null for until deleted), an owner and a published job. */
export async function createRetentionCompany(
  t: TestApp,
  months: DataRetentionMonths,
) {
  const company = await createCompany(t.db, { data_retention_months: months });
  const owner = await createUser(t.db, { companies: [company.id] });
  const job = await createJob(t.db, {
    company_id: company.id,
    created_by: owner.id,
    status: 'Published',
  });
  const reviewer = await t.db
    .insertInto('reviewers')
    .values({
      job_id: job.id,
      user_id: owner.id,
      is_account_holder: true,
      account_status: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const question = await t.db
    .insertInto('questions')
    .values({
      job_id: job.id,
      text: 'Why this role?',
      thinking_time: 30,
      time_limit: 60,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { company, owner, job, reviewerId: reviewer.id, question };
}

type RetentionCompany = Awaited<ReturnType<typeof createRetentionCompany>>;

/**
 * An interviewee with something in every table that holds data about a person, and real files
 * in storage: a take (original, MP4, JPEG), a CV, and an answer showing a clip shared with
 * other rows (as the demo's sample clips are). Every time on the row is `lastActivity`.
 */
export async function createPersonWithEverything(
  t: TestApp,
  where: RetentionCompany,
  options: { lastActivity: Date; sharedClip?: string; email?: string },
) {
  const { company, owner, job, reviewerId, question } = where;
  const at = options.lastActivity;
  const application = await createApplication(t.db, {
    job_id: job.id,
    ...(options.email ? { email: options.email } : {}),
    created_at: at,
    updated_at: at,
    invited_at: at,
    consented_at: at,
    responded_at: at,
    reviewed_at: at,
    answer_count: 1,
  });
  const original = answerOriginalKey(company.id, randomUUID(), 'webm');
  const prefix = outputPrefixFor(original);
  // An earlier take of the question, replaced: only its take row names its bytes.
  const replaced = answerOriginalKey(company.id, randomUUID(), 'webm');
  // Named as the CV upload names it.
  const cv = `companies/${company.id}/cvs/${application.id}-${Date.now()}.pdf`;
  const files = [original, `${prefix}.mp4`, `${prefix}.jpg`, replaced, cv];
  for (const key of files)
    await t.ctx.storage.put(key, Buffer.from(`bytes of ${key}`), 'video/webm');
  await t.db
    .updateTable('applications')
    .set({ cv_key: cv, cv_filename: 'cv.pdf' })
    .where('id', '=', application.id)
    .execute();
  const answers = await t.db
    .insertInto('answers')
    .values([
      {
        application_id: application.id,
        question_id: question.id,
        question_text: question.text,
        status: 'ready',
        original_key: original,
        video_key: `${prefix}.mp4`,
        thumbnail_key: `${prefix}.jpg`,
        created_at: at,
      },
      ...(options.sharedClip
        ? [
            {
              application_id: application.id,
              question_id: question.id + 100_000,
              question_text: 'A second question',
              status: 'ready' as const,
              video_key: options.sharedClip,
              created_at: at,
            },
          ]
        : []),
    ])
    .returning('id')
    .execute();
  const answerId = answers[0]?.id ?? 0;
  const take = {
    answer_id: answerId,
    application_id: application.id,
    company_id: company.id,
    question_id: question.id,
    content_type: 'video/webm',
    max_bytes: 1000,
    quota_bytes: 10_000,
    created_at: at,
  };
  await t.db
    .insertInto('answer_takes')
    .values([
      {
        ...take,
        take_hash: randomUUID(),
        key: replaced,
        removed_at: at,
        removed_reason: 'replaced',
      },
      { ...take, take_hash: randomUUID(), key: original, completed_at: at },
    ])
    .execute();
  await t.db
    .insertInto('reviews')
    .values({ application_id: application.id, user_id: owner.id, rating: 4 })
    .execute();
  await t.db
    .insertInto('answer_reviews')
    .values({ answer_id: answerId, user_id: owner.id, rating: 3 })
    .execute();
  await t.db
    .insertInto('matrix_reviews')
    .values({
      application_id: application.id,
      user_id: owner.id,
      question_id: question.id,
      indicator: 0,
      level: 1,
    })
    .execute();
  await t.db
    .insertInto('comments')
    .values({
      application_id: application.id,
      user_id: owner.id,
      comment: `About ${application.first_name}`,
    })
    .execute();
  await t.db
    .insertInto('review_comments')
    .values({
      application_id: application.id,
      reviewer_user_id: owner.id,
      comment: 'Strong answer',
    })
    .execute();
  await t.db
    .insertInto('reviewer_assignments')
    .values({ reviewer_id: reviewerId, application_id: application.id })
    .execute();
  await t.db
    .insertInto('activities')
    .values({
      company_id: company.id,
      job_id: job.id,
      application_id: application.id,
      verb: 'application.invited',
      data: JSON.stringify({
        name: `${application.first_name} ${application.last_name}`,
      }),
      created_at: at,
    })
    .execute();
  await t.db
    .insertInto('outbox')
    .values(
      (['sent', 'failed', 'pending'] as const).map((status) => ({
        company_id: company.id,
        job_id: job.id,
        application_id: application.id,
        kind: 'invitation',
        to_email: application.email,
        subject: `Hello ${application.first_name}`,
        html: '<p>Hello</p>',
        text: 'Hello',
        status,
        created_at: at,
      })),
    )
    .execute();
  return { application, answerId, files };
}

/** How many rows of each table still hold something about the application. */
export async function rowsAbout(
  t: TestApp,
  person: { application: { id: number; email: string }; answerId: number },
) {
  const id = person.application.id;
  const result = await sql<Record<string, number>>`
    SELECT
      (SELECT count(*) FROM applications WHERE id = ${id})::int AS applications,
      (SELECT count(*) FROM answers WHERE application_id = ${id})::int AS answers,
      (SELECT count(*) FROM answer_takes WHERE application_id = ${id})::int AS answer_takes,
      (SELECT count(*) FROM answer_reviews WHERE answer_id = ${person.answerId})::int AS answer_reviews,
      (SELECT count(*) FROM reviews WHERE application_id = ${id})::int AS reviews,
      (SELECT count(*) FROM matrix_reviews WHERE application_id = ${id})::int AS matrix_reviews,
      (SELECT count(*) FROM comments WHERE application_id = ${id})::int AS comments,
      (SELECT count(*) FROM review_comments WHERE application_id = ${id})::int AS review_comments,
      (SELECT count(*) FROM reviewer_assignments WHERE application_id = ${id})::int AS reviewer_assignments,
      (SELECT count(*) FROM activities WHERE application_id = ${id})::int AS activities,
      (SELECT count(*) FROM outbox
        WHERE application_id = ${id} OR lower(to_email) = lower(${person.application.email}))::int AS outbox`.execute(
    t.db,
  );
  return result.rows[0];
}

export const NOTHING_LEFT = {
  applications: 0,
  answers: 0,
  answer_takes: 0,
  answer_reviews: 0,
  reviews: 0,
  matrix_reviews: 0,
  comments: 0,
  review_comments: 0,
  reviewer_assignments: 0,
  activities: 0,
  outbox: 0,
};

/** Which of the keys are still in storage. */
export async function storedFiles(t: TestApp, keys: string[]) {
  const present: string[] = [];
  for (const key of keys)
    if ((await t.ctx.storage.size(key)) !== null) present.push(key);
  return present;
}

/** Runs the erasure tasks that are due until none is left. */
export async function runErasureTasks(t: TestApp): Promise<number> {
  const poller = createErasureTaskPoller();
  let total = 0;
  while ((await poller.runOnce(t.ctx)) > 0) total++;
  return total;
}
