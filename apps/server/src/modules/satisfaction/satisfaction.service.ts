import {
  satisfactionAnswerSchema,
  type SatisfactionAnswer,
} from '@candor/domain';
import type { AppContext } from '../../app-context';
import { AppError } from '../../platform/http/errors';
import { interviewAvailability } from '../interviewee/interview-window';
import { requireTokenApplication } from '../interviewee/interviewee.service';
import { listJobQuestions } from '../interviewee/interviewee.repository';
import { upsertSatisfaction } from './satisfaction.repository';

/**
 * A candidate rates the interview once they have submitted it (issue 47, decision 196); asked
 * before, they are told it opens then. A second answer replaces the first.
 */
export async function rateInterview(
  ctx: AppContext,
  options: { token: string; answer: SatisfactionAnswer },
): Promise<void> {
  const application = await requireTokenApplication(ctx, options.token);
  const questions = await listJobQuestions(ctx.db, application.job_id);
  if (
    interviewAvailability(application, questions.length, new Date()) !==
    'completed'
  )
    throw new AppError(
      'conflict',
      'You can rate the interview once you have submitted your last answer.',
    );
  const answer = satisfactionAnswerSchema.parse(options.answer);
  await upsertSatisfaction(ctx.db, {
    applicationId: application.id,
    companyId: application.company_id,
    jobId: application.job_id,
    rating: answer.rating,
    comment: answer.comment,
  });
}
