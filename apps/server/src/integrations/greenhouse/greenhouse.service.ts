import { randomBytes, randomUUID } from 'node:crypto';
import {
  GREENHOUSE_CALLS_SHOWN,
  GREENHOUSE_KEY_PREFIX,
  greenhouseApplicationOf,
  greenhouseStatus,
  type GreenhouseConnection,
  type GreenhouseSendTest,
  type GreenhouseTestStatus,
} from '@candor/domain';
import type { AppContext } from '../../app-context';
import type { CompanyCaller } from '../../platform/access/access-rule';
import { findJobAccess } from '../../platform/access/job-access';
import { hashApiKey } from '../../platform/auth/api-key';
import { AppError } from '../../platform/http/errors';
import { insertKeyUser } from '../../modules/api-keys/api-keys.repository';
import {
  RowErrors,
  createApplications,
} from '../../modules/applications/applications.service';
import { inviteApplicant } from '../../modules/invitations/invitations.service';
import {
  deriveIntegrationKey,
  newKeySalt,
  type IntegrationCaller,
} from '../shared/integration-keys';
import {
  findLiveKey,
  insertIntegrationKey,
  listCalls,
  revokeLiveKey,
  updateSendRatings,
} from '../shared/integration-keys.repository';
import {
  claimTest,
  deleteApplication,
  findCompanyJob,
  findTestFor,
  findTestStatus,
  linkTest,
  listPublishedJobs,
  releaseTest,
  wasInvited,
} from './greenhouse.repository';

const PROVIDER = 'greenhouse' as const;
export const NO_SUCH_TEST = 'No test of this company has this partner_test_id.';
export const NO_SUCH_INTERVIEW =
  'No test of this company has this partner_interview_id: it was never sent, or the interviewee was deleted in Candor.';

/** The company's published interviews, as Greenhouse lists tests. */
export async function listTests(ctx: AppContext, caller: IntegrationCaller) {
  const jobs = await listPublishedJobs(ctx.db, caller.company_id);
  return jobs.map((job) => ({
    partner_test_id: String(job.id),
    partner_test_name: job.title,
  }));
}

/**
 * Adds the candidate to the interview and invites them exactly as the company's own
 * invitation does (its template, deadline and reminders). Once per Greenhouse application and
 * interview: a repeated call answers the first call's id and sends nothing.
 */
export async function sendTest(
  ctx: AppContext,
  caller: IntegrationCaller,
  input: GreenhouseSendTest,
): Promise<{ partner_interview_id: string }> {
  const jobId = /^\d{1,9}$/.test(input.partner_test_id)
    ? Number(input.partner_test_id)
    : null;
  const job =
    jobId === null
      ? undefined
      : await findCompanyJob(ctx.db, { companyId: caller.company_id, jobId });
  if (!job) throw new AppError('not_found', NO_SUCH_TEST);
  const greenhouseApplication = greenhouseApplicationOf(
    input.candidate.greenhouse_profile_url,
  );
  if (!greenhouseApplication)
    throw new AppError(
      'bad_request',
      'candidate.greenhouse_profile_url is not a URL.',
    );
  const key = {
    companyId: caller.company_id,
    jobId: job.id,
    greenhouseApplication,
  };
  const earlier = await findTestFor(ctx.db, key);
  if (earlier) return { partner_interview_id: earlier.partner_interview_id };
  if (job.status !== 'Published')
    throw new AppError(
      'conflict',
      job.status === 'Archived'
        ? `“${job.title}” is archived in Candor: unarchive it there before sending it.`
        : `“${job.title}” is not published in Candor yet: publish it there before sending it.`,
    );

  const partnerInterviewId = randomUUID();
  const claimed = await claimTest(ctx.db, {
    ...key,
    partnerInterviewId,
    callbackUrl: input.url ?? null,
  });
  if (!claimed) {
    const winner = await findTestFor(ctx.db, key);
    if (winner) return { partner_interview_id: winner.partner_interview_id };
    throw new AppError('conflict', 'This test is being sent: try again.');
  }
  const access = await findJobAccess(
    ctx.db,
    { ...caller.user, current_company_id: caller.company_id },
    job.id,
  );
  if (!access) {
    await releaseTest(ctx.db, partnerInterviewId);
    throw new AppError('not_found', NO_SUCH_TEST);
  }
  let applicationId: number | null = null;
  try {
    const added = await createApplications(ctx, access, {
      user: {
        first_name: input.candidate.first_name,
        last_name: input.candidate.last_name,
        email: input.candidate.email,
        phone: input.candidate.phone_number ?? '',
      },
    });
    applicationId = added.ids[0] ?? null;
    if (applicationId === null) throw new Error('No interviewee was added.');
    await linkTest(ctx.db, { partnerInterviewId, applicationId });
    await inviteApplicant(ctx, access, applicationId, {});
  } catch (error) {
    // An invitation that went out stands; anything less is undone, so Greenhouse's retry
    // makes a whole one.
    if (applicationId !== null && (await wasInvited(ctx.db, applicationId)))
      return { partner_interview_id: partnerInterviewId };
    if (applicationId !== null) await deleteApplication(ctx.db, applicationId);
    await releaseTest(ctx.db, partnerInterviewId);
    if (error instanceof RowErrors)
      throw new AppError(
        'conflict',
        `${input.candidate.email} is already an interviewee of “${job.title}” in Candor.`,
      );
    throw error;
  }
  return { partner_interview_id: partnerInterviewId };
}

