import {
  SEARCH_RESULT_LIMIT,
  applicantStage,
  searchStatusLabel,
  seesOthersJudgements,
  withOwnJudgementsOnly,
  type ApplicantFacts,
  type ApplicationSearchReply,
  type ApplicationSearchResult,
} from '@candor/domain';
import { trigramPatternOf } from './trigram-pattern';
import {
  isRareInSample,
  narrowTrigramPattern,
  type TrigramSample,
} from './trigram-sample';
import type { Db } from '../../db/connection';
import {
  countNewest,
  searchApplications,
  searchNewestApplications,
} from './search.repository';

type Row = Awaited<ReturnType<typeof searchApplications>>[number];

// Each word must match; more than a few words only slows the query without narrowing it.
const MAX_WORDS = 4;

/**
 * How many of a company's newest applicants the search reads before it asks the trigram
 * index (decision 093): enough to fill a page of a name one applicant in 250 has. It reads
 * them only when one of the first SEARCH_PROBE matches; a rarer word goes to the index.
 */
const SEARCH_WINDOW = 5000;
const SEARCH_PROBE = 1000;

/** A company user searches their company and sees everything; a reviewer their grants. */
type Viewer = 'company' | 'reviewer';

/** The applicant's facts as the panel knows them. */
function panelFacts(row: Row): ApplicantFacts {
  return {
    ...row,
    average_review:
      row.review_average === null
        ? null
        : { review_average: row.review_average },
  };
}

/**
 * What the status label is told from, for this caller: the panel's facts, unless they may not
 * see the others' judgements of this interviewee (decision 134). Then nobody's decision, their
 * own rating as the average and their own completion of the review, as their pages show them.
 */
function factsSeenBy(row: Row, viewer: Viewer): ApplicantFacts {
  const facts = panelFacts(row);
  if (viewer === 'company') return facts;
  const ownRating = row.own_rating == null ? null : Number(row.own_rating);
  const seesPanel = seesOthersJudgements({
    isReviewer: true,
    allReviews: row.all_reviews === true,
    blindUntilRated: row.blind_until_rated === true,
    hasRated: ownRating !== null || row.own_completed_at != null,
  });
  if (seesPanel) return facts;
  return withOwnJudgementsOnly(facts, {
    rating: ownRating,
    completedAt: row.own_completed_at ?? null,
  });
}

export function toSearchResult(
  row: Row,
  options: { now: Date; viewer: Viewer },
): ApplicationSearchResult {
  const job = {
    question_count: Number(row.question_count ?? 0),
    rating_style: row.rating_style,
    sjt_assessment: row.sjt_assessment,
  };
  const label = searchStatusLabel(
    factsSeenBy(row, options.viewer),
    job,
    options.now,
  );
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
    text_undelivered:
      options.viewer === 'company' ? (row.text_undelivered ?? null) : null,
    knockout: row.knockout,
    // The job page's tab to link to, the same for the whole panel (decision 129).
    stage: applicantStage(panelFacts(row)),
    filter: row.archived ? 'Archived' : 'All',
  };
}

type SearchOptions = {
  words: string[];
  limit: number;
  /** What plans the trigram search (decision 114); without it, the rules of decision 107. */
  sample: TrigramSample | undefined;
};

/** The trigram search, each word asked for with the pattern the sample says narrows best. */
function searchByTrigrams(
  db: Db,
  scope: Parameters<typeof searchApplications>[1],
  { words, limit, sample }: SearchOptions,
) {
  const patterns = words.map((word) =>
    sample === undefined
      ? trigramPatternOf(word)
      : narrowTrigramPattern(sample, word),
  );
  return searchApplications(db, scope, { words, patterns, limit });
}

/**
 * The newest applicants first; the trigram search when older ones may match too, that is
 * unless the window found a page, or read every applicant of the scope (all of them through
 * the probe, when it found nobody).
 */
async function searchNewestFirst(
  db: Db,
  scope: Parameters<typeof searchNewestApplications>[1],
  options: SearchOptions & { window: { size: number; probe: number } },
) {
  const { size, probe } = options.window;
  const rows = await searchNewestApplications(db, scope, {
    words: options.words,
    limit: options.limit,
    window: size,
    probe,
  });
  if (rows.length === options.limit) return rows;
  const read = rows.length > 0 ? size : probe;
  if (!(await holdsMoreThan(db, scope, read))) return rows;
  return searchByTrigrams(db, scope, options);
}

/**
 * The least each company or job is known to hold. Applicants are rarely deleted, and a figure
 * gone stale only costs a trigram search that was not needed, never a wrong answer; it saves
 * a large company's rare words a statement.
 */
const knownAtLeast = new Map<string, number>();
const MAX_KNOWN_SCOPES = 10_000;

async function holdsMoreThan(
  db: Db,
  scope: Parameters<typeof countNewest>[1],
  count: number,
): Promise<boolean> {
  const key =
    scope.jobId === undefined
      ? `company ${scope.companyId}`
      : `job ${scope.jobId}`;
  if ((knownAtLeast.get(key) ?? 0) > count) return true;
  const counted = await countNewest(db, scope, count + 1);
  if (counted <= count) return false;
  if (knownAtLeast.size >= MAX_KNOWN_SCOPES) knownAtLeast.clear();
  knownAtLeast.set(key, counted);
  return true;
}

export async function searchPeople(
  db: Db,
  options: {
    userId: number;
    companyId: number | null;
    q: string;
    jobId?: number | undefined;
    window?: { size: number; probe: number };
    sample?: TrigramSample | undefined;
  },
): Promise<ApplicationSearchReply> {
  const words = options.q.split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);
  const scope = {
    userId: options.userId,
    companyId: options.companyId,
    jobId: options.jobId,
  };
  const { sample } = options;
  const search = { words, limit: SEARCH_RESULT_LIMIT + 1, sample };
  // A reviewer sees chosen jobs and applicants, not a company: the trigram index serves them.
  // So does a word the newest applicants would almost never hold (decision 114).
  const rows =
    scope.companyId === null ||
    (sample !== undefined && words.some((word) => isRareInSample(sample, word)))
      ? await searchByTrigrams(db, scope, search)
      : await searchNewestFirst(
          db,
          { ...scope, companyId: scope.companyId },
          {
            ...search,
            window: options.window ?? {
              size: SEARCH_WINDOW,
              probe: SEARCH_PROBE,
            },
          },
        );
  const now = new Date();
  const viewer = scope.companyId === null ? 'reviewer' : 'company';
  const results = rows
    .slice(0, SEARCH_RESULT_LIMIT)
    .map((row) => toSearchResult(row, { now, viewer }));
  return {
    count: results.length,
    more: rows.length > SEARCH_RESULT_LIMIT,
    results,
  };
}
