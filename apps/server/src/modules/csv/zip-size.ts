/**
 * The total unpacked size a zip's central directory declares, read without unpacking, so an
 * XLSX "zip bomb" is refused before any inflating. Null when the buffer is not a readable zip.
 */
export function declaredUnzippedSize(
  data: Buffer,
): { entries: number; bytes: number } | null {
  const eocd = findEndOfCentralDirectory(data);
  if (eocd < 0) return null;
  const entries = data.readUInt16LE(eocd + 10);
  let offset = data.readUInt32LE(eocd + 16);
  let bytes = 0;
  for (let index = 0; index < entries; index++) {
    if (offset + 46 > data.length || data.readUInt32LE(offset) !== 0x02014b50)
      return null;
    const uncompressed = data.readUInt32LE(offset + 24);
    // 0xffffffff means a ZIP64 size; nothing a spreadsheet of our size needs.
    if (uncompressed === 0xffffffff)
      return { entries, bytes: Number.POSITIVE_INFINITY };
    bytes += uncompressed;
    offset +=
      46 +
      data.readUInt16LE(offset + 28) +
      data.readUInt16LE(offset + 30) +
      data.readUInt16LE(offset + 32);
  }
  return { entries, bytes };
}

function findEndOfCentralDirectory(data: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65,535 bytes, at the very end.
  const stop = Math.max(0, data.length - 22 - 0xffff);
  for (let offset = data.length - 22; offset >= stop; offset--) {
    if (data.readUInt32LE(offset) === 0x06054b50) return offset;
  }
  return -1;
}

export function isZip(data: Buffer): boolean {
  return data.length >= 4 && data.readUInt32LE(0) === 0x04034b50;
}
