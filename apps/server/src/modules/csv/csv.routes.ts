import { BULK_MAX_BYTES, csvParseReplySchema } from '@candor/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { readSmallForm } from '../../platform/files/multipart';
import type { App } from '../../platform/http/app-types';
import { AppError } from '../../platform/http/errors';
import { ParseError, parseRows } from './parse-rows';

const parseErrorSchema = z.object({
  // Absent on 400s raised before the handler (a body that is not valid JSON).
  error: z.string().optional(),
  message: z.string(),
  code: z.string(),
});

/**
 * POST /csv: the bulk-add parser. Multipart with field csv (an uploaded CSV/XLSX file or the
 * pasted text), or JSON {csv}. Replies {rows} or 400 {error} with the text the UI shows.
 */
export function registerCsvRoutes(app: App, _ctx: AppContext): void {
  app.post(
    '/csv',
    {
      schema: {
        tags: ['applications'],
        response: { 200: csvParseReplySchema, 400: parseErrorSchema },
      },
      config: {
        access: 'company-user',
        rateLimit: { max: 60, timeWindow: '1 minute' },
      },
    },
    async (request, reply) => {
      let data: Buffer;
      try {
        data = await readInput(request);
        return { rows: await parseRows(data) };
      } catch (error) {
        if (error instanceof ParseError) {
          return reply.status(400).send({
            error: error.message,
            message: error.message,
            code: 'bad_request',
          });
        }
        throw error;
      }
    },
  );
}

async function readInput(request: FastifyRequest): Promise<Buffer> {
  if (request.isMultipart()) {
    let form: Awaited<ReturnType<typeof readSmallForm>>;
    try {
      form = await readSmallForm(request, {
        maxFileBytes: BULK_MAX_BYTES,
        tooLargeMessage: 'too large',
      });
    } catch (error) {
      if (error instanceof AppError && error.code === 'too_large') {
        throw new ParseError(
          'The file is larger than 2 MB. Split the list and add it in parts.',
        );
      }
      // Any other 400 (a cut-off form) must keep this route's error shape.
      if (error instanceof AppError && error.code === 'bad_request')
        throw new ParseError(error.message);
      throw error;
    }
    const file = form.files.find((part) => part.fieldname === 'csv');
    if (file) return file.data;
    if (form.fields.csv !== undefined)
      return Buffer.from(form.fields.csv, 'utf8');
    throw new ParseError('Paste your list or choose a file first.');
  }
  const body = z.object({ csv: z.string() }).safeParse(request.body);
  if (!body.success)
    throw new ParseError('Paste your list or choose a file first.');
  return Buffer.from(body.data.csv, 'utf8');
}
