import { questionSchema, type QuestionFormValues } from '@candor/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api, isApiError } from '../../../lib/api-client';
import { jobKeys } from '../../../lib/jobs/job-queries';

export type SaveQuestion = {
  jobId: number;
  id?: number;
  values: QuestionFormValues;
};

/** Adds a question (POST) or replaces one (PUT). */
export function saveQuestion({ jobId, id, values }: SaveQuestion) {
  return id === undefined
    ? api.post(`/api/jobs/${jobId}/questions`, {
        body: values,
        schema: questionSchema,
      })
    : api.put(`/api/jobs/${jobId}/questions/${id}`, {
        body: values,
        schema: questionSchema,
      });
}

export function deleteQuestion({ jobId, id }: { jobId: number; id: number }) {
  return api.delete(`/api/jobs/${jobId}/questions/${id}`);
}

export function reorderQuestions({
  jobId,
  ids,
}: {
  jobId: number;
  ids: number[];
}) {
  return api.post(`/api/jobs/${jobId}/questions/order`, {
    body: { ids },
    schema: z.array(questionSchema),
  });
}

/** A video question's captions (decision 199): WebVTT in and out; none yet reads as ''. */
export async function fetchQuestionCaptions(url: string): Promise<string> {
  try {
    return await api.get<string>(`${url}/captions`);
  } catch (error) {
    if (isApiError(error) && error.status === 404) return '';
    throw error;
  }
}

export function saveQuestionCaptions({
  url,
  vtt,
}: {
  url: string;
  vtt: string;
}) {
  return api.put<string>(`${url}/captions`, {
    body: new Blob([vtt], { type: 'text/vtt' }),
  });
}

export function useSaveQuestionCaptions() {
  const invalidate = useInvalidateJob();
  return useMutation({
    mutationFn: (input: { jobId: number; url: string; vtt: string }) =>
      saveQuestionCaptions(input),
    onSuccess: (_data, input) => invalidate(input.jobId),
  });
}

/** The question list and the job (its question count) refresh after any change. */
function useInvalidateJob() {
  const queryClient = useQueryClient();
  return (jobId: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: jobKeys.questions(jobId) }),
      queryClient.invalidateQueries({ queryKey: jobKeys.detail(jobId) }),
    ]);
}

export function useSaveQuestion() {
  const invalidate = useInvalidateJob();
  return useMutation({
    mutationFn: saveQuestion,
    onSuccess: (_data, input) => invalidate(input.jobId),
  });
}

export function useDeleteQuestion() {
  const invalidate = useInvalidateJob();
  return useMutation({
    mutationFn: deleteQuestion,
    onSuccess: (_data, input) => invalidate(input.jobId),
  });
}

export function useReorderQuestions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderQuestions,
    onSuccess: (questions, input) => {
      queryClient.setQueryData(
        jobKeys.questions(input.jobId),
        (page: { results: unknown[] } | undefined) =>
          page ? { ...page, results: questions } : page,
      );
    },
  });
}
