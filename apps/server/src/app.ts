import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { isWebPage, PRODUCT_NAME } from '@candor/domain';
import type { AppContext } from './app-context';
import { registerAccountRoutes } from './modules/account/account.routes';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { registerSignupRoutes } from './modules/signup/signup.routes';
import { registerPasswordResetRoutes } from './modules/password-reset/password-reset.routes';
import { registerCompanyRoutes } from './modules/companies/companies.routes';
import { registerTeamRoutes } from './modules/team/team.routes';
import { registerWebhookRoutes } from './modules/webhooks/webhooks.routes';
import { registerConstantsRoutes } from './modules/constants/constants.routes';
import { registerAnswerRoutes } from './modules/answers/answers.routes';
import { registerActivityRoutes } from './modules/activity/activity.routes';
import { registerMarketplaceRoutes } from './modules/marketplace/marketplace.routes';
import { registerSearchRoutes } from './modules/search/search.routes';
import { registerStatsRoutes } from './modules/stats/stats.routes';
import { registerVideoRoutes } from './modules/videos/videos.routes';
import { registerJobRoutes } from './modules/jobs/jobs.routes';
import { registerQuestionRoutes } from './modules/questions/questions.routes';
import { registerAttachmentRoutes } from './modules/attachments/attachments.routes';
import { registerCompetencyRoutes } from './modules/competencies/competencies.routes';
import { registerIntervieweeRoutes } from './modules/interviewee/interviewee.routes';
import { registerAnswerUploadRoutes } from './modules/interviewee/answer-uploads.routes';
import { registerReviewRoutes } from './modules/reviews/reviews.routes';
import { registerCalibrationRoutes } from './modules/calibration/calibration.routes';
import { registerFairnessRoutes } from './modules/fairness/fairness.routes';
import { registerSatisfactionRoutes } from './modules/satisfaction/satisfaction.routes';
import { registerReviewPanelRoutes } from './modules/reviews/review-panel.routes';
import { registerCommentRoutes } from './modules/comments/comments.routes';
import { registerReviewerRoutes } from './modules/reviewers/reviewers.routes';
import { registerFeedbackRoutes } from './modules/feedback/feedback.routes';
import { registerShareLinkRoutes } from './modules/share-links/share-links.routes';
import { registerApplicationRoutes } from './modules/applications/applications.routes';
import { registerCsvRoutes } from './modules/csv/csv.routes';
import { registerEmailRoutes } from './modules/emails/emails.routes';
import { registerInvitationRoutes } from './modules/invitations/invitations.routes';
import { registerReminderRoutes } from './modules/reminders/reminders.routes';
import { registerSmsRoutes } from './modules/sms/sms.routes';
import { registerSmsTemplateRoutes } from './modules/sms/sms-templates.routes';
import { registerDevMailRoutes } from './platform/mail/dev-mail.routes';
import { csrfPlugin } from './platform/auth/csrf';
import { apiKeyPlugin } from './platform/auth/api-key';
import { accessPlugin } from './platform/access/access-hook';
import { accessResolvers } from './access-resolvers';
import {
  OPENAPI_SECURITY_SCHEMES,
  finishDocument,
  transformForDocs,
} from './platform/http/openapi-document';
import { registerApiKeyRoutes } from './modules/api-keys/api-keys.routes';
import { registerAuditLogRoutes } from './modules/audit-log/audit-log.routes';
import { registerDomainRoutes } from './modules/domains/domains.routes';
import { registerGreenhouseRoutes } from './integrations/greenhouse/greenhouse.routes';
import { sessionPlugin } from './platform/auth/session';
import type { App } from './platform/http/app-types';
import {
  PGLITE_MAX_WAIT_MS,
  PGLITE_REQUESTS_PER_TURN,
  registerAdmission,
} from './platform/http/admission';
import { registerErrorHandler } from './platform/http/errors';
import { responseSerializerCompiler } from './platform/http/response-serializer';
import { registerSecurityHeaders } from './platform/http/security-headers';
import { registerLocalStorageRoutes } from './platform/storage/local-storage.routes';

export type BuildAppOptions = {
  ctx: AppContext;
  logger?: FastifyServerOptions['logger'];
};

