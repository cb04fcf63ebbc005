import { ANSWER_UPLOADS_PATH, type AnswerUploadReply } from '@candor/domain';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './test-app';

const TUS = { 'tus-resumable': '1.0.0' };

/** The requests tus-js-client makes for a take, through `inject` (docs/decisions/135). */
export function tusClient(t: Pick<TestApp, 'app'>) {
  const url = (take: string) => `${ANSWER_UPLOADS_PATH}/${take}`;
  return {
    url,
    /** Creation; without `length` the length is deferred, as while recording. */
    create(take: string, options: { length?: number } = {}) {
      return t.app.inject({
        method: 'POST',
        url: ANSWER_UPLOADS_PATH,
        headers: {
          ...TUS,
          'upload-metadata': `take ${Buffer.from(take).toString('base64')}`,
          ...(options.length === undefined
            ? { 'upload-defer-length': '1' }
            : { 'upload-length': String(options.length) }),
        },
      });
    },
    head(take: string) {
      return t.app.inject({ method: 'HEAD', url: url(take), headers: TUS });
    },
    /** Bytes at `offset`; `length` declares the upload's length (its last PATCH). */
    patch(
      take: string,
      offset: number,
      bytes: Buffer,
      options: { length?: number } = {},
    ) {
      return t.app.inject({
        method: 'PATCH',
        url: url(take),
        headers: {
          ...TUS,
          'content-type': 'application/offset+octet-stream',
          'upload-offset': String(offset),
          ...(options.length === undefined
            ? {}
            : { 'upload-length': String(options.length) }),
        },
        payload: bytes,
      });
    },
    cancel(take: string) {
      return t.app.inject({ method: 'DELETE', url: url(take), headers: TUS });
    },
  };
}

/**
 * Sends a whole recording as one take, in slices as MediaRecorder hands them over, the length
 * declared with the last one (Stop). Returns the last PATCH's reply. The take is then complete,
 * its answer not yet: `submitAnswer` completes that (decision 164).
 */
export async function sendTake(
  t: Pick<TestApp, 'app'>,
  take: string,
  bytes: Buffer,
  sliceBytes = 64 * 1024,
): Promise<LightMyRequestResponse> {
  const tus = tusClient(t);
  const created = await tus.create(take);
  if (created.statusCode !== 201)
    throw new Error(`tus creation: ${created.statusCode} ${created.body}`);
  let offset = 0;
  let last: LightMyRequestResponse | undefined;
  do {
    const slice = bytes.subarray(offset, offset + sliceBytes);
    const end = offset + slice.length === bytes.length;
    last = await tus.patch(
      take,
      offset,
      slice,
      end ? { length: bytes.length } : {},
    );
    if (last.statusCode !== 204) return last;
    offset += slice.length;
  } while (offset < bytes.length);
  return last;
}

/** POST …/answer: a new take of the question. */
export async function startTake(
  t: TestApp,
  token: string,
  questionId: number,
  body: { content_type?: string; size?: number } = {},
): Promise<AnswerUploadReply> {
  const reply = await t
    .client()
    .post(`/api/interviewee/${token}/questions/${questionId}/answer`, {
      content_type: body.content_type ?? 'video/webm;codecs=vp8,opus',
      size: body.size ?? 0,
    });
  if (reply.statusCode !== 200)
    throw new Error(`Starting a take: ${reply.statusCode} ${reply.body}`);
  return reply.json();
}

/** Submit: POST …/answer/complete, naming the take when given. */
export function submitAnswer(
  t: Pick<TestApp, 'client'>,
  token: string,
  questionId: number,
  take?: string,
): Promise<LightMyRequestResponse> {
  return t
    .client()
    .post(
      `/api/interviewee/${token}/questions/${questionId}/answer/complete`,
      take === undefined ? undefined : { take },
    );
}

/** Records an answer as the browser does: a take, its upload (Stop), then Submit. */
export async function answerQuestion(
  t: TestApp,
  token: string,
  questionId: number,
  bytes: Buffer,
  contentType = 'video/webm;codecs=vp8,opus',
): Promise<LightMyRequestResponse> {
  const { take } = await startTake(t, token, questionId, {
    content_type: contentType,
  });
  const sent = await sendTake(t, take, bytes);
  if (sent.statusCode !== 204)
    throw new Error(`Uploading a take: ${sent.statusCode} ${sent.body}`);
  return submitAnswer(t, token, questionId, take);
}
