import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import {
  SHARE_CODE_LENGTH,
  SHARE_CODE_MAX_ATTEMPTS,
  SHARE_CODE_MINUTES,
  SHARE_CODES_PER_HOUR,
  shareAccessExpiry,
  shareLinkExpiry,
  shareLinkState,
  type Locale,
  type ShareLink,
  type shareLinkCreateSchema,
} from '@candor/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/connection';
import type { JobAccess } from '../../platform/access/job-access';
import { AppError, notFound } from '../../platform/http/errors';
import { enqueueEmails } from '../../platform/mail/outbox.repository';
import { signParts, verifySignature } from '../../platform/storage/signing';
import { emit } from '../../platform/events/emit';
import { logoUrl } from '../companies/companies.service';
import { shareCodeEmail } from './share-code-email';
import {
  countRecentShareCodes,
  countShareCodeAttempt,
  countShareLinkView,
  findOpenShareLink,
  findShareLinkOfApplication,
  foldRecentViewActivity,
  insertShareCode,
  insertShareLink,
  listApplicationShareLinks,
  lockLiveShareCode,
  markShareCodeUsed,
  revokeShareLink,
  type OpenShareLink,
  type ShareLinkRow,
} from './share-links.repository';

/** The web page of a share link (apps/web paths.shared). */
export const sharedPageUrl = (publicUrl: string, key: string) =>
  `${publicUrl}/shared/${key}`;

/** Repeated views of one link this close together are one line of the feed, with a count. */
const VIEW_FOLD_SECONDS = 30 * 60;

/** 256 bits: nobody finds a link by trying. Only its hash is stored. */
const newShareKey = () => randomBytes(32).toString('base64url');
export const hashShareKey = (key: string) =>
  createHash('sha256').update(key).digest('hex');

export function toShareLink(row: ShareLinkRow, now = new Date()): ShareLink {
  return {
    id: row.id,
    created_at: row.created_at.toISOString(),
    created_by: row.created_by || null,
    expires_at: row.expires_at.toISOString(),
    revoked_at: row.revoked_at ? row.revoked_at.toISOString() : null,
    state: shareLinkState(row, now),
    email: row.email,
    include_ratings: row.include_ratings,
    include_comments: row.include_comments,
    view_count: row.view_count,
    last_viewed_at: row.last_viewed_at
      ? row.last_viewed_at.toISOString()
      : null,
  };
}

export async function createShareLink(
  ctx: AppContext,
  options: {
    access: JobAccess;
    applicationId: number;
    body: z.output<typeof shareLinkCreateSchema>;
  },
): Promise<{ link: ShareLink; url: string }> {
  const key = newShareKey();
  const { access, applicationId, body } = options;
  const id = await ctx.db.transaction().execute(async (trx) => {
    const row = await insertShareLink(trx, {
      keyHash: hashShareKey(key),
      companyId: access.job.company_id,
      jobId: access.job.id,
      applicationId,
      createdBy: access.userId,
      includeRatings: body.include_ratings,
      includeComments: body.include_comments,
      email: body.email?.toLowerCase() ?? null,
      expiresAt: shareLinkExpiry(new Date(), body.days),
    });
    await emit(trx, {
      companyId: access.job.company_id,
      jobId: access.job.id,
      applicationId,
      userId: access.userId,
      type: 'share_link.created',
      data: { link: row.id, days: body.days },
    });
    return row.id;
  });
  const [row] = await listApplicationShareLinks(ctx.db, {
    applicationId,
    linkId: id,
  });
  if (!row) throw notFound('This link');
  return {
    link: toShareLink(row),
    url: sharedPageUrl(ctx.config.publicUrl, key),
  };
}

/** Revokes at once; revoking a revoked link again changes nothing. */
export async function revokeApplicationShareLink(
  db: Db,
  options: { access: JobAccess; applicationId: number; linkId: number },
): Promise<void> {
  const { access, applicationId, linkId } = options;
  await db.transaction().execute(async (trx) => {
    const link = await findShareLinkOfApplication(trx, {
      applicationId,
      linkId,
    });
    if (!link) throw notFound('This link');
    const revoked = await revokeShareLink(trx, {
      applicationId,
      linkId,
      userId: access.userId,
    });
    if (!revoked) return;
    await emit(trx, {
      companyId: access.job.company_id,
      jobId: access.job.id,
      applicationId,
      userId: access.userId,
      type: 'share_link.revoked',
      data: { link: linkId },
    });
  });
}

/** The link behind a key, or the same 404 for an unknown, expired or revoked one. */
export async function requireOpenShareLink(
  db: Db,
  key: string,
): Promise<OpenShareLink> {
  const link = await findOpenShareLink(db, hashShareKey(key));
  if (!link) throw notFound('This shared page');
  return link;
}

export function sharedCompany(link: OpenShareLink) {
  return {
    name: link.company_name,
    logo: logoUrl({
      shortname: link.company_shortname,
      logo_key: link.logo_key,
      logo_updated_at: link.logo_updated_at,
    }),
  };
}

