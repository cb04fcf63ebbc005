import {
  REVIEWER_APPLICANTS,
  type JobListQuery,
  type JobOrdering,
} from '@candor/domain';
import {
  sql,
  type ExpressionBuilder,
  type Insertable,
  type SqlBool,
  type Updateable,
} from 'kysely';
import { staticStatement } from '../../db/static-statement';
import type { Db } from '../../db/connection';
import { containsText } from '../../db/contains-text';
import {
  chosenToReview,
  companyJobTotals,
  idListJobTotals,
  listedJobTotals,
  readListTotals,
  type ListTotals,
  type ReviewWork,
} from './job-stats.repository';
import type {
  Database,
  JobStatus,
  JobsTable,
  QuestionsTable,
  RatingDescriptionsTable,
} from '../../db/schema';

type RatingDescription = Pick<RatingDescriptionsTable, 'level' | 'text'>;

/** Who is listing: a company user in their current company, or a reviewer (no company). */
export type JobViewer = { userId: number; companyId: number | null };

/** The jobs a list may show (tenant scope first, then the query's narrowing). */
export type JobListScope =
  | {
      kind: 'company';
      companyId: number;
      userId: number;
      filter: JobListQuery['filter'];
    }
  | { kind: 'reviewer'; userId: number }
  | { kind: 'templates' }
  | { kind: 'public' };

type JobsQuery = ReturnType<typeof fromJobs>;

/**
 * The jobs alone: the counts and the 'To review' total of a list read only jobs, and the
 * company's columns are joined for the rows of the page (selectJobFields). Joined here, the
 * generic plan of a narrowed list's total scanned companies once per job: 2.9 ms for 1,000.
 */
function fromJobs(db: Db) {
  return db.selectFrom('jobs');
}

const isTemplateCompany = (eb: ExpressionBuilder<Database, 'jobs'>) =>
  eb(
    'jobs.company_id',
    'in',
    eb
      .selectFrom('companies')
      .select('companies.id')
      .where('companies.is_templates', '=', true),
  );

const reviewsJob =
  (userId: number) => (eb: ExpressionBuilder<Database, 'jobs'>) =>
    eb.exists(
      eb
        .selectFrom('reviewers')
        .select('reviewers.id')
        .whereRef('reviewers.job_id', '=', 'jobs.id')
        .where('reviewers.user_id', '=', userId)
        // Only accepted rows: a pending invitation shows nothing (decision 120).
        .where('reviewers.account_status', '=', 1),
    );

function applyScope<Q extends JobsQuery>(query: Q, scope: JobListScope): Q {
  switch (scope.kind) {
    case 'company': {
      let scoped = query.where('jobs.company_id', '=', scope.companyId);
      if (scope.filter === 'created')
        scoped = scoped.where('jobs.created_by', '=', scope.userId);
      if (scope.filter === 'assigned')
        scoped = scoped.where(reviewsJob(scope.userId));
      return scoped as Q;
    }
    case 'reviewer':
      return query.where(reviewsJob(scope.userId)) as Q;
    case 'templates':
      return query.where(isTemplateCompany) as Q;
    case 'public':
      return query
        .where('jobs.status', '=', 'Published')
        .where('jobs.marketplace_public', '=', true) as Q;
  }
}

function applyNarrowing<Q extends JobsQuery>(
  query: Q,
  options: Pick<JobListQuery, 'status' | 'title' | 'q'>,
): Q {
  let narrowed = query;
  if (options.status)
    narrowed = narrowed.where('jobs.status', '=', options.status) as Q;
  // The text as typed, in any case: strpos on the lowercased title costs PostgreSQL a third
  // of an ILIKE over a company's thousand titles, and lets the statement be prepared
  // (decision 108).
  for (const text of [options.title, options.q]) {
    if (text)
      narrowed = narrowed.where(
        containsText(sql<string>`lower(jobs.title)`, text),
      ) as Q;
  }
  return narrowed;
}

const ORDER_COLUMNS: Record<
  JobOrdering,
  [column: 'created_at' | 'title' | 'marketplace_order', 'asc' | 'desc']
> = {
  created_at: ['created_at', 'asc'],
  '-created_at': ['created_at', 'desc'],
  title: ['title', 'asc'],
  '-title': ['title', 'desc'],
  marketplace_order: ['marketplace_order', 'asc'],
  '-marketplace_order': ['marketplace_order', 'desc'],
};

