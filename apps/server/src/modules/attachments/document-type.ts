import { sniffImageType } from '../../platform/files/sniff';

const OFFICE_ZIP_TYPES: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
};
const OLE_TYPES: Record<string, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
};
const TEXT_TYPES: Record<string, string> = {
  txt: 'text/plain',
  csv: 'text/csv',
  md: 'text/markdown',
};

const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

export const DOCUMENT_TYPES_MESSAGE =
  'Attach a PDF, Word, Excel, PowerPoint, OpenDocument, text or image file.';

/**
 * The content type of an attached document from its first bytes. The extension only tells
 * apart formats that share a container (the Office zip and OLE families); a name alone is
 * never enough. Null when the file is not a document we accept.
 */
export function sniffDocumentType(
  head: Buffer,
  filename: string,
): string | null {
  const extension = filename.split('.').pop()?.toLowerCase() ?? '';
  if (head.subarray(0, 5).toString('latin1') === '%PDF-')
    return 'application/pdf';
  if (head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])))
    return OFFICE_ZIP_TYPES[extension] ?? null;
  if (head.subarray(0, 8).equals(OLE_MAGIC))
    return OLE_TYPES[extension] ?? null;
  if (head.subarray(0, 5).toString('latin1') === '{\\rtf')
    return 'application/rtf';
  const image = sniffImageType(head);
  if (image) return image === 'jpg' ? 'image/jpeg' : `image/${image}`;
  const textType = TEXT_TYPES[extension];
  if (textType && head.length > 0 && looksLikeText(head)) return textType;
  return null;
}

function looksLikeText(head: Buffer): boolean {
  if (head.includes(0)) return false;
  // A multi-byte character cut at the end of the sniffed head is not an error.
  const decoded = new TextDecoder('utf-8', { fatal: false }).decode(
    head.subarray(0, head.length - 4),
  );
  return !decoded.includes('\uFFFD');
}
