import { ANSWER_UPLOADS_PATH } from '@candor/domain';
import { Metadata, Server, TUS_RESUMABLE, type Upload } from '@tus/server';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { App } from '../../platform/http/app-types';
import { AppError } from '../../platform/http/errors';
import { freeUploadedChunks } from '../../platform/http/minor-gc';
import {
  claimUploadStart,
  findTakeForUpload,
  releaseUploadStart,
  setReceivedBytes,
  type UploadTake,
} from './answer-takes.repository';
import {
  TakeRefused,
  cancelTake,
  checkTakeForUpload,
  completeTake,
  hashTake,
  savedTakeSize,
} from './answer-takes.service';
import { answerUploadStore } from '../../platform/storage/answer-upload-store';
import { createUploadLocker } from './upload-locker';

/**
 * Per client address, as the other interviewee routes (docs/decisions/040): a browser sends a
 * PATCH a second while it records, and several interviewees may share an address.
 */
const UPLOAD_LIMIT = { max: 1200, timeWindow: '1 minute' };

const takeParams = z.object({
  take: z
    .string()
    .min(16)
    .max(100)
    .regex(/^[\w-]+$/),
});

/** What the wrapper decided about a request, for the tus server's hooks to read. */
type Decision = {
  takeId: string;
  take: UploadTake;
  limitBytes: number;
  log: FastifyBaseLogger;
};

/**
 * The takes' resumable uploads: tus 1.0 (creation, creation-defer-length, termination) at
 * /api/uploads/answers, served by @tus/server on top of the storage driver's datastore
 * (answer-upload-store.ts). Every request is first checked here against its take, the secret
 * id in the upload's metadata (creation) or URL (the rest); @tus/server then does the
 * protocol. No session is read, so there is no CSRF check. GET (download) is not offered.
 */
export function registerAnswerUploadRoutes(app: App, ctx: AppContext): void {
  const decisions = new WeakMap<Request, Decision>();
  const decisionOf = (request: Request): Decision => {
    const decision = decisions.get(request);
    if (!decision) throw new Error('A tus request without its take');
    return decision;
  };
  // With the embedded database there is one process, and @tus/server's own lock serves it; on
  // PostgreSQL several servers may take requests for one take (decision 159).
  const uploadLocker = ctx.notices
    ? createUploadLocker({ db: ctx.db, notices: ctx.notices })
    : null;
  if (uploadLocker) app.addHook('onClose', () => uploadLocker.stop());
  let tus: Promise<Server> | undefined;
  const tusServer = () =>
    (tus ??= answerUploadStore(ctx).then(
      (store) =>
        new Server({
          path: ANSWER_UPLOADS_PATH,
          datastore: store.datastore,
          ...(uploadLocker ? { locker: uploadLocker.locker } : {}),
          relativeLocation: true,
          // Same origin only: no Access-Control-Allow-Origin on any reply.
          allowedOrigins: () => false,
          // The upload's URL is the take's, whatever the store names the upload.
          generateUrl: (request, { path }) =>
            `${path}/${decisionOf(request).takeId}`,
          namingFunction: (request) => decisionOf(request).take.key,
          getFileIdFromRequest: (request) => decisions.get(request)?.take.key,
          maxSize: (request) => decisionOf(request).limitBytes,
          onUploadCreate: async (request) => ({
            // The take's id stays out of what the store keeps; the type names the object.
            metadata: { contentType: decisionOf(request).take.content_type },
          }),
          // The last byte completes the take; Submit completes its answer (decision 164).
          onUploadFinish: async (request, upload: Upload) => {
            await completeTake(ctx, decisionOf(request).take, upload.offset);
            return {};
          },
          onResponseError: (request, error) => {
            const reply = errorReply(error);
            // tus answers anything else 500 without a word: the log says what it was.
            if (!reply && !isProtocolError(error))
              decisions
                .get(request)
                ?.log.error({ err: error }, 'answer upload failed');
            return reply;
          },
        }),
    ));

  const handle = async (
    request: FastifyRequest,
    reply: FastifyReply,
    takeId: string | undefined,
  ) => {
    reply.header('Tus-Resumable', TUS_RESUMABLE);
    reply.header('Cache-Control', 'no-store');
    try {
      return await handleTake(request, reply, takeId);
    } catch (error) {
      if (!(error instanceof TakeRefused)) throw error;
      return reply
        .status(error.status)
        .send({ message: error.message, code: error.code });
    }
  };

  const handleTake = async (
    request: FastifyRequest,
    reply: FastifyReply,
    takeId: string | undefined,
  ) => {
    if (takeId === undefined)
      throw new AppError(
        'bad_request',
        'The upload does not say which recording it is.',
      );
    const found = await findTakeForUpload(ctx.db, hashTake(takeId));
    const saved = request.method === 'HEAD' ? savedTakeSize(found) : null;
    if (saved !== null)
      return reply
        .status(200)
        .header('Upload-Offset', saved)
        .header('Upload-Length', saved)
        .send();
    const { take, limitBytes } = checkTakeForUpload(found);
    if (request.method === 'DELETE') {
      await cancelTake(ctx, take);
      return reply.status(204).send();
    }
    const creating = request.method === 'POST';
    if (creating && !(await claimUploadStart(ctx.db, take.id)))
      throw new TakeRefused(
        409,
        'take_started',
        `This recording's upload has already started at ${ANSWER_UPLOADS_PATH}/${takeId}.`,
      );
    const webRequest = toWebRequest(request);
    decisions.set(webRequest, { takeId, take, limitBytes, log: request.log });
    let response: Response;
    try {
      response = await (await tusServer()).handleWeb(webRequest);
    } catch (error) {
      if (creating) await releaseUploadStart(ctx.db, take.id);
      throw error;
    }
    if (creating && response.status >= 400)
      await releaseUploadStart(ctx.db, take.id);
    const offset = Number(response.headers.get('upload-offset'));
    if (response.status < 300 && offset > 0)
      await setReceivedBytes(ctx.db, take.id, offset);
    return sendResponse(reply, response);
  };

  void app.register(async (scope) => {
    // Upload bodies stream to the store: nothing here parses them.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    // A reply sent before the body was read to its end (a refusal, a byte past the bound)
    // closes the connection: the unread rest would otherwise stall the next request on it.
    scope.addHook('onSend', async (request, reply) => {
      if (!request.raw.complete) reply.header('connection', 'close');
    });
    // The take's token is the authority: a tus client sends no cookie nor CSRF header.
    const config = {
      access: 'public' as const,
      csrf: false as const,
      rateLimit: UPLOAD_LIMIT,
    };
    const tags = ['interviewee'];
    (scope as App).post(
      ANSWER_UPLOADS_PATH,
      {
        schema: {
          tags,
          summary:
            "Create a take's upload (tus creation; Upload-Metadata: take <base64>)",
        },
        config,
        bodyLimit: Number.MAX_SAFE_INTEGER,
      },
      (request, reply) =>
        handle(request, reply, takeFromMetadata(request.headers)),
    );
    (scope as App).route({
      method: ['HEAD', 'PATCH', 'DELETE'],
      url: `${ANSWER_UPLOADS_PATH}/:take`,
      schema: {
        tags,
        summary:
          "A take's upload: its offset (HEAD), more bytes (PATCH), or cancel it (DELETE)",
        params: takeParams,
      },
      config,
      bodyLimit: Number.MAX_SAFE_INTEGER,
      handler: (request, reply) =>
        handle(request, reply, (request.params as { take: string }).take),
    });
  });
}

