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
  for await (const part of request.parts({
    limits: { fileSize: options.maxFileBytes, files: 5, fields: 50 },
  })) {
    if (part.type === 'file') {
      files.push(await readFilePart(part, options.tooLargeMessage));
    } else {
      fields[part.fieldname] = String(part.value);
    }
  }
  return { fields, files };
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