/** The whole HTTP application without listening, so tests drive it with `inject`. */
export async function buildApp({
  ctx,
  logger = false,
}: BuildAppOptions): Promise<App> {
  const { config } = ctx;
  const app = Fastify({
    logger,
    // X-Forwarded-For only from the proxies named in TRUST_PROXY: believing any other peer
    // (even one on a private network) lets a client choose its own address and dodge the
    // per-address limits (decision 117).
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  registerErrorHandler(app);
  // The embedded database computes on this thread: requests take turns, and a busy server
  // says so at once (decision 124). First, before any other hook does work.
  if (!config.databaseUrl)
    registerAdmission(app, {
      perTurn: PGLITE_REQUESTS_PER_TURN,
      waiting: config.pgliteQueueLimit,
      maxWaitMs: PGLITE_MAX_WAIT_MS,
    });

  const secureCookies = config.publicUrl.startsWith('https://');
  registerSecurityHeaders(app, config);
  await app.register(cookie);
  await app.register(multipart);
  await app.register(rateLimit, { global: false });
  await app.register(sessionPlugin, {
    db: ctx.db,
    idleMinutes: config.sessionIdleMinutes,
    secureCookies,
    notices: ctx.notices,
  });
  await app.register(csrfPlugin, { secureCookies });
  await app.register(apiKeyPlugin, {
    db: ctx.db,
    requestsPerMinute: config.apiKeyRequestsPerMinute,
  });

  await app.register(swagger, {
    openapi: {
      info: { title: `${PRODUCT_NAME} API`, version: '1.0.0' },
      servers: [{ url: config.publicUrl }],
      components: { securitySchemes: OPENAPI_SECURITY_SCHEMES },
    },
    transform: transformForDocs,
    transformObject: finishDocument,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  // After the documentation's own pages: every route from here on declares who may call it.
  await app.register(accessPlugin, { db: ctx.db, resolvers: accessResolvers });

  registerAuthRoutes(app, ctx);
  registerAccountRoutes(app, ctx);
  registerSignupRoutes(app, ctx);
  registerPasswordResetRoutes(app, ctx);
  registerCompanyRoutes(app, ctx);
  registerTeamRoutes(app, ctx);
  registerWebhookRoutes(app, ctx);
  registerApiKeyRoutes(app, ctx);
  registerAuditLogRoutes(app, ctx);
  registerDomainRoutes(app, ctx);
  registerGreenhouseRoutes(app, ctx);
  registerConstantsRoutes(app);
  registerIntervieweeRoutes(app, ctx);
  registerAnswerUploadRoutes(app, ctx);
  registerAnswerRoutes(app, ctx);
  registerVideoRoutes(app, ctx);
  registerJobRoutes(app, ctx);
  registerQuestionRoutes(app, ctx);
  registerAttachmentRoutes(app, ctx);
  registerCompetencyRoutes(app, ctx);
  registerMarketplaceRoutes(app, ctx);
  registerStatsRoutes(app, ctx);
  registerActivityRoutes(app, ctx);
  registerApplicationRoutes(app, ctx);
  registerInvitationRoutes(app, ctx);
  registerCsvRoutes(app, ctx);
  registerEmailRoutes(app, ctx);
  registerDevMailRoutes(app, ctx);
  registerSearchRoutes(app, ctx);
  registerReviewRoutes(app, ctx);
  registerReviewPanelRoutes(app, ctx);
  registerCalibrationRoutes(app, ctx);
  registerFairnessRoutes(app, ctx);
  registerSatisfactionRoutes(app, ctx);
  registerCommentRoutes(app, ctx);
  registerReviewerRoutes(app, ctx);
  registerFeedbackRoutes(app, ctx);
  registerShareLinkRoutes(app, ctx);
  registerReminderRoutes(app, ctx);
  registerSmsRoutes(app, ctx);
  registerSmsTemplateRoutes(app, ctx);
  registerLocalStorageRoutes(app, {
    storage: ctx.storage,
    secret: config.signingSecret,
  });

  if (existsSync(config.webDist)) serveWebApp(app, config.webDist);
  return app;
}

/** The built SPA on the same port; any other GET that is not an API call gets index.html. */
function serveWebApp(app: App, root: string): void {
  const hashedAssets = join(root, 'assets') + sep;
  const indexHtml = join(root, 'index.html');
  void app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    // The web build writes `.br` and `.gz` beside each text file (decision 084); a client that
    // accepts neither gets the plain file. The variants are not routes of their own.
    preCompressed: true,
    globIgnore: ['**/*.br', '**/*.gz'],
    setHeaders: (reply, path) => {
      // Vite puts a content hash in every name under assets/: a new build has new names.
      if (path.startsWith(hashedAssets))
        reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      // Set here because the plugin's own `public, max-age=0` replaces a header set before
      // `sendFile`; the page must be checked each time so a new build is seen (decision 014).
      else if (path.replace(/\.(br|gz)$/, '') === indexHtml)
        reply.header('Cache-Control', 'no-cache');
    },
  });
  // A catch-all GET route: the not-found handler is already the API's (platform/http/errors.ts).
  app.get(
    '/*',
    { config: { access: 'public' }, schema: { hide: true } },
    (request, reply) => {
      // `/login` and `/company-settings` are pages; only these prefixes are API calls.
      const isApi =
        /^\/(api|files|uploads|media)(\/|\?|$)|^\/(login|logout|check-provider)\/ajax|^\/company\/change\//.test(
          request.url,
        );
      if (isApi) {
        return reply.status(404).send({
          message: `No route ${request.method} ${request.url}.`,
          code: 'not_found',
        });
      }
      // The app shows its own "Page not found" for a path that is none of its pages; the status
      // says so too, for crawlers, monitors and links checked by scripts.
      const pathname = request.url.split('?')[0] ?? '/';
      return reply
        .status(isWebPage(pathname) ? 200 : 404)
        .header('Cache-Control', 'no-cache')
        .sendFile('index.html');
    },
  );
}
