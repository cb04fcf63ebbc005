import { randomUUID } from 'node:crypto';
import { Transform } from 'node:stream';
import {
  ATTACHMENT_LIMIT_BYTES,
  ATTACHMENT_TOO_LARGE_MESSAGE,
  type Attachment,
} from '@candor/domain';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import type { Job } from '../../db/schema';
import { asFormError } from '../../platform/files/multipart';
import type { SessionUser } from '../../platform/auth/session';
import { AppError, fieldError } from '../../platform/http/errors';
import { emit } from '../../platform/events/emit';
import {
  countAttachments,
  deleteAttachment,
  insertAttachment,
} from './attachments.repository';
import { DOCUMENT_TYPES_MESSAGE, sniffDocumentType } from './document-type';

export const MAX_ATTACHMENTS_PER_JOB = 10;
const SNIFF_BYTES = 4096;

type AttachmentRow = {
  id: number;
  job_id: number;
  filename: string;
  content_type: string;
  size: number;
  storage_key: string;
  created_at: Date | string;
};

export async function toAttachmentReply(
  ctx: AppContext,
  row: AttachmentRow,
): Promise<Attachment> {
  return {
    id: row.id,
    job: row.job_id,
    filename: row.filename,
    content_type: row.content_type,
    size: row.size,
    created_at: new Date(row.created_at).toISOString(),
    url: await ctx.storage.downloadUrl(row.storage_key, {
      filename: row.filename,
    }),
    status: 'uploaded',
  };
}

type StoredFile = {
  key: string;
  filename: string;
  size: number;
  contentType: string;
};

/**
 * Reads the multipart form (fields `attachment` and `job`) streaming the file into storage.
 * Bytes are counted as they arrive, so an oversized file is cut off at 10 MB whatever its
 * declared length, and nothing of it stays in storage.
 */
export async function receiveAttachment(
  ctx: AppContext,
  request: FastifyRequest,
  job: Job,
): Promise<StoredFile> {
  if (!request.isMultipart())
    throw new AppError(
      'unsupported',
      'Send the attachment as multipart/form-data.',
    );
  let stored: StoredFile | null = null;
  const fields: Record<string, string> = {};
  try {
    const parts = request.parts({
      limits: { fileSize: ATTACHMENT_LIMIT_BYTES + 1, files: 1, fields: 10 },
    });
    for await (const part of parts) {
      if (part.type === 'field') fields[part.fieldname] = String(part.value);
      else if (part.fieldname === 'attachment' && !stored)
        stored = await storeFile(ctx, job.id, part);
      else part.file.resume();
    }
  } catch (error) {
    if (stored) await ctx.storage.delete(stored.key);
    throw asFormError(error);
  }
  if (!stored) throw fieldError('attachment', 'Choose a file to attach.');
  if (fields.job !== undefined && Number(fields.job) !== job.id) {
    await ctx.storage.delete(stored.key);
    throw fieldError('job', 'The attachment belongs to another interview.');
  }
  return stored;
}

async function storeFile(
  ctx: AppContext,
  jobId: number,
  part: MultipartFile,
): Promise<StoredFile> {
  const key = `jobs/${jobId}/attachments/${randomUUID()}`;
  const filename = (part.filename || 'attachment')
    .replace(/[\r\n"]/g, '')
    .slice(-200);
  const chunks: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  let tooLarge = false;
  const limiter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      // After the cut-off the rest of the upload is drained and dropped.
      if (tooLarge) return callback();
      size += chunk.length;
      if (size > ATTACHMENT_LIMIT_BYTES) {
        tooLarge = true;
        return callback(
          new AppError('too_large', ATTACHMENT_TOO_LARGE_MESSAGE),
        );
      }
      if (headLength < SNIFF_BYTES) {
        chunks.push(chunk);
        headLength += chunk.length;
      }
      callback(null, chunk);
    },
  });
  // The cut-off can fire before storage starts reading; the flag below reports it either way.
  limiter.on('error', () => {});
  try {
    await ctx.storage.put(
      key,
      part.file.pipe(limiter),
      'application/octet-stream',
    );
    if (tooLarge) throw new AppError('too_large', ATTACHMENT_TOO_LARGE_MESSAGE);
  } catch (error) {
    part.file.unpipe(limiter);
    part.file.resume();
    await ctx.storage.delete(key);
    throw error;
  }
  const contentType = sniffDocumentType(
    Buffer.concat(chunks).subarray(0, SNIFF_BYTES),
    filename,
  );
  if (!contentType) {
    await ctx.storage.delete(key);
    throw new AppError('unsupported', DOCUMENT_TYPES_MESSAGE, {
      attachment: [DOCUMENT_TYPES_MESSAGE],
    });
  }
  return { key, filename, size, contentType };
}

export async function saveAttachment(
  ctx: AppContext,
  user: SessionUser,
  job: Job,
  file: StoredFile,
) {
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      if ((await countAttachments(trx, job.id)) >= MAX_ATTACHMENTS_PER_JOB) {
        throw new AppError(
          'bad_request',
          `An interview can have at most ${MAX_ATTACHMENTS_PER_JOB} attachments.`,
        );
      }
      const row = await insertAttachment(trx, {
        job_id: job.id,
        filename: file.filename,
        content_type: file.contentType,
        size: file.size,
        storage_key: file.key,
      });
      await emit(trx, {
        companyId: job.company_id,
        jobId: job.id,
        userId: user.id,
        type: 'attachment.added',
        data: { title: job.title, filename: file.filename },
      });
      return row;
    });
  } catch (error) {
    await ctx.storage.delete(file.key);
    throw error;
  }
}

export async function removeAttachment(
  ctx: AppContext,
  user: SessionUser,
  job: Job,
  row: AttachmentRow,
) {
  await ctx.db.transaction().execute(async (trx) => {
    await deleteAttachment(trx, row.id);
    await emit(trx, {
      companyId: job.company_id,
      jobId: job.id,
      userId: user.id,
      type: 'attachment.deleted',
      data: { title: job.title, filename: row.filename },
    });
  });
  await ctx.storage.delete(row.storage_key);
}
