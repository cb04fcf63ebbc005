import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

export type FieldErrors = Record<string, string[]>;

const statusByCode = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
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
