import {
  answerCompleteReplySchema,
  answerUploadReplySchema,
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

/** After the last byte: the server checks the file and queues its processing (idempotent). */
export function completeAnswer(token: string, questionId: number) {
  return api.post(
    `${intervieweeApiPath(token)}/questions/${questionId}/answer/complete`,
    {
      schema: answerCompleteReplySchema,
      on401: 'throw',
    },
  );
}
