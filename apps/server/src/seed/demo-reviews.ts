import { REVIEWER_APPLICANTS, RATING_STYLES } from '@candor/domain';
import type { Db } from '../db/connection';
import { recomputeAverage } from '../modules/reviews/reviews.service';

const COMMENTS = [
  'Clear examples and a calm delivery. Worth a second conversation.',
  'Good structure overall; the team-work answer lacked a concrete result.',
  'Strong motivation for the role. Would like to hear more about leading others.',
];
const REVIEW_NOTES = [
  'Specific situation, well explained.',
  'Could say more about their own part.',
  'Convincing result with figures.',
];

const pick = (texts: readonly string[], index: number) =>
  texts[index % texts.length] ?? '';

/**
 * Reviewing on the demo: reviewer@demo.test reviews some of Acme's interviews with different
 * settings, and interviewees already Reviewed or in Outcomes carry ratings, matrix choices and
 * comments from the company users. Runs after the jobs, applicants and answers seeds.
 */
export async function seedDemoReviews(db: Db): Promise<void> {
  const acme = await db
    .selectFrom('companies')
    .select('id')
    .where('shortname', '=', 'acme')
    .executeTakeFirst();
  if (!acme) return;
  const users = await db.selectFrom('users').select(['id', 'email']).execute();
  const userId = (email: string) =>
    users.find((row) => row.email === email)?.id;
  const reviewer = userId('reviewer@demo.test');
  const reviewers = [
    userId('admin@demo.test'),
    userId('hiring@demo.test'),
  ].filter((id) => id !== undefined);
  const jobs = await db
    .selectFrom('jobs')
    .select(['id', 'rating_style', 'rating_scale', 'rating_min', 'created_by'])
    .where('company_id', '=', acme.id)
    .where('status', '=', 'Published')
    .orderBy('created_at', 'desc')
    .execute();

  // One job seen whole with the right to decide, one limited to chosen interviewees.
  const grants = [
    {
      applicants: REVIEWER_APPLICANTS.all,
      all_reviews: true,
      rating: 1,
      reminder_email: true,
    },
    {
      applicants: REVIEWER_APPLICANTS.chosen,
      all_reviews: false,
      rating: 0,
      reminder_email: false,
    },
    {
      applicants: REVIEWER_APPLICANTS.all,
      all_reviews: false,
      rating: 0,
      reminder_email: false,
    },
  ];
  for (const [index, grant] of grants.entries()) {
    const job = jobs[index];
    if (reviewer === undefined || !job) break;
    const row = await db
      .insertInto('reviewers')
      .values({
        job_id: job.id,
        user_id: reviewer,
        // The name Acme gave its reviewer, who accepted Acme's invitation (decision 120).
        first_name: 'Sam',
        last_name: 'Taylor',
        account_status: 1,
        invited_at: new Date(),
        ...grant,
      })
      .onConflict((conflict) =>
        conflict.columns(['job_id', 'user_id']).doNothing(),
      )
      .returning('id')
      .executeTakeFirst();
    if (row && grant.applicants === REVIEWER_APPLICANTS.chosen) {
      const chosen = await db
        .selectFrom('applications')
        .select('id')
        .where('job_id', '=', job.id)
        .orderBy('id')
        .limit(3)
        .execute();
      if (chosen.length > 0) {
        await db
          .insertInto('reviewer_assignments')
          .values(
            chosen.map((application) => ({
              reviewer_id: row.id,
              application_id: application.id,
            })),
          )
          .execute();
      }
    }
  }

  const options = await db
    .selectFrom('matrix_options')
    .select(['kind', 'indicator', 'level'])
    .where('competency', '=', 0)
    .execute();
  for (const job of jobs) {
    const applications = await db
      .selectFrom('applications')
      .select([
        'id',
        'company_id',
        'reviewed_at',
        'archived',
        'shortlisted',
        'rejected',
      ])
      .where('job_id', '=', job.id)
      .where((eb) =>
        eb.or([
          eb('reviewed_at', 'is not', null),
          eb('shortlisted', '=', true),
          eb('rejected', '=', true),
        ]),
      )
      .execute();
    for (const [position, application] of applications.entries()) {
      const answers = await db
        .selectFrom('answers')
        .select(['id', 'question_id'])
        .where('application_id', '=', application.id)
        .orderBy('order')
        .execute();
      if (answers.length === 0) continue;
      for (const [n, user] of reviewers.entries()) {
        const rating =
          (position + n) % 2 === 0
            ? job.rating_scale - 1
            : Math.max(job.rating_min, Math.ceil(job.rating_scale / 2));
        if (job.rating_style === RATING_STYLES.matrix) {
          await seedMatrix(db, {
            applicationId: application.id,
            userId: user,
            answers,
            options,
            shift: position + n,
          });
        } else if (job.rating_style === RATING_STYLES.overall) {
          await db
            .insertInto('reviews')
            .values({ application_id: application.id, user_id: user, rating })
            .execute();
        } else {
          await db
            .insertInto('answer_reviews')
            .values(
              answers.map((answer, k) => ({
                answer_id: answer.id,
                user_id: user,
                rating: Math.max(job.rating_min, rating - (k % 2)),
              })),
            )
            .execute();
        }
        await db
          .insertInto('review_comments')
          .values({
            application_id: application.id,
            reviewer_user_id: user,
            question_id: answers[0]?.question_id ?? null,
            comment: pick(REVIEW_NOTES, position + n),
          })
          .execute();
      }
      // Both company reviewers completed the reviews marked complete (decision 133).
      const completedAt = application.reviewed_at;
      if (completedAt !== null)
        await db
          .insertInto('review_completions')
          .values(
            reviewers.map((user) => ({
              application_id: application.id,
              user_id: user,
              job_id: job.id,
              company_id: application.company_id,
              created_by: job.created_by,
              completed_at: completedAt,
              open:
                !application.archived &&
                !application.shortlisted &&
                !application.rejected,
            })),
          )
          .execute();
      await db
        .insertInto('comments')
        .values({
          application_id: application.id,
          user_id: reviewers[0] ?? null,
          comment: pick(COMMENTS, position),
        })
        .execute();
      if (job.rating_style === RATING_STYLES.matrix) {
        await db
          .insertInto('comments')
          .values({
            application_id: application.id,
            user_id: reviewers[0] ?? null,
            comment:
              'Thank you for your answers. We enjoyed hearing about your experience.',
            is_feedback: true,
          })
          .execute();
      }
      await recomputeAverage(db, application.id);
    }
  }
}

/** A complete matrix review: three STAR indicators per answer and three communication ones. */
async function seedMatrix(
  db: Db,
  options: {
    applicationId: number;
    userId: number;
    answers: { question_id: number }[];
    options: { kind: string; indicator: number; level: number }[];
    shift: number;
  },
) {
  const level = (indicator: number) =>
    (indicator + options.shift) % 3 === 0 ? 1 : 0;
  const rows = [
    ...options.answers.flatMap((answer) =>
      [0, 2, 3].map((indicator) => ({
        question_id: answer.question_id,
        indicator,
        level: level(indicator),
      })),
    ),
    ...[0, 1, 2].map((indicator) => ({
      question_id: null,
      indicator,
      level: level(indicator),
    })),
  ].filter((row) =>
    options.options.some(
      (option) =>
        option.kind ===
          (row.question_id === null ? 'communication' : 'competency') &&
        option.indicator === row.indicator &&
        option.level === row.level,
    ),
  );
  if (rows.length === 0) return;
  await db
    .insertInto('matrix_reviews')
    .values(
      rows.map((row) => ({
        ...row,
        application_id: options.applicationId,
        user_id: options.userId,
        competency: 0,
      })),
    )
    .execute();
}