/** The test's status in Greenhouse's words; a deleted interviewee's test is not found. */
export async function testStatus(
  ctx: AppContext,
  caller: IntegrationCaller,
  partnerInterviewId: string,
): Promise<GreenhouseTestStatus> {
  const row = await findTestStatus(ctx.db, {
    companyId: caller.company_id,
    partnerInterviewId,
  });
  if (!row || row.application_id === null)
    throw new AppError('not_found', NO_SUCH_INTERVIEW);
  const iso = (date: Date | null) => (date ? date.toISOString() : null);
  const score =
    caller.send_ratings && row.review_average !== null
      ? Math.round(Number(row.review_average) * 100) / 100
      : null;
  return {
    partner_status: greenhouseStatus(row, new Date()),
    partner_profile_url: `${ctx.config.publicUrl}/interviews/${row.job_id}/interviewee/${row.application_id}`,
    partner_score: score,
    metadata: {
      Interview: row.title,
      'Sent At': iso(row.invited_at),
      'Started At': iso(row.started_at),
      'Completed At': iso(row.responded_at),
      Deadline: iso(row.deadline),
      Reviews: caller.send_ratings ? row.review_count : null,
    },
  };
}

/** The integration as its page shows it. */
export async function readConnection(
  ctx: AppContext,
  companyId: number,
): Promise<GreenhouseConnection> {
  const key = await findLiveKey(ctx.db, { companyId, provider: PROVIDER });
  const calls = await listCalls(ctx.db, {
    companyId,
    provider: PROVIDER,
    limit: GREENHOUSE_CALLS_SHOWN,
  });
  return {
    enabled: key !== undefined,
    prefix: key?.prefix ?? null,
    created_at: key ? key.created_at.toISOString() : null,
    send_ratings: key?.send_ratings ?? false,
    calls: calls.map((call) => ({
      at: call.at.toISOString(),
      endpoint: call.endpoint,
      status: call.status,
    })),
  };
}

/**
 * Turns the integration on, or gives it a new key: the one before stops working at once. The
 * key is derived from the signing secret and a salt, so only its hash and the salt are kept.
 */
export async function createGreenhouseKey(
  ctx: AppContext,
  caller: CompanyCaller,
): Promise<{ key: string }> {
  const salt = newKeySalt();
  const key = deriveIntegrationKey({
    signingSecret: ctx.config.signingSecret,
    salt,
    prefix: GREENHOUSE_KEY_PREFIX,
  });
  await ctx.db.transaction().execute(async (trx) => {
    const previous = await revokeLiveKey(trx, {
      companyId: caller.company.id,
      provider: PROVIDER,
    });
    const user = await insertKeyUser(trx, {
      // Never sent to: `.invalid` is reserved and can never be delivered (RFC 2606).
      email: `greenhouse-${randomBytes(8).toString('hex')}@keys.candor.invalid`,
      name: 'Greenhouse',
      companyId: caller.company.id,
    });
    await insertIntegrationKey(trx, {
      companyId: caller.company.id,
      provider: PROVIDER,
      userId: user.id,
      prefix: key.slice(0, GREENHOUSE_KEY_PREFIX.length + 6),
      secretHash: hashApiKey(key),
      salt,
      sendRatings: previous?.send_ratings ?? false,
      createdBy: caller.user.id,
    });
  });
  return { key };
}

export async function revokeGreenhouseKey(
  ctx: AppContext,
  caller: CompanyCaller,
): Promise<void> {
  const revoked = await revokeLiveKey(ctx.db, {
    companyId: caller.company.id,
    provider: PROVIDER,
  });
  if (!revoked)
    throw new AppError('not_found', 'The Greenhouse integration is not on.');
}

export async function setSendRatings(
  ctx: AppContext,
  options: { caller: CompanyCaller; sendRatings: boolean },
): Promise<GreenhouseConnection> {
  const updated = await updateSendRatings(ctx.db, {
    companyId: options.caller.company.id,
    provider: PROVIDER,
    sendRatings: options.sendRatings,
  });
  if (Number(updated.numUpdatedRows) === 0)
    throw new AppError(
      'conflict',
      'Turn the Greenhouse integration on before choosing what it sends.',
    );
  return readConnection(ctx, options.caller.company.id);
}
