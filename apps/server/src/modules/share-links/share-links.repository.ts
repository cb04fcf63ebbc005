import { sql } from 'kysely';
import type { Db } from '../../db/connection';

const fullName = sql<string>`trim(users.first_name || ' ' || users.last_name)`;

export function insertShareLink(
  db: Db,
  values: {
    keyHash: string;
    companyId: number;
    jobId: number;
    applicationId: number;
    createdBy: number;
    includeRatings: boolean;
    includeComments: boolean;
    email: string | null;
    expiresAt: Date;
  },
) {
  return db
    .insertInto('share_links')
    .values({
      key_hash: values.keyHash,
      company_id: values.companyId,
      job_id: values.jobId,
      application_id: values.applicationId,
      created_by: values.createdBy,
      include_ratings: values.includeRatings,
      include_comments: values.includeComments,
      email: values.email,
      expires_at: values.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** The interviewee's links, newest first, with who made each. */
export function listApplicationShareLinks(
  db: Db,
  options: { applicationId: number; linkId?: number },
) {
  let query = db
    .selectFrom('share_links')
    .leftJoin('users', 'users.id', 'share_links.created_by')
    .select([
      'share_links.id',
      'share_links.created_at',
      'share_links.expires_at',
      'share_links.revoked_at',
      'share_links.email',
      'share_links.include_ratings',
      'share_links.include_comments',
      'share_links.view_count',
      'share_links.last_viewed_at',
    ])
    .select(fullName.as('created_by'))
    .where('share_links.application_id', '=', options.applicationId);
  if (options.linkId !== undefined)
    query = query.where('share_links.id', '=', options.linkId);
  return query
    .orderBy('share_links.created_at', 'desc')
    .orderBy('share_links.id', 'desc')
    .limit(200)
    .execute();
}
export type ShareLinkRow = Awaited<
  ReturnType<typeof listApplicationShareLinks>
>[number];

/** Revokes a link of the interviewee at once; false when it is not theirs or already revoked. */
export async function revokeShareLink(
  db: Db,
  options: { applicationId: number; linkId: number; userId: number },
): Promise<boolean> {
  const result = await db
    .updateTable('share_links')
    .set({ revoked_at: sql`now()`, revoked_by: options.userId })
    .where('id', '=', options.linkId)
    .where('application_id', '=', options.applicationId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export function findShareLinkOfApplication(
  db: Db,
  options: { applicationId: number; linkId: number },
) {
  return db
    .selectFrom('share_links')
    .select(['id', 'revoked_at'])
    .where('id', '=', options.linkId)
    .where('application_id', '=', options.applicationId)
    .executeTakeFirst();
}

/**
 * A link that still works, by the hash of its key, with what its page shows of the job and
 * company. Expired and revoked links are simply not found, like unknown ones.
 */
export function findOpenShareLink(db: Db, keyHash: string) {
  return (
    db
      .selectFrom('share_links')
      .innerJoin(
        'applications',
        'applications.id',
        'share_links.application_id',
      )
      .innerJoin('jobs', 'jobs.id', 'share_links.job_id')
      .innerJoin('companies', 'companies.id', 'share_links.company_id')
      .select([
        'share_links.id',
        'share_links.company_id',
        'share_links.job_id',
        'share_links.application_id',
        'share_links.email',
        'share_links.include_ratings',
        'share_links.include_comments',
        'share_links.expires_at',
        'applications.first_name',
        'applications.last_name',
        'applications.review_average',
        'jobs.title',
        'jobs.rating_min',
        'jobs.rating_scale',
        'companies.name as company_name',
        'companies.shortname as company_shortname',
        'companies.logo_key',
        'companies.logo_updated_at',
      ])
      .where('share_links.key_hash', '=', keyHash)
      .where('share_links.revoked_at', 'is', null)
      .where('share_links.expires_at', '>', sql<Date>`now()`)
      // The application must still be the link's job's: a link never follows it elsewhere.
      .whereRef('applications.job_id', '=', 'share_links.job_id')
      .executeTakeFirst()
  );
}
export type OpenShareLink = NonNullable<
  Awaited<ReturnType<typeof findOpenShareLink>>
>;

export function countShareLinkView(db: Db, linkId: number) {
  return db
    .updateTable('share_links')
    .set({
      view_count: sql`view_count + 1`,
      last_viewed_at: sql`now()`,
    })
    .where('id', '=', linkId)
    .execute();
}

/**
 * Adds a view to the link's 'viewed' entry from the last `windowSeconds`, so a page opened
 * again and again is one line of the feed with a count; false when there is none to add to.
 */
export async function foldRecentViewActivity(
  db: Db,
  options: { linkId: number; applicationId: number; windowSeconds: number },
): Promise<boolean> {
  const result = await db
    .updateTable('activities')
    .set({
      data: sql`jsonb_set(data, '{count}', to_jsonb(coalesce((data->>'count')::int, 1) + 1))`,
    })
    .where('application_id', '=', options.applicationId)
    .where('verb', '=', 'share_link.viewed')
    .where(sql`data -> 'link'`, '=', sql`${String(options.linkId)}::jsonb`)
    .where(
      'created_at',
      '>',
      sql<Date>`now() - make_interval(secs => ${options.windowSeconds})`,
    )
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function countRecentShareCodes(
  db: Db,
  options: { linkId: number; seconds: number },
): Promise<number> {
  const row = await db
    .selectFrom('share_link_codes')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('share_link_id', '=', options.linkId)
    .where(
      'created_at',
      '>',
      sql<Date>`now() - make_interval(secs => ${options.seconds})`,
    )
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function insertShareCode(
  db: Db,
  values: { linkId: number; codeHash: string; expiresAt: Date },
) {
  return db
    .insertInto('share_link_codes')
    .values({
      share_link_id: values.linkId,
      code_hash: values.codeHash,
      expires_at: values.expiresAt,
    })
    .execute();
}

/** The link's newest code while it may still be tried, locked against a parallel guess. */
export function lockLiveShareCode(
  db: Db,
  options: { linkId: number; maxAttempts: number },
) {
  return db
    .selectFrom('share_link_codes')
    .select(['id', 'code_hash', 'attempts'])
    .where('share_link_id', '=', options.linkId)
    .where('used_at', 'is', null)
    .where('attempts', '<', options.maxAttempts)
    .where('expires_at', '>', sql<Date>`now()`)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
}

export function countShareCodeAttempt(db: Db, codeId: number) {
  return db
    .updateTable('share_link_codes')
    .set({ attempts: sql`attempts + 1` })
    .where('id', '=', codeId)
    .returning('attempts')
    .executeTakeFirstOrThrow();
}

export function markShareCodeUsed(db: Db, codeId: number) {
  return db
    .updateTable('share_link_codes')
    .set({ used_at: sql`now()` })
    .where('id', '=', codeId)
    .execute();
}
