import { applicationListSchema } from '@candor/domain';
import { api } from '../../../lib/api-client';

/** The first interviewee waiting for a review, then the first reviewed: where the page opens. */
export async function getFirstApplicationToReview(
  job: number,
): Promise<number | null> {
  for (const status of ['Responded', 'Reviewed', 'Outcomes'] as const) {
    const list = await api.get(`/api/jobs/${job}/applications`, {
      query: { status, page_size: 1 },
      schema: applicationListSchema,
    });
    const first = list.results[0];
    if (first) return first.id;
  }
  return null;
}