function takeFromMetadata(
  headers: FastifyRequest['headers'],
): string | undefined {
  const header = headers['upload-metadata'];
  if (typeof header !== 'string') return undefined;
  try {
    const take = Metadata.parse(header).take;
    return take && /^[\w-]{16,100}$/.test(take) ? take : undefined;
  } catch {
    return undefined;
  }
}

/** The request as @tus/server reads it; the body is the unread request stream. */
function toWebRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const hasBody =
    request.method === 'PATCH' ||
    (request.method === 'POST' &&
      headers.get('content-type') === 'application/offset+octet-stream');
  return new Request(new URL(request.url, 'http://uploads.invalid'), {
    method: request.method,
    headers,
    ...(hasBody
      ? {
          body: ReadableStream.from(freedAsWritten(request.raw)),
          duplex: 'half',
        }
      : {}),
  } as RequestInit);
}

/**
 * The body's chunks as they are, each freed by a young-generation collection every 8 MB once
 * the store has it (decision 174). `Readable.toWeb` copied every chunk, and without the
 * collections a 1 GB upload held up to 32 MB of chunks already on disk.
 */
async function* freedAsWritten(body: AsyncIterable<Buffer>) {
  const free = freeUploadedChunks();
  for await (const chunk of body) {
    yield chunk;
    free(chunk.length);
  }
}

const PASSED_HEADERS = new Set([
  'location',
  'tus-resumable',
  'tus-version',
  'tus-extension',
  'tus-max-size',
  'upload-offset',
  'upload-length',
  'upload-defer-length',
  'upload-metadata',
  'upload-expires',
]);

/** tus' reply, with a JSON error body `{ message, code }` the browser can show. */
async function sendResponse(reply: FastifyReply, response: Response) {
  for (const [name, value] of response.headers)
    if (PASSED_HEADERS.has(name)) reply.header(name, value);
  reply.status(response.status);
  const body = await response.text();
  if (response.status < 400) return reply.send(body || undefined);
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    parsed = undefined;
  }
  const known = parsed as { message?: unknown } | undefined;
  return reply.send(
    typeof known?.message === 'string'
      ? parsed
      : protocolError(response.status, body),
  );
}

/** Our errors as tus' error replies (onResponseError), so they keep their status and text. */
function errorReply(
  error: unknown,
): { status_code: number; body: string } | undefined {
  if (error instanceof TakeRefused)
    return {
      status_code: error.status,
      body: JSON.stringify({ message: error.message, code: error.code }),
    };
  if (error instanceof AppError)
    return {
      status_code: error.statusCode,
      body: JSON.stringify({ message: error.message, code: error.code }),
    };
  return undefined;
}

/** tus' own refusals are plain objects with a status below 500. */
function isProtocolError(error: unknown): boolean {
  const status = (error as { status_code?: unknown } | null)?.status_code;
  return typeof status === 'number' && status < 500;
}

/** tus' own refusals in words for the interviewee. */
function protocolError(status: number, body: string) {
  if (status === 413)
    return {
      message: 'The recording is larger than this answer allows.',
      code: 'too_large',
    };
  if (status === 409)
    return {
      message:
        'The upload was out of step with the server; it resumes from the last byte saved.',
      code: 'offset_mismatch',
    };
  if (status === 412)
    return {
      message: 'Tus-Resumable: 1.0.0 is required.',
      code: 'bad_request',
    };
  if (status >= 500)
    return {
      message:
        'The recording could not be saved just now. It will be sent again.',
      code: 'server_error',
    };
  return {
    message: body.trim() || 'The upload was refused.',
    code: 'bad_request',
  };
}
