import { randomUUID } from 'node:crypto';
import { REVIEWER_APPLICANTS } from '@candor/domain';
import { startTake } from '../../src/modules/interviewee/answer-takes.service';
import { hashInviteToken } from '../../src/modules/reviewers/reviewers.service';
import { issueAccountToken } from '../../src/platform/auth/account-tokens';
import { hashPassword } from '../../src/platform/auth/password';
import { newToken } from '../../src/platform/ids';
import {
  createApplication,
  createCompany,
  createJob,
  createUser,
} from '../factories';
import {
  createJobReviewer,
  createReviewableJob,
  signedInClient,
} from '../reviewing-fixtures';
import { createShareLinks } from '../share-link-fixtures';
import { insertKey } from '../api-key-fixtures';
import { createGreenhouseKey } from '../../src/integrations/greenhouse/greenhouse.service';
import { createTeamInvitation, createTeammate } from '../team-fixtures';
import { createWebhookFixtures } from '../webhook-fixtures';
import type { TestApp } from '../test-app';
import type { TestClient } from '../test-client';

/**
 * Text that only company A's people may ever read: it is put in A's applicants, comments and
 * reviewer notes, and a reply to anyone else that contains it is a leak.
 */
export const PRIVATE_MARKER = 'zqx7private';
/** In company A's job title: private too, except on the routes that publish a job. */
export const JOB_MARKER = 'zqx7jobtitle';

export type Role =
  | 'anonymous'
  | 'otherCompany'
  | 'reviewerNoGrant'
  | 'reviewerWithGrant'
  | 'interviewee'
  | 'owner';
export const ROLES: readonly Role[] = [
  'anonymous',
  'otherCompany',
  'reviewerNoGrant',
  'reviewerWithGrant',
  'interviewee',
  'owner',
];

/**
 * Two companies with everything the API serves: company A is the target, company B's user and
 * a reviewer of B's job are the outsiders, and one reviewer has a full grant on A's job.
 */