/**
 * Job rows with everything the Job reply needs. The counts come with each job as one row by
 * key: grouped from the job's 40-odd counter rows into JSON for each job of a page, they cost
 * PostgreSQL more than the rest of the dashboard's statement together (decision 109).
 */
function selectJobFields(query: JobsQuery, viewerId: number) {
  return query
    .innerJoin('companies', 'companies.id', 'jobs.company_id')
    .leftJoin('users as creator', 'creator.id', 'jobs.created_by')
    .leftJoin('videos as intro', 'intro.id', 'jobs.intro_video_id')
    .leftJoin('job_stage_counts as counts', 'counts.job_id', 'jobs.id')
    .selectAll('jobs')
    .select([
      'counts.to_invite',
      'counts.to_invite_archived',
      'counts.awaiting_response',
      'counts.awaiting_response_archived',
      'counts.responded',
      'counts.responded_archived',
      'counts.reviewed',
      'counts.reviewed_archived',
      'counts.outcomes',
      'counts.outcomes_archived',
    ])
    .select((eb) => [
      'companies.shortname as company_shortname',
      'companies.name as company_name',
      'companies.support_email as company_support_email',
      'companies.is_templates as is_template',
      'creator.first_name as creator_first_name',
      'creator.last_name as creator_last_name',
      'intro.video_key as intro_video_key',
      'intro.thumbnail_key as intro_thumbnail_key',
      // A lookup per job (reviewers is unique on job and user), not a join: the generic plan
      // of a join matched each job against all the viewer's reviewer rows (945 of them for
      // the bench's owner; 0.9 ms of a 1 ms list).
      eb
        .selectFrom('reviewers as me')
        .select('me.rating')
        .whereRef('me.job_id', '=', 'jobs.id')
        .where('me.user_id', '=', viewerId)
        .where('me.account_status', '=', 1)
        .as('my_reviewer_rating'),
      // The viewer's own part of the job's 'To review' (decision 133): lookups of their own
      // rows, by key, so the page's statement does no more per job than the rating above.
      sql<number>`(SELECT count(*) FROM review_completions rc
        WHERE rc.user_id = ${viewerId} AND rc.company_id = jobs.company_id
          AND rc.job_id = jobs.id AND rc.open)::int`.as('my_open_completions'),
      sql<
        number | null
      >`(SELECT CASE WHEN me.applicants = ${REVIEWER_APPLICANTS.chosen}
          THEN ${chosenToReview(sql`me`)} END
        FROM reviewers me WHERE me.job_id = jobs.id AND me.user_id = ${viewerId}
          AND me.account_status = 1)`.as('my_chosen_to_review'),
      eb
        .selectFrom('questions')
        .select((inner) => inner.fn.countAll<number>().as('count'))
        .whereRef('questions.job_id', '=', 'jobs.id')
        .as('question_count'),
      // The rating descriptions come with each job: read by a statement of their own, they
      // were one more round trip for every list and every job reply, costing the server more
      // than their reading costs PostgreSQL (decision 104).
      sql<RatingDescription[]>`(
        SELECT coalesce(json_agg(json_build_object('level', d.level, 'text', d.text)
                                 ORDER BY d.level), '[]')
        FROM rating_descriptions d WHERE d.job_id = jobs.id)`.as(
        'rating_descriptions',
      ),
    ]);
}

export type JobRow = Awaited<ReturnType<typeof findJobRow>> & {};

export function findJobRow(db: Db, viewer: JobViewer, jobId: number) {
  return selectJobFields(fromJobs(db), viewer.userId)
    .where('jobs.id', '=', jobId)
    .executeTakeFirst();
}

export async function listJobRows(
  db: Db,
  options: { viewer: JobViewer; scope: JobListScope; query: JobListQuery },
) {
  const { viewer, scope, query } = options;
  const offset = (query.page - 1) * query.page_size;
  if (query.title || query.q)
    return listMatchingJobRows(db, { ...options, offset });
  const statement = jobListStatement(
    db,
    {
      scope: scopeKindOf(scope),
      status: query.status,
      ordering: query.ordering,
    },
    [viewer.userId, ...scopeIds(scope), query.page_size, offset],
  );
  const { rows } = await db.executeQuery(statement);
  return withTotals(db, rows, () => listTotals(fromJobs(db), scope, query));
}

