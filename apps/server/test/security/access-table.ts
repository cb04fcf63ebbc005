import { multipartBody } from '../multipart';
import { accountsAccessRows } from './access-rows-accounts';
import { signupAccessRows } from './access-rows-signup';
import { shareLinkAccessRows } from './access-rows-share-links';
import { apiKeyAccessRows } from './access-rows-api-keys';
import { auditLogAccessRows } from './access-rows-audit-log';
import { domainAccessRows } from './access-rows-domains';
import { webhookAccessRows } from './access-rows-webhooks';
import { greenhouseAccessRows } from './access-rows-greenhouse';
import { teamAccessRows } from './access-rows-team';
import { remindersAccessRows } from './access-rows-reminders';
import { smsAccessRows } from './access-rows-sms';
import {
  app1,
  app2,
  company,
  companyByName,
  emailOf,
  everyone,
  holderOnly,
  job,
  manage,
  OK,
  own,
  ownCompany,
  review,
  UNKNOWN_TOKEN,
  type AccessRow,
} from './access-outcomes';
import type { World } from './world';

export type { AccessRow, Expect, Outcome } from './access-outcomes';

/**
 * Every route of the server and who may call it. The order matters: rows that use something
 * up (delete, archive, decline) run after the rows that need it.
 */
export const ACCESS_TABLE: readonly AccessRow[] = [
  // Sign-in and session.
  { route: 'GET /login/ajax', path: () => '/login/ajax', ...everyone(OK) },
  {
    route: 'POST /login/ajax',
    path: () => '/login/ajax',
    body: () => ({
      username: 'nobody@example.test',
      password: 'wrong-password',
    }),
    ...everyone([400]),
    note: 'wrong credentials on purpose: sign-in itself is proven in auth.test.ts',
  },
  {
    route: 'POST /check-provider/ajax',
    path: () => '/check-provider/ajax',
    body: () => ({ username: 'nobody@example.test' }),
    ...everyone(OK),
  },
  { route: 'GET /api/user', path: () => '/api/user', ...own },
  { route: 'GET /api/account', path: () => '/api/account', ...own },
  {
    route: 'POST /api/account',
    path: () => '/api/account',
    // Each caller resubmits their own account form.
    body: (w, role) => ({
      first_name: 'Same',
      last_name: 'Person',
      email: w.emails[role],
      locale: 'en-gb',
      notify_new_responses: true,
      notify_daily_summary: false,
      new_password: '',
    }),
    ...own,
  },
  { route: 'GET /api/companies', path: () => '/api/companies', ...own },
  {
    route: 'POST /company/change/:id',
    path: (w) => `/company/change/${w.companyA.id}`,
    anonymous: [401],
    otherCompany: [404],
    reviewerNoGrant: [404],
    reviewerWithGrant: [404],
    owner: OK,
  },
  { route: 'GET /api/settings', path: () => '/api/settings', ...ownCompany },
  {
    route: 'POST /api/settings',
    path: () => '/api/settings',
    // Company A becomes 'Company of owner': the e-mail template rows send it as the sender.
    body: (_w, role) => ({
      name: `Company of ${role}`,
      support_email: '',
      account_message: '',
      account_message_style: 0,
    }),
    ...ownCompany,
  },
  {
    route: 'GET /media/logo/:shortname',
    path: (w) => `/media/logo/${w.companyA.shortname}`,
    ...everyone([404]),
    note: 'company A has no logo',
  },
  {
    route: 'GET /api/constants',
    path: () => '/api/constants',
    ...everyone(OK),
  },
  { route: 'GET /api/competencies', path: () => '/api/competencies', ...own },
  { route: 'GET /api/questions', path: () => '/api/questions', ...own },
  { route: 'GET /api/jobs', path: () => `/api/jobs?q=${'zqx7'}`, ...own },
  {
    route: 'GET /api/applications',
    path: () => '/api/applications?q=zqx7private',
    ...own,
  },
  {
    route: 'GET /api/activities',
    path: () => '/api/activities',
    ...ownCompany,
  },
  { route: 'GET /api/reviewers', path: () => '/api/reviewers', ...ownCompany },
  // The development mailbox (never registered in production, see docs/security.md): each
  // company user sees only the mail of their current company.
  { route: 'GET /api/dev/mail', path: () => '/api/dev/mail', ...ownCompany },
  {
    route: 'GET /api/dev/mail/:name',
    path: () => '/api/dev/mail/0001.eml',
    ...ownCompany,
    otherCompany: [404],
    owner: [404],
    note: 'no e-mail has that name',
  },

  // The interviewee's side: the token is the key.
  {
    route: 'GET /i/:shortcode',
    path: (w) => `/i/${w.invitee.shortcode}`,
    wrongPath: () => '/i/nosuchcode',
    ...holderOnly(OK),
  },
  {
    route: 'GET /api/interviewee/:token',
    path: (w) => `/api/interviewee/${w.invitee.token}`,
    wrongPath: () => `/api/interviewee/${UNKNOWN_TOKEN}`,
    ...holderOnly(OK),
  },
  {
    route: 'POST /api/interviewee/:token/consent',
    path: (w) => `/api/interviewee/${w.invitee.token}/consent`,
    wrongPath: () => `/api/interviewee/${UNKNOWN_TOKEN}/consent`,
    body: () => ({ consent: true }),
    ...holderOnly(OK),
  },
  {
    route: 'GET /api/interviewee/:token/questions/:question',
    path: (w) =>
      `/api/interviewee/${w.invitee.token}/questions/${w.questionsA[0].id}`,
    wrongPath: (w) =>
      `/api/interviewee/${w.b1.token}/questions/${w.questionsA[0].id}`,
    ...holderOnly(OK),
  },
  {
    route: 'GET /api/interviewee/:token/questions/:question/audio',
    path: (w) =>
      `/api/interviewee/${w.invitee.token}/questions/${w.questionsA[0].id}/audio`,
    wrongPath: (w) =>
      `/api/interviewee/${w.b1.token}/questions/${w.questionsA[0].id}/audio`,
    ...holderOnly(OK),
  },
  {
    route: 'POST /api/interviewee/:token/questions/:question/answer',
    path: (w) =>
      `/api/interviewee/${w.invitee.token}/questions/${w.questionsA[0].id}/answer`,
    wrongPath: (w) =>
      `/api/interviewee/${w.b1.token}/questions/${w.questionsA[0].id}/answer`,
    body: () => ({ content_type: 'video/webm', size: 1000 }),
    ...holderOnly(OK),
  },
  {
    route: 'POST /api/interviewee/:token/questions/:question/answer/complete',
    path: (w) =>
      `/api/interviewee/${w.invitee.token}/questions/${w.questionsA[0].id}/answer/complete`,
    wrongPath: (w) =>
      `/api/interviewee/${w.b1.token}/questions/${w.questionsA[0].id}/answer/complete`,
    ...holderOnly([409]),
    note: 'the holder has not uploaded the recording',
  },
  {
    route: 'PUT /api/interviewee/:token/questions/:question/response',
    path: (w) =>
      `/api/interviewee/${w.invitee.token}/questions/${w.questionsA[0].id}/response`,
    wrongPath: (w) =>
      `/api/interviewee/${w.b1.token}/questions/${w.questionsA[0].id}/response`,
    body: () => ({ text: 'An answer' }),
    ...holderOnly([400]),
    note: 'a recorded question takes no typed answer: typed answers are in typed-answers.test.ts',
  },
  {
    route: 'POST /api/interviewee/:token/decline',
    path: (w) => `/api/interviewee/${w.decliner.token}/decline`,
    wrongPath: () => `/api/interviewee/${UNKNOWN_TOKEN}/decline`,
    body: () => ({ reason: 'Found another role' }),
    ...holderOnly(OK),
  },
  {
    route: 'PUT /api/interviewee/:token/survey',
    path: (w) => `/api/interviewee/${w.invitee.token}/survey`,
    wrongPath: () => `/api/interviewee/${UNKNOWN_TOKEN}/survey`,
    body: () => ({}),
    ...holderOnly([409]),
    note: 'company A does not ask the survey: its rules are in fairness.test.ts',
  },
  {
    route: 'PUT /api/interviewee/:token/satisfaction',
    path: (w) => `/api/interviewee/${w.invitee.token}/satisfaction`,
    wrongPath: () => `/api/interviewee/${UNKNOWN_TOKEN}/satisfaction`,
    body: () => ({ rating: 4 }),
    ...holderOnly([409]),
    note: 'the invitee has not submitted: the rules after submission are in satisfaction.test.ts',
  },
  {
    route: 'GET /api/feedback/:job/:token',
    path: (w) => `/api/feedback/${w.matrixJob.id}/${w.m1.token}`,
    wrongPath: (w) => `/api/feedback/${w.matrixJob.id}/${w.b1.token}`,
    ...holderOnly(OK),
  },
  {
    route: 'GET /api/public/jobs/:shortcode',
    path: (w) => `/api/public/jobs/${w.jobA.shortcode}`,
    publishesJob: true,
    ...everyone(OK),
  },
  {
    route: 'POST /api/public/jobs/:shortcode/apply',
    path: (w) => `/api/public/jobs/${w.jobA.shortcode}/apply`,
    body: (_w, role) => ({
      first_name: 'Public',
      last_name: 'Applicant',
      email: emailOf(role),
      consent: true,
    }),
    ...everyone(OK),
  },

  // A take's resumable upload (tus): the take's secret id is in the metadata or the URL.
  {
    route: 'POST /api/uploads/answers',
    path: () => '/api/uploads/answers',
    headers: (w, holder) => ({
      'tus-resumable': '1.0.0',
      'upload-defer-length': '1',
      'upload-metadata': `take ${Buffer.from(holder ? w.uploadTake : UNKNOWN_TOKEN).toString('base64')}`,
    }),
    ...holderOnly(OK),
  },
  {
    route: 'PATCH /api/uploads/answers/:take',
    path: (w) => `/api/uploads/answers/${w.uploadTake}`,
    wrongPath: () => `/api/uploads/answers/${UNKNOWN_TOKEN}`,
    body: () => Buffer.from('recording bytes'),
    headers: () => ({
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    }),
    ...holderOnly(OK),
  },
  {
    route: 'DELETE /api/uploads/answers/:take',
    path: (w) => `/api/uploads/answers/${w.uploadTake}`,
    wrongPath: () => `/api/uploads/answers/${UNKNOWN_TOKEN}`,
    headers: () => ({ 'tus-resumable': '1.0.0' }),
    ...holderOnly(OK),
  },

  // Signed files.
  {
    route: 'GET /files/*',
    path: (w) => w.fileUrl,
    wrongPath: (w) => w.fileUrl.replace(/signature=[^&]+/, 'signature=forged'),
    ...holderOnly(OK, [403]),
  },
  {
    route: 'PUT /uploads/*',
    path: (w) => w.uploadUrl,
    wrongPath: (w) =>
      w.uploadUrl.replace(/signature=[^&]+/, 'signature=forged'),
    body: () => Buffer.from('recording bytes'),
    ...holderOnly(OK, [403]),
  },

  // Company A's video library, e-mail templates, stats and marketplace, by shortname.
  {
    route: 'GET /api/companies/:shortname/videos',
    path: (w) => `${company(w)}/videos`,
    ...companyByName,
  },
  {
    route: 'GET /api/companies/:shortname/videos/categories',
    path: (w) => `${company(w)}/videos/categories`,
    ...companyByName,
  },
  {
    route: 'POST /api/companies/:shortname/videos',
    path: (w) => `${company(w)}/videos`,
    body: () => ({ filename: 'intro.webm', description: 'Intro' }),
    ...companyByName,
  },
  {
    route: 'POST /api/companies/:shortname/videos/generate_signature',
    path: (w) => `${company(w)}/videos/generate_signature`,
    body: (w) => ({ id: w.video.id, content_type: 'video/webm', size: 1000 }),
    ...companyByName,
  },
  {
    route: 'GET /api/companies/:shortname/videos/:id',
    path: (w) => `${company(w)}/videos/${w.video.id}`,
    ...companyByName,
  },
  {
    route: 'PATCH /api/companies/:shortname/videos/:id',
    path: (w) => `${company(w)}/videos/${w.video.id}`,
    body: () => ({ description: 'Welcome video' }),
    ...companyByName,
  },
  {
    route: 'POST /api/companies/:shortname/videos/:id/uploaded',
    path: (w) => `${company(w)}/videos/${w.video.id}/uploaded`,
    ...companyByName,
    owner: [400],
    note: 'no file was uploaded for the video',
  },
  {
    route: 'POST /api/companies/:shortname/videos/:id/reset',
    path: (w) => `${company(w)}/videos/${w.video.id}/reset`,
    ...companyByName,
  },
  {
    route: 'DELETE /api/companies/:shortname/videos/:id',
    path: (w) => `${company(w)}/videos/${w.spareVideo.id}`,
    ...companyByName,
  },
  ...(['invitation', 'completion', 'rejection'] as const).flatMap((type) => [
    {
      route: `GET /api/companies/:shortname/${type}-email` as const,
      path: (w: World) => `${company(w)}/${type}-email`,
      ...companyByName,
    },
    {
      route: `PUT /api/companies/:shortname/${type}-email` as const,
      path: (w: World) => `${company(w)}/${type}-email`,
      body: () => ({
        subject: 'Hello',
        body_text: 'Dear {first_name}',
        from_name: 'Company of owner',
        reply_to_email: '',
      }),
      ...companyByName,
    },
  ]),
  {
    route: 'POST /api/companies/:shortname/email-preview',
    path: (w) => `${company(w)}/email-preview`,
    body: () => ({ type: 'invitation', body_text: 'Dear {first_name}' }),
    ...companyByName,
  },
  {
    route: 'GET /api/companies/:shortname/stats',
    path: (w) => `${company(w)}/stats`,
    ...companyByName,
  },
  {
    route: 'GET /api/companies/:shortname/export',
    path: (w) => `${company(w)}/export`,
    ...companyByName,
  },
  {
    route: 'GET /api/marketplace/settings',
    path: () => '/api/marketplace/settings',
    ...ownCompany,
  },
  {
    route: 'POST /api/marketplace/settings',
    path: () => '/api/marketplace/settings',
    body: (_w, role) => ({ marketplace_brand: `brand-${role.toLowerCase()}` }),
    ...ownCompany,
  },
  {
    route: 'GET /api/marketplace/jobs',
    path: () => '/api/marketplace/jobs',
    ...ownCompany,
  },
  {
    route: 'GET /api/companies/:shortname/marketplace',
    path: (w) => `${company(w)}/marketplace`,
    ...everyone(OK),
    note: 'public: lists only the jobs the company made public (none of A’s here)',
  },
  {
    route: 'GET /media/marketplace/:jobId',
    path: (w) => `/media/marketplace/${w.jobA.id}`,
    ...everyone([404]),
    note: 'job A has no marketplace image',
  },
  {
    route: 'GET /media/marketplace-stock/:file',
    path: () => '/media/marketplace-stock/office.svg',
    ...everyone(OK),
  },

  // One job of company A.
  {
    route: 'POST /api/jobs',
    path: () => '/api/jobs',
    body: (w) => ({ title: 'New interview', company: w.companyA.shortname }),
    anonymous: [401],
    otherCompany: [400],
    reviewerNoGrant: [403],
    reviewerWithGrant: [403],
    owner: OK,
  },
  { route: 'GET /api/jobs/:id', path: job, ...review },
  {
    route: 'PATCH /api/jobs/:id',
    path: job,
    body: () => ({ description: 'Updated description' }),
    ...manage,
  },
  {
    route: 'POST /api/jobs/:id/publish',
    path: (w) => `${job(w)}/publish`,
    ...manage,
    owner: [409],
    note: 'job A is already published',
  },
  {
    route: 'GET /api/jobs/:id/edit-facts',
    path: (w) => `${job(w)}/edit-facts`,
    ...manage,
  },
  {
    route: 'GET /api/jobs/:id/marketplace',
    path: (w) => `${job(w)}/marketplace`,
    ...manage,
  },
  {
    route: 'POST /api/jobs/:id/marketplace',
    path: (w) => `${job(w)}/marketplace`,
    body: () => ({ marketplace_description: 'Come and work with us' }),
    ...manage,
  },
  {
    route: 'GET /api/jobs/:job/questions',
    path: (w) => `${job(w)}/questions`,
    ...review,
  },
  {
    route: 'POST /api/jobs/:job/questions/order',
    path: (w) => `${job(w)}/questions/order`,
    body: (w) => ({
      ids: [w.questionsA[1].id, w.questionsA[0].id, w.spareQuestion.id],
    }),
    ...manage,
    owner: [409],
    note: 'job A has answers: its list of questions is fixed (decision 138)',
  },
  {
    route: 'POST /api/jobs/:job/questions',
    path: (w) => `${job(w)}/questions`,
    body: () => ({ text: 'What motivates you?' }),
    ...manage,
    owner: [409],
    note: 'job A has answers: its list of questions is fixed (decision 138)',
  },
  {
    route: 'GET /api/jobs/:job/questions/:id',
    path: (w) => `${job(w)}/questions/${w.questionsA[0].id}`,
    ...review,
  },
  {
    route: 'PUT /api/jobs/:job/questions/:id',
    path: (w) => `${job(w)}/questions/${w.spareQuestion.id}`,
    body: () => ({ text: 'A better spare question?' }),
    ...manage,
  },
  {
    route: 'GET /api/jobs/:job/questions/:id/tts',
    path: (w) => `${job(w)}/questions/${w.questionsA[0].id}/tts`,
    ...review,
  },
  {
    route: 'GET /api/jobs/:job/questions/:id/captions',
    path: (w) => `${job(w)}/questions/${w.questionsA[0].id}/captions`,
    ...review,
  },
  {
    route: 'PUT /api/jobs/:job/questions/:id/captions',
    path: (w) => `${job(w)}/questions/${w.questionsA[0].id}/captions`,
    body: () => 'WEBVTT\n\n00:00.000 --> 00:02.000\nHello\n',
    headers: () => ({ 'content-type': 'text/vtt' }),
    ...manage,
    owner: [409],
    apiKey: { keyWrite: [409] },
    note: 'job A’s questions are spoken: their captions are made from the text (decision 199); a video question’s are in question-captions.test.ts',
  },
  {
    route: 'DELETE /api/jobs/:job/questions/:id',
    path: (w) => `${job(w)}/questions/${w.spareQuestion.id}`,
    ...manage,
    owner: [409],
    note: 'job A has answers: its list of questions is fixed (decision 138)',
  },
  {
    route: 'GET /api/jobs/:job/attachments',
    path: (w) => `${job(w)}/attachments`,
    ...review,
  },
  {
    route: 'POST /api/jobs/:job/attachments',
    path: (w) => `${job(w)}/attachments`,
    ...manage,
    anonymous: [401, 415],
    otherCompany: [404, 415],
    reviewerNoGrant: [404, 415],
    reviewerWithGrant: [403, 415],
    owner: [415],
    note: 'a JSON body instead of the file form: uploads are proven in attachments.test.ts',
  },
  {
    route: 'DELETE /api/jobs/:job/attachments/:id',
    path: (w) => `${job(w)}/attachments/${w.attachment.id}`,
    ...manage,
  },
  {
    route: 'GET /api/jobs/:job/activities',
    path: (w) => `${job(w)}/activities`,
    ...review,
  },
  {
    route: 'GET /api/jobs/:job/answers',
    path: (w) => `${job(w)}/answers`,
    ...review,
  },
  {
    route: 'GET /api/jobs/:job/answers/:answer',
    path: (w) => `${job(w)}/answers/${w.a1.answers[0].id}`,
    ...review,
  },

  // Applicants.
  {
    route: 'GET /api/jobs/:job/applications',
    path: (w) => `${job(w)}/applications`,
    ...review,
  },
  {
    route: 'POST /api/jobs/:job/applications',
    path: (w) => `${job(w)}/applications`,
    body: (_w, role) => ({
      user: {
        first_name: 'Added',
        last_name: 'Person',
        email: `added.${emailOf(role)}`,
      },
    }),
    ...manage,
    // A's write key sends the owner's body: the address the owner has just added (past access).
    apiKey: { keyWrite: [400] },
  },
  {
    route: 'DELETE /api/jobs/:job/applications/:id',
    path: (w) => `/api/jobs/${w.jobA.id}/applications/${w.undeliverable.id}`,
    ...manage,
  },
  { route: 'GET /api/jobs/:job/applications/:id', path: app1, ...review },
  {
    route: 'GET /api/jobs/:job/applications/:id/next',
    path: (w) => `${app1(w)}/next`,
    ...review,
  },
  {
    route: 'POST /api/jobs/:job/applications/:id',
    path: app1,
    body: () =>
      multipartBody(
        { phone: '+44 20 7946 0000' },
        {
          cv: {
            filename: 'cv.pdf',
            type: 'application/pdf',
            data: Buffer.from('%PDF-1.4 cv'),
          },
        },
      ),
    ...manage,
  },
  ...(['reviewed', 'shortlist', 'unshortlist', 'reject'] as const).map(
    (action) => ({
      route: `POST /api/jobs/:job/applications/:id/${action}` as const,
      path: (w: World) => `${app2(w)}/${action}`,
      // The job's reviewer has the rating permission, so decides first; the owner then finds
      // it done (409), except for 'reviewed', which each caller marks for themselves.
      ...review,
      owner: action === 'reviewed' ? OK : (['2xx', 409] as const),
    }),
  ),
  // The panel's progress (decision 133): the full grant sees all reviews of every interviewee.
  {
    route: 'GET /api/jobs/:job/panel',
    path: (w) => `${job(w)}/panel`,
    ...review,
  },
  {
    route: 'GET /api/jobs/:job/applications/:id/panel',
    path: (w) => `${app1(w)}/panel`,
    ...review,
  },
  // The adverse-impact report (decision 181): company admins only; a member gets 403 as a
  // reviewer does (fairness.test.ts).
  {
    route: 'GET /api/companies/:shortname/adverse-impact',
    path: (w) => `${company(w)}/adverse-impact`,
    ...companyByName,
  },
  {
    route: 'GET /api/companies/:shortname/adverse-impact/export',
    path: (w) => `${company(w)}/adverse-impact/export?job=${w.jobA.id}`,
    ...companyByName,
  },
  // The panel's calibration (issue 46): company users see the whole panel, the job's reviewer
  // their own line only (calibration.test.ts).
  {
    route: 'GET /api/jobs/:job/calibration',
    path: (w) => `${job(w)}/calibration`,
    ...review,
  },
  ...(['archive', 'unarchive'] as const).map((action) => ({
    route: `POST /api/jobs/:job/applications/:id/${action}` as const,
    // Only an interviewee who declined can be archived.
    path: (w: World) =>
      `/api/jobs/${w.jobA.id}/applications/${w.decliner.id}/${action}`,
    ...manage,
  })),
  {
    route: 'GET /api/jobs/:job/applications/:id/emails',
    path: (w) => `${app1(w)}/emails`,
    ...manage,
  },
  {
    route: 'POST /api/jobs/:job/applications/:id/email',
    path: (w) => `${app1(w)}/email`,
    body: () => ({ email_subj: 'Next steps', email_body: 'Thank you.' }),
    ...manage,
  },
  {
    route: 'POST /api/jobs/:job/applications/:id/invite',
    path: (w) =>
      `/api/jobs/${w.jobA.id}/applications/${w.spareApplication.id}/invite`,
    body: () => ({}),
    ...manage,
  },
  {
    route: 'POST /api/jobs/:job/applications/:id/extend',
    path: (w) => `/api/jobs/${w.jobA.id}/applications/${w.invitee.id}/extend`,
    body: () => ({
      deadline: new Date(Date.now() + 14 * 86_400_000).toISOString(),
    }),
    ...manage,
  },
  {
    route: 'POST /api/jobs/:job/invite_all',
    path: (w) => `${job(w)}/invite_all`,
    body: () => ({}),
    ...manage,
  },
  {
    route: 'POST /api/jobs/:job/extend_all',
    path: (w) => `${job(w)}/extend_all`,
    body: () => ({
      deadline: new Date(Date.now() + 14 * 86_400_000).toISOString(),
    }),
    ...manage,
  },
  {
    route: 'POST /api/jobs/:job/email_questions',
    path: (w) => `${job(w)}/email_questions`,
    body: (w) => ({ msg_to: w.owner.email }),
    ...manage,
  },
  {
    route: 'POST /csv',
    path: () => '/csv',
    anonymous: [401],
    otherCompany: [400],
    reviewerNoGrant: [403],
    reviewerWithGrant: [403],
    owner: [400],
    note: 'nothing to parse (it only turns a file into rows, it stores nothing): see applications.test.ts',
  },

  // Reviewing.
  {
    route: 'GET /api/jobs/:job/reviews',
    path: (w) => `${job(w)}/reviews?application=${w.a1.id}`,
    ...review,
  },
  {
    route: 'POST /api/jobs/:job/reviews',
    path: (w) => `${job(w)}/reviews`,
    body: (w) => ({ rating: 3, application: w.a2.id }),
    ...review,
  },
  {
    route: 'PUT /api/jobs/:job/reviews/:id',
    path: (w) => `${job(w)}/reviews/${w.review.id}`,
    body: (w) => ({ rating: 5, application: w.a1.id }),
    ...review,
    reviewerWithGrant: [403, 404],
    note: 'a review belongs to its author: the job’s other reviewer may not change it',
  },
  {
    route: 'GET /api/jobs/:job/answerreviews',
    path: (w) => `${job(w)}/answerreviews?application=${w.a1.id}`,
    ...review,
  },
  {
    route: 'POST /api/jobs/:job/answerreviews',
    path: (w) => `${job(w)}/answerreviews`,
    body: (w) => ({ rating: 2, answer: w.a2.answers[0].id }),
    ...review,
  },
  {
    route: 'PUT /api/jobs/:job/answerreviews/:id',
    path: (w) => `${job(w)}/answerreviews/${w.answerReview.id}`,
    body: (w) => ({ rating: 4, answer: w.a1.answers[0].id }),
    ...review,
    reviewerWithGrant: [403, 404],
  },
  {
    route: 'GET /api/jobs/:job/matrixreviewoptions',
    path: (w) => `/api/jobs/${w.matrixJob.id}/matrixreviewoptions`,
    ...review,
  },
  {
    route: 'GET /api/jobs/:job/matrixreviews',
    path: (w) =>
      `/api/jobs/${w.matrixJob.id}/matrixreviews?application=${w.m1.id}`,
    ...review,
  },
  {
    route: 'POST /api/jobs/:job/matrixreviews',
    path: (w) => `/api/jobs/${w.matrixJob.id}/matrixreviews`,
    body: (w) => ({
      application: w.m1.id,
      question: w.matrixQuestion.id,
      competency: 1,
      indicator: 2,
      level: 1,
    }),
    ...review,
  },
  {
    route: 'PUT /api/jobs/:job/matrixreviews/:id',
    path: (w) =>
      `/api/jobs/${w.matrixJob.id}/matrixreviews/${w.matrixReview.id}`,
    body: (w) => ({
      application: w.m1.id,
      question: w.matrixQuestion.id,
      competency: 1,
      indicator: 1,
      level: 1,
    }),
    ...review,
    reviewerWithGrant: [403, 404],
  },
  {
    route: 'DELETE /api/jobs/:job/matrixreviews/:id',
    path: (w) =>
      `/api/jobs/${w.matrixJob.id}/matrixreviews/${w.matrixReview.id}`,
    ...review,
    reviewerWithGrant: [403, 404],
  },
  {
    route: 'GET /api/jobs/:job/comments',
    path: (w) => `${job(w)}/comments?application=${w.a1.id}`,
    ...review,
  },
  {
    route: 'POST /api/jobs/:job/comments',
    path: (w) => `${job(w)}/comments`,
    body: (w) => ({ application: w.a1.id, comment: 'Good energy' }),
    ...review,
  },
  {
    route: 'GET /api/jobs/:job/reviewcomments',
    path: (w) => `${job(w)}/reviewcomments?application=${w.a1.id}`,
    ...review,
  },
  {
    route: 'POST /api/jobs/:job/reviewcomments',
    path: (w) => `${job(w)}/reviewcomments`,
    body: (w) => ({
      application: w.a2.id,
      comment: 'Thoughtful',
      question: null,
    }),
    ...review,
  },
  {
    route: 'PUT /api/jobs/:job/reviewcomments/:id',
    path: (w) => `${job(w)}/reviewcomments/${w.reviewComment.id}`,
    body: (w) => ({ application: w.a1.id, comment: 'Clear and calm, edited' }),
    ...review,
    reviewerWithGrant: [403, 404],
  },

  // The job's reviewers.
  {
    route: 'GET /api/jobs/:job/reviewers',
    path: (w) => `${job(w)}/reviewers`,
    ...manage,
  },
  {
    route: 'POST /api/jobs/:job/reviewers',
    path: (w) => `${job(w)}/reviewers`,
    body: (_w, role) => ({
      email: emailOf(role),
      first_name: 'New',
      last_name: 'Reviewer',
    }),
    ...manage,
  },
  {
    route: 'PATCH /api/jobs/:job/reviewers/:id',
    path: (w) => `${job(w)}/reviewers/${w.removable.reviewer.id}`,
    body: () => ({ reminder_email: false }),
    ...manage,
  },
  {
    route: 'POST /api/jobs/:job/reviewers/:id/invite',
    path: (w) => `${job(w)}/reviewers/${w.removable.reviewer.id}/invite`,
    ...manage,
  },
  {
    route: 'DELETE /api/jobs/:job/reviewers/:id',
    path: (w) => `${job(w)}/reviewers/${w.removable.reviewer.id}`,
    ...manage,
  },
  {
    route: 'GET /api/reviewer-invite/:token',
    path: (w) => `/api/reviewer-invite/${w.reviewerInviteToken}`,
    wrongPath: () => `/api/reviewer-invite/${UNKNOWN_TOKEN}`,
    ...holderOnly(OK),
  },
  {
    route: 'POST /api/reviewer-invite/:token',
    path: (w) => `/api/reviewer-invite/${w.reviewerInviteToken}`,
    // Accepting signs the holder in: later rows need an anonymous caller again.
    freshSessions: true,
    wrongPath: () => `/api/reviewer-invite/${UNKNOWN_TOKEN}`,
    body: () => ({ password: 'a-long-new-password' }),
    ...holderOnly(OK),
  },

  // A spare job of company A through its life: archive, restore, copy, delete.
  {
    route: 'POST /api/jobs/:id/archive',
    path: (w) => `/api/jobs/${w.spareJob.id}/archive`,
    ...manage,
    // After the owner: the job is already archived (past access).
    apiKey: { keyWrite: [409] },
  },
  {
    route: 'POST /api/jobs/:id/unarchive',
    path: (w) => `/api/jobs/${w.spareJob.id}/unarchive`,
    ...manage,
    // After the owner: the job is no longer archived (past access).
    apiKey: { keyWrite: [409] },
  },
  {
    route: 'POST /api/jobs/:id/copy',
    path: (w) => `/api/jobs/${w.spareJob.id}/copy`,
    ...manage,
    // Copying checks "company user" before looking the job up: a 403 that tells nothing.
    reviewerNoGrant: [403],
  },
  {
    route: 'DELETE /api/jobs/:id',
    path: (w) => `/api/jobs/${w.spareJob.id}`,
    ...manage,
  },

  // Last: sign-out ends each caller's own session only.
  {
    route: 'GET /logout/ajax',
    path: () => '/logout/ajax',
    freshSessions: true,
    ...everyone(OK),
  },
  ...accountsAccessRows,
  ...signupAccessRows,
  ...teamAccessRows,
  ...remindersAccessRows,
  ...smsAccessRows,
  ...shareLinkAccessRows,
  ...apiKeyAccessRows,
  ...auditLogAccessRows,
  ...domainAccessRows,
  ...webhookAccessRows,
  ...greenhouseAccessRows,
];
