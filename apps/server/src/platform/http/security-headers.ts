import helmet from '@fastify/helmet';
import type { Config } from '../../config';
import type { App } from './app-types';

/**
 * Security headers with a CSP the SPA works under: scripts only from our origin; inline
 * styles allowed because Radix and toasts position overlays with style attributes; media and
 * uploads may also go to the S3 endpoint when one is configured.
 */
export async function registerSecurityHeaders(
  app: App,
  config: Config,
): Promise<void> {
  const storageOrigins = config.s3
    ? [
        config.s3.endpoint ??
          `https://${config.s3.bucket}.s3.${config.s3.region}.amazonaws.com`,
      ]
    : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...storageOrigins],
        mediaSrc: ["'self'", 'blob:', ...storageOrigins],
        connectSrc: ["'self'", ...storageOrigins],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.publicUrl.startsWith('https://')
          ? []
          : null,
      },
    },
    // Camera and microphone are what interviewees answer with; nothing else is needed.
    crossOriginEmbedderPolicy: false,
    hsts: config.publicUrl.startsWith('https://'),
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header(
      'Permissions-Policy',
      'camera=(self), microphone=(self), geolocation=()',
    );
  });
}
