import type { InTransactionSubscriber } from '../events/subscribers';
import {
  queueInterviewSpeech,
  queueQuestionSpeech,
} from './question-speech.task';

/**
 * Spoken questions are rendered ahead (decision 175): a question saved, and every question of
 * an interview published, copied or given another language, queues its render with the change.
 * In the change's transaction, as it only adds tasks; each task checks what is there when it
 * runs, so a change that needs no new audio costs one check.
 */
export const speechSubscriber: InTransactionSubscriber = {
  name: 'speech',
  delivery: 'in-transaction',
  events: [
    'question.added',
    'question.updated',
    'job.published',
    'job.copied',
    'job.updated',
  ],
  async handle(db, event) {
    if (event.type === 'question.added' || event.type === 'question.updated') {
      if (event.data.question_id !== undefined)
        await queueQuestionSpeech(db, [event.data.question_id]);
      return;
    }
    if (
      event.type === 'job.updated' &&
      !event.data.fields?.includes('language')
    )
      return;
    if (event.jobId) await queueInterviewSpeech(db, event.jobId);
  },
};
