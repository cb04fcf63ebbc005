import type { Db } from '../db/connection';
import { newShortcode } from '../platform/ids';
import {
  ACME_JOBS,
  NORTHWIND_JOBS,
  TEMPLATE_JOBS,
  type SeedJob,
} from './data/demo-job-data';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Interviews in every status for the demo companies, and the shared templates. Questions are
 * spoken (their audio renders on first play); library videos come from the videos seed.
 */
export async function seedDemoJobs(db: Db): Promise<void> {
  const companies = await db
    .selectFrom('companies')
    .select(['id', 'shortname'])
    .execute();
  const users = await db.selectFrom('users').select(['id', 'email']).execute();
  const companyId = (shortname: string) =>
    companies.find((row) => row.shortname === shortname)?.id;
  const userId = (email: string) =>
    users.find((row) => row.email === email)?.id;
  const admin = userId('admin@demo.test');
  const hiring = userId('hiring@demo.test');
  const plan: {
    companyId: number | undefined;
    jobs: SeedJob[];
    creators: (number | undefined)[];
  }[] = [
    {
      companyId: companyId('templates'),
      jobs: TEMPLATE_JOBS,
      creators: [undefined],
    },
    {
      companyId: companyId('acme'),
      jobs: ACME_JOBS,
      creators: [admin, hiring],
    },
    {
      companyId: companyId('northwind'),
      jobs: NORTHWIND_JOBS,
      creators: [admin],
    },
  ];
  const now = Date.now();
  for (const { companyId, jobs, creators } of plan) {
    if (companyId === undefined) continue;
    for (const [index, seed] of jobs.entries()) {
      const createdBy = creators[index % creators.length] ?? null;
      const createdAt = new Date(now - seed.createdDaysAgo * DAY);
      const job = await db
        .insertInto('jobs')
        .values({
          company_id: companyId,
          created_by: createdBy,
          title: seed.title,
          status: seed.status,
          function: seed.function,
          role: seed.role,
          description: seed.description,
          language: seed.language ?? 'en-gb',
          rating_style: seed.ratingStyle ?? 1,
          deadline:
            seed.deadlineInDays === undefined
              ? null
              : new Date(now + seed.deadlineInDays * DAY),
          shortcode: newShortcode(),
          created_at: createdAt,
          updated_at: createdAt,
          published_at:
            seed.status === 'Draft'
              ? null
              : new Date(createdAt.getTime() + DAY),
          archived_at:
            seed.status === 'Archived' ? new Date(now - 7 * DAY) : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('questions')
        .values(
          seed.questions.map(
            ([text, competency, thinking_time, time_limit], order) => ({
              job_id: job.id,
              text,
              competency,
              // Matrix interviews review each competency question against that competency.
              review_competency:
                seed.ratingStyle === 2 && competency !== 0 ? competency : null,
              thinking_time,
              time_limit,
              order,
            }),
          ),
        )
        .execute();
      if (createdBy !== null) {
        await db
          .insertInto('reviewers')
          .values({
            job_id: job.id,
            user_id: createdBy,
            is_account_holder: true,
            account_status: 1,
            all_reviews: true,
            rating: 1,
          })
          .execute();
        await db
          .insertInto('activities')
          .values({
            company_id: companyId,
            job_id: job.id,
            user_id: createdBy,
            verb: 'job.created',
            data: JSON.stringify({ title: seed.title }),
            created_at: createdAt,
          })
          .execute();
      }
    }
  }
}
