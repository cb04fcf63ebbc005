/**
 * How long answering an interview takes, told the same way everywhere: the invitation e-mail's
 * [DURATION], the welcome page and the creation steps' preview (decision 139).
 */

/** Every question's thinking time plus its time limit, in seconds. */
export function interviewSeconds(
  questions: readonly { thinking_time: number; time_limit: number }[],
): number {
  return questions.reduce(
    (total, question) => total + question.thinking_time + question.time_limit,
    0,
  );
}

/**
 * The duration in whole minutes, rounded up and at least one: an interviewee told "about 3
 * minutes" is never surprised by a longer interview.
 */
export function interviewMinutes(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60));
}