export async function buildWorld(t: TestApp) {
  const { db } = t;
  const a = await createReviewableJob(db);
  const b = await createReviewableJob(db);
  await db
    .updateTable('companies')
    .set({ shortname: `acme-${randomUUID().slice(0, 8)}` })
    .where('id', '=', a.company.id)
    .execute();
  const companyA = await db
    .selectFrom('companies')
    .selectAll()
    .where('id', '=', a.company.id)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('jobs')
    .set({ title: `Engineer ${JOB_MARKER}` })
    .where('id', '=', a.job.id)
    .execute();
  for (const [index, application] of a.applications.entries()) {
    await db
      .updateTable('applications')
      .set({
        first_name: `Ada${index}${PRIVATE_MARKER}`,
        email: `ada${index}.${PRIVATE_MARKER}@example.test`,
        // The text messages' stop link names an interviewee with a phone.
        phone: `+4479111234${50 + index}`,
      })
      .where('id', '=', application.id)
      .execute();
  }
  const [a1, a2] = a.applications;
  const owner = a.owner;
  const grant = await createJobReviewer(db, a.job.id, {
    applicants: REVIEWER_APPLICANTS.all,
    all_reviews: true,
    rating: 1,
  });
  const noGrant = await createJobReviewer(db, b.job.id, {
    applicants: REVIEWER_APPLICANTS.all,
    all_reviews: true,
    rating: 1,
  });
  // A reviewer of A's job that the owner may remove, and one invited who has not yet accepted.
  const removable = await createJobReviewer(db, a.job.id, {
    applicants: REVIEWER_APPLICANTS.chosen,
    all_reviews: false,
    rating: 0,
    assigned: [a1.id],
  });
  const invitedUser = await createUser(db);
  // Invited by e-mail and not yet signed up: accepting the invitation sets the password.
  await db
    .updateTable('users')
    .set({ password_hash: null })
    .where('id', '=', invitedUser.id)
    .execute();
  const invited = await db
    .insertInto('reviewers')
    .values({ job_id: a.job.id, user_id: invitedUser.id, account_status: 0 })
    .returningAll()
    .executeTakeFirstOrThrow();
  const reviewerInviteToken = newToken();
  await db
    .insertInto('reviewer_invites')
    .values({
      token_hash: hashInviteToken(reviewerInviteToken),
      reviewer_id: invited.id,
      user_id: invitedUser.id,
      expires_at: new Date(Date.now() + 86_400_000),
    })
    .execute();

  // An account's e-mail change waiting for its link (POST /api/confirm-email/{token}).
  const mover = await createUser(db);
  const emailChangeToken = await issueAccountToken(db, {
    purpose: 'email_change',
    userId: mover.id,
    email: 'moved-away@example.test',
  });

  // Reviewing data by the owner on A's first applicant.
  const review = await db
    .insertInto('reviews')
    .values({ application_id: a1.id, user_id: owner.id, rating: 4 })
    .returningAll()
    .executeTakeFirstOrThrow();
  const answerReview = await db
    .insertInto('answer_reviews')
    .values({ answer_id: a1.answers[0].id, user_id: owner.id, rating: 3 })
    .returningAll()
    .executeTakeFirstOrThrow();
  // A job reviewed with the STAR matrix, whose reviewed interviewee may read feedback.
  await db
    .updateTable('companies')
    .set({ feedback_enabled: true })
    .where('id', '=', a.company.id)
    .execute();
  const matrixJob = await createJob(db, {
    company_id: a.company.id,
    created_by: owner.id,
    status: 'Published',
    rating_style: 2,
    title: `Matrix ${JOB_MARKER}`,
  });
  const matrixQuestion = await db
    .insertInto('questions')
    .values({
      job_id: matrixJob.id,
      text: 'How do you plan?',
      order: 0,
      thinking_time: 30,
      time_limit: 120,
      competency: 1,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const m1 = await createApplication(db, {
    job_id: matrixJob.id,
    invited_at: new Date(),
    responded_at: new Date(),
    reviewed_at: new Date(),
    answer_count: 1,
  });
  await db
    .insertInto('answers')
    .values({
      application_id: m1.id,
      question_id: matrixQuestion.id,
      question_text: matrixQuestion.text,
      order: 0,
      status: 'ready',
    })
    .execute();
  await db
    .insertInto('reviewers')
    .values([
      {
        job_id: matrixJob.id,
        user_id: owner.id,
        is_account_holder: true,
        account_status: 1,
      },
      {
        job_id: matrixJob.id,
        user_id: grant.user.id,
        account_status: 1,
        applicants: REVIEWER_APPLICANTS.all,
        all_reviews: true,
        rating: 1,
      },
    ])
    .execute();
  const matrixReview = await db
    .insertInto('matrix_reviews')
    .values({
      application_id: m1.id,
      user_id: owner.id,
      question_id: matrixQuestion.id,
      competency: 1,
      indicator: 1,
      level: 0,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const comment = await db
    .insertInto('comments')
    .values({
      application_id: a1.id,
      user_id: owner.id,
      comment: `Strong answer ${PRIVATE_MARKER}`,
      is_feedback: true,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const reviewComment = await db
    .insertInto('review_comments')
    .values({
      application_id: a1.id,
      question_id: a.questions[0].id,
      reviewer_user_id: owner.id,
      comment: `Clear and calm ${PRIVATE_MARKER}`,
    })
    .returningAll()
    .executeTakeFirstOrThrow();

  // Things the owner's calls may use up: a question, an applicant, a job, a video.
  const spareQuestion = await db
    .insertInto('questions')
    .values({
      job_id: a.job.id,
      text: 'A spare question?',
      order: 2,
      thinking_time: 30,
      time_limit: 120,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const spareApplication = await createApplication(db, {
    job_id: a.job.id,
    email: `spare.${PRIVATE_MARKER}@example.test`,
  });
  // An invited interviewee of A's job who has not answered: the interviewee routes use it.
  const invitee = await createApplication(db, {
    job_id: a.job.id,
    invited_at: new Date(),
    deadline: new Date(Date.now() + 7 * 86_400_000),
    email: `invitee.${PRIVATE_MARKER}@example.test`,
  });
  // Its invitation bounced: the only kind of applicant the owner may delete.
  const undeliverable = await createApplication(db, {
    job_id: a.job.id,
    invitation_failed: true,
  });
  const decliner = await createApplication(db, {
    job_id: a.job.id,
    invited_at: new Date(),
    deadline: new Date(Date.now() + 7 * 86_400_000),
  });
  const spareJob = await createJob(db, {
    company_id: a.company.id,
    created_by: owner.id,
    title: `Spare ${JOB_MARKER}`,
  });
  await db
    .insertInto('reviewers')
    .values({ job_id: spareJob.id, user_id: grant.user.id, account_status: 1 })
    .execute();
  const [video, spareVideo] = await db
    .insertInto('videos')
    .values([
      { company_id: a.company.id, uuid: randomUUID(), description: 'Welcome' },
      { company_id: a.company.id, uuid: randomUUID(), description: 'Spare' },
    ])
    .returningAll()
    .execute();
  if (!video || !spareVideo) throw new Error('The videos were not created.');
  const attachmentKey = `attachments/${randomUUID()}/brief.pdf`;
  await t.ctx.storage.put(
    attachmentKey,
    Buffer.from('%PDF-1.4 brief'),
    'application/pdf',
  );
  const attachment = await db
    .insertInto('attachments')
    .values({
      job_id: a.job.id,
      filename: 'brief.pdf',
      content_type: 'application/pdf',
      size: 14,
      storage_key: attachmentKey,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const fileUrl = await t.ctx.storage.downloadUrl(attachmentKey);
  const upload = await t.ctx.storage.uploadUrl(
    `uploads-probe/${randomUUID()}.bin`,
    {
      contentType: 'application/octet-stream',
      maxBytes: 1000,
    },
  );
  // A take of the invitee's second question, whose upload the anonymous caller holds.
  const questionB = a.questions[1];
  if (!questionB) throw new Error('Job A has one question.');
  const { take: uploadTake } = await startTake(t.ctx, {
    application: { id: invitee.id, company_id: a.company.id },
    question: questionB,
    contentType: 'video/webm',
    extension: 'webm',
    maxBytes: 10_000,
    quotaBytes: 100_000,
    previousKey: null,
  });
  const other = await createCompany(db);
  // Account links the anonymous caller holds: a sign-up to confirm, a password to reset.
  const signupToken = await issueAccountToken(db, {
    purpose: 'signup',
    email: 'newcomer@example.test',
    data: {
      company_name: 'Newcomer Ltd',
      full_name: 'New Comer',
      password_hash: await hashPassword('unused-world-passphrase'),
      locale: 'en-gb',
    },
  });
  const resetUser = await createUser(db);
  const resetToken = await issueAccountToken(db, {
    purpose: 'password_reset',
    email: resetUser.email,
    userId: resetUser.id,
  });
  // A's team: a member whose role the owner changes, one the owner removes, and an invited
  // person whose join link the anonymous caller holds.
  const teammate = await createTeammate(db, a.company.id);
  const leavingTeammate = await createTeammate(db, a.company.id);
  // The API-key column's callers (api-key-callers.ts), and a key of A its owner may revoke.
  const keyOfA = (scope: 'read' | 'write', name: string) =>
    insertKey(t, { companyId: a.company.id, adminId: owner.id, scope, name });
  const apiKeys = {
    readA: await keyOfA('read', 'Read'),
    writeA: await keyOfA('write', 'Write'),
    spareA: await keyOfA('read', 'Spare'),
    writeB: await insertKey(t, {
      companyId: b.company.id,
      adminId: b.owner.id,
      scope: 'write',
      name: 'B',
    }),
  };
  // The key company A handed to Greenhouse (the partner endpoints' holder).
  const greenhouseKeyA = (
    await createGreenhouseKey(t.ctx, {
      user: { ...owner, current_company_id: a.company.id },
      company: a.company,
      role: 'admin',
    })
  ).key;
  // A's webhook endpoints: one kept with a delivery in its log, one the owner deletes.
  const webhooks = await createWebhookFixtures(db, a.company.id);
  // A's claimed domain, never verified: the world's DNS answers nothing.
  const pendingDomain = await db
    .insertInto('company_domains')
    .values({
      company_id: a.company.id,
      domain: 'pending.access.example',
      token: 'world-token',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const teamInvitation = await createTeamInvitation(db, {
    companyId: a.company.id,
    invitedBy: owner.id,
  });
  // Share links of A's first interviewee, whose keys the anonymous caller holds.
  const shareLinks = await createShareLinks(db, {
    companyId: a.company.id,
    jobId: a.job.id,
    applicationId: a1.id,
    createdBy: owner.id,
  });

  const emails: Record<Role, string> = {
    anonymous: 'nobody@example.test',
    interviewee: 'nobody@example.test',
    otherCompany: b.owner.email,
    reviewerNoGrant: noGrant.user.email,
    reviewerWithGrant: grant.user.email,
    owner: owner.email,
  };
  return {
    emails,
    companyA,
    jobA: a.job,
    questionsA: a.questions,
    a1,
    a2,
    owner,
    grant,
    noGrant,
    removable,
    reviewerInviteToken,
    emailChangeToken,
    review,
    answerReview,
    matrixReview,
    comment,
    reviewComment,
    spareQuestion,
    spareApplication,
    invitee,
    decliner,
    undeliverable,
    matrixJob,
    matrixQuestion,
    m1,
    spareJob,
    video,
    spareVideo,
    attachment,
    attachmentKey,
    fileUrl,
    uploadUrl: upload.url,
    uploadTake,
    companyB: b.company,
    jobB: b.job,
    b1: b.applications[0],
    ownerB: b.owner,
    /** A company the owner does not belong to (for switching company). */
    strangerCompany: other,
    signupToken,
    resetToken,
    teammate,
    leavingTeammate,
    teamInvitation,
    shareLinks,
    apiKeys,
    greenhouseKeyA,
    webhooks,
    domains: { pendingA: pendingDomain.id },
  };
}
export type World = Awaited<ReturnType<typeof buildWorld>>;

/** One signed-in client per role; the interviewee and anonymous callers have no session. */
export async function roleClients(
  t: TestApp,
  w: World,
): Promise<Record<Role, TestClient>> {
  return {
    anonymous: t.client(),
    interviewee: t.client(),
    otherCompany: await signedInClient(t, w.ownerB.id),
    reviewerNoGrant: await signedInClient(t, w.noGrant.user.id),
    reviewerWithGrant: await signedInClient(t, w.grant.user.id),
    owner: await signedInClient(t, w.owner.id),
  };
}
