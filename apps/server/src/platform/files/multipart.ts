import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/errors';

export type UploadedFile = {
  fieldname: string;
  filename: string;
  mimetype: string;
  data: Buffer;
};

/**
 * Reads a small multipart form (settings, attachments, CVs) into memory with a hard size
 * limit; large media never come this way (they go to storage through signed URLs).
 */
export async function readSmallForm(
  request: FastifyRequest,
  options: { maxFileBytes: number; tooLargeMessage: string },
): Promise<{ fields: Record<string, string>; files: UploadedFile[] }> {
  if (!request.isMultipart())
    throw new AppError('unsupported', 'Send the form as multipart/form-data.');
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.parts({
      limits: { fileSize: options.maxFileBytes, files: 5, fields: 50 },
    })) {
      if (part.type === 'file') {
        files.push(await readFilePart(part, options.tooLargeMessage));
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    throw asFormError(error);
  }
  return { fields, files };
}

/** A cut-off or garbled form is the sender's mistake (400), not a server failure. */
export function asFormError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status < 500) return error;
  return new AppError(
    'bad_request',
    'The form could not be read: it is incomplete or malformed.',
  );
}

async function readFilePart(
  part: MultipartFile,
  tooLargeMessage: string,
): Promise<UploadedFile> {
  const chunks: Buffer[] = [];
  for await (const chunk of part.file) chunks.push(chunk as Buffer);
  if (part.file.truncated) throw new AppError('too_large', tooLargeMessage);
  return {
    fieldname: part.fieldname,
    filename: part.filename,
    mimetype: part.mimetype,
    data: Buffer.concat(chunks),
  };
}
