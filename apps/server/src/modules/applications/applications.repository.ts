import { STAGES, type Stage, type StageFilter } from '@candor/domain';
import { escapeLikePattern } from '../../db/like-pattern';
import { sql, type Insertable, type RawBuilder, type Updateable } from 'kysely';
import { staticStatement } from '../../db/static-statement';
import { latestTextFailureSql } from '../sms/sms.repository';
import type { Db } from '../../db/connection';
import type { Application, ApplicationsTable } from '../../db/schema';
import {
  AWAITING_DEADLINE_AHEAD_SQL,
  UTC_TODAY,
  UTC_TOMORROW,
  STAGE_SQL,
  counterFilterSql,
  filterSql,
} from '../../db/applicant-stage-sql';

/**
 * The caller's own rating and own completion of the review ride along with each applicant, and
 * why its latest text failed.
 */
type Own = {
  user_rating: number | null;
  review_completed_at: Date | null;
  text_undelivered: string | null;
};

export type ApplicationRow = Application & Own;

/**
 * The columns a job page's reply is made of. A page reads only these: the rest (the search
 * text, the company, the source, the consent and update times) cost PostgreSQL 4-5% of the
 * page's statement to print and the server as much to read, on every row (decision 113).
 */
const LISTED_COLUMNS = [
  'id',
  'job_id',
  'first_name',
  'last_name',
  'email',
  'phone',
  'status',
  'token',
  'shortcode',
  'deadline',
  'invited_at',
  'responded_at',
  'declined_at',
  'declined_reason',
  'invitation_failed',
  'archived',
  'shortlisted',
  'rejected',
  'shortlisted_at',
  'rejected_at',
  'reviewed_at',
  'answer_count',
  'review_count',
  'review_average',
  'cv_key',
  'cv_filename',
  'created_at',
  'knockout_question_ids',
  // One word, read for the "From Greenhouse" tag (decision 190).
  'source',
] as const;

export type ListedApplication = Pick<
  Application,
  (typeof LISTED_COLUMNS)[number]
> &
  Own;

/** Who may be listed: every applicant of the job, or a reviewer's chosen ones. */
export type Visibility = { userId: number; assignedIds: number[] | null };

function visibleSql(visibility: Visibility): RawBuilder<boolean> {
  if (visibility.assignedIds === null) return sql<boolean>`true`;
  if (visibility.assignedIds.length === 0) return sql<boolean>`false`;
  return sql<boolean>`a.id IN (${sql.join(visibility.assignedIds)})`;
}

/** The caller's own rating: their overall review, else the mean of their answer ratings. */
function userRatingSql(userId: number) {
  return sql<number | null>`COALESCE(
    (SELECT r.rating::float8 FROM reviews r WHERE r.application_id = a.id AND r.user_id = ${userId}),
    (SELECT avg(ar.rating)::float8 FROM answer_reviews ar
      WHERE ar.application_id = a.id AND ar.user_id = ${userId}))`;
}

/** When the caller marked their own review complete: a lookup by the completions' key. */
function ownCompletionSql(userId: number) {
  return sql<Date | null>`(SELECT rc.completed_at FROM review_completions rc
    WHERE rc.application_id = a.id AND rc.user_id = ${userId})`;
}

/**
 * The name or the e-mail contains what was typed. The LIKE on search_text (which holds both,
 * lowercased) only lets applications_search_trgm_idx find the candidates (decision 107): a
 * text that spans the end of the name and the start of the e-mail is in search_text alone.
 */
function searchSql(q: string | undefined): RawBuilder<boolean> {
  if (!q) return sql<boolean>`true`;
  const pattern = `%${escapeLikePattern(q)}%`;
  return sql<boolean>`(a.search_text LIKE lower(${pattern}) AND ((a.first_name || ' ' || a.last_name) ILIKE ${pattern} OR a.email ILIKE ${pattern}))`;
}

export type ListOptions = {
  jobId: number;
  stage: Stage;
  filter: StageFilter;
  /** Every filter of the stage, each counted for its tab. */
  filters: readonly StageFilter[];
  job: { questionCount: number; ratingStyle: number };
  q: string | undefined;
  visibility: Visibility;
  limit: number;
  offset: number;
};

