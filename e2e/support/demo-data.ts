import { expect, type Page } from '@playwright/test';

export type ListedApplicant = {
  id: number;
  answer_count: number;
  user: { full_name: string };
};

/**
 * A demo interview by title, and one of its interviewees who responded and awaits a review.
 * Only read: the specs that change data make companies of their own (support/company.ts).
 */
export async function respondedApplicant(page: Page, title: string) {
  const jobs = await (
    await page.request.get('/api/jobs', {
      params: { page_size: 50, status: 'Published', q: title },
    })
  ).json();
  const job = (jobs.results as { id: number; title: string }[]).find(
    (row) => row.title === title,
  );
  expect(job, `demo interview ${title}`).toBeTruthy();
  const list = await (
    await page.request.get(`/api/jobs/${job?.id}/applications`, {
      params: { status: 'Responded', page_size: 50 },
    })
  ).json();
  const applicant = (list.results as ListedApplicant[]).find(
    (row) => row.answer_count > 1,
  );
  expect(applicant, 'a responded interviewee with answers').toBeTruthy();
  return { jobId: job?.id ?? 0, applicant: applicant as ListedApplicant };
}
