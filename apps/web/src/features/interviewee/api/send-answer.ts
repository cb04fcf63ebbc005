import {
  answerCompleteReplySchema,
  answerUploadReplySchema,
} from '@candor/domain';
import { api } from '../../../lib/api-client';
import { intervieweeApiPath } from './get-interview';

/** Step 1 of sending an answer: a signed URL to upload the recording to. */
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

/** Step 3, after the upload: the server checks the file and queues its processing. */
export function completeAnswer(token: string, questionId: number) {
  return api.post(
    `${intervieweeApiPath(token)}/questions/${questionId}/answer/complete`,
    {
      schema: answerCompleteReplySchema,
      on401: 'throw',
    },
  );
}
