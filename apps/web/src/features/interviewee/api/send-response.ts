import {
  typedResponseReplySchema,
  type TypedResponseBody,
} from '@candor/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { intervieweeApiPath } from './get-interview';

/** A typed answer or the options chosen, saved at once (decision 192). */
export function sendResponse(
  token: string,
  questionId: number,
  body: TypedResponseBody,
) {
  return api.put(
    `${intervieweeApiPath(token)}/questions/${questionId}/response`,
    {
      body,
      schema: typedResponseReplySchema,
      on401: 'throw',
    },
  );
}

export function useSendResponse(token: string, questionId: number) {
  return useMutation({
    mutationFn: (body: TypedResponseBody) =>
      sendResponse(token, questionId, body),
  });
}
