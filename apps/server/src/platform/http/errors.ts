import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

export type FieldErrors = Record<string, string[]>;

const statusByCode = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  email_not_confirmed: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported: 415,
  too_many: 429,
} as const;
export type AppErrorCode = keyof typeof statusByCode;

/** The one error type of the API: its message is shown to the user as it is. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly fields?: FieldErrors,
  ) {
    super(message);
    this.statusCode = statusByCode[code];
  }
}

export const notFound = (what = 'This item') =>
  new AppError('not_found', `${what} was not found.`);
export const forbidden = (message = 'You do not have permission to do this.') =>
  new AppError('forbidden', message);

export function fieldError(field: string, message: string): AppError {
  return new AppError('bad_request', message, { [field]: [message] });
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({
        message: error.message,
        code: error.code,
        fields: error.fields,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: FieldErrors = {};
      for (const issue of error.validation) {
        const path =
          issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';
        (fields[path] ??= []).push(issue.message ?? 'is not valid');
      }
      const first = Object.entries(fields)[0];
      const message = first
        ? `${first[0]}: ${first[1][0]}`
        : 'The request is not valid.';
      return reply.status(400).send({ message, code: 'bad_request', fields });
    }
    if (isDataException(error)) {
      // The database refused a value taken from the request (an id past 2^31, a bad date):
      // the caller's mistake, not ours.
      request.log.info({ err: error }, 'value refused by the database');
      return reply.status(400).send({
        message: 'A value in the request is out of range or malformed.',
        code: 'bad_request',
      });
    }
    if (isServiceUnreachable(error)) {
      // PostgreSQL restarting, say: the request may well work in a moment, so say so.
      request.log.warn({ err: error }, 'database or storage unreachable');
      return reply.status(503).header('Retry-After', '5').send({
        message:
          'The service is briefly unavailable. Please try again in a moment.',
        code: 'unavailable',
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply
        .status(500)
        .send({ message: 'Something went wrong on our side.', code: 'server' });
    }
    return reply
      .status(status)
      .send({ message: readableClientError(error), code: error.code });
  });
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({
      message: `No route ${request.method} ${request.url}.`,
      code: 'not_found',
    }),
  );
}

/** PostgreSQL's class 22 "data exception" (22003 out of range, 22P02 bad text, 22008 …). */
function isDataException(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  return (
    typeof severity === 'string' &&
    typeof code === 'string' &&
    /^22[0-9A-Z]{3}$/.test(code)
  );
}

// Connection refused, reset or timed out on the way to the database or storage.
const UNREACHABLE_SOCKET_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * A dependency we cannot reach right now, rather than a bug: a socket error, PostgreSQL
 * shutting down or starting up (class 57P), a connection exception (class 08), too many
 * connections (53300), or node-postgres saying the connection it used has ended.
 */
function isServiceUnreachable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, errors } = error as {
    code?: unknown;
    message?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string') {
    if (UNREACHABLE_SOCKET_ERRORS.has(code)) return true;
    if (/^(57P0[123]|08[0-9A-Z]{3}|53300)$/.test(code)) return true;
  }
  if (
    typeof message === 'string' &&
    /^Connection terminated|is not queryable/.test(message)
  )
    return true;
  // Connecting to a name with several addresses fails with all of their errors at once.
  return Array.isArray(errors) && errors.some(isServiceUnreachable);
}

function readableClientError(error: FastifyError): string {
  if (
    error.code === 'FST_REQ_FILE_TOO_LARGE' ||
    error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
  ) {
    return 'The upload is too large.';
  }
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    return 'This content type is not accepted.';
  if (
    error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
  ) {
    return 'The request body is not valid JSON.';
  }
  return error.message;
}
