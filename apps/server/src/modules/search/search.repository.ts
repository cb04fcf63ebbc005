import {
  sql,
  type ExpressionBuilder,
  type RawBuilder,
  type SqlBool,
} from 'kysely';
import { REVIEWER_APPLICANTS } from '@candor/domain';
import { staticStatement } from '../../db/static-statement';
import { latestTextFailureSql } from '../sms/sms.repository';
import type { Db } from '../../db/connection';
import { containsText } from '../../db/contains-text';
import type { Database } from '../../db/schema';

type Scope = {
  userId: number;
  companyId: number | null;
  jobId?: number | undefined;
};

/**
 * Every word in search_text, the name and e-mail lowercased and joined by spaces: a word
 * holds no space, so it is in the text exactly when it is in the name or the e-mail.
 */
function searchTextHasWords(table: string, words: readonly string[]) {
  const text = sql.ref<string>(`${table}.search_text`);
  const each = words.map((word) => containsText(text, word));
  return sql<SqlBool>`(${sql.join(each, sql` AND `)})`;
}

/**
 * The same test, with a LIKE per word that applications_search_trgm_idx serves (decision
 * 107): its pattern is only what narrows the search cheaply, lowercased once, when the
 * unnamed statement is planned.
 */
function matchesWords(words: readonly string[], patterns: readonly string[]) {
  const each = patterns.map(
    (pattern) => sql`applications.search_text LIKE lower(${pattern})`,
  );
  return sql<SqlBool>`(${sql.join(each, sql` AND `)} AND ${searchTextHasWords('applications', words)})`;
}

/**
 * A company user searches their current company (like every list of theirs); a reviewer,
 * who has no company, searches the interviewees their reviewer rows let them see.
 */
function visibleTo(
  eb: ExpressionBuilder<Database, 'applications'>,
  scope: Scope,
) {
  // The applicant's own company (kept from the job by a trigger), so the planner need not
  // join the company's jobs to know (decision 093).
  if (scope.companyId !== null)
    return eb('applications.company_id', '=', scope.companyId);
  return eb.exists(
    eb
      .selectFrom('reviewers')
      .select(sql`1`.as('one'))
      .whereRef('reviewers.job_id', '=', 'applications.job_id')
      .where('reviewers.user_id', '=', scope.userId)
      // Accepted rows only (decision 120).
      .where('reviewers.account_status', '=', 1)
      .where((inner) =>
        inner.or([
          inner('reviewers.applicants', '<>', REVIEWER_APPLICANTS.chosen),
          inner.exists(
            inner
              .selectFrom('reviewer_assignments')
              .select(sql`1`.as('one'))
              .whereRef('reviewer_assignments.reviewer_id', '=', 'reviewers.id')
              .whereRef(
                'reviewer_assignments.application_id',
                '=',
                'applications.id',
              ),
          ),
        ]),
      ),
  );
}

/**
 * The applicants a result shows, newest first: their names and the facts their status is told
 * from. Only these: every column of the applicant (the token, the search text, five more
 * timestamps) cost the server 0.88 ms of CPU per name search against 0.76, and 5-11% of its
 * requests per second.
 */
function applicants(db: Db, scope: Scope) {
  let query = db
    .selectFrom('applications')
    .select([
      'applications.id',
      'applications.job_id',
      'applications.first_name',
      'applications.last_name',
      'applications.email',
      'applications.status',
      'applications.invited_at',
      'applications.responded_at',
      'applications.declined_at',
      'applications.declined_reason',
      'applications.deadline',
      'applications.invitation_failed',
      'applications.archived',
      'applications.shortlisted',
      'applications.rejected',
      'applications.reviewed_at',
      'applications.answer_count',
      'applications.review_average',
      'applications.knockout_question_ids',
      'applications.created_at',
    ])
    .where((eb) => visibleTo(eb, scope));
  if (scope.jobId !== undefined)
    query = query.where('applications.job_id', '=', scope.jobId);
  return query
    .orderBy('applications.created_at', 'desc')
    .orderBy('applications.id', 'desc');
}

/**
 * The viewer's own rating of the page's applicant, as the job page's `user_rating`: their
 * overall rating, else the mean of their answers' ('No rating' included, so it is not null
 * once they rated anything). Each lookup is on the (application_id, user_id) keys.
 */
function ownRatingOf(userId: number) {
  return sql<number | null>`COALESCE(
    (SELECT r.rating::float8 FROM reviews r WHERE r.application_id = page.id AND r.user_id = ${userId}),
    (SELECT avg(ar.rating)::float8 FROM answer_reviews ar
      WHERE ar.application_id = page.id AND ar.user_id = ${userId}))`;
}

