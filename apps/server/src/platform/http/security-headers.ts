import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { Config } from '../../config';
import type { App } from './app-types';

/**
 * Security headers with a CSP the SPA works under: scripts only from our origin; inline
 * styles allowed because Radix and toasts position overlays with style attributes; media and
 * uploads may also go to the S3 endpoint when one is configured.
 *
 * The headers are the same for every response, so helmet computes them once at start; its
 * Fastify plugin built and parsed the whole policy again on every request.
 */
export function registerSecurityHeaders(app: App, config: Config): void {
  const storageOrigins = config.s3
    ? [
        config.s3.endpoint ??
          `https://${config.s3.bucket}.s3.${config.s3.region}.amazonaws.com`,
      ]
    : [];
  const policy = helmet({
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
  const headers: Record<string, string> = {
    ...headersSetBy(policy),
    'permissions-policy': 'camera=(self), microphone=(self), geolocation=()',
  };
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/** The headers a helmet middleware sets, read by running it once against a recording response. */
function headersSetBy(
  middleware: (
    request: IncomingMessage,
    response: ServerResponse,
    next: (error?: unknown) => void,
  ) => void,
): Record<string, string> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number) {
      headers.set(name.toLowerCase(), String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  middleware(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error) => {
      if (error) throw error;
    },
  );
  return Object.fromEntries(headers);
}
