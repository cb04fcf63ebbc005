/** Application status once every question has an answer (6, incomplete, is the other). */
export const STATUS_ANSWERS_COMPLETE = 7;
/** Application status while some questions are still unanswered. */
export const STATUS_ANSWERS_INCOMPLETE = 6;

/** The first question still to answer, in asking order; null when all are answered. */
export function firstUnansweredQuestion(
  questionIds: readonly number[],
  answeredIds: readonly number[],
): number | null {
  const answered = new Set(answeredIds);
  return questionIds.find((id) => !answered.has(id)) ?? null;
}

/** Status and completion after an answer arrives or fails, from the counts alone. */
export function answerProgress(options: {
  answerCount: number;
  questionCount: number;
}): {
  status: number;
  complete: boolean;
} {
  const complete =
    options.questionCount > 0 && options.answerCount >= options.questionCount;
  return {
    status: complete ? STATUS_ANSWERS_COMPLETE : STATUS_ANSWERS_INCOMPLETE,
    complete,
  };
}

/** The stored file extension of a browser recording, from its MIME type; null when not video. */
export function recordingExtension(
  contentType: string,
): 'webm' | 'mp4' | 'mov' | 'mkv' | null {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  const byType: Record<string, 'webm' | 'mp4' | 'mov' | 'mkv'> = {
    'video/webm': 'webm',
    'video/mp4': 'mp4',
    'video/quicktime': 'mov',
    'video/x-matroska': 'mkv',
  };
  return byType[type] ?? null;
}

/** Whether a deadline has passed; no deadline never passes. */
export function isPastDeadline(
  deadline: Date | string | null,
  now: Date,
): boolean {
  if (deadline === null) return false;
  return new Date(deadline).getTime() < now.getTime();
}