/** Counts a view and writes it in the job's activity (folded with recent views of the link). */
export async function recordShareLinkView(
  db: Db,
  link: OpenShareLink,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await countShareLinkView(trx, link.id);
    const folded = await foldRecentViewActivity(trx, {
      linkId: link.id,
      applicationId: link.application_id,
      windowSeconds: VIEW_FOLD_SECONDS,
    });
    if (folded) return;
    await emit(trx, {
      companyId: link.company_id,
      jobId: link.job_id,
      applicationId: link.application_id,
      type: 'share_link.viewed',
      data: { link: link.id, count: 1 },
    });
  });
}

// The viewer's proof of a confirmed address: the link's id and an expiry, signed. It opens
// only the link it was made for, and dies with it (an expired or revoked link is not found).
export const SHARE_ACCESS_COOKIE = 'candor_shared';

export function shareAccessToken(
  secret: string,
  link: { id: number; expires_at: Date },
): { value: string; expires: Date } {
  const expires = shareAccessExpiry(new Date(link.expires_at), new Date());
  const seconds = Math.floor(expires.getTime() / 1000);
  const signature = signParts(secret, ['share-view', link.id, seconds]);
  return { value: `${seconds}.${signature}`, expires };
}

export function hasShareAccess(
  secret: string,
  link: { id: number },
  token: string | undefined,
): boolean {
  const [seconds, signature] = (token ?? '').split('.');
  if (!seconds || !signature || !/^\d+$/.test(seconds)) return false;
  if (Number(seconds) * 1000 <= Date.now()) return false;
  return verifySignature(
    secret,
    ['share-view', link.id, Number(seconds)],
    signature,
  );
}

// A code is bound to its link: the same digits sent for another link do not match here.
const hashShareCode = (secret: string, linkId: number, code: string) =>
  createHmac('sha256', secret)
    .update(`share-code\n${linkId}\n${code}`)
    .digest('hex');

/**
 * Sends a code when the address is the one the link is limited to. Another address gets the
 * same reply and no e-mail: the page does not tell a stranger whom the link was meant for.
 */
export async function sendShareCode(
  ctx: AppContext,
  options: { link: OpenShareLink; email: string; locale: Locale },
): Promise<void> {
  const { link } = options;
  if (!link.email)
    throw new AppError('conflict', 'This link needs no confirmation.');
  if (options.email.trim().toLowerCase() !== link.email) return;
  const recent = await countRecentShareCodes(ctx.db, {
    linkId: link.id,
    seconds: 3600,
  });
  if (recent >= SHARE_CODES_PER_HOUR)
    throw new AppError(
      'too_many',
      'Too many codes were asked for this link. Try again in an hour.',
    );
  const code = String(randomInt(10 ** SHARE_CODE_LENGTH)).padStart(
    SHARE_CODE_LENGTH,
    '0',
  );
  const logo = sharedCompany(link).logo;
  await ctx.db.transaction().execute(async (trx) => {
    await insertShareCode(trx, {
      linkId: link.id,
      codeHash: hashShareCode(ctx.config.signingSecret, link.id, code),
      expiresAt: new Date(Date.now() + SHARE_CODE_MINUTES * 60_000),
    });
    await enqueueEmails(trx, [
      shareCodeEmail({
        to: link.email ?? options.email,
        locale: options.locale,
        company: {
          name: link.company_name,
          logoUrl: logo ? `${ctx.config.publicUrl}${logo}` : null,
        },
        code,
      }),
    ]);
  });
}

/**
 * Checks a code against the link's newest live one. A wrong guess is counted (committed even
 * though the reply is an error); after SHARE_CODE_MAX_ATTEMPTS the code is dead.
 */
export async function verifyShareCode(
  ctx: AppContext,
  options: { link: OpenShareLink; code: string },
): Promise<void> {
  const { link } = options;
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const live = await lockLiveShareCode(trx, {
      linkId: link.id,
      maxAttempts: SHARE_CODE_MAX_ATTEMPTS,
    });
    if (!live) return { kind: 'none' as const };
    const given = hashShareCode(
      ctx.config.signingSecret,
      link.id,
      options.code,
    );
    if (given === live.code_hash) {
      await markShareCodeUsed(trx, live.id);
      return { kind: 'ok' as const };
    }
    const { attempts } = await countShareCodeAttempt(trx, live.id);
    return { kind: 'wrong' as const, left: SHARE_CODE_MAX_ATTEMPTS - attempts };
  });
  if (outcome.kind === 'ok') return;
  if (outcome.kind === 'wrong' && outcome.left > 0)
    throw new AppError(
      'bad_request',
      `That code is not right. ${outcome.left} ${outcome.left === 1 ? 'try' : 'tries'} left.`,
      { code: ['That code is not right.'] },
    );
  throw new AppError(
    'bad_request',
    'This code no longer works: ask for a new one.',
    { code: ['This code no longer works: ask for a new one.'] },
  );
}
