import { BULK_MAX_BYTES, BULK_MAX_ROWS } from '@candor/domain';
import { declaredUnzippedSize, isZip } from './zip-size';

/** An XLSX may unpack to this much at most (a 2 MB sheet of text unpacks to far less). */
export const XLSX_MAX_UNPACKED_BYTES = 25 * 1024 * 1024;
const MAX_CELL_LENGTH = 500;

/** A problem with the uploaded or pasted data; its message is shown in the bulk-add red box. */
export class ParseError extends Error {}

/**
 * Rows of text from an uploaded CSV, TSV or XLSX file or from pasted text
 * (docs/decisions/033-bulk-add-limits.md). Empty rows are dropped and cells trimmed.
 */
export async function parseRows(data: Buffer): Promise<string[][]> {
  if (data.length > BULK_MAX_BYTES)
    throw new ParseError(
      'The file is larger than 2 MB. Split the list and add it in parts.',
    );
  const rows = isZip(data)
    ? await readXlsx(data)
    : await readDelimited(decodeText(data));
  const cleaned = rows
    .map((row) => row.map((cell) => cell.trim().slice(0, MAX_CELL_LENGTH)))
    .filter((row) => row.some((cell) => cell !== ''));
  if (cleaned.length === 0)
    throw new ParseError('There is nothing to add: the file or text is empty.');
  if (cleaned.length > BULK_MAX_ROWS) {
    throw new ParseError(
      `There are more than ${BULK_MAX_ROWS.toLocaleString('en-GB')} rows. Split the list and add it in parts.`,
    );
  }
  // Trailing empty cells would give rows of different widths; keep them as wide as the widest.
  const width = Math.max(...cleaned.map((row) => lastFilled(row) + 1));
  return cleaned.map((row) =>
    Array.from({ length: width }, (_, index) => row[index] ?? ''),
  );
}

function lastFilled(row: string[]): number {
  for (let index = row.length - 1; index >= 0; index--)
    if (row[index] !== '') return index;
  return -1;
}

/** UTF-8 (with or without BOM) or UTF-16 with a BOM (Excel's "Unicode text"); nothing else. */
function decodeText(data: Buffer): string {
  if (data[0] === 0xff && data[1] === 0xfe)
    return new TextDecoder('utf-16le').decode(data.subarray(2));
  if (data[0] === 0xfe && data[1] === 0xff)
    return new TextDecoder('utf-16be').decode(data.subarray(2));
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw new ParseError(
      'The file is not UTF-8 text. Save it as "CSV UTF-8" or as an Excel workbook and try again.',
    );
  }
  if (text.includes('\u0000'))
    throw new ParseError('This is not a CSV or Excel file.');
  return text.replace(/^\uFEFF/, '');
}

// The parsers are loaded on the first bulk add, not by every server at start
// (docs/decisions/085-server-memory.md).
async function readDelimited(text: string): Promise<string[][]> {
  const { default: Papa } = await import('papaparse');
  const result = Papa.parse<string[]>(text, {
    delimitersToGuess: ['\t', ',', ';', '|'],
    skipEmptyLines: 'greedy',
  });
  return result.data.map((row) => row.map((cell) => String(cell ?? '')));
}

async function readXlsx(data: Buffer): Promise<string[][]> {
  const size = declaredUnzippedSize(data);
  if (!size)
    throw new ParseError(
      'This file could not be read. Upload a CSV or an Excel (.xlsx) file.',
    );
  if (size.bytes > XLSX_MAX_UNPACKED_BYTES)
    throw new ParseError('This spreadsheet is too large once unpacked.');
  const { readSheet } = await import('read-excel-file/node');
  let sheet: unknown[][];
  try {
    sheet = (await readSheet(data)) as unknown[][];
  } catch {
    throw new ParseError(
      'This file could not be read. Upload a CSV or an Excel (.xlsx) file.',
    );
  }
  return sheet.map((row) => row.map(cellText));
}

function cellText(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return String(cell);
}