/** A scope without its ids: what of it changes a list's SQL text. */
type ScopeKind =
  | { kind: 'company'; filter: JobListQuery['filter'] }
  | { kind: 'reviewer' }
  | { kind: 'templates' }
  | { kind: 'public' };

const scopeKindOf = (scope: JobListScope): ScopeKind =>
  scope.kind === 'company'
    ? { kind: 'company', filter: scope.filter }
    : { kind: scope.kind };

/** The scope's company and user, as values of a static statement (0 for none). */
const scopeIds = (scope: JobListScope) =>
  [
    scope.kind === 'company' ? scope.companyId : 0,
    scope.kind === 'company' || scope.kind === 'reviewer' ? scope.userId : 0,
  ] as const;

function scopeOf(
  kind: ScopeKind,
  companyId: number,
  userId: number,
): JobListScope {
  if (kind.kind === 'company') return { ...kind, companyId, userId };
  if (kind.kind === 'reviewer') return { kind: 'reviewer', userId };
  return kind;
}

/** What of a list's query changes its SQL text, besides its scope. */
type ListVariant = {
  scope: ScopeKind;
  status: JobListQuery['status'];
  ordering: JobOrdering;
};

/**
 * The dashboard's lists, compiled once for each scope, filter, status and order: building
 * the statement was a sixth of the server's time for a dashboard (decision 113).
 */
const jobListStatement = staticStatement(
  (
    db: Db,
    variant: ListVariant,
    [viewerId, companyId, userId, pageSize, offset]: readonly [
      number,
      number,
      number,
      number,
      number,
    ],
  ) =>
    listStatement(db, {
      viewerId,
      scope: scopeOf(variant.scope, companyId, userId),
      query: {
        status: variant.status,
        ordering: variant.ordering,
        page_size: pageSize,
      },
      offset,
    }).compile(),
);

/**
 * The totals of a list with no words to match: a company's or a creator's kept totals, or
 * those of the jobs the list's scope and status keep.
 */
function listTotals(
  base: JobsQuery,
  scope: JobListScope,
  query: ListQuery,
): ListTotals {
  if (scope.kind === 'company' && isCompanyOrCreator(scope, query))
    return companyJobTotals(
      scope,
      scope.filter === 'created' ? scope.userId : undefined,
    );
  return listedJobTotals(
    applyNarrowing(applyScope(base, scope), query).select('jobs.id'),
    reviewWorkOf(scope),
  );
}

/** What of a list's query its statements read. */
type ListQuery = Pick<JobListQuery, 'status' | 'ordering' | 'page_size'> &
  Partial<Pick<JobListQuery, 'title' | 'q'>>;

/** A list asked for, with the number of jobs its page skips. */
type ListRequest = {
  viewerId: number;
  scope: JobListScope;
  query: ListQuery;
  offset: number;
};

/**
 * A page of a list with no words to match, its totals on each row. The page's jobs are chosen
 * from the jobs alone, then only they are joined with their company, creator and video: joined
 * first, a list narrowed by its creator joined all 1,000 jobs of the bench company before
 * sorting them (3.6 ms against 0.2).
 */
function listStatement(db: Db, options: ListRequest) {
  const { viewerId, scope, query } = options;
  const order = orderOf(query.ordering);
  const page = applyNarrowing(applyScope(fromJobs(db), scope), query)
    .select('jobs.id')
    .orderBy(order.expression, order.direction)
    .orderBy('jobs.id', order.direction)
    .limit(query.page_size)
    .offset(options.offset);
  return jobsWithTotals(
    db,
    viewerId,
    listTotals(fromJobs(db), scope, query),
    order,
  ).where('jobs.id', 'in', page);
}

/** The page's jobs in the list's order, each with the list's totals. */
function jobsWithTotals(
  db: Db,
  viewerId: number,
  totals: ListTotals,
  order: ReturnType<typeof orderOf>,
) {
  return selectJobFields(fromJobs(db), viewerId)
    .select([
      totals.count.as('list_count'),
      totals.toReview.as('list_to_review'),
    ])
    .orderBy(order.expression, order.direction)
    .orderBy('jobs.id', order.direction);
}

const orderOf = (ordering: JobOrdering) => {
  const [column, direction] = ORDER_COLUMNS[ordering];
  return {
    expression:
      column === 'title' ? sql`lower(jobs.title)` : sql.ref(`jobs.${column}`),
    direction,
  };
};

