import type { Db } from '../src/db/connection';
import type { Question } from '../src/db/schema';
import { createApplication, createCompany, createJob } from './factories';

/** A published interview with `questionCount` spoken questions and one consenting applicant. */
export async function createOpenInterview(
  db: Db,
  options: {
    questionCount?: number;
    deadline?: Date | null;
    consented?: boolean;
  } = {},
) {
  const company = await createCompany(db);
  const job = await createJob(db, {
    company_id: company.id,
    status: 'Published',
    deadline:
      options.deadline === undefined
        ? new Date(Date.now() + 7 * 86_400_000)
        : options.deadline,
    description: 'Tell us about yourself.',
  });
  const questions: Question[] = [];
  for (let index = 0; index < (options.questionCount ?? 2); index++) {
    questions.push(
      await db
        .insertInto('questions')
        .values({
          job_id: job.id,
          text: `Question number ${index + 1}?`,
          thinking_time: 15,
          time_limit: 60,
          order: index,
        })
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
  }
  const application = await createApplication(db, {
    job_id: job.id,
    invited_at: new Date(),
    consented_at: options.consented === false ? null : new Date(),
  });
  const questionId = (index: number): number => {
    const question = questions[index];
    if (!question) throw new Error(`No question ${index}`);
    return question.id;
  };
  return { company, job, questions, questionId, application };
}
