import { outputPrefixFor } from '../../platform/storage/answer-keys';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/**
 * The files an applicant owns alone, and only those are deleted with them: a take's original,
 * MP4 and JPEG carry one fresh uuid per take (decision 042), and a CV its application's id.
 * Files several rows share, such as the demo's sample clips (`videos/demo-answer-1.mp4`), do
 * not match and stay. The patterns are POSIX regular expressions, read by PostgreSQL too.
 */
export const TAKE_FILE_PATTERN = `^companies/[0-9]+/(originals|videos)/${UUID}\\.[a-z0-9]+$`;
export const CV_FILE_PATTERN =
  '^companies/[0-9]+/cvs/[0-9]+-[0-9]+\\.[a-z0-9]+$';

export function isErasableFile(key: string): boolean {
  return (
    new RegExp(TAKE_FILE_PATTERN).test(key) ||
    new RegExp(CV_FILE_PATTERN).test(key)
  );
}

/**
 * Every file a take may still get: a late browser upload writes its original, a transcode
 * already running writes the MP4 and JPEG beside it.
 */
export function takeFiles(originalKey: string): string[] {
  if (!isErasableFile(originalKey) || !originalKey.includes('/originals/'))
    return [];
  const prefix = outputPrefixFor(originalKey);
  return [originalKey, `${prefix}.mp4`, `${prefix}.jpg`];
}