type StageCounts = {
  filters: Record<string, number>;
  stages: Record<Stage, number>;
};

export type ApplicationPage = StageCounts & {
  rows: ListedApplication[];
  count: number;
};

/**
 * One page of a stage and filter in job-page order, with the count of each filter of the stage
 * and of each stage (archived left out). For someone who sees every applicant, without a
 * search, the counts come from application_counts (docs/decisions/082-stage-counters.md); a
 * reviewer's chosen interviewees or a search count the rows they match, which are few or must
 * be read anyway.
 */
export async function listApplicationPage(
  db: Db,
  options: ListOptions,
): Promise<ApplicationPage> {
  if (options.visibility.assignedIds === null && !options.q)
    return pageWithCounters(db, options);
  const [rows, counts] = await Promise.all([
    selectPage(db, options),
    countStageLive(db, options),
  ]);
  return { ...counts, rows, count: counts.filters[options.filter] ?? 0 };
}

/**
 * The page's ids, from applications_job_stage_idx alone (an index-only scan in job-page order
 * whose filter reads the included columns), so a filter that matches few of the stage skips
 * the others without visiting the table for each.
 */
function pageIdsOf(db: Db, options: ListOptions) {
  return db
    .selectFrom('applications as a')
    .select('a.id')
    .where(
      sql<boolean>`a.job_id = ${options.jobId}
        AND ${STAGE_SQL} = ${options.stage}
        AND ${filterSql(options.filter, options.job)}
        AND ${visibleSql(options.visibility)}
        AND ${searchSql(options.q)}`,
    )
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(options.limit)
    .offset(options.offset);
}

/** The rows of the page's ids, in job-page order. */
function pageRowsOf(
  db: Db,
  pageIds: ReturnType<typeof pageIdsOf>,
  options: ListOptions,
) {
  return db
    .selectFrom('applications as a')
    .select(LISTED_COLUMNS.map((column) => `a.${column}` as const))
    .select(userRatingSql(options.visibility.userId).as('user_rating'))
    .select(
      ownCompletionSql(options.visibility.userId).as('review_completed_at'),
    )
    .select(latestTextFailureSql('a.id').as('text_undelivered'))
    .where('a.id', 'in', pageIds)
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc');
}

async function selectPage(
  db: Db,
  options: ListOptions,
): Promise<ListedApplication[]> {
  return pageRowsOf(db, pageIdsOf(db, options), options).execute();
}

function noStages(): Record<Stage, number> {
  return {
    ToInvite: 0,
    AwaitingResponse: 0,
    Responded: 0,
    Reviewed: 0,
    Outcomes: 0,
  };
}

/**
 * The counts from the job's counters, one row of sums. Awaiting and Expired are split by the
 * clock: the counters give those with a deadline, and the applicants whose deadline is still
 * ahead move from Expired to Awaiting. Those with a deadline on a later day come from their
 * counters per day (awaiting_deadlines, decision 099), today's are counted against the clock
 * (an index-only range of today's deadlines).
 */
function countersOf(db: Db, options: ListOptions) {
  const ahead =
    options.stage === 'AwaitingResponse'
      ? sql<number>`((SELECT coalesce(sum(d.applicants), 0) FROM awaiting_deadlines d
          WHERE d.job_id = ${options.jobId} AND d.deadline_day > ${UTC_TODAY})
        + (SELECT count(*) FROM applications a
          WHERE a.job_id = ${options.jobId} AND ${AWAITING_DEADLINE_AHEAD_SQL}
            AND a.deadline < ${UTC_TOMORROW}))::int`
      : sql<number>`0`;
  return db
    .selectFrom('application_counts as c')
    .select([
      ...STAGES.map((stage) =>
        sql<number>`sum(c.applicants) FILTER (WHERE c.stage = ${stage} AND NOT c.archived)::int`.as(
          stage,
        ),
      ),
      ...options.filters.map((filter, index) =>
        sql<number>`sum(c.applicants) FILTER (
          WHERE c.stage = ${options.stage} AND ${counterFilterSql(filter, options.job)})::int`.as(
          `f${index}`,
        ),
      ),
      ahead.as('ahead'),
    ])
    .where('c.job_id', '=', options.jobId);
}

