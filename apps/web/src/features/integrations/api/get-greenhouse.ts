import { greenhouseConnectionSchema } from '@candor/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const greenhouseKeys = {
  all: ['greenhouse'] as const,
  detail: (shortname: string) => ['greenhouse', shortname] as const,
};

export const greenhousePath = (shortname: string) =>
  `/api/companies/${shortname}/integrations/greenhouse`;

export function getGreenhouse(shortname: string, signal?: AbortSignal) {
  return api.get(greenhousePath(shortname), {
    schema: greenhouseConnectionSchema,
    signal,
  });
}

export const greenhouseQuery = (shortname: string) =>
  queryOptions({
    queryKey: greenhouseKeys.detail(shortname),
    queryFn: ({ signal }) => getGreenhouse(shortname, signal),
  });

export const useGreenhouse = (shortname: string) =>
  useQuery(greenhouseQuery(shortname));
