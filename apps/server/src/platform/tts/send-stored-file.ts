import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../http/errors';
import type { Storage } from '../storage/storage';

/**
 * Streams a stored object as the reply with byte-range support, which audio and video
 * elements need to seek (and Safari needs to play at all).
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  options: {
    storage: Storage;
    key: string;
    contentType: string;
    cacheControl?: string;
  },
) {
  const size = await options.storage.size(options.key);
  if (size === null)
    throw new AppError('not_found', 'This file was not found.');
  const range = parseRange(request.headers.range, size);
  const object = await options.storage.read(options.key, range ?? undefined);
  reply.header('Accept-Ranges', 'bytes');
  reply.header('Content-Type', options.contentType);
  reply.header(
    'Cache-Control',
    options.cacheControl ?? 'private, max-age=3600',
  );
  if (range) {
    reply.status(206);
    reply.header('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
    reply.header('Content-Length', range.end - range.start + 1);
  } else {
    reply.header('Content-Length', size);
  }
  return reply.send(object.stream);
}

function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null {
  const match = header?.match(/^bytes=(\d*)-(\d*)$/);
  if (!match || size === 0 || (!match[1] && !match[2])) return null;
  const [, from, to] = match;
  const start = from ? Number(from) : Math.max(0, size - Number(to));
  const end = from && to ? Math.min(Number(to), size - 1) : size - 1;
  if (start > end || start >= size) {
    throw new AppError(
      'bad_request',
      'The requested range is not satisfiable.',
    );
  }
  return { start, end };
}
