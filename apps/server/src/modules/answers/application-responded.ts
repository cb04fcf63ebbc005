import type { Db } from '../../db/connection';
import { emit } from '../../platform/events/emit';
import {
  findRespondedApplication,
  listAnsweredQuestionTexts,
  markRejectedAutomatically,
} from './answers.repository';

/**
 * What happens once, when the last answer of an application arrives: its event, which the
 * activity feed, the webhooks and the completion e-mail follow (decision 180); and, where the
 * interview rejects on a knockout answer, the rejection with the questions that caused it
 * (decision 192), never before the interviewee submitted.
 */
export async function recordResponded(
  db: Db,
  applicationId: number,
): Promise<void> {
  const application = await findRespondedApplication(db, applicationId);
  const name = `${application.first_name} ${application.last_name}`;
  const ids = {
    companyId: application.company_id,
    jobId: application.job_id,
    applicationId: application.id,
  };
  await emit(db, { ...ids, type: 'application.responded', data: { name } });
  if (
    application.knockout_action === 'flag' ||
    application.knockout_question_ids.length === 0 ||
    application.rejected
  )
    return;
  await markRejectedAutomatically(db, application.id);
  const questions = await listAnsweredQuestionTexts(db, {
    applicationId: application.id,
    questionIds: application.knockout_question_ids,
  });
  await emit(db, {
    ...ids,
    type: 'application.knockout_rejected',
    data: {
      name,
      question: questions.join('; '),
      email: application.knockout_action === 'reject_and_email',
    },
  });
}
