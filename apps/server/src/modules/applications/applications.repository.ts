import type { Stage, StageFilter } from '@candor/domain';
import { sql, type Insertable, type RawBuilder, type Updateable } from 'kysely';
import type { Db } from '../../db/connection';
import type { Application, ApplicationsTable } from '../../db/schema';
import { STAGE_SQL, filterSql } from './stage-sql';

export type ApplicationRow = Application & { user_rating: number | null };

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
    (SELECT avg(ar.rating)::float8 FROM answer_reviews ar JOIN answers an ON an.id = ar.answer_id
      WHERE an.application_id = a.id AND ar.user_id = ${userId}))`;
}

function searchSql(q: string | undefined): RawBuilder<boolean> {
  if (!q) return sql<boolean>`true`;
  const pattern = `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return sql<boolean>`((a.first_name || ' ' || a.last_name) ILIKE ${pattern} OR a.email ILIKE ${pattern})`;
}

export type ListOptions = {
  jobId: number;
  stage: Stage;
  filter: StageFilter;
  job: { questionCount: number; ratingStyle: number };
  q: string | undefined;
  visibility: Visibility;
  limit: number;
  offset: number;
};

export async function listApplications(
  db: Db,
  options: ListOptions,
): Promise<{ rows: ApplicationRow[]; count: number }> {
  const where = sql<boolean>`a.job_id = ${options.jobId}
    AND ${STAGE_SQL} = ${options.stage}
    AND ${filterSql(options.filter, options.job)}
    AND ${visibleSql(options.visibility)}
    AND ${searchSql(options.q)}`;
  const [rows, total] = await Promise.all([
    db
      .selectFrom('applications as a')
      .selectAll('a')
      .select(userRatingSql(options.visibility.userId).as('user_rating'))
      .where(where)
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(options.limit)
      .offset(options.offset)
      .execute(),
    db
      .selectFrom('applications as a')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where(where)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as ApplicationRow[], count: Number(total.count) };
}

/** Counts of each filter of one stage, and of each stage (archived left out), in two queries. */
export async function countApplications(
  db: Db,
  options: Pick<ListOptions, 'jobId' | 'stage' | 'job' | 'q' | 'visibility'> & {
    filters: readonly StageFilter[];
  },
): Promise<{ filters: Record<string, number>; stages: Record<Stage, number> }> {
  const base = sql<boolean>`a.job_id = ${options.jobId} AND ${visibleSql(options.visibility)} AND ${searchSql(options.q)}`;
  const filterColumns = options.filters.map((filter, index) =>
    sql<number>`count(*) FILTER (WHERE ${filterSql(filter, options.job)})::int`.as(
      `f${index}`,
    ),
  );
  const [filterRow, stageRows] = await Promise.all([
    db
      .selectFrom('applications as a')
      .select(filterColumns)
      .where(sql<boolean>`${base} AND ${STAGE_SQL} = ${options.stage}`)
      .executeTakeFirstOrThrow(),
    sql<{ stage: Stage; count: number }>`
      SELECT ${STAGE_SQL} AS stage, count(*)::int AS count FROM applications a
      WHERE ${base} AND NOT a.archived GROUP BY 1`.execute(db),
  ]);
  const values = filterRow as Record<string, number>;
  const filters = Object.fromEntries(
    options.filters.map((filter, index) => [
      filter,
      Number(values[`f${index}`] ?? 0),
    ]),
  );
  const stages = {
    ToInvite: 0,
    AwaitingResponse: 0,
    Responded: 0,
    Reviewed: 0,
    Outcomes: 0,
  };
  for (const row of stageRows.rows) stages[row.stage] = Number(row.count);
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

export function deleteApplication(db: Db, id: number) {
  return db.deleteFrom('applications').where('id', '=', id).execute();
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

/** The job facts the rules need: question count and rating style. */
export async function findJobFacts(db: Db, jobId: number) {
  const row = await db
    .selectFrom('jobs')
    .select((eb) => [
      'jobs.rating_style',
      'jobs.sjt_assessment',
      eb
        .selectFrom('questions')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('questions.job_id', '=', 'jobs.id')
        .as('question_count'),
    ])
    .where('jobs.id', '=', jobId)
    .executeTakeFirstOrThrow();
  return {
    rating_style: row.rating_style,
    sjt_assessment: row.sjt_assessment,
    question_count: Number(row.question_count ?? 0),
  };
}
