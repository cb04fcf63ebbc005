import {
  answerCompleteBodySchema,
  answerCompleteReplySchema,
  answerUploadBodySchema,
  answerUploadReplySchema,
  consentBodySchema,
  declineBodySchema,
  errorSchema,
  intervieweeInterviewSchema,
  intervieweeQuestionParamsSchema,
  intervieweeQuestionSchema,
  intervieweeStatusReplySchema,
  intervieweeTokenParamsSchema,
  publicApplyBodySchema,
  publicApplyReplySchema,
  publicJobSchema,
  shortcodeParamsSchema,
  surveyAnswersSchema,
  typedResponseBodySchema,
  typedResponseReplySchema,
} from '@candor/domain';
import type { AppContext } from '../../app-context';
import type { App } from '../../platform/http/app-types';
import { notFound } from '../../platform/http/errors';
import { ensureQuestionAudio } from '../../platform/tts/question-audio';
import { sendStoredFile } from '../../platform/tts/send-stored-file';
import { TakeRefused } from './answer-takes.service';
import {
  findApplicationTokenByShortcode,
  listJobQuestions,
} from './interviewee.repository';
import {
  answerSurvey,
  completeAnswer,
  declineInterview,
  getInterview,
  getQuestion,
  giveConsent,
  requireTokenApplication,
  startAnswer,
} from './interviewee.service';
import { applyToPublicJob, getPublicJob } from './public-jobs.service';
import { saveTypedResponse } from './typed-answers.service';

// Per client address; counters live in memory and are safe to lose (docs/decisions/040).
const READ_LIMIT = { max: 120, timeWindow: '1 minute' };
const WRITE_LIMIT = { max: 60, timeWindow: '1 minute' };
const APPLY_LIMIT = { max: 10, timeWindow: '1 minute' };

/**
 * The interviewee's API. Its routes are authorised by the secret token in the path, not by a
 * session, so they carry no CSRF check: a forged request would need the token anyway.
 */
