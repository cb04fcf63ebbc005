// Reviewer invitations (decision 120): the e-mailed link, and accepting it for one company.
import {
  isLocale,
  type Locale,
  type ReviewerInvitation,
  type ReviewerInvitationAccept,
} from '@candor/domain';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/connection';
import type { Job } from '../../db/schema';
import { hashPassword } from '../../platform/auth/password';
import { assertStrongPassword } from '../../platform/auth/password-policy';
import type { SessionUser } from '../../platform/auth/session';
import { AppError, fieldError, notFound } from '../../platform/http/errors';
import { newToken } from '../../platform/ids';
import { enqueueEmails } from '../../platform/mail/outbox.repository';
import { emit } from '../../platform/events/emit';
import type { RequestOrigin } from '../../platform/http/request-origin';
import { logoUrl } from '../companies/companies.service';
import { reviewerInviteEmail } from './reviewer-invite-email';
import {
  activateCompanyReviewer,
  claimInvite,
  findJobReviewer,
  findLiveInvite,
  insertInvite,
  markReviewerInvited,
  setFirstPassword,
  findInvitedUser,
  findInvitingCompany,
} from './reviewers.repository';
import { hashInviteToken, INVITE_DAYS } from './reviewers.service';

const canSignIn = (user: {
  password_hash: string | null;
  sso_provider: string | null;
}) => user.password_hash !== null || user.sso_provider !== null;

/** Queues the invitation e-mail with a personal link, in the same transaction as its token. */
export async function inviteReviewer(
  ctx: AppContext,
  options: {
    job: Job;
    actor: SessionUser;
    reviewerId: number;
    origin: RequestOrigin;
  },
): Promise<void> {
  const { db } = ctx;
  const row = await findJobReviewer(db, {
    jobId: options.job.id,
    reviewerId: options.reviewerId,
  });
  if (!row) throw notFound('This reviewer');
  if (row.is_account_holder)
    throw new AppError(
      'conflict',
      'The account holder does not need an invitation.',
    );
  const company = await findInvitingCompany(db, options.job.company_id);
  const user = await findInvitedUser(db, row.user_id);
  const hasPassword = canSignIn(user);
  // Someone with an account reads it in the language they chose; a new person in the inviter's.
  const locale: Locale =
    hasPassword && isLocale(user.locale)
      ? user.locale
      : isLocale(options.actor.locale)
        ? options.actor.locale
        : 'en-gb';
  const logo = logoUrl(company);
  const token = newToken();
  await db.transaction().execute(async (trx) => {
    await insertInvite(trx, {
      tokenHash: hashInviteToken(token),
      reviewerId: row.id,
      userId: row.user_id,
      expiresAt: new Date(Date.now() + INVITE_DAYS * 24 * 3600 * 1000),
    });
    await enqueueEmails(trx, [
      reviewerInviteEmail({
        to: user.email,
        locale,
        firstName: row.first_name,
        inviterName:
          `${options.actor.first_name} ${options.actor.last_name}`.trim(),
        company: {
          name: company.name,
          logoUrl: logo ? `${ctx.config.publicUrl}${logo}` : null,
        },
        jobTitle: options.job.title,
        link: `${ctx.config.publicUrl}/reviewer-invite/${token}`,
        hasPassword,
      }),
    ]);
    await markReviewerInvited(trx, row.id);
    await emit(trx, {
      companyId: options.job.company_id,
      jobId: options.job.id,
      userId: options.actor.id,
      origin: options.origin,
      type: 'reviewer.invited',
      data: {
        name: `${row.first_name} ${row.last_name}`.trim(),
        title: options.job.title,
      },
    });
  });
}

type LiveInvite = NonNullable<Awaited<ReturnType<typeof findLiveInvite>>>;

async function requireLiveInvite(db: Db, token: string): Promise<LiveInvite> {
  const invite = await findLiveInvite(db, hashInviteToken(token));
  if (!invite) throw notFound('This invitation');
  return invite;
}

/** What the invitation page shows to whoever holds the link. */
export async function readInvitation(
  db: Db,
  options: { token: string; caller: SessionUser | null },
): Promise<ReviewerInvitation> {
  const invite = await requireLiveInvite(db, options.token);
  return {
    email: invite.email,
    first_name: invite.first_name,
    company_name: invite.company_name,
    job_title: invite.job_title,
    has_password: canSignIn(invite),
    signed_in_as_invitee: options.caller?.id === invite.user_id,
  };
}

/**
 * Accepts an invitation for this company only (decision 120). An account that cannot sign in
 * yet gets its first password here, from the link sent to its own address; an account that can
 * is accepted only by its owner, signed in: the link never sets or replaces its password.
 * `startSession`: the person just chose their password and is signed in by the route.
 */
export async function acceptInvitation(
  db: Db,
  options: {
    token: string;
    caller: SessionUser | null;
    input: ReviewerInvitationAccept;
  },
): Promise<{ userId: number; jobId: number; startSession: boolean }> {
  const invite = await requireLiveInvite(db, options.token);
  const hasPassword = canSignIn(invite);
  if (hasPassword && options.caller?.id !== invite.user_id) {
    throw new AppError(
      'conflict',
      `Sign in as ${invite.email} to accept this invitation.`,
    );
  }
  let passwordHash: string | null = null;
  if (!hasPassword) {
    const { password } = options.input;
    if (!password) throw fieldError('password', 'Choose a password');
    assertStrongPassword(password, {
      personal: [
        invite.email,
        invite.first_name,
        invite.last_name,
        invite.company_name,
      ],
    });
    passwordHash = await hashPassword(password);
  }
  await db.transaction().execute(async (trx) => {
    if (!(await claimInvite(trx, invite.token_hash)))
      throw notFound('This invitation');
    if (
      passwordHash !== null &&
      !(await setFirstPassword(trx, {
        userId: invite.user_id,
        passwordHash,
      }))
    ) {
      // A password was set meanwhile (another link, a reset): its owner signs in instead.
      throw new AppError(
        'conflict',
        `Sign in as ${invite.email} to accept this invitation.`,
      );
    }
    await activateCompanyReviewer(trx, {
      userId: invite.user_id,
      companyId: invite.company_id,
    });
  });
  return {
    userId: invite.user_id,
    jobId: invite.job_id,
    startSession: passwordHash !== null,
  };
}