/**
 * The list's totals ride along with its page as two scalar subqueries that PostgreSQL runs
 * once per statement (InitPlans), not once per row: one round trip less per list
 * (decision 104). A page without a row to carry them asks for them on their own.
 */
async function withTotals<
  Row extends { list_count: number; list_to_review: number },
>(db: Db, rows: Row[], totals: () => ListTotals) {
  const [first] = rows;
  const { count, toReview } = first
    ? { count: first.list_count, toReview: first.list_to_review }
    : await readListTotals(db, totals());
  return { rows, count: Number(count), toReview: Number(toReview) };
}

/**
 * A list narrowed by words in the title. The text is matched once per list (against every
 * title of the scope, which no index narrows for a company's thousand jobs), and the page, the
 * count and the 'To review' total are read from the matching ids. Matched in each of the three,
 * the bench company's title search cost PostgreSQL about 1 ms three times.
 */
async function listMatchingJobRows(
  db: Db,
  options: Omit<ListRequest, 'viewerId'> & { viewer: JobViewer },
) {
  const { viewer, scope, query, offset } = options;
  const idsStatement = matchingIdsStatement(
    db,
    {
      scope: scopeKindOf(scope),
      status: query.status,
      ordering: query.ordering,
      title: Boolean(query.title),
      q: Boolean(query.q),
    },
    [...scopeIds(scope), query.title ?? '', query.q ?? ''],
  );
  const [found] = (await db.executeQuery(idsStatement)).rows;
  const ids = found?.ids ?? [];
  if (ids.length === 0) return { rows: [], count: 0, toReview: 0 };
  const pageIds = ids.slice(offset, offset + query.page_size);
  const reviewWork = reviewWorkOf(scope);
  if (pageIds.length === 0)
    return withTotals(db, [], () => idListJobTotals(ids, reviewWork));
  const pageStatement = idsPageStatement(
    db,
    { scope: scopeKindOf(scope), ordering: query.ordering },
    [viewer.userId, pageIds, ids, ...scopeIds(scope)],
  );
  const { rows } = await db.executeQuery(pageStatement);
  return withTotals(db, rows, () => idListJobTotals(ids, reviewWork));
}

/**
 * The ids of a list narrowed by words in the title, in the list's order. The text is matched
 * once per list (against every title of the scope, which no index narrows for a company's
 * thousand jobs), and the page, the count and the 'To review' total are read from the matching
 * ids. Matched in each of the three, the bench company's title search cost PostgreSQL about
 * 1 ms three times.
 */
const matchingIdsStatement = staticStatement(
  (
    db: Db,
    variant: ListVariant & { title: boolean; q: boolean },
    [companyId, userId, title, q]: readonly [number, number, string, string],
  ) => {
    const order = orderOf(variant.ordering);
    const direction = sql.raw(order.direction);
    return applyNarrowing(
      applyScope(fromJobs(db), scopeOf(variant.scope, companyId, userId)),
      {
        status: variant.status,
        title: variant.title ? title : undefined,
        q: variant.q ? q : undefined,
      },
    )
      .select(
        sql<number[]>`coalesce(array_agg(jobs.id
            ORDER BY ${order.expression} ${direction}, jobs.id ${direction}), '{}')`.as(
          'ids',
        ),
      )
      .compile();
  },
);

/**
 * A page of listed ids with the list's totals. The ids go through a subquery, so PostgreSQL
 * sizes the array alike in every plan and keeps the generic one: seeing 3 ids, each custom plan
 * looked cheaper than the generic plan's guess of 10, and the statement was planned afresh on
 * every request (1.5 ms under load; decision 103).
 */
const idsPageStatement = staticStatement(
  (
    db: Db,
    variant: { scope: ScopeKind; ordering: JobOrdering },
    [viewerId, pageIds, ids, companyId, userId]: readonly [
      number,
      readonly number[],
      readonly number[],
      number,
      number,
    ],
  ) =>
    jobsWithTotals(
      db,
      viewerId,
      idListJobTotals(
        ids,
        reviewWorkOf(scopeOf(variant.scope, companyId, userId)),
      ),
      orderOf(variant.ordering),
    )
      .where(sql<SqlBool>`jobs.id = any((SELECT ${pageIds}::int[])::int[])`)
      .compile(),
);