export function registerIntervieweeRoutes(app: App, ctx: AppContext): void {
  const tags = ['interviewee'];
  const tokenRoute = (limit: { max: number; timeWindow: string }) => ({
    access: 'public' as const,
    csrf: false as const,
    rateLimit: limit,
  });

  // A browser opening the invitation link gets the app; the app (or any client asking for
  // text) gets the interview's API path, which it combines with the API base.
  app.get(
    '/i/:shortcode',
    {
      schema: {
        tags,
        summary:
          "Resolve an invitation shortcode: the interview's API path as text (a browser gets the app)",
        params: shortcodeParamsSchema,
      },
      config: { access: 'public', rateLimit: READ_LIMIT },
    },
    async (request, reply) => {
      const accept = request.headers.accept ?? '';
      if (accept.includes('text/html') && !accept.includes('text/plain')) {
        // The web app's page (the static plugin exists only when a web build is served).
        if (typeof reply.sendFile !== 'function') throw notFound('This page');
        return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
      }
      const application = await findApplicationTokenByShortcode(
        ctx.db,
        request.params.shortcode,
      );
      if (!application) throw notFound('This interview');
      return reply
        .type('text/plain; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .send(`/api/interviewee/${application.token}`);
    },
  );

  app.get(
    '/api/interviewee/:token',
    {
      schema: {
        tags,
        summary: "The interview behind an interviewee's token",
        params: intervieweeTokenParamsSchema,
        response: { 200: intervieweeInterviewSchema },
      },
      config: { access: 'public', rateLimit: READ_LIMIT },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return getInterview(ctx, request.params.token);
    },
  );

  app.post(
    '/api/interviewee/:token/consent',
    {
      schema: {
        tags,
        summary: 'Consent to the recording and use of the answers',
        params: intervieweeTokenParamsSchema,
        body: consentBodySchema,
        response: { 200: intervieweeStatusReplySchema },
      },
      config: tokenRoute(WRITE_LIMIT),
    },
    async (request) => {
      await giveConsent(ctx, request.params.token);
      return { status: (await getInterview(ctx, request.params.token)).status };
    },
  );

  app.post(
    '/api/interviewee/:token/decline',
    {
      schema: {
        tags,
        summary:
          'Decline the interview with an optional reason (the applicant withdraws)',
        params: intervieweeTokenParamsSchema,
        body: declineBodySchema,
        response: { 200: intervieweeStatusReplySchema },
      },
      config: tokenRoute(WRITE_LIMIT),
    },
    async (request) => {
      await declineInterview(ctx, request.params.token, request.body.reason);
      return { status: 'declined' as const };
    },
  );

  app.put(
    '/api/interviewee/:token/survey',
    {
      schema: {
        tags,
        summary:
          'Answer the voluntary equal-opportunity survey once the interview is submitted (a second answer replaces the first)',
        params: intervieweeTokenParamsSchema,
        body: surveyAnswersSchema,
      },
      config: tokenRoute(WRITE_LIMIT),
    },
    async (request, reply) => {
      await answerSurvey(ctx, {
        token: request.params.token,
        answers: request.body,
      });
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/interviewee/:token/questions/:question',
    {
      schema: {
        tags,
        summary: 'One question: text, timings and its video or spoken audio',
        params: intervieweeQuestionParamsSchema,
        response: { 200: intervieweeQuestionSchema },
      },
      config: { access: 'public', rateLimit: READ_LIMIT },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return getQuestion(ctx, request.params.token, request.params.question);
    },
  );

  // The spoken question, rendered on first use and cached by H2's TTS (platform/tts).
  app.get(
    '/api/interviewee/:token/questions/:question/audio',
    {
      schema: {
        tags,
        summary: 'The spoken question (MP3, Range-capable)',
        params: intervieweeQuestionParamsSchema,
      },
      config: { access: 'public', rateLimit: READ_LIMIT },
    },
    async (request, reply) => {
      const application = await requireTokenApplication(
        ctx,
        request.params.token,
      );
      const questions = await listJobQuestions(ctx.db, application.job_id);
      const question = questions.find(
        (item) => item.id === request.params.question,
      );
      if (!question) throw notFound('This question');
      const key = await ensureQuestionAudio(
        ctx,
        question,
        application.job_language,
      );
      return sendStoredFile(request, reply, {
        storage: ctx.storage,
        key,
        contentType: 'audio/mpeg',
      });
    },
  );

  app.post(
    '/api/interviewee/:token/questions/:question/answer',
    {
      schema: {
        tags,
        summary:
          'Start a take: the resumable (tus) upload that sends the recording, and its bound',
        params: intervieweeQuestionParamsSchema,
        body: answerUploadBodySchema,
        response: { 200: answerUploadReplySchema },
      },
      config: tokenRoute(WRITE_LIMIT),
    },
    async (request) =>
      startAnswer(ctx, {
        token: request.params.token,
        questionId: request.params.question,
        body: request.body,
      }),
  );

  app.put(
    '/api/interviewee/:token/questions/:question/response',
    {
      schema: {
        tags,
        summary:
          'Answer a text or multiple-choice question: the typed text or the chosen option ids',
        params: intervieweeQuestionParamsSchema,
        body: typedResponseBodySchema,
        response: { 200: typedResponseReplySchema },
      },
      config: tokenRoute(WRITE_LIMIT),
    },
    async (request) =>
      saveTypedResponse(ctx, {
        token: request.params.token,
        questionId: request.params.question,
        body: request.body,
      }),
  );

  app.post(
    '/api/interviewee/:token/questions/:question/answer/complete',
    {
      schema: {
        tags,
        summary:
          'Submit: complete the answer once its take has every byte (idempotent)',
        params: intervieweeQuestionParamsSchema,
        body: answerCompleteBodySchema.nullish(),
        response: { 200: answerCompleteReplySchema, 410: errorSchema },
      },
      config: tokenRoute(WRITE_LIMIT),
    },
    async (request, reply) => {
      try {
        return await completeAnswer(ctx, {
          token: request.params.token,
          questionId: request.params.question,
          take: request.body?.take,
        });
      } catch (error) {
        // The take replaced or a day old, in the tus endpoint's words: the browser acts on the
        // code (sends the take again from the device).
        if (!(error instanceof TakeRefused) || error.status !== 410)
          throw error;
        return reply
          .status(410)
          .send({ message: error.message, code: error.code });
      }
    },
  );

  app.get(
    '/api/public/jobs/:shortcode',
    {
      schema: {
        tags,
        summary: 'The public page of a published interview',
        params: shortcodeParamsSchema,
        response: { 200: publicJobSchema },
      },
      config: { access: 'public', rateLimit: READ_LIMIT },
    },
    async (request) => getPublicJob(ctx, request.params.shortcode),
  );

  app.post(
    '/api/public/jobs/:shortcode/apply',
    {
      schema: {
        tags,
        summary:
          'Apply through the public link (the interview link is e-mailed, never returned)',
        params: shortcodeParamsSchema,
        body: publicApplyBodySchema,
        response: { 200: publicApplyReplySchema },
      },
      config: tokenRoute(APPLY_LIMIT),
    },
    async (request) =>
      applyToPublicJob(ctx, request.params.shortcode, request.body),
  );
}