/**
 * A page of `applicants`, then each one's job and its number of questions. The page comes
 * first: joined before the LIMIT, PostgreSQL hashed every job in the database to join a page
 * of one (0.34 ms of the e-mail search's 1.2, decision 107).
 *
 * A reviewer's results also carry what decides whether they may see the others' judgements of
 * each one (decision 134): their grant's all_reviews, the job's blind setting, their own
 * rating and their own completion. A company user's statement is unchanged: they see
 * everything.
 */
function withJobs(
  db: Db,
  page: ReturnType<typeof applicants>,
  options: { limit: number | RawBuilder<number>; scope: Scope },
) {
  const { scope } = options;
  return db
    .selectFrom(page.limit(options.limit).as('page'))
    .innerJoin('jobs', 'jobs.id', 'page.job_id')
    .selectAll('page')
    .select([
      'jobs.title as job_title',
      'jobs.status as job_status',
      'jobs.rating_style',
      'jobs.sjt_assessment',
      (eb) =>
        eb
          .selectFrom('questions')
          .select((inner) => inner.fn.countAll<number>().as('count'))
          .whereRef('questions.job_id', '=', 'jobs.id')
          .as('question_count'),
      // The questions a knockout option was chosen on (decision 192), read only for the few
      // applicants who have one.
      sql<
        string | null
      >`CASE WHEN cardinality(page.knockout_question_ids) > 0 THEN
        (SELECT string_agg(q.text, ' · ' ORDER BY q."order", q.id) FROM questions q
          WHERE q.id = ANY(page.knockout_question_ids)) END`.as('knockout'),
    ])
    .$if(scope.companyId !== null, (query) =>
      query.select(latestTextFailureSql('page.id').as('text_undelivered')),
    )
    .$if(scope.companyId === null, (query) =>
      query.select((eb) => [
        'jobs.blind_until_rated',
        eb
          .selectFrom('reviewers')
          .select('reviewers.all_reviews')
          .whereRef('reviewers.job_id', '=', 'jobs.id')
          .where('reviewers.user_id', '=', scope.userId)
          .where('reviewers.account_status', '=', 1)
          .as('all_reviews'),
        ownRatingOf(scope.userId).as('own_rating'),
        // Their own completion of the review (decision 133), by the completions' key.
        eb
          .selectFrom('review_completions')
          .select('review_completions.completed_at')
          .whereRef('review_completions.application_id', '=', 'page.id')
          .where('review_completions.user_id', '=', scope.userId)
          .as('own_completed_at'),
      ]),
    )
    .orderBy('page.created_at', 'desc')
    .orderBy('page.id', 'desc');
}

/** A scope without its ids: what of it changes a search's SQL text. */
type ScopeKind = { reviewer: boolean; oneJob: boolean };

const scopeKindOf = (scope: Scope): ScopeKind => ({
  reviewer: scope.companyId === null,
  oneJob: scope.jobId !== undefined,
});

/** The scope's ids, as values of a static statement (0 for one it has not). */
const scopeIds = (scope: Scope) =>
  [scope.userId, scope.companyId ?? 0, scope.jobId ?? 0] as const;

function scopeOf(
  kind: ScopeKind,
  [userId, companyId, jobId]: readonly [number, number, number],
): Scope {
  return {
    userId,
    companyId: kind.reviewer ? null : companyId,
    jobId: kind.oneJob ? jobId : undefined,
  };
}

/**
 * People whose name or e-mail contains every word typed (served by the trigram index on
 * search_text, asked with each word's pattern), newest first.
 */
export async function searchApplications(
  db: Db,
  scope: Scope,
  options: { words: string[]; patterns: string[]; limit: number },
) {
  const statement = searchStatement(
    db,
    { scope: scopeKindOf(scope), words: options.words.length },
    [...scopeIds(scope), options.limit, ...options.words, ...options.patterns],
  );
  return (await db.executeQuery(statement)).rows;
}

const searchStatement = staticStatement(
  (
    db: Db,
    variant: { scope: ScopeKind; words: number },
    [userId, companyId, jobId, limit, ...texts]: readonly [
      number,
      number,
      number,
      number,
      ...string[],
    ],
  ) => {
    const scope = scopeOf(variant.scope, [userId, companyId, jobId]);
    return withJobs(
      db,
      applicants(db, scope).where(
        matchesWords(texts.slice(0, variant.words), texts.slice(variant.words)),
      ),
      { limit, scope },
    ).compile();
  },
);

