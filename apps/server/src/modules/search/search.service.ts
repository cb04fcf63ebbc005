import {
  SEARCH_RESULT_LIMIT,
  applicantStage,
  searchStatusLabel,
  type ApplicationSearchReply,
  type ApplicationSearchResult,
} from '@candor/domain';
import type { Db } from '../../db/connection';
import { searchApplications } from './search.repository';

type Row = Awaited<ReturnType<typeof searchApplications>>[number];

// Each word must match; more than a few words only slows the query without narrowing it.
const MAX_WORDS = 4;

export function toSearchResult(row: Row, now: Date): ApplicationSearchResult {
  const facts = {
    ...row,
    average_review:
      row.review_average === null
        ? null
        : { review_average: row.review_average },
  };
  const job = {
    question_count: Number(row.question_count ?? 0),
    rating_style: row.rating_style,
    sjt_assessment: row.sjt_assessment,
  };
  const label = searchStatusLabel(facts, job, now);
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    full_name: `${row.first_name} ${row.last_name}`.trim(),
    email: row.email,
    job: { id: row.job_id, title: row.job_title, status: row.job_status },
    answer_count: row.answer_count,
    has_answers: row.answer_count > 0,
    status_label: label.text,
    status_key: label.key,
    status_tone: label.tone,
    status_reason: label.hover,
    incomplete: label.incomplete,
    stage: applicantStage(facts),
    filter: row.archived ? 'Archived' : 'All',
  };
}

export async function searchPeople(
  db: Db,
  options: {
    userId: number;
    companyId: number | null;
    q: string;
    jobId?: number | undefined;
  },
): Promise<ApplicationSearchReply> {
  const words = options.q.split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);
  const rows = await searchApplications(
    db,
    {
      userId: options.userId,
      companyId: options.companyId,
      jobId: options.jobId,
    },
    { words, limit: SEARCH_RESULT_LIMIT + 1 },
  );
  const now = new Date();
  const results = rows
    .slice(0, SEARCH_RESULT_LIMIT)
    .map((row) => toSearchResult(row, now));
  return {
    count: results.length,
    more: rows.length > SEARCH_RESULT_LIMIT,
    results,
  };
}
