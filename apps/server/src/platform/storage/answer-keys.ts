import { PermanentTaskError } from '../tasks/task-handler';

/** Originals live under the company folder, one fresh uuid per take plus its extension. */
export function answerOriginalKey(
  companyId: number,
  uuid: string,
  extension: string,
): string {
  return `companies/${companyId}/originals/${uuid}.${extension}`;
}

/** The MP4 and JPEG of a take sit beside each other, named by the take's uuid. */
export function outputPrefixFor(originalKey: string): string {
  const match = /^companies\/(\d+)\/originals\/([\w-]+)\.\w+$/.exec(
    originalKey,
  );
  if (!match)
    throw new PermanentTaskError(`Not an answer original: ${originalKey}`);
  return `companies/${match[1]}/videos/${match[2]}`;
}
