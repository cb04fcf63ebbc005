import {
  answerCompleteReplySchema,
  answerUploadReplySchema,
  type AnswerCompleteBody,
} from '@candor/domain';
import { api } from '../../../lib/api-client';
import { intervieweeApiPath } from './get-interview';

/**
 * Starts a take of the question: the server's take and where its tus upload goes. The size
 * is unknown (0) while recording; the server bounds the take by the question's time limit.
 */
export function startAnswer(
  token: string,
  questionId: number,
  recording: { type: string; size: number },
) {
  return api.post(
    `${intervieweeApiPath(token)}/questions/${questionId}/answer`,
    {
      body: { content_type: recording.type, size: recording.size },
      schema: answerUploadReplySchema,
      on401: 'throw',
    },
  );
}

/**
 * Submit, once the take is complete on the server: the server completes the answer of that
 * take and queues its processing (idempotent; 410 when the take was replaced or removed).
 */
export function completeAnswer(
  token: string,
  questionId: number,
  take: string,
) {
  const body: AnswerCompleteBody = { take };
  return api.post(
    `${intervieweeApiPath(token)}/questions/${questionId}/answer/complete`,
    {
      body,
      schema: answerCompleteReplySchema,
      on401: 'throw',
    },
  );
}
