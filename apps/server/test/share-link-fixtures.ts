import { randomBytes } from 'node:crypto';
import type { Db } from '../src/db/connection';
import { hashShareKey } from '../src/modules/share-links/share-links.service';

/** A share link made in the database, with the key only its creator would have seen. */
async function createShareLink(
  db: Db,
  options: {
    companyId: number;
    jobId: number;
    applicationId: number;
    createdBy: number;
    email?: string;
  },
) {
  const key = randomBytes(32).toString('base64url');
  const row = await db
    .insertInto('share_links')
    .values({
      key_hash: hashShareKey(key),
      company_id: options.companyId,
      job_id: options.jobId,
      application_id: options.applicationId,
      created_by: options.createdBy,
      include_ratings: true,
      include_comments: true,
      email: options.email ?? null,
      expires_at: new Date(Date.now() + 14 * 86_400_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, key };
}

/** Links of one interviewee: one open to anyone, one limited to an address, one to revoke. */
export async function createShareLinks(
  db: Db,
  options: {
    companyId: number;
    jobId: number;
    applicationId: number;
    createdBy: number;
  },
) {
  return {
    open: await createShareLink(db, options),
    limited: await createShareLink(db, {
      ...options,
      email: 'hiring.manager@example.test',
    }),
    revocable: await createShareLink(db, options),
  };
}