/**
 * The `size` newest applicants of the company, or of the job when one is asked for, in order,
 * from applications_company_created_idx or applications_job_created_idx. A job of another
 * company reads rows the results' own company test then drops.
 */
function newest(
  db: Db,
  scope: Scope & { companyId: number },
  size: number | RawBuilder<number>,
) {
  const query = db
    .selectFrom('applications')
    .select(['id', 'search_text', 'created_at']);
  return (
    scope.jobId === undefined
      ? query.where('company_id', '=', scope.companyId)
      : query.where('job_id', '=', scope.jobId)
  )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(size);
}

/** How many applicants the newest-first search would read with a window of `size`. */
export async function countNewest(
  db: Db,
  scope: Scope & { companyId: number },
  size: number,
): Promise<number> {
  const statement = countNewestStatement(db, scopeKindOf(scope), [
    ...scopeIds(scope),
    size,
  ]);
  const [row] = (await db.executeQuery(statement)).rows;
  return Number(row?.count ?? 0);
}

const countNewestStatement = staticStatement(
  (
    db: Db,
    kind: ScopeKind,
    [userId, companyId, jobId, size]: readonly [number, number, number, number],
  ) =>
    db
      .selectFrom(
        newest(
          db,
          { ...scopeOf(kind, [userId, companyId, jobId]), companyId },
          size,
        ).as('newest'),
      )
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .compile(),
);

/**
 * The same search over only the company's (or its job's) `window` newest applicants: it stops
 * at the `limit`th match, so a common name costs a few thousand index entries instead of every
 * match sorted (decision 093). It reads nothing more, and finds nobody, unless one of the
 * `probe` newest matches: a rare word is left to the trigram index at the cost of the probe.
 *
 * The sizes are written into the text (the server's constants, never a user's): a LIMIT
 * PostgreSQL cannot see makes its generic plan look dearer than any custom one, so it planned
 * the statement afresh on every search (0.7-1.5 ms) for the same plan (decision 103).
 */
export async function searchNewestApplications(
  db: Db,
  scope: Scope & { companyId: number },
  options: { words: string[]; limit: number; window: number; probe: number },
) {
  const { words, limit, window, probe } = options;
  const statement = searchNewestStatement(
    db,
    { scope: scopeKindOf(scope), words: words.length, limit, window, probe },
    [...scopeIds(scope), ...words],
  );
  return (await db.executeQuery(statement)).rows;
}

const searchNewestStatement = staticStatement(
  (
    db: Db,
    variant: {
      scope: ScopeKind;
      words: number;
      limit: number;
      window: number;
      probe: number;
    },
    [userId, companyId, jobId, ...words]: readonly [
      number,
      number,
      number,
      ...string[],
    ],
  ) =>
    newestStatement(
      db,
      { ...scopeOf(variant.scope, [userId, companyId, jobId]), companyId },
      { ...variant, words },
    ).compile(),
);

function newestStatement(
  db: Db,
  scope: Scope & { companyId: number },
  options: { words: string[]; limit: number; window: number; probe: number },
) {
  const limit = sql.lit(options.limit);
  const matches = db
    .selectFrom(newest(db, scope, sql.lit(options.window)).as('newest'))
    .select('newest.id')
    .where(searchTextHasWords('newest', options.words))
    .orderBy('newest.created_at', 'desc')
    .orderBy('newest.id', 'desc')
    .limit(limit);
  const probe = db
    .selectFrom(newest(db, scope, sql.lit(options.probe)).as('probe'))
    .select(sql`1`.as('one'))
    .where(searchTextHasWords('probe', options.words));
  return withJobs(
    db,
    applicants(db, scope)
      .where('applications.id', 'in', matches)
      .where((eb) => eb.exists(probe)),
    { limit, scope },
  );
}

/** PostgreSQL's estimate of the applications' row count: -1 for a table never analysed. */
export async function estimateApplicationRows(db: Db): Promise<number> {
  const { rows: table } = await sql<{ rows: number }>`
    SELECT reltuples::float8 AS rows FROM pg_class
    WHERE oid = 'applications'::regclass`.execute(db);
  return table[0]?.rows ?? 0;
}

/** Search texts of every company from pages picked at random, for the trigram sample. */
export async function sampleSearchTexts(
  db: Db,
  options: { percent: number; limit: number },
): Promise<string[]> {
  const { rows } = await sql<{ search_text: string }>`
    SELECT search_text FROM applications
    TABLESAMPLE SYSTEM (${sql.lit(options.percent)}) LIMIT ${sql.lit(options.limit)}`.execute(
    db,
  );
  return rows.map((row) => row.search_text);
}
