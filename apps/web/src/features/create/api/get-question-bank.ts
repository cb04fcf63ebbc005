import {
  bankQuestionSchema,
  competencySchema,
  pagedSchema,
} from '@candor/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

type BankFilter = { competency?: number; function?: string; role?: string };

export function getBankQuestions(filter: BankFilter, signal?: AbortSignal) {
  return api.get('/api/questions', {
    query: { ...filter, page_size: 100 },
    schema: pagedSchema(bankQuestionSchema),
    signal,
  });
}

export const useBankQuestions = (filter: BankFilter, enabled: boolean) =>
  useQuery({
    queryKey: ['question-bank', filter],
    queryFn: ({ signal }) => getBankQuestions(filter, signal),
    select: (page) => page.results,
    enabled,
    staleTime: 10 * 60_000,
  });

export function getCompetencies(
  filter: { function?: string; role?: string },
  signal?: AbortSignal,
) {
  return api.get('/api/competencies', {
    query: { ...filter, page_size: 100 },
    schema: pagedSchema(competencySchema),
    signal,
  });
}

export const competenciesQuery = (filter: {
  function?: string;
  role?: string;
}) =>
  queryOptions({
    queryKey: ['competencies', filter],
    queryFn: ({ signal }) => getCompetencies(filter, signal),
    select: (page) => page.results,
    staleTime: 10 * 60_000,
  });

export const useCompetencies = (filter: { function?: string; role?: string }) =>
  useQuery(competenciesQuery(filter));