/**
 * Each filter's figure over the counters' row (`totals`), as `filter<i>`: its counters, with
 * the applicants whose deadline is still ahead moved from Expired to Awaiting.
 */
function filterFiguresSql(options: ListOptions) {
  return options.filters.map((filter, index) => {
    const counted = sql<number>`coalesce(${sql.ref(`totals.f${index}`)}, 0)`;
    const figure =
      filter === 'Awaiting'
        ? sql<number>`${counted} + totals.ahead`
        : filter === 'Expired'
          ? sql<number>`${counted} - totals.ahead`
          : counted;
    return sql`${figure} AS ${sql.ref(`filter${index}`)}`;
  });
}

/**
 * The statement of `pageWithCounters`, for someone who sees every applicant, without a search.
 */
function pageWithCountersSql(db: Db, options: ListOptions) {
  const chosen = sql.ref(
    `counts.filter${options.filters.indexOf(options.filter)}`,
  );
  const page = pageRowsOf(
    db,
    pageIdsOf(db, options).where(sql<boolean>`${chosen} > ${options.offset}`),
    options,
  );
  return sql<Record<string, unknown>>`
    SELECT page.*, counts.*
    FROM (SELECT totals.*, ${sql.join(filterFiguresSql(options))}
          FROM (${countersOf(db, options)}) AS totals) AS counts
    LEFT JOIN LATERAL (${page}) AS page ON true
    ORDER BY page.created_at DESC, page.id DESC`;
}

/**
 * The statement of `pageWithCounters`, compiled once for each stage, filter and rating style:
 * the job page is the hottest read, and building its statement cost the server a tenth of its
 * time (decision 113).
 */
const jobPageStatement = staticStatement(
  (
    db: Db,
    variant: Pick<ListOptions, 'stage' | 'filter' | 'filters'> & {
      ratingStyle: number;
    },
    [jobId, userId, questionCount, limit, offset]: readonly [
      number,
      number,
      number,
      number,
      number,
    ],
  ) =>
    pageWithCountersSql(db, {
      stage: variant.stage,
      filter: variant.filter,
      filters: variant.filters,
      job: { questionCount, ratingStyle: variant.ratingStyle },
      q: undefined,
      jobId,
      visibility: { userId, assignedIds: null },
      limit,
      offset,
    }).compile(db),
);

/**
 * The counts from the counters and the page, in one statement (decision 111): the counts are
 * one row, which the page joins laterally only when the chosen filter counts more applicants
 * than the page skips, so a page past the last row (an empty filter above all) walks nothing
 * of the stage. PostgreSQL tests that once, before the page's scan (a one-time filter).
 */
async function pageWithCounters(
  db: Db,
  options: ListOptions,
): Promise<ApplicationPage> {
  const statement = jobPageStatement(
    db,
    {
      stage: options.stage,
      filter: options.filter,
      filters: options.filters,
      ratingStyle: options.job.ratingStyle,
    },
    [
      options.jobId,
      options.visibility.userId,
      options.job.questionCount,
      options.limit,
      options.offset,
    ],
  );
  const { rows } = await db.executeQuery(statement);
  const counts = rows[0] ?? {};
  const filters = Object.fromEntries(
    options.filters.map((filter, index) => [
      filter,
      Number(counts[`filter${index}`] ?? 0),
    ]),
  );
  const stages = noStages();
  for (const stage of STAGES) stages[stage] = Number(counts[stage] ?? 0);
  return {
    filters,
    stages,
    rows: rows.filter((row) => row.id !== null) as ListedApplication[],
    count: filters[options.filter] ?? 0,
  };
}

