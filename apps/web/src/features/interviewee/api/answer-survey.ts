import type { SurveyAnswersBody } from '@candor/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { intervieweeApiPath } from './get-interview';

/** The voluntary survey after the last answer (204); sending again replaces the answers. */
export function answerSurvey(token: string, answers: SurveyAnswersBody) {
  return api.put(`${intervieweeApiPath(token)}/survey`, {
    body: answers,
    on401: 'throw',
  });
}

export function useAnswerSurvey(token: string) {
  return useMutation({
    mutationFn: (answers: SurveyAnswersBody) => answerSurvey(token, answers),
  });
}
