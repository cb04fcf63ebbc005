import type { AnswerType } from '../answer-types/answer-types';

/**
 * How long answering an interview takes, told the same way everywhere: the invitation e-mail's
 * [DURATION], the welcome page and the creation steps' preview (decision 139).
 */

/**
 * What an answer without a time limit is expected to take: typing an answer with no limit, and
 * picking among options.
 */
export const UNTIMED_ANSWER_SECONDS = { text: 120, choice: 15 } as const;

/**
 * Every question's thinking time plus its time limit, in seconds; a typed answer without a
 * limit and a choice count what they are expected to take.
 */
export function interviewSeconds(
  questions: readonly {
    thinking_time: number;
    time_limit: number;
    answer_type?: AnswerType;
  }[],
): number {
  return questions.reduce((total, question) => {
    const type = question.answer_type ?? 'video';
    const answering =
      type === 'video' || question.time_limit > 0
        ? question.time_limit
        : UNTIMED_ANSWER_SECONDS[type];
    return total + question.thinking_time + answering;
  }, 0);
}

/**
 * The duration in whole minutes, rounded up and at least one: an interviewee told "about 3
 * minutes" is never surprised by a longer interview.
 */
export function interviewMinutes(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60));
}