/** The counts over the rows the caller sees and searches for, in two queries. */
async function countStageLive(
  db: Db,
  options: ListOptions,
): Promise<StageCounts> {
  const filterColumns = options.filters.map((filter, index) =>
    sql<number>`count(*) FILTER (WHERE ${filterSql(filter, options.job)})::int`.as(
      `f${index}`,
    ),
  );
  // The stages and the chosen stage's filters in one pass over the matching applicants: a
  // search in the 100,000-applicant job matched every name and e-mail once for each.
  const rows = await db
    .selectFrom('applications as a')
    .select([
      STAGE_SQL.as('stage'),
      sql<number>`count(*) FILTER (WHERE NOT a.archived)::int`.as('count'),
      ...filterColumns,
    ])
    .where(
      sql<boolean>`a.job_id = ${options.jobId} AND ${visibleSql(options.visibility)} AND ${searchSql(options.q)}`,
    )
    .groupBy(sql`1`)
    .execute();
  const chosen = rows.find((row) => row.stage === options.stage) as
    Record<string, number> | undefined;
  const filters = Object.fromEntries(
    options.filters.map((filter, index) => [
      filter,
      Number(chosen?.[`f${index}`] ?? 0),
    ]),
  );
  const stages = noStages();
  for (const row of rows) stages[row.stage] = Number(row.count);
  return { filters, stages };
}

export async function findApplication(
  db: Db,
  jobId: number,
  id: number,
  userId: number,
): Promise<ApplicationRow | undefined> {
  const row = await db
    .selectFrom('applications as a')
    .selectAll('a')
    .select(userRatingSql(userId).as('user_rating'))
    .select(ownCompletionSql(userId).as('review_completed_at'))
    .select(latestTextFailureSql('a.id').as('text_undelivered'))
    .where('a.job_id', '=', jobId)
    .where('a.id', '=', id)
    .executeTakeFirst();
  return row as ApplicationRow | undefined;
}

/** The applicant after this one in job-page order within the same stage, archived left out. */
export async function findNextApplication(
  db: Db,
  current: Application,
  options: { stage: Stage; visibility: Visibility },
): Promise<ApplicationRow | undefined> {
  const row = await db
    .selectFrom('applications as a')
    .selectAll('a')
    .select(userRatingSql(options.visibility.userId).as('user_rating'))
    .select(
      ownCompletionSql(options.visibility.userId).as('review_completed_at'),
    )
    .select(latestTextFailureSql('a.id').as('text_undelivered'))
    .where(
      sql<boolean>`a.job_id = ${current.job_id}
        AND NOT a.archived
        AND ${STAGE_SQL} = ${options.stage}
        AND ${visibleSql(options.visibility)}
        AND (a.created_at, a.id) < (${current.created_at}, ${current.id})`,
    )
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row as ApplicationRow | undefined;
}

/** Lowercased e-mails among `emails` that the job already has. */
export async function findExistingEmails(
  db: Db,
  jobId: number,
  emails: string[],
): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const found = new Set<string>();
  for (let start = 0; start < emails.length; start += 1000) {
    const chunk = emails.slice(start, start + 1000);
    const rows = await db
      .selectFrom('applications')
      .select(sql<string>`lower(email)`.as('email'))
      .where('job_id', '=', jobId)
      .where(sql<string>`lower(email)`, 'in', chunk)
      .execute();
    for (const row of rows) found.add(row.email);
  }
  return found;
}

export async function insertApplications(
  db: Db,
  rows: Insertable<ApplicationsTable>[],
): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += 500) {
    const inserted = await db
      .insertInto('applications')
      .values(rows.slice(start, start + 500))
      .returning('id')
      .execute();
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

export function updateApplication(
  db: Db,
  id: number,
  values: Updateable<ApplicationsTable>,
) {
  return db
    .updateTable('applications')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Locks one applicant for a state change, so two concurrent actions see each other's result. */
export function lockApplication(db: Db, jobId: number, id: number) {
  return db
    .selectFrom('applications')
    .selectAll()
    .where('job_id', '=', jobId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Whether the company keeps phones, and the country of those written without a code. */
export function findCompanySmsSetting(db: Db, companyId: number) {
  return db
    .selectFrom('companies')
    .leftJoin(
      'company_sms_settings',
      'company_sms_settings.company_id',
      'companies.id',
    )
    .select((eb) => [
      'companies.sms_enabled',
      eb.fn
        .coalesce('company_sms_settings.default_country', sql<string>`'GB'`)
        .as('default_country'),
    ])
    .where('companies.id', '=', companyId)
    .executeTakeFirstOrThrow();
}