/** Every job of the company, or every job the user created in it: no status or words narrow it. */
function isCompanyOrCreator(
  scope: Extract<JobListScope, { kind: 'company' }>,
  query: ListQuery,
): boolean {
  return (
    (scope.filter === 'all' || scope.filter === 'created') &&
    !query.status &&
    !query.title &&
    !query.q
  );
}

// Templates and the public marketplace are nobody's review work (and other companies' data).
function reviewWorkOf(scope: JobListScope): ReviewWork {
  if (scope.kind === 'company') return scope;
  if (scope.kind === 'reviewer') return scope;
  return null;
}

export function findRatingDescriptions(db: Db, jobIds: number[]) {
  if (jobIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('rating_descriptions')
    .selectAll()
    .where('job_id', 'in', jobIds)
    .orderBy('job_id')
    .orderBy('level')
    .execute();
}

export async function replaceRatingDescriptions(
  db: Db,
  jobId: number,
  descriptions: Omit<Insertable<RatingDescriptionsTable>, 'job_id'>[],
): Promise<void> {
  await db
    .deleteFrom('rating_descriptions')
    .where('job_id', '=', jobId)
    .execute();
  const kept = descriptions.filter(
    (description) => description.text.trim() !== '',
  );
  if (kept.length) {
    await db
      .insertInto('rating_descriptions')
      .values(kept.map((description) => ({ ...description, job_id: jobId })))
      .execute();
  }
}

export function insertJob(db: Db, values: Insertable<JobsTable>) {
  return db
    .insertInto('jobs')
    .values(values)
    .returning(['id', 'title'])
    .executeTakeFirstOrThrow();
}

export function updateJob(
  db: Db,
  jobId: number,
  values: Updateable<JobsTable>,
) {
  return db
    .updateTable('jobs')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', jobId)
    .execute();
}

export function deleteJob(db: Db, jobId: number) {
  return db.deleteFrom('jobs').where('id', '=', jobId).execute();
}

/** The creator joins the job's review panel as its account holder (the reviewers module owns the rest). */
export function insertAccountHolderReviewer(
  db: Db,
  jobId: number,
  userId: number,
) {
  return db
    .insertInto('reviewers')
    .values({
      job_id: jobId,
      user_id: userId,
      is_account_holder: true,
      account_status: 1,
      all_reviews: true,
      rating: 1,
    })
    .execute();
}

/** Storage keys that die with the job (attachments); spoken audio is a shared cache and stays. */
export async function findJobFileKeys(
  db: Db,
  jobId: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('attachments')
    .select('storage_key')
    .where('job_id', '=', jobId)
    .execute();
  return rows.map((row) => row.storage_key);
}

/** A video the company may show: its own library's, or a stock video. */
export async function isUsableVideo(
  db: Db,
  companyId: number,
  videoId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('videos')
    .select('id')
    .where('id', '=', videoId)
    .where((eb) =>
      eb.or([
        eb('company_id', '=', companyId),
        eb.and([eb('is_stock', '=', true), eb('company_id', 'is', null)]),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

export async function isTemplateJob(db: Db, jobId: number): Promise<boolean> {
  const row = await fromJobs(db)
    .select('jobs.id')
    .where('jobs.id', '=', jobId)
    .where(isTemplateCompany)
    .executeTakeFirst();
  return row !== undefined;
}

/** Any job by id: the caller has checked it is a shared template. */
export function findTemplateJob(db: Db, jobId: number) {
  return db
    .selectFrom('jobs')
    .selectAll()
    .where('id', '=', jobId)
    .executeTakeFirst();
}

/** Changes the job only while it still has `fromStatus`; the result says whether it did. */
export function updateJobStatus(
  db: Db,
  options: {
    jobId: number;
    fromStatus: JobStatus;
    values: Updateable<JobsTable>;
  },
) {
  return db
    .updateTable('jobs')
    .set(options.values)
    .where('id', '=', options.jobId)
    .where('status', '=', options.fromStatus)
    .executeTakeFirst();
}

export function listJobQuestions(db: Db, jobId: number) {
  return db
    .selectFrom('questions')
    .selectAll()
    .where('job_id', '=', jobId)
    .orderBy('order')
    .execute();
}

export async function insertQuestions(
  db: Db,
  rows: Insertable<QuestionsTable>[],
): Promise<void> {
  await db.insertInto('questions').values(rows).execute();
}
