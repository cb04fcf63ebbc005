import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { readSmallForm } from '../files/multipart';
import { AppError } from './errors';
import type { App } from './app-types';

/**
 * The body of a route the spec calls with form data: JSON, URL-encoded or multipart fields,
 * checked with one zod schema and refused with the first message per field.
 */
export async function readFormInput<T extends z.ZodType>(
  request: FastifyRequest,
  schema: T,
): Promise<z.infer<T>> {
  const raw = request.isMultipart()
    ? (
        await readSmallForm(request, {
          maxFileBytes: 1,
          tooLargeMessage: 'This form takes no files.',
        })
      ).fields
    : (request.body ?? {});
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string[]> = {};
  for (const issue of parsed.error.issues)
    (fields[String(issue.path[0] ?? 'body')] ??= []).push(issue.message);
  const first = parsed.error.issues[0]?.message ?? 'The form is not valid.';
  throw new AppError('bad_request', first, fields);
}

/** Lets routes registered on `scope` accept application/x-www-form-urlencoded bodies. */
export function acceptUrlEncoded(scope: App): void {
  if (scope.hasContentTypeParser('application/x-www-form-urlencoded')) return;
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 * 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
}
